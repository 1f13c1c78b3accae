// @vitest-environment jsdom
// Red team 5, capture level: the outcome chosen after the bet without a second seed pair. A panel
// state "C, client seed, next nonce n" covers n and every later nonce (core/witness.ts coversNonce),
// and nothing asks that a bet's round be played at the nonce the panel named for it, nor that one
// pair's nonces be played in order (core/audit.ts sorts them: only a gap or a repeat is a finding).
// So the casino keeps one nonce in reserve: for the bet it plays nonce 0 or nonce 1 of the bound
// pair, whichever outcome suits it (it knows the server seed and, after the bet, the picks), and
// plays the other for the next bet. Both rounds verify, both are witnessed, every nonce is used
// once, and no finding is made: for every bet the casino picked the better of two outcomes.
// Fix: a panel state covers its own nonce for the round credited with the action it was alone at
// (round-tracker slots say which), and a round of a pair and client seed first seen after a round
// of the same pair and client seed at a higher nonce is not witnessed (and a finding: nonce order).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { findings } from '../../src/background/findings.js';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, revealOf, tabPage, verdictOf } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

async function play(order: [number, number]) {
  const bound = pair(`reserve-${order.join('-')}`);
  const page = tabPage(0);
  page.tap([kenoPanel(bound, 0)]); // the panel: C, next nonce 0
  later(1000);
  page.press('Place bet'); // bet 1
  later();
  page.tap([kenoOutcome(bound, order[0], PICKS), kenoPanel(bound, order[0] + 1)]); // the casino's choice between nonces 0 and 1
  later(1000);
  page.press('Place bet'); // bet 2
  later();
  page.tap([kenoOutcome(bound, order[1], PICKS), kenoPanel(bound, 2)]); // the nonce kept in reserve
  later(1000);
  page.press('Rotate seed pair');
  later();
  page.tap([revealOf(bound)]);
  await page.settled();
  page.unload();
  return { first: await verdictOf(bound, order[0]), second: await verdictOf(bound, order[1]), found: (await findings()).map((finding) => finding.kind) };
}

it('control: in order (0 then 1): both witnessed, no finding', async () => {
  const { first, second, found } = await play([0, 1]);
  expect(first).toMatchObject({ status: 'verified', level: 'witnessed' });
  expect(second).toMatchObject({ status: 'verified', level: 'witnessed' });
  expect(found).toEqual([]);
});

it('closed: the bet played at nonce 1 (the panel said 0), the next bet at nonce 0: not both witnessed without a finding', async () => {
  const { first, second, found } = await play([1, 0]);
  expect(first?.status).toBe('verified');
  expect(second?.status).toBe('verified');
  expect(first?.level === 'witnessed' && second?.level === 'witnessed' && found.length === 0).toBe(false);
});
