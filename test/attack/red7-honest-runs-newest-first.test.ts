// @vitest-environment jsdom
// Red team 7, honest flow (auto-bet), `history` for an honest casino: router.ts acceptClaims now
// splits a batch into runs, each ending with an outcome that would end an open action
// (tab-actions.ts wouldEndActions), and stores each run on its own. store.ts inNonceOrder puts a
// batch's rounds of one pair in nonce order, but only within what it is given: one run. The player
// starts an auto-bet (panel at nonce 0), and clicks again (Stop, or anywhere) while the panel shows
// nonce 2: that click adds the slot C|2 to the round (round-tracker.ts act: the only live state).
// Then one reading lists the rounds newest first: 2, 1, 0. Rounds 2 and 0 would each end the action,
// so the runs are [2] and [1, 0]: round 2 is stored and judged before round 1 is in the store, and is
// `history` (nonce skipped), never judged up again at its reveal.
// Fix: order the batch's round claims by nonce per pair before splitting into runs (or split only
// where the crediting of a later claim could change, or judge again at nonce + 1 after each run).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, recordOf, revealOf, tabPage, verdictOf } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

async function autoBet(name: string, newestFirst: boolean) {
  const bound = pair(`runs-newest-first-${name}`);
  const page = tabPage(0);
  page.tap([kenoPanel(bound, 0)]);
  later(1000);
  page.press('Start auto-bet'); // one action, many rounds
  later();
  page.tap([kenoPanel(bound, 2)]); // the panel goes on (the bets list lags behind)
  later(300);
  page.press('Stop auto-bet'); // the player's click while the panel shows nonce 2
  await page.settled();
  later();
  const three = [kenoOutcome(bound, 0, PICKS), kenoOutcome(bound, 1, PICKS), kenoOutcome(bound, 2, PICKS)];
  page.tap([...(newestFirst ? three.reverse() : three), kenoPanel(bound, 3)]); // the three rounds in one reading
  later(1000);
  page.press('Rotate seed pair');
  later();
  page.tap([revealOf(bound)]);
  await page.settled();
  page.unload();
  return { levels: await Promise.all([0, 1, 2].map(async (nonce) => (await verdictOf(bound, nonce))?.level)), reasons: await Promise.all([0, 1, 2].map(async (nonce) => (await recordOf(bound, nonce))?.witness)) };
}

it('control: the three auto-bet rounds in one reading, oldest first: all witnessed', async () => {
  const { levels } = await autoBet('control', false);
  expect(levels).toEqual(['witnessed', 'witnessed', 'witnessed']);
});

it('closed (honest regression): the same rounds newest first, after a click while the panel showed nonce 2: all witnessed', async () => {
  const { levels } = await autoBet('reversed', true);
  expect(levels).toEqual(['witnessed', 'witnessed', 'witnessed']);
});
