// @vitest-environment jsdom
// Red team 6, capture level: `nonce-skipped` (core/witness.ts namedNonce, commit f9a8230) lets a round
// at a later nonce than the panel named count as the bet's once "the round at the nonce before it
// came first" (previousNonceAt, witness-evidence.ts). But previousNonceAt is the first sighting of
// ANY stored round under that key (commitment, client seed, nonce − 1): of any game, with any
// result, verified or not, shown after the bet in an invisible data message. So the casino still
// keeps a nonce in reserve and chooses after the bet: when it likes the outcome of nonce n+1 better
// than that of n (the panel named n), it slips in, after the bet and before the outcome, a made-up
// round for nonce n under a game no verifier knows (never checked: never a mismatch), a keno "draw"
// of nine numbers (invalid: never a mismatch), or nonce n's true spin as a roulette round (it
// verifies), then shows n+1 as the bet's outcome: witnessed, and no finding.
// Fix: previousNonceAt counts only a round at nonce − 1 of the round's own game that keeps a whole
// result (as ending-outcomes.ts asks of an outcome that ends a slot), and a filler that is not such a
// round makes the later one `nonce-skipped`.
// (The same with the TRUE outcome of nonce n as filler cannot be told from an honest two-round
// auto-bet on one click: see the last test, a documented limit at best.)
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { findings } from '../../src/background/findings.js';
import { DATABASE_NAME } from '../../src/background/store.js';
import { draw, spin, kenoOutcome, kenoPanel, later, pair, recordOf, revealOf, tabPage, verdictOf, CS, type Pair } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

const FILLERS: [string, ((p: Pair, nonce: number) => object) | undefined][] = [
  ['none (control: the plain skip, closed by f9a8230)', undefined],
  ['a made-up round under a game no verifier knows', (p, nonce) => ({ game: 'Lucky Wheel Deluxe', commitment: p.commitment, clientSeed: CS, nonce: String(nonce), result: ['7'] })],
  ['a keno "draw" of nine numbers (no whole outcome)', (p, nonce) => ({ ...kenoPanel(p, nonce), result: draw(p, nonce).slice(0, 9), picks: PICKS })],
  ['the true keno outcome of that nonce', (p, nonce) => kenoOutcome(p, nonce, PICKS)],
  ['a roulette round with the true spin of that nonce (it verifies)', (p, nonce) => ({ game: 'European Roulette', commitment: p.commitment, clientSeed: CS, nonce: String(nonce), result: spin(p, nonce) })],
];

async function play(name: string, filler: ((p: Pair, nonce: number) => object) | undefined) {
  const bound = pair(`fill-${name}`);
  const page = tabPage(0);
  page.tap([kenoPanel(bound, 3)]); // the panel: C, next nonce 3
  later(1000);
  page.press('Place bet'); // THE BET
  later();
  if (filler) page.tap([filler(bound, 3)]); // never rendered: "nonce 3 was played"
  later(5);
  page.tap([kenoOutcome(bound, 4, PICKS), kenoPanel(bound, 5)]); // the outcome the casino liked better
  later(1000);
  page.press('Rotate seed pair');
  later();
  page.tap([revealOf(bound)]);
  await page.settled();
  page.unload();
  const filled = await recordOf(bound, 3);
  return { chosen: await verdictOf(bound, 4), filler: filled?.verdict, found: (await findings()).map((finding) => finding.kind) };
}

it('control: no filler: the round at nonce 4 (the panel named 3) is not witnessed (nonce-skipped)', async () => {
  const { chosen } = await play('control', undefined);
  expect(chosen?.status).toBe('verified');
  expect(chosen?.level).toBe('history');
});

const fillerTest = (how: string, filler: FILLER) => async () => {
  const { chosen, filler: filled, found } = await play(how, filler);
  expect(chosen?.status).toBe('verified');
  expect(filled?.status).not.toBe('mismatch'); // the filler costs the casino nothing
  expect(chosen?.level === 'witnessed' && found.length === 0).toBe(false);
};
type FILLER = (typeof FILLERS)[number][1];
for (const [how, filler] of FILLERS.slice(1, 3)) {
  it(`closed: the panel named nonce 3; after the bet an invisible message shows nonce 3 as ${how}, then nonce 4 as the bet's outcome: not witnessed, or the filler caught`, fillerTest(how, filler));
}
it(`closed (the round before must be bound itself: witness-evidence.ts previousCounts): the panel named nonce 3; after the bet an invisible message shows nonce 3 as ${FILLERS[4]![0]}, then nonce 4 as the bet's outcome: not witnessed, or the filler caught`, fillerTest(FILLERS[4]![0], FILLERS[4]![1]));

it(`limit (same evidence as an honest two-round auto-bet on one click): the filler is the true outcome of nonce 3: both witnessed, no finding`, async () => {
  const { chosen, filler: filled, found } = await play('true', FILLERS[3]![1]);
  expect(chosen).toMatchObject({ status: 'verified', level: 'witnessed' });
  expect(filled).toMatchObject({ status: 'verified', level: 'witnessed' });
  expect(found).toEqual([]);
});
