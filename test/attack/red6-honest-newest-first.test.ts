// @vitest-environment jsdom
// Red team 6, honest flow (auto-bet), `history` for an honest casino: commit f9a8230 witnesses a round
// at a later nonce than the panel named only when the round at the nonce before "came first"
// (previousNonceAt, maybeBefore: the same millisecond counts). But the store reads previousNonceAt
// while it works through the batch's rounds in the batch's order (store.ts mergeBatch, witness-
// evidence.ts witnessOf reads view.rounds), so when one reading holds two rounds newest first (a
// "my bets" list, a data message of the latest rounds: the usual order), the newer one is judged
// before the older one is in the store: `nonce-skipped`. And a round judged `history` is never judged
// up again at its reveal (apply-claim.ts: only a new outcome replaces a history judgement).
// Fix: judge a batch's rounds of one pair in nonce order (or, after the batch, judge again the rounds
// at nonce + 1 of each round it added whose judgement was nonce-skipped, as a new outcome).
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
  const bound = pair(`newest-first-${name}`);
  const page = tabPage(0);
  page.tap([kenoPanel(bound, 0)]);
  later(1000);
  page.press('Start auto-bet'); // one action, many rounds
  later();
  const two = [kenoOutcome(bound, 0, PICKS), kenoOutcome(bound, 1, PICKS)];
  page.tap([...(newestFirst ? two.reverse() : two), kenoPanel(bound, 2)]); // two rounds in one reading
  later();
  page.tap([kenoOutcome(bound, 2, PICKS), kenoPanel(bound, 3)]);
  later(1000);
  page.press('Rotate seed pair');
  later();
  page.tap([revealOf(bound)]);
  await page.settled();
  page.unload();
  return { levels: await Promise.all([0, 1, 2].map(async (nonce) => (await verdictOf(bound, nonce))?.level)), witness: (await recordOf(bound, 1))?.witness };
}

it('control: two auto-bet rounds in one reading, oldest first: all three witnessed', async () => {
  const { levels } = await autoBet('control', false);
  expect(levels).toEqual(['witnessed', 'witnessed', 'witnessed']);
});

it('closed (regression): two auto-bet rounds in one reading, newest first: all three witnessed', async () => {
  const { levels, witness } = await autoBet('reversed', true);
  expect(witness).toBe('bound-before-bet');
  expect(levels).toEqual(['witnessed', 'witnessed', 'witnessed']);
});
