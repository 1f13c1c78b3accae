// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, expect, test } from 'vitest';
import { computeRound, gameById, rejectionLimit } from '../../src/core/index.js';
import { claimFor, mixedClaims } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import de from '../../src/_locales/de/messages.json';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { buttonByText, click, renderApp, rowsOf, settle, t, type Rendered } from './render.js';

const german = translatorFrom(de as Record<string, LocaleEntry>);

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

const field = (root: ParentNode, name: string) => root.querySelector(`[data-field="${name}"] code`)?.textContent;

test('clicking a keno row shows every step of the proof, with the draws as a table', async () => {
  const worker = new FakeWorker([claimFor('keno', 2)]);
  rendered = await renderApp(worker.client);
  const { container } = rendered;
  const key = rowsOf(container)[0]!.dataset.key!;
  await click(rowsOf(container)[0]!.querySelector('button'));
  expect(worker.log.at(-1)).toEqual({ type: 'round-detail', key });

  const detail = container.querySelector('.detail')!;
  const computed = computeRound(gameById('keno'), 'server-seed-keno-2', 'client-seed', 2);
  expect(detail.querySelector('.proof')!.getAttribute('data-verdict')).toBe('verified');
  expect(field(detail, 'serverSeed')).toBe('server-seed-keno-2');
  expect(field(detail, 'commitmentComputed')).toBe(computed.commitment);
  expect(field(detail, 'commitmentShown')).toBe(computed.commitment);
  expect(field(detail, 'signatureInput')).toBe('server-seed-keno-2:client-seed:2');
  expect(field(detail, 'signatureComputed')).toBe(computed.roundSignature);
  expect(field(detail, 'outcomeComputed')).toBe((computed.outcome as number[]).join(' '));
  expect(detail.querySelectorAll('[data-match="true"]')).toHaveLength(2);

  const draws = Array.from(detail.querySelectorAll('table.draws tbody tr'));
  expect(draws.length).toBe(computed.trace.draws.length);
  expect(draws.length).toBeGreaterThanOrEqual(10);
  const firstCells = Array.from(draws[0]!.querySelectorAll('td')).map((td) => td.textContent);
  const first = computed.trace.draws[0]!;
  expect(firstCells).toEqual(['0', String(first.value), '40', String(rejectionLimit(40)), 'yes', String(first.sampled), String(first.picked)]);
  expect(Array.from(detail.querySelectorAll('table.draws th')).map((th) => th.textContent)).toEqual(['#', 'Number read', 'Choices (P)', 'Limit', 'Used?', 'mod P', 'Result']);
  // Each column but the row number is explained in words under the table.
  const terms = Array.from(detail.querySelectorAll('.draw-terms dt')).map((dt) => dt.textContent);
  expect(terms).toEqual(['Number read', 'Choices (P)', 'Limit', 'Used?', 'mod P', 'Result']);
  expect(detail.querySelector('.draw-terms')!.textContent).toMatch(/Limit.*largest multiple of P/);
});

test('a mismatch names the failed step in plain words; copy buttons copy; back returns to the list', async () => {
  const worker = new FakeWorker(mixedClaims());
  rendered = await renderApp(worker.client);
  const { container } = rendered;
  const row = rowsOf(container).find((r) => r.dataset.nonce === '4')!;
  await click(row);
  const failure = container.querySelector('.failures li[data-step="outcome"]')!;
  expect(failure.textContent).toMatch(/^The seeds give \d+, but the casino showed \d+\.$/);
  expect(container.querySelector('[data-step="outcome"] [data-match]')!.getAttribute('data-match')).toBe('false');
  // Roulette: one accepted draw of P = 37, whose result is the number the seeds give (never "—").
  const expected = computeRound(gameById('roulette-european'), 'server-seed-roulette-european-4', 'client-seed', 4).outcome as string;
  const cells = Array.from(container.querySelectorAll('table.draws tbody tr:last-child td')).map((td) => td.textContent);
  expect(cells.slice(2, 5)).toEqual(['37', String(rejectionLimit(37)), 'yes']);
  expect(cells[6]).toBe(expected);

  await click(container.querySelector('[data-field="serverSeed"] button.copy'));
  expect(rendered.copies).toEqual(['server-seed-roulette-european-4']);
  expect(container.querySelector('[data-field="serverSeed"] button.copy')!.textContent).toBe('Copied');
  expect(container.querySelector('[data-field="serverSeed"] button.copy')!.getAttribute('aria-label')).toBe('Copy Server seed');

  expect(container.querySelector<HTMLElement>('.list-view')!.hidden).toBe(true);
  await click(buttonByText(container, '← Back'));
  expect(container.querySelector('.detail')).toBeNull();
  expect(container.querySelector<HTMLElement>('.list-view')!.hidden).toBe(false);
  // Focus returns to the row that was opened.
  expect((document.activeElement?.closest('li') as HTMLElement | null)?.dataset.nonce).toBe('4');
});

test('a value with control characters from the page is copied with them visible, never raw', async () => {
  const worker = new FakeWorker([{ ...claimFor('keno', 5), clientSeed: 'seed\u001b[2K\u202e' }]);
  rendered = await renderApp(worker.client);
  const { container } = rendered;
  await click(rowsOf(container)[0]!.querySelector('button'));
  expect(container.querySelector('.proof')!.getAttribute('data-verdict')).toBe('invalid');
  await click(container.querySelector('[data-field="clientSeed"] button.copy'));
  expect(rendered.copies).toEqual(['seed\\u001b[2K\\u202e']);
});

test('a pending round explains why nothing can be recomputed yet', async () => {
  const worker = new FakeWorker([claimFor('roulette-american', 3, { pending: true })]);
  rendered = await renderApp(worker.client);
  await click(rowsOf(rendered.container)[0]);
  const detail = rendered.container.querySelector('.detail')!;
  // The conclusion says why (the listed reason would only repeat it).
  expect(detail.querySelector('[data-conclusion]')!.textContent).toMatch(/keeps the server seed secret until you rotate to a new seed pair/);
  expect(detail.querySelectorAll('.reasons li')).toHaveLength(0);
  expect(detail.textContent).toContain('Nothing can be recomputed');
  expect(detail.querySelector('table.draws')).toBeNull();
  // The number is only the casino's word yet, and nothing was recomputed.
  expect(detail.querySelector('.outcome-picture')!.textContent).toBe(`The casino showed ${claimFor('roulette-american', 3).result}`);
  expect(detail.querySelector('.steps-heading')!.textContent).toBe("This round's seeds");
});

test('the row button, which Enter and Space activate, opens the round', async () => {
  const worker = new FakeWorker([claimFor('keno', 2)]);
  rendered = await renderApp(worker.client);
  const button = rowsOf(rendered.container)[0]!.querySelector('button')!;
  button.focus();
  // A browser turns Enter/Space on a <button> into a click; jsdom does not, so send that click.
  await act(() => {
    button.click();
  });
  await settle();
  expect(rendered.container.querySelector('.detail table.draws')).not.toBeNull();
});

test('the detail shows the bet as the casino shows it (stake, payout, "0.00×"), in the UI language, and a commitment shown before the round', async () => {
  const worker = new FakeWorker([claimFor('keno', 2), claimFor('roulette-european', 3)]);
  const keno = worker.records.find((record) => record.gameId === 'keno')!;
  Object.assign(keno, { picks: ['1', '7', '13'], stake: '2.5', payout: '0', multiplier: '0', preRoundCommitment: 'ab'.repeat(32) });
  rendered = await renderApp(worker.client);
  const { container } = rendered;
  await click(rowsOf(container).find((row) => row.dataset.game === 'keno')!.querySelector('button'));
  const detail = container.querySelector('.detail')!;
  expect(detail.querySelector('[data-field="bet"] dt')!.textContent).toBe('Bet');
  expect(detail.querySelector('[data-field="bet"] dd')!.textContent).toBe('Stake 2.50 · Payout 0.00 · 0.00×');
  expect(field(detail, 'commitmentBeforeRound')).toBe('ab'.repeat(32));
  // The picks are on the board.
  expect(Array.from(detail.querySelectorAll('.keno-board .is-picked')).map((cell) => cell.textContent)).toEqual(['1', '7', '13']);

  // A round the page showed no bet for has no such fields (not "not seen" rows).
  await click(container.querySelector('button.back'));
  await click(rowsOf(container).find((row) => row.dataset.game === 'roulette-european')!.querySelector('button'));
  const other = container.querySelector('.detail')!;
  for (const name of ['bet', 'commitmentBeforeRound']) expect(other.querySelector(`[data-field="${name}"]`)).toBeNull();
});

test('in German the bet reads with German decimals', async () => {
  const worker = new FakeWorker([claimFor('keno', 2)]);
  Object.assign(worker.records[0]!, { stake: '1234.5', payout: '12.345', multiplier: '3.5' });
  rendered = await renderApp(worker.client, {}, { t: german });
  await click(rowsOf(rendered.container)[0]!.querySelector('button'));
  expect(rendered.container.querySelector('[data-field="bet"] dd')!.textContent).toBe('Einsatz 1.234,50 · Auszahlung 12,345 · 3,50×');
});

test('the detail opens with what the proof means: the sentence, the picture, when, the bet, the trust level; then the steps', async () => {
  const worker = new FakeWorker([claimFor('roulette-european', 1, { witnessed: true })]);
  const seenAt = Date.UTC(2024, 4, 1, 12, 30, 5);
  Object.assign(worker.records[0]!, { stake: '1', payout: '0', multiplier: '0', observedAt: { commitment: seenAt - 5000, result: seenAt } });
  rendered = await renderApp(worker.client);
  await click(rowsOf(rendered.container)[0]!.querySelector('button'));
  const proof = rendered.container.querySelector('.detail .proof')!;
  const order = ['.conclusion', '.outcome-picture', '[data-field="seenAt"]', '[data-field="bet"]', '[data-field="level"]', '[data-field="serverSeed"]', '.steps'];
  const elements = order.map((selector) => proof.querySelector(selector));
  elements.forEach((element, index) => expect(element, order[index]).not.toBeNull());
  for (let i = 1; i < elements.length; i++) {
    expect(elements[i - 1]!.compareDocumentPosition(elements[i]!) & Node.DOCUMENT_POSITION_FOLLOWING, `${order[i - 1]} before ${order[i]}`).toBeTruthy();
  }
  expect(proof.querySelector('.conclusion')!.textContent).toBe(t('conclusionWitnessed'));
  expect(proof.querySelector('.conclusion')!.textContent).toMatch(/could not have chosen this result after your bet/);
  const time = proof.querySelector('[data-field="seenAt"] time')!;
  expect(time.getAttribute('datetime')).toBe('2024-05-01T12:30:05.000Z');
  expect(time.textContent).toMatch(/2024/);
  expect(proof.querySelector('[data-field="seenAt"] dt')!.textContent).toBe('Seen by Fair Witness');
  expect(proof.querySelector('[data-field="level"]')!.textContent).toContain('witnessed');
  expect(proof.querySelector('[data-level-reason="bound-before-bet"]')!.textContent).toBe(t('levelReasonBoundBeforeBet'));
  expect(proof.querySelector('.what-to-do')).toBeNull();
});

test('a history round says once what not witnessed means: the conclusion, then why and what to do, not the definition again', async () => {
  const worker = new FakeWorker(mixedClaims());
  rendered = await renderApp(worker.client);
  await click(rowsOf(rendered.container).find((row) => row.dataset.nonce === '7')!.querySelector('button'));
  const proof = rendered.container.querySelector('.detail .proof')!;
  expect(proof.querySelector('.conclusion')!.textContent).toBe(t('conclusionHistory'));
  const level = proof.querySelector('[data-field="level"] dd')!;
  const reason = level.querySelector<HTMLElement>('[data-level-reason]')!;
  expect(reason.textContent).toBe(t(`levelReason${reason.dataset.levelReason!.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase())}`));
  expect(level.querySelector('.what-to-do')!.textContent).toBe(t('historyWhatToDo'));
  expect(proof.textContent).not.toContain(t('historyExplained'));
  // The consequence (the casino could have chosen the seed after the bet) is the conclusion's alone.
  expect(level.textContent).not.toMatch(/could have chosen|fixed before your bet/);
});

test('a history round and a mismatch each open with their own sentence', async () => {
  const worker = new FakeWorker(mixedClaims());
  rendered = await renderApp(worker.client);
  const { container } = rendered;
  const open = async (nonce: string) => {
    if (container.querySelector('.detail')) await click(container.querySelector('button.back'));
    await click(rowsOf(container).find((row) => row.dataset.nonce === nonce)!.querySelector('button'));
    return container.querySelector('.detail .conclusion')!.textContent;
  };
  expect(await open('7')).toBe(t('conclusionHistory'));
  expect(await open('4')).toBe(t('conclusionMismatchOutcome'));
  expect(await open('3')).toBe(t('conclusionPending'));
  expect(new Set([t('conclusionHistory'), t('conclusionMismatchOutcome'), t('conclusionPending'), t('conclusionWitnessed')]).size).toBe(4);
});

test('a keno mismatch pictures the board: the seeds\' numbers drawn, the casino\'s other numbers marked either way', async () => {
  const worker = new FakeWorker(mixedClaims());
  rendered = await renderApp(worker.client);
  const { container } = rendered;
  await click(rowsOf(container).find((row) => row.dataset.nonce === '6')!.querySelector('button'));
  const seeds = computeRound(gameById('keno'), 'server-seed-keno-6', 'client-seed', 6).outcome as number[];
  const shown = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const board = container.querySelector('.detail .keno-board')!;
  const numbersOf = (selector: string) => Array.from(board.querySelectorAll(selector)).map((cell) => Number(cell.textContent));
  expect(board.querySelectorAll('.keno-cell')).toHaveLength(40);
  expect(numbersOf('.is-drawn')).toEqual(seeds);
  expect(numbersOf('.is-shown-only')).toEqual(shown.filter((n) => !seeds.includes(n)));
  expect(numbersOf('.is-seeds-only')).toEqual(seeds.filter((n) => !shown.includes(n)));
  expect(board.getAttribute('role')).toBe('img');
  expect(board.getAttribute('aria-label')).toContain(`Shown by the casino but not drawn by the seeds: ${shown.filter((n) => !seeds.includes(n)).join(', ')}.`);
  expect(container.querySelector('.detail .keno-legend')!.textContent).toContain('shown but not drawn');
});

test('a roulette mismatch shows both numbers in their colours, the casino\'s crossed out', async () => {
  const worker = new FakeWorker(mixedClaims());
  rendered = await renderApp(worker.client);
  const { container } = rendered;
  await click(rowsOf(container).find((row) => row.dataset.nonce === '4')!.querySelector('button'));
  const expected = computeRound(gameById('roulette-european'), 'server-seed-roulette-european-4', 'client-seed', 4).outcome as string;
  const pockets = Array.from(container.querySelectorAll<HTMLElement>('.detail .outcome-picture .pocket'));
  expect(pockets.map((pocket) => pocket.dataset.pocket)).toEqual([expected, expected === '5' ? '6' : '5']);
  expect(pockets[1]!.classList.contains('pocket-struck')).toBe(true);
  expect(pockets[1]!.getAttribute('aria-label')).toBe(expected === '5' ? '6, black' : '5, red');
});

test('Escape goes back to the list, focus on the round that was open', async () => {
  const worker = new FakeWorker(mixedClaims());
  rendered = await renderApp(worker.client);
  const { container } = rendered;
  await click(rowsOf(container).find((row) => row.dataset.nonce === '2')!.querySelector('button'));
  expect(container.querySelector('.detail')).not.toBeNull();
  await act(() => {
    (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  });
  await settle();
  expect(container.querySelector('.detail')).toBeNull();
  expect(container.querySelector<HTMLElement>('.list-view')!.hidden).toBe(false);
  expect((document.activeElement?.closest('li') as HTMLElement | null)?.dataset.nonce).toBe('2');
  // Another key does nothing.
  await click(rowsOf(container).find((row) => row.dataset.nonce === '2')!.querySelector('button'));
  await act(() => {
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  });
  await settle();
  expect(container.querySelector('.detail')).not.toBeNull();
});
