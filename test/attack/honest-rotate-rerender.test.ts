// @vitest-environment jsdom
// Red team, honest flows around the fairness panel (no accusation of an honest casino): the player
// rotates with the page's button; the page answers with the old pair's true seed and the new pair,
// then re-renders its panel once more from a stale copy (the old pair, a moment after the new one:
// the case commitment-audit.ts now excuses in the several-commitments finding), then the new pair
// again; then the bet and its outcome on the new pair. Credited with the rotate click (no click is
// passed over), so `history`; none may be a mismatch (step `witness`) or a finding.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { findings } from '../../src/background/findings.js';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, recordOf, revealOf, revealToWorker, rouletteOutcome, roulettePanel, tabPage, type Pair } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

async function rotateWithStaleRerender(name: string, game: 'roulette' | 'keno', picks2 = PICKS, revealOnRotate = true, first = 0) {
  const [old, next]: [Pair, Pair] = [pair(`rerender-old-${name}`), pair(`rerender-new-${name}`)];
  const panel = (p: Pair, nonce: number) => (game === 'keno' ? kenoPanel(p, nonce) : roulettePanel(p, nonce));
  const outcome = (p: Pair, nonce: number, picks: string[]) => (game === 'keno' ? kenoOutcome(p, nonce, picks) : rouletteOutcome(p, nonce));
  const page = tabPage();
  page.tap([panel(old, 5)]);
  later(1000);
  page.press('Place bet');
  later();
  page.tap([outcome(old, 5, PICKS), panel(old, 6)]);
  later(1000);
  page.press('Rotate seed pair');
  later();
  page.tap(revealOnRotate ? [revealOf(old), panel(next, first)] : [panel(next, first)]); // the rotation's answer: the old seed (or not yet), the new pair (nonce from 0)
  later(50);
  page.tap([panel(old, 6)]); // a stale re-render of the old pair
  later(50);
  page.tap([panel(next, first)]); // the panel settles on the new pair
  await page.settled();
  later(1000);
  page.press('Place bet');
  later();
  page.tap([outcome(next, first, picks2), panel(next, first + 1)]);
  await page.settled();
  page.unload();
  if (!revealOnRotate) await revealToWorker(old); // the old seed seen later (the casino's history page)
  await revealToWorker(next);
  return { record: await recordOf(next, first), found: await findings() };
}

it('honest roulette: rotate, a stale re-render of the old pair after its reveal, the bet: history, no mismatch, no finding', async () => {
  const { record, found } = await rotateWithStaleRerender('roulette', 'roulette');
  expect(record?.verdict).toMatchObject({ status: 'verified', level: 'history' });
  expect(record?.preRoundCommitment).toBeUndefined();
  expect(found).toEqual([]);
});

it('honest keno, other picks: rotate, a stale re-render of the old pair after its reveal, the bet: history, no mismatch, no finding', async () => {
  const { record, found } = await rotateWithStaleRerender('keno-other', 'keno', ['4', '18', '34']);
  expect(record?.verdict).toMatchObject({ status: 'verified', level: 'history' });
  expect(record?.preRoundCommitment).toBeUndefined();
  expect(found).toEqual([]);
});

it('honest keno, the same picks: rotate, a stale re-render of the old pair after its reveal, the bet: history, no finding', async () => {
  const { record, found } = await rotateWithStaleRerender('keno-same', 'keno');
  expect(record?.verdict).toMatchObject({ status: 'verified', level: 'history' });
  expect(found).toEqual([]);
});

it('honest roulette, the old seed not shown at the rotation (seen later): rotate, a stale re-render of the old pair, the bet: no mismatch', async () => {
  const { record } = await rotateWithStaleRerender('roulette-late', 'roulette', PICKS, false);
  expect(record?.verdict).toMatchObject({ status: 'verified', level: 'history' });
  expect(record?.preRoundCommitment).toBeUndefined();
});

it('honest keno, the same picks, the old seed not shown at the rotation: no mismatch', async () => {
  const { record } = await rotateWithStaleRerender('keno-late', 'keno', PICKS, false);
  expect(record?.verdict.status).toBe('verified');
  expect(record?.preRoundCommitment).toBeUndefined();
});

// The new pair's nonces count on from the old one's (as on several casinos): the stale old state
// (nonce 6) covers the round's nonce (6), so the rule's step `witness` reads it.
it('honest keno, the same picks, nonces counting on, the old seed at the rotation: history, no mismatch', async () => {
  const { record } = await rotateWithStaleRerender('on-keno-same', 'keno', PICKS, true, 6);
  expect(record?.verdict).toMatchObject({ status: 'verified', level: 'history' });
  expect(record?.preRoundCommitment).toBeUndefined();
});


// A false accusation (was open): the round is credited with the rotate click (roulette's bet is not
// read; keno with other picks), A. witness.ts changedAfterAction: the old pair C was the latest state
// covering the round before A; the round came out on S, first shown after A; and C was shown again
// after A (the stale re-render, a re-showing after S), which `continued` takes for "C was still the
// active pair after the bet", so C's reveal (seen after A) is excused as a later rotation: mismatch,
// step `witness`. But that re-showing came AFTER C's true seed was seen: a revealed pair is no longer
// anyone's active pair (commitment-audit.ts now says the same for the finding). Fix: a showing
// counts for `continued` only before the commitment's hashing reveal. Closed that way (witness.ts).
it.each([
  ['roulette', 'roulette', ['4']],
  ['keno, other picks', 'keno', ['4', '18', '34']],
] as const)('closed: honest %s, nonces counting on, the old seed shown at the rotation, then a stale re-render of the old pair: no mismatch', async (name, game, picks) => {
  const { record } = await rotateWithStaleRerender(`on-${name}`, game, [...picks], true, 6);
  expect(record?.verdict.status).toBe('verified');
  expect(record?.preRoundCommitment).toBeUndefined();
});

// The same with the old seed seen only later (the casino shows it in its history, not at the
// rotation): C, then S after the click, C again, S again. This is the evidence witness.test.ts
// accuses on purpose ("still accuses when the panel went on with C1 past the document's own action
// too"): without a reveal the extension cannot tell this flicker from a page that played one bet on a
// pair it chose and went on with C. Left open (by design); it also gets a several-commitments finding.
it.fails.each([
  ['roulette', 'roulette', ['4']],
  ['keno, other picks', 'keno', ['4', '18', '34']],
  ['keno, the same picks', 'keno', PICKS],
] as const)('open hole (the rule\'s choice): honest %s, nonces counting on, the old seed seen only later, a stale re-render of the old pair after the new one: no mismatch', async (name, game, picks) => {
  const { record } = await rotateWithStaleRerender(`late-${name}`, game, [...picks], false, 6);
  expect(record?.verdict.status).toBe('verified');
  expect(record?.preRoundCommitment).toBeUndefined();
});
