// @vitest-environment jsdom
// An honest long session on one seed pair: the panel names each next nonce before its bet, and one
// round's outcome (nonce 20) is never shown on a page the extension reads. Judged at their outcomes
// every round is witnessed (the panel named its nonce) but the one after the unseen round: its bet
// is credited with the unseen round's click, which nothing ended (docs/trust.md: what it costs). The reveal cuts the pair's panel states down
// to the first and last (pre-round.ts settledPanel) and judges its rounds again: the panel's last
// word before each bet is then forgotten (core/witness.ts namedNonce: unknown), and a round after
// the unseen one has no chain back to a bound round. A judgement that read the panel whole keeps its
// `witnessed` (apply-claim.ts, namedForgotten); a page cannot use this: the first judgement already
// reads what it made the store forget (test/attack/red8-named-nonce-forgotten.test.ts).
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
const ROUNDS = 40;
const UNSEEN = 20;
const seen = <T,>(list: T[]): T[] => list.filter((_, i) => i + 1 !== UNSEEN);
/** What each seen round is judged: bound, but the one after the unseen round. */
const expected = <T,>(bound: T, after: T): T[] => seen(Array.from({ length: ROUNDS }, (_, i) => (i + 1 === UNSEEN + 1 ? after : bound)));

it('every round witnessed at its outcome stays witnessed after the reveal, also the ones after an unseen round', async () => {
  const a = pair('long-session');
  const page = tabPage(0);
  page.tap([kenoPanel(a, 1)]);
  for (let nonce = 1; nonce <= ROUNDS; nonce++) {
    later(500);
    page.press('Place bet');
    later(300);
    // The bet's outcome (but the unseen one's) with the panel's next nonce.
    page.tap(nonce === UNSEEN ? [kenoPanel(a, nonce + 1)] : [kenoOutcome(a, nonce, PICKS), kenoPanel(a, nonce + 1)]);
    await page.settled();
  }
  // Judged at their outcomes: bound before the bet, every one seen.
  const before = await Promise.all(Array.from({ length: ROUNDS }, (_, i) => recordOf(a, i + 1)));
  expect(before[UNSEEN - 1]).toBeUndefined();
  expect(seen(before).map((record) => record?.witness)).toEqual(expected('bound-before-bet', 'nonce-skipped'));
  page.unload();
  await revealToWorker(a);
  const after = await Promise.all(Array.from({ length: ROUNDS }, (_, i) => verdictOf(a, i + 1)));
  expect(seen(after).map((verdict) => [verdict?.status, verdict?.level, verdict?.levelReason])).toEqual(
    expected(['verified', 'witnessed', 'bound-before-bet'], ['verified', 'history', 'nonce-skipped']),
  );
});
