// @vitest-environment jsdom
// The round rows' pictures on line 2: roulette numbers in colour before the sentence, keno's drawn
// numbers with hits (or the numbers that differ) beside a short note; the row contract unchanged.
import { afterEach, expect, test } from 'vitest';
import { computeRound, gameById } from '../../src/core/index.js';
import { claimFor } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { renderApp, rowsOf, t, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

const kenoSeeds = (nonce: number) => computeRound(gameById('keno'), `server-seed-keno-${nonce}`, 'client-seed', nonce).outcome as number[];
const numbers = (root: ParentNode, selector: string) => Array.from(root.querySelectorAll(selector)).map((cell) => Number(cell.textContent));

test('a verified keno row: the drawn numbers with the hits in green, "2 hits of 3 picks", the sentence kept for screen readers', async () => {
  const seeds = kenoSeeds(2);
  const missed = Array.from({ length: 40 }, (_, i) => i + 1).find((n) => !seeds.includes(n))!;
  const picks = [seeds[0]!, seeds[5]!, missed];
  const worker = new FakeWorker([claimFor('keno', 2)]);
  worker.records[0]!.picks = picks.map(String);
  rendered = await renderApp(worker.client);
  const row = rowsOf(rendered.container)[0]!;
  expect(row.dataset).toMatchObject({ verdict: 'verified', game: 'keno', nonce: '2', level: 'history', failures: '' });
  expect(numbers(row, '.keno-strip .keno-cell')).toEqual(seeds);
  expect(numbers(row, '.keno-strip .is-hit')).toEqual([seeds[0]!, seeds[5]!].sort((a, b) => a - b));
  expect(row.querySelector('.row-note')!.textContent).toBe('2 hits of 3 picks');
  const summary = row.querySelector('.row-summary')!;
  expect(summary.textContent).toBe(t('rowVerified', seeds.join(' ')));
  expect(summary.classList.contains('visually-hidden')).toBe(true);
  expect(row.querySelector('.keno-strip')!.getAttribute('aria-label')).toContain('Hits:');
});

test('a keno mismatch with one number swapped: the strip marks it both ways, "1 number differs"', async () => {
  const seeds = kenoSeeds(8);
  const outsider = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].find((n) => !seeds.includes(n))!;
  const shown = [...seeds.slice(1), outsider].sort((a, b) => a - b);
  const worker = new FakeWorker([claimFor('keno', 8, { shown })]);
  rendered = await renderApp(worker.client);
  const row = rowsOf(rendered.container)[0]!;
  expect(row.dataset).toMatchObject({ verdict: 'mismatch', failures: 'outcome' });
  expect(numbers(row, '.keno-strip .is-shown-only')).toEqual([outsider]);
  expect(numbers(row, '.keno-strip .is-seeds-only')).toEqual([seeds[0]!]);
  expect(row.querySelector('.row-note')!.textContent).toBe('1 number differs');
  expect(row.querySelector('.row-summary')!.textContent).toMatch(/^The seeds give [\d ]+, but the casino showed [\d ]+\.$/);
});

test('a keno mismatch too wide for one line keeps its sentence in view', async () => {
  const seeds = kenoSeeds(6);
  const shown = Array.from({ length: 40 }, (_, i) => i + 1).filter((n) => !seeds.includes(n)).slice(0, 10);
  const worker = new FakeWorker([claimFor('keno', 6, { shown })]);
  rendered = await renderApp(worker.client);
  const row = rowsOf(rendered.container)[0]!;
  expect(row.querySelector('.keno-strip')).toBeNull();
  expect(row.querySelector('.row-note')).toBeNull();
  expect(row.querySelector('.row-summary')!.classList.contains('visually-hidden')).toBe(false);
});

test('roulette rows: the number in its colour before the sentence; a mismatch shows the seeds\' number, then the casino\'s crossed out', async () => {
  const expected = computeRound(gameById('roulette-european'), 'server-seed-roulette-european-4', 'client-seed', 4).outcome as string;
  const wrong = expected === '5' ? '6' : '5';
  const worker = new FakeWorker([claimFor('roulette-european', 1), claimFor('roulette-european', 4, { shown: wrong }), claimFor('roulette-american', 3, { pending: true })]);
  rendered = await renderApp(worker.client);
  const rows = rowsOf(rendered.container);
  const byNonce = (nonce: string) => rows.find((row) => row.dataset.nonce === nonce)!;

  const verified = byNonce('1');
  const pocket = verified.querySelector<HTMLElement>('.row-outcome .pocket')!;
  expect(pocket.dataset.pocket).toBe(computeRound(gameById('roulette-european'), 'server-seed-roulette-european-1', 'client-seed', 1).outcome);
  expect(pocket.compareDocumentPosition(verified.querySelector('.row-summary')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(verified.querySelector('.row-summary')!.classList.contains('visually-hidden')).toBe(false);

  const mismatch = byNonce('4');
  const pockets = Array.from(mismatch.querySelectorAll<HTMLElement>('.row-outcome .pocket'));
  expect(pockets.map((chip) => chip.dataset.pocket)).toEqual([expected, wrong]);
  expect(pockets[1]!.classList.contains('pocket-struck')).toBe(true);
  expect(mismatch.querySelector('.row-summary')!.textContent).toBe(`The seeds give ${expected}, but the casino showed ${wrong}.`);

  // A pending round has no verdict to picture yet.
  expect(byNonce('3').querySelector('.pocket')).toBeNull();
});
