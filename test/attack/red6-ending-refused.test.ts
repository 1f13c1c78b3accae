// @vitest-environment jsdom
// Red team 6, capture level: the worker ends the bet's slot with an outcome (router.ts acceptClaims:
// keptAsOutcome, then creditOutcomes, which writes the tab's actions) BEFORE it asks the tab's budget
// whether the claim is taken at all. A claim refused for the budget is not stored: the page keeps it
// to send again (outbox.ts), and a page that reloads, or floods past MAX_DEFERRED, never does. So
// a casino that has used up its tab's budget of new rounds (a flood before the bet, then calm)
// shows, after the bet, C1|5 as keno with a made-up draw: it ends the keno bet's slot (content and
// worker), is refused, and the page reloads at once (its queue is gone). Its budget back, the new
// page shows C2 at nonce 0 (no state of C1 covers it: the flood's refusal is before every piece of
// its evidence), the next click, the outcome on C2: witnessed, and the made-up draw never reaches the
// store, so no reveal ever checks it.
// (The flood is stood in for by spending the tab's round budget in the worker's limiter directly,
// and its refilling by giving it back; the fake clock runs a few seconds behind the real one so that
// the refusal falls between the bet and the new pair, as it would.)
// Fix: end slots only with outcomes the store took: decide `ends` after writeClaims, from the claims
// it stored (the same fix as red6-ending-race).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { claimRateLimiter } from '../../src/background/router.js';
import { DATABASE_NAME } from '../../src/background/store.js';
import { clock, kenoOutcome, kenoPanel, later, pair, recordOf, revealOf, revealToWorker, tabPage, verdictOf, TAB } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];
const MADE_UP_DRAW = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
const FLOOD = 100_000;

async function play(name: string, flooded: boolean) {
  // The fake clock a second behind the real one (the worker caps every time at its own Date.now()),
  // so that the refusal (noted at the real time) falls between the bet and the new pair.
  clock.time = Date.now() - 1_000;
  const [bound, chosen] = [pair(`refused-bound-${name}`), pair(`refused-chosen-${name}`)];
  const game = tabPage(0);
  game.tap([kenoPanel(bound, 5)]);
  later(300);
  game.press('Place bet'); // THE BET, keno, nonce 5, on C1
  await game.settled();
  later(50);
  if (flooded) claimRateLimiter.refund(TAB, 0, 0, -FLOOD, 0); // the tab's new-round budget used up
  game.tap([{ ...kenoPanel(bound, 5), result: MADE_UP_DRAW, picks: PICKS }]); // never rendered: "the keno outcome of C1|5"
  await new Promise((resolve) => setTimeout(resolve, 100));
  game.unload(); // the page reloads: what it kept to send again is gone
  if (flooded) claimRateLimiter.refund(TAB, 0, 0, FLOOD, 0); // the budget back
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // a moment of calm
  later(1_200);
  const frame = document.createElement('iframe'); // the reloaded page's document
  document.body.append(frame);
  const page = tabPage(0, frame.contentDocument!);
  page.tap([revealOf(bound), kenoPanel(chosen, 0)]); // C1's true seed: looks like the player's rotation
  later(300);
  page.press('Continue'); // the player's next click
  later(100);
  page.tap([kenoOutcome(chosen, 0, PICKS)]); // the bet's outcome, on a pair chosen after it
  await page.settled();
  page.unload();
  clock.time = Date.now() - 1;
  await revealToWorker(chosen);
  return { verdict: await verdictOf(chosen, 0), fake: await recordOf(bound, 5), record: await recordOf(chosen, 0) };
}

it('control: no flood: the made-up draw is stored and caught (mismatch) at C1\'s reveal', async () => {
  const { fake } = await play('control', false);
  expect(fake?.verdict.status).toBe('mismatch');
});

it('closed: the made-up keno claim refused for the budget ends the bet all the same, and never reaches the store: not witnessed, or the made-up draw caught', async () => {
  const { verdict, fake } = await play('flood', true);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level === 'witnessed' && fake?.verdict.status !== 'mismatch').toBe(false);
});
