// @vitest-environment jsdom
// Red team 9, capture level: when the store forgot showings of the round's own pair that may hold the
// panel's last word before the bet, core/witness.ts namedNonce answers UNKNOWN, and judgeWitness
// then takes the round as the bet's whenever the round at nonce − 1 is bound (previousBound) — at
// ANY nonce, also one BELOW the nonce the panel named last. A known named nonce above the round's
// gives `nonce-skipped` (atMost(named, nonce) fails); UNKNOWN drops that comparison. Attack:
//   1. Honest bet 1: panel A/6, click, outcome A@6 (witnessed), panel A/7.
//   2. Before bet 2 an invisible data message shows A at next nonce 10 (the panel's last word).
//   3. The player bets. The casino, knowing the picks, compares the draws of A@10 and A@7.
//   4a. It likes A@10: shows it (the nonce the panel named): witnessed.
//   4b. It likes A@7: it first shows 34 more states of A (nonces 11..44, never rendered), so the
//       store forgets A/7 and A/10 (A/6, its lane's first, stays): a forgotten span from before the
//       bet to after it → UNKNOWN; then shows A@7: the round at 6 is bound → witnessed.
// Either way witnessed, the better of two outcomes chosen after the bet, and no filler in the history.
// Why: witness.ts judgeWitness `if (named === UNKNOWN) return previousSeen && previousBound ? …`.
// Variant (second test), no flush of the pair's states: before the bet the page shows A under 9 junk
// client seeds at nonce 1000 (MAX_CLIENT_SEEDS = 8: the 9th goes to a forgotten span with no client
// seed; at 1000 it covers no nonce of the round, so neither `hidden` nor a rival), BEFORE A/10; after
// the bet, to choose A@7, ONE more junk client seed: the seedless span now reaches past A/10, and
// namedNonce (which counts seedless spans of the round's own commitment) answers UNKNOWN.
// Fix: with UNKNOWN, a round below a nonce the pair was shown with before the action (kept states
// before it, and the `highest` of own forgotten spans that start before it — pre-round.ts now keeps
// it) is nonce-skipped; the chain from a bound round proves only that nonce − 1 was played, not that
// the panel did not name a later one.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, revealToWorker, tabPage, verdictOf } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

async function play(choice: 7 | 10, flush: boolean | 'seeds' | 'seeds-before') {
  const a = pair(`unknown-named-back-${choice}-${flush}`);
  const page = tabPage(0);
  page.tap([kenoPanel(a, 6)]);
  later(1000);
  page.press('Place bet'); // bet 1
  later();
  page.tap([kenoOutcome(a, 6, PICKS), kenoPanel(a, 7)]);
  later(1000);
  if (flush === 'seeds' || flush === 'seeds-before') page.tap(Array.from({ length: 9 }, (_, i) => kenoPanel(a, 1000, `junk-${i}`))); // never rendered
  later(10);
  page.tap([kenoPanel(a, 10)]); // never rendered: the panel's last word, next nonce 10
  await page.settled();
  later(1000);
  page.press('Place bet'); // THE BET (bet 2)
  later();
  if (flush === 'seeds') {
    page.tap([kenoPanel(a, 1000, 'junk-9')]); // never rendered: one more client seed
    await page.settled();
    later();
  } else if (flush === true) {
    page.tap(Array.from({ length: 34 }, (_, i) => kenoPanel(a, 11 + i))); // never rendered
    await page.settled();
    later();
  }
  page.tap([kenoOutcome(a, choice, PICKS)]);
  await page.settled();
  page.unload();
  await revealToWorker(a);
  return { bet1: await verdictOf(a, 6), chosen: await verdictOf(a, choice) };
}

it('guard: the outcome at the nonce the panel named (10): witnessed', async () => {
  const { bet1, chosen } = await play(10, false);
  expect(bet1).toMatchObject({ status: 'verified', level: 'witnessed' });
  expect(chosen).toMatchObject({ status: 'verified', level: 'witnessed' });
});

it('guard: the outcome at 7, below the named 10, nothing forgotten: nonce-skipped', async () => {
  expect((await play(7, false)).chosen).toMatchObject({ status: 'verified', level: 'history', levelReason: 'nonce-skipped' });
});

it('open: the outcome at 7 once the states from before the bet were pushed out after it: must not be witnessed', async () => {
  const { bet1, chosen } = await play(7, true);
  expect(bet1).toMatchObject({ status: 'verified', level: 'witnessed' });
  expect(chosen?.status).toBe('verified');
  expect(chosen?.level).not.toBe('witnessed');
});

it('guard: junk client seeds before A/10 and none after the bet: the outcome at 10 is witnessed, at 7 nonce-skipped', async () => {
  const ten = (await play(10, 'seeds-before')).chosen;
  expect(ten).toMatchObject({ status: 'verified', level: 'witnessed' });
  expect((await play(7, 'seeds-before')).chosen).toMatchObject({ status: 'verified', level: 'history', levelReason: 'nonce-skipped' });
});

it('open (variant): one more junk client seed after the bet makes the named nonce unknown: the outcome at 7 must not be witnessed', async () => {
  const { chosen } = await play(7, 'seeds');
  expect(chosen?.status).toBe('verified');
  expect(chosen?.level).not.toBe('witnessed');
});
