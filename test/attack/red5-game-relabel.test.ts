// @vitest-environment jsdom
// Red team 5, capture level (commit 8ee2f1f, a slot names its game): an outcome of the bet's pair and
// nonce under another game, or one no verifier knows, ends nothing, so that the outcome that ends a
// round is always one its pair's reveal can prove wrong. But what ends a slot is the game the ending
// CLAIM names (round-tracker.ts slotOf, tab-actions.ts slotsOfOutcome), while the round it merges
// into keeps the game its first claim named (merge.ts: a later claim's game is ignored once the
// record has a known one) and drops a later outcome that is no whole outcome of that game
// (mergeResult). So the page first sends, for C1|5, an outcome under another game (it ends nothing),
// then the same round again named "Keno", with a keno draw: that claim ends the keno slot (content
// and worker), and the record stays the first game's, never checked as keno. C1's true seed can be
// revealed at once (it looks like the player's rotation), C2 is shown, the next click, the outcome on C2.
// The same without another game: a keno claim whose draw is no whole keno outcome (9 numbers) ends
// the slot too, and its round is `invalid`, never a mismatch.
// Fix: the worker (which credits the earliest open action, so it alone decides) ends a slot only
// with an outcome of the stored round: its game (record.gameId, folded like the slot) is the slot's,
// and the claim's result is the record's whole result (not one dropped, set apart or conflicting).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { draw, kenoOutcome, kenoPanel, later, pair, recordOf, revealOf, revealToWorker, spin, tabPage, verdictOf, CS, type Pair } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];
const MADE_UP_DRAW = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];

const FIRSTS: [string, (bound: Pair) => object][] = [
  ['as a roulette round with the true spin of C1|5 (it verifies)', (bound) => ({ game: 'European Roulette', commitment: bound.commitment, clientSeed: CS, nonce: '5', result: spin(bound, 5) })],
  // The same numbers as the keno claim's: one outcome, no second one to flag (an unknown game's outcome is compared as text).
  ['under a game no verifier knows, with the numbers the keno claim will show', (bound) => ({ game: 'Lucky Wheel Deluxe', commitment: bound.commitment, clientSeed: CS, nonce: '5', result: MADE_UP_DRAW })],
];

for (const [how, first] of FIRSTS) {
  relabel(how, first);
}

// Without any other game: the ending claim names keno, with a draw that is no whole keno outcome
// (9 of the 10 true numbers): the worker ends the slot on any claim with a result
// (tab-actions.ts isOutcome), and the record is `invalid` (never checked, never a mismatch).
it('closed: the keno bet on C1 nonce 5; an invisible message shows C1|5 as keno with 9 of its 10 true numbers (no whole keno outcome); C1 revealed, C2, the next click, the outcome on C2: not witnessed, or the made-up draw caught', async () => {
  const [bound, chosen] = [pair('partial-bound'), pair('partial-chosen')];
  const page = tabPage(0);
  page.tap([kenoPanel(bound, 5)]);
  later(1000);
  page.press('Place bet');
  later();
  page.tap([{ ...kenoPanel(bound, 5), result: draw(bound, 5).slice(0, 9), picks: PICKS }]); // never rendered
  later();
  page.tap([revealOf(bound), kenoPanel(chosen, 6)]);
  later(1000);
  page.press('Continue');
  later();
  page.tap([kenoOutcome(chosen, 6, PICKS)]);
  await page.settled();
  page.unload();
  await revealToWorker(chosen);
  const fake = await recordOf(bound, 5);
  const verdict = await verdictOf(chosen, 6);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level === 'witnessed' && fake?.verdict.status !== 'mismatch').toBe(false);
});

function relabel(how: string, first: (bound: Pair) => object): void {
  it(`closed: the keno bet on C1 nonce 5; an invisible message shows C1|5 ${how} (ends nothing), then C1|5 again named "Keno" with a made-up draw (ends the keno slot, merged into the first game's record and dropped); C1 revealed, C2, the next click, the outcome on C2: not witnessed, or the made-up keno draw caught`, async () => {
    const [bound, chosen] = [pair(`relabel-bound-${how}`), pair(`relabel-chosen-${how}`)];
    const page = tabPage(0);
    page.tap([kenoPanel(bound, 5)]);
    later(1000);
    page.press('Place bet'); // THE BET, keno, nonce 5, on C1
    later();
    page.tap([first(bound)]); // never rendered
    later();
    page.tap([{ ...kenoPanel(bound, 5), result: MADE_UP_DRAW, picks: PICKS }]); // never rendered: "the keno outcome of C1|5"
    later();
    page.tap([revealOf(bound), kenoPanel(chosen, 6)]); // C1's true seed: looks like the player's rotation
    later(1000);
    page.press('Continue'); // the player's next click
    later();
    page.tap([kenoOutcome(chosen, 6, PICKS)]); // the bet's outcome, on a pair chosen after it
    await page.settled();
    page.unload();
    await revealToWorker(chosen);
    const fake = await recordOf(bound, 5);
    const verdict = await verdictOf(chosen, 6);
    expect(verdict?.status).toBe('verified');
    expect(verdict?.level === 'witnessed' && fake?.verdict.status !== 'mismatch').toBe(false);
  });
}

it('control: the made-up keno draw alone (no first claim under another game) is caught once C1 is revealed', async () => {
  const [bound, chosen] = [pair('relabel-control-bound'), pair('relabel-control-chosen')];
  const page = tabPage(0);
  page.tap([kenoPanel(bound, 5)]);
  later(1000);
  page.press('Place bet');
  later();
  page.tap([{ ...kenoPanel(bound, 5), result: MADE_UP_DRAW, picks: PICKS }]);
  later();
  page.tap([revealOf(bound), kenoPanel(chosen, 6)]);
  later(1000);
  page.press('Continue');
  later();
  page.tap([kenoOutcome(chosen, 6, PICKS)]);
  await page.settled();
  page.unload();
  await revealToWorker(chosen);
  expect((await recordOf(bound, 5))?.verdict.status).toBe('mismatch');
});
