// @vitest-environment jsdom
// Red team 6, capture level: ending-outcomes.ts (commit 1153e44) decides whether an outcome ends the
// bet's slot from the round AS STORED when the message arrives (keptAsOutcome reads the store,
// merges the message's own earlier claims, and answers), but the store is written later in the same
// message's handling (router.ts acceptClaims: keptAsOutcome, creditOutcomes, budgets, writeClaims),
// and the worker handles the messages of several frames (or tabs) at once. So red team 5's relabel
// comes back as a race: the casino's invisible frame sends C1|5 as a roulette round (its true spin:
// it verifies), and in the same moment the game frame shows C1|5 as keno with a made-up draw (never
// rendered). Both messages read a store without the round: each is "its round's own outcome". The
// keno one ends the keno bet's slot (content and worker); the roulette message is written first, so
// the stored round is roulette and the made-up keno draw is dropped (no whole roulette outcome:
// merge.ts mergeResult), never checked. C1's true seed, C2, the next click, the outcome on C2:
// witnessed. (The frame's message is sent here as its capture would send it, straight to the router,
// so that it is on its way when the game frame's comes: with fake-indexeddb the window is one turn.)
// Fix: decide `ends` inside the store's write transaction (writeClaims answers, per claim, whether
// its round kept it as its outcome, and the actions are ended after the write), or run acceptClaims
// one message at a time from keptAsOutcome to writeClaims.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { handleMessage } from '../../src/background/router.js';
import { DATABASE_NAME } from '../../src/background/store.js';
import { clock, kenoOutcome, kenoPanel, later, pair, recordOf, revealOf, revealToWorker, sender, spin, tabPage, verdictOf, CS } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];
const MADE_UP_DRAW = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];

async function play(name: string, together: boolean) {
  const [bound, chosen] = [pair(`race-bound-${name}`), pair(`race-chosen-${name}`)];
  const game = tabPage(0);
  game.tap([kenoPanel(bound, 5)]);
  later(1000);
  game.press('Place bet'); // THE BET, keno, nonce 5, on C1
  later();
  const at = clock.time;
  // The casino's invisible frame (frame 1 of the tab): C1|5 as a roulette round, its true spin.
  const roulette = { source: 'json', game: 'European Roulette', commitment: bound.commitment, clientSeed: CS, nonce: '5', result: spin(bound, 5), observedAt: { game: at, commitment: at, clientSeed: at, nonce: at, result: at } };
  const sent = handleMessage({ type: 'claims', claims: [roulette] }, sender(1));
  if (!together) await sent;
  later(1);
  game.tap([{ ...kenoPanel(bound, 5), result: MADE_UP_DRAW, picks: PICKS }]); // never rendered: "the keno outcome of C1|5"
  await sent;
  await game.settled();
  later();
  game.tap([revealOf(bound), kenoPanel(chosen, 6)]); // C1's true seed: looks like the player's rotation
  later(1000);
  game.press('Continue'); // the player's next click
  later();
  game.tap([kenoOutcome(chosen, 6, PICKS)]); // the bet's outcome, on a pair chosen after it
  await game.settled();
  game.unload();
  await revealToWorker(chosen);
  return { verdict: await verdictOf(chosen, 6), fake: await recordOf(bound, 5) };
}

it('control: the frame\'s message stored before the game frame\'s (red team 5, closed): not witnessed, or the made-up draw caught', async () => {
  const { verdict, fake } = await play('control', false);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level === 'witnessed' && fake?.verdict.status !== 'mismatch').toBe(false);
});

it('closed: the roulette claim (invisible frame) and the made-up keno claim (game frame) on their way at once: not witnessed, or the made-up draw caught', async () => {
  const { verdict, fake } = await play('race', true);
  expect(verdict?.status).toBe('verified');
  expect(fake?.gameId).toBe('roulette-european');
  expect(verdict?.level === 'witnessed' && fake?.verdict.status !== 'mismatch').toBe(false);
});
