// @vitest-environment jsdom
// Red team 9, capture + store level: store.ts liftNext judges a `nonce-skipped` round again whenever
// the round at the nonce before it is SAVED bound (any change: also its re-judgement at the pair's
// reveal), and apply-claim.ts lets that re-judgement (previousArrived) REPLACE `nonce-skipped` with
// whatever it finds. But at the reveal the pair's panel states are cut down to the first and last of
// each lane (pre-round.ts settledPanel): the state that named the bet's nonce is then forgotten,
// namedNonce answers UNKNOWN, and the chain from the bound round before makes it witnessed — less
// evidence read as more (what apply-claim.ts's "a later judgement only ever takes it away" guards).
// No flood needed. Attack (nonces as in the test):
//   1. Bet 1: panel A/9, click, outcome A@9 (witnessed), panel A/10.
//   2. Before bet 2 an invisible data message shows A at next nonce 13 (the panel's last word).
//   3. The player bets; the casino likes A@10's draw better than A@13's: it shows A@10 and, as any
//      page does after a round, the panel at next nonce 11.
//   4. At its outcome A@10 is judged nonce-skipped (named 13): correct.
//   5. Later the player rotates: A's seed is revealed. settledPanel keeps A/9 (first) and A/11
//      (last); A/10 and A/13 become a forgotten span reaching past the action. The reveal completes
//      A@10 (still nonce-skipped), then A@9 (still bound, saved: its seed came) → liftNext → A@10
//      judged again: named UNKNOWN, previous bound → bound-before-bet, which replaces nonce-skipped.
// The casino had the choice of A@10 and A@13 (variant: A@7 and A@10), and either ends witnessed; in the
// variant any later save of the bound round before (a re-show with its payout) does the lifting.
// Why: store.ts liftNext runs for every save of a bound round, not only when that round is NEW
// (arrived); apply-claim.ts accepts the lifted judgement though it may rest on cut-down states.
// Fix: lift only when the previous round's outcome is new in this claim (it arrived), and only from
// a judgement made before the pair's states were cut down (not after its reveal: e.g. skip the lift
// when the round's pair is revealed, or require the lifted judgement not to be an UNKNOWN-named one:
// carry namedForgotten-style flag `namedUnknown` on the bound judgement and refuse it in a lift).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, recordOf, revealToWorker, tabPage, verdictOf } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

// The nonces: 9 (bet 1), 10 (the round), 13 (named), 11 (after). The reveal re-judges the pair's rounds
// in key order, read once (store.ts mergeBatch rounds.ofPair): "…|10" sorts before "…|9", so the
// round is completed by the reveal first and the lift from 9's re-judgement is the last word. (With
// 6/7/10/8 the stale copy of 7 read before the loop overwrites the lift: an accident that holds.)
const [P6, P7, P10, P8] = [9, 10, 13, 11];

it('open: a round below the nonce the panel named, nonce-skipped at its outcome, must stay so after the pair is revealed', async () => {
  const a = pair('lift-after-reveal');
  const page = tabPage(0);
  page.tap([kenoPanel(a, P6)]);
  later(1000);
  page.press('Place bet'); // bet 1
  later();
  page.tap([kenoOutcome(a, P6, PICKS), kenoPanel(a, P7)]);
  later(1000);
  page.tap([kenoPanel(a, P10)]); // never rendered: the panel's last word, next nonce P10
  await page.settled();
  later(1000);
  page.press('Place bet'); // THE BET (bet 2)
  later();
  page.tap([kenoOutcome(a, P7, PICKS), kenoPanel(a, P8)]); // the draw the casino liked, then "next nonce P8"
  await page.settled();
  const before = (await recordOf(a, P7))?.witness;
  page.unload();
  await revealToWorker(a); // the player rotates, later
  const after = await verdictOf(a, P7);
  expect(await verdictOf(a, P6)).toMatchObject({ status: 'verified', level: 'witnessed' });
  expect(before).toBe('nonce-skipped');
  expect(after?.status).toBe('verified');
  expect(after?.level).not.toBe('witnessed');
});

// Variant at any nonces (here 6, 7, named 10, then 8): the reveal's own loop overwrites the lift with
// its stale copy of A@7, but ANY later save of the bound A@6 lifts again — the casino's history page
// showing A@6 once more with its payout (a field the record did not have) is enough.
it('open (variant): after the reveal, the bound round before re-shown with a new field lifts the nonce-skipped one: must stay not witnessed', async () => {
  const a = pair('lift-after-reveal-variant');
  const page = tabPage(0);
  page.tap([kenoPanel(a, 6)]);
  later(1000);
  page.press('Place bet'); // bet 1
  later();
  page.tap([kenoOutcome(a, 6, PICKS), kenoPanel(a, 7)]);
  later(1000);
  page.tap([kenoPanel(a, 10)]); // never rendered: the panel's last word, next nonce 10
  await page.settled();
  later(1000);
  page.press('Place bet'); // THE BET (bet 2)
  later();
  page.tap([kenoOutcome(a, 7, PICKS), kenoPanel(a, 8)]);
  await page.settled();
  await revealToWorker(a); // the player rotates
  const afterReveal = await verdictOf(a, 7);
  later(1000);
  page.tap([{ ...kenoOutcome(a, 6, PICKS), serverSeed: a.serverSeed, payout: '0' }]); // the history page: round 6 again, with its payout
  await page.settled();
  page.unload();
  expect(afterReveal).toMatchObject({ status: 'verified', level: 'history', levelReason: 'nonce-skipped' });
  const after = await verdictOf(a, 7);
  expect(after?.status).toBe('verified');
  expect(after?.level).not.toBe('witnessed');
});
