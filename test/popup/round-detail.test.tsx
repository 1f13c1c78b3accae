// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, expect, test } from 'vitest';
import { computeRound, gameById, rejectionLimit } from '../../src/core/index.js';
import { claimFor, mixedClaims } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { buttonByText, click, renderApp, rowsOf, settle, type Rendered } from './render.js';

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
  expect(firstCells).toEqual(['0', String(first.value), '40', String(rejectionLimit(40)), 'accepted', String(first.sampled), String(first.picked)]);
  expect(Array.from(detail.querySelectorAll('table.draws th')).map((th) => th.textContent)).toEqual(['#', 'Value', 'P', 'Limit', 'Used', 'mod P', 'Number']);
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
  // Roulette: one accepted draw of P = 37.
  const cells = Array.from(container.querySelectorAll('table.draws tbody tr td')).map((td) => td.textContent);
  expect(cells.slice(2, 5)).toEqual(['37', String(rejectionLimit(37)), 'accepted']);

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
  expect(detail.textContent).toContain('The server seed is not revealed yet; Cloudbet reveals it when you rotate to a new seed pair.');
  expect(detail.textContent).toContain('Nothing can be recomputed');
  expect(detail.querySelector('table.draws')).toBeNull();
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

test('the detail shows the bet the casino showed (picks, stake, payout, multiplier) and a commitment shown before the round', async () => {
  const worker = new FakeWorker([claimFor('keno', 2), claimFor('roulette-european', 3)]);
  const keno = worker.records.find((record) => record.gameId === 'keno')!;
  Object.assign(keno, { picks: ['1', '7', '13'], stake: '2.50', payout: '0.00', multiplier: '0', preRoundCommitment: 'ab'.repeat(32) });
  rendered = await renderApp(worker.client);
  const { container } = rendered;
  await click(rowsOf(container).find((row) => row.dataset.game === 'keno')!.querySelector('button'));
  const detail = container.querySelector('.detail')!;
  expect(field(detail, 'picks')).toBe('1 7 13');
  expect(field(detail, 'stake')).toBe('2.50');
  expect(field(detail, 'payout')).toBe('0.00');
  expect(field(detail, 'multiplier')).toBe('0');
  expect(detail.querySelector('[data-field="stake"] dt')!.textContent).toBe('Stake');
  expect(field(detail, 'commitmentBeforeRound')).toBe('ab'.repeat(32));

  // A round the page showed no bet for has no such fields (not "not seen" rows).
  await click(container.querySelector('button.back'));
  await click(rowsOf(container).find((row) => row.dataset.game === 'roulette-european')!.querySelector('button'));
  const other = container.querySelector('.detail')!;
  for (const name of ['picks', 'stake', 'payout', 'multiplier', 'commitmentBeforeRound']) expect(other.querySelector(`[data-field="${name}"]`)).toBeNull();
});
