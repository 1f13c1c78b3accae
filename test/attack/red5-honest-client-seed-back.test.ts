// @vitest-environment jsdom
// Red team 5, honest flow (commit 874d87b, a second seed pair under any client seed): the rival
// check excuses a client seed shown only before the round's own first state ("you typed a new one"),
// by time alone. A player who sets client seed S2 for the shown pair and then goes back to S1 (the
// casino keeps the server seed and the nonce) shows (C, S1) first, then (C, S2), then (C, S1) again:
// the round's first state is the first (C, S1), so (C, S2) lies in its window and the round on S1
// is `several commitments`, for every round of the pair, though S2 was replaced before the bet.
// (Before 874d87b: witnessed.) Fix: count a state of another client seed for the same commitment
// only while it was live (not replaced, on its page, by a later state of that commitment), or record
// the return to S1 as a re-showing of (C, S1) and start the window at the latest showing before the bet.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, revealToWorker, tabPage, verdictOf, CS } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

it.fails('open (honest history): C for S1, the player sets S2, then S1 again (same pair, same nonce), the bet, the outcome on S1: witnessed', async () => {
  const one = pair('seed-back');
  const page = tabPage(0);
  page.tap([kenoPanel(one, 5)]);
  later(1000);
  page.tap([kenoPanel(one, 5, 'second-thought')]); // the player's S2, saved
  later(1000);
  page.tap([kenoPanel(one, 5)]); // back to S1, saved
  later(1000);
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(one, 5, PICKS), kenoPanel(one, 6)]);
  await page.settled();
  page.unload();
  await revealToWorker(one);
  expect(await verdictOf(one, 5)).toMatchObject({ status: 'verified', level: 'witnessed' });
});
