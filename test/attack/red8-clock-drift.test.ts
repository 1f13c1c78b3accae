// @vitest-environment jsdom
// Red team 8, capture level: the strict clock runs ahead of real time under a flood of readings,
// and documents are compared by the millisecond. capture/session/clock.ts: a tie moves a document's
// clock on by 1/1024 ms, with no bound, and every data-message event is a reading
// (capture-session.ts onTap → offerSteps → clock(), also for an event that carries nothing: the
// page can dispatch TAP_EVENT itself, tap-channel.ts, at no budget cost: no claim is made). So a
// page that makes more than 1 024 readings per millisecond of Date.now() — a tight loop of empty
// `fair-witness:json` events, or far fewer where Date.now() is coarse (Firefox resistFingerprinting
// and privacy browsers: 100 ms steps, i.e. about 11 events per real ms) — pushes the game
// document's clock milliseconds ahead of every other document's. Then:
//  1. the game document (the top page here) shows the bound pair C1, next nonce 5, and floods;
//  2. the player bets: the action is stamped ahead of real time (witness.ts surelyBefore compares
//     whole milliseconds across documents);
//  3. AFTER the bet, an about:blank frame of the page (its own content script, its own honest clock)
//     shows C2, a pair chosen knowing the bet: stamped before the action's millisecond;
//  4. the frame shows the outcome on C2 once real time has passed the drifted stamp: credited with
//     the bet (tab-actions.ts creditOutcomes), C2 "seen" before it, C1 before C2's window: witnessed.
// Feasibility: in a browser with whole-ms Date.now() the page needs a sustained rate above 1 024
// readings per ms (under ~1 µs per event dispatch + the content script's handling) during the
// moments before the bet (it sees the pointer over the bet button): borderline on a fast machine;
// with a coarse Date.now() (resistFingerprinting: 100 ms) about a dozen per ms suffice.
// Closed: the strict clock ties past 1 023 readings in one millisecond (clock.ts), and the worker
// keeps an action no later than its own clock (router.ts). Suggested: never let a document's stamps run ahead of its real clock across documents: stamp each
// reading with the raw Date.now() ms (for cross-document order) plus a per-document sequence (for
// order within it), and compare documents by the raw ms; or bound the tie step (e.g. 2^-30 ms,
// and when a tie would reach the next ms, stop advancing the ms part and count in a separate
// sequence field); and treat a document whose reading rate is absurd as flooding. (Capping the
// action's `at` at the worker's clock, as claims' times are, narrows it to the message latency but
// does not close it: the frame's post-bet state can still land before the capped stamp.)
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { TAP_EVENT } from '../../src/capture/page-world/tap-channel.js';
import { kenoOutcome, kenoPanel, later, pair, revealToWorker, tabPage, verdictOf } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

async function play(flood: number) {
  const [bound, chosen] = [pair(`drift-bound-${flood}`), pair(`drift-chosen-${flood}`)];
  const game = tabPage(0, document);
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  const frame = tabPage(1, iframe.contentDocument!);
  game.tap([kenoPanel(bound, 5)]); // the visible panel: C1, next nonce 5
  later(1000);
  // Readings within one millisecond of Date.now(): empty data messages the page dispatches itself.
  for (let i = 0; i < flood; i++) document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: 0 }));
  game.press('Place bet'); // THE BET, stamped ~flood/1024 ms ahead of real time
  later(1); // 1 ms of real time after the bet
  frame.tap([kenoPanel(chosen, 5)]); // C2, chosen after the bet, in the about:blank frame
  later(4);
  // The bet's outcome on C2, in the frame too (real time, past the drifted stamp of the bet: the
  // worker caps a claim's times at its own clock, so none of the evidence rests on a drifted stamp
  // but the action's, which is kept as sent: tab-actions.ts noteAction).
  frame.tap([kenoOutcome(chosen, 5, PICKS)]);
  await Promise.all([game.settled(), frame.settled()]);
  frame.unload();
  game.unload();
  await revealToWorker(chosen);
  return verdictOf(chosen, 5);
}

it('guard: no flood: C2 shown after the bet is commitment-after-action', async () => {
  expect(await play(0)).toMatchObject({ status: 'verified', level: 'history' });
});

it('closed: 4 000 empty data-message events in one millisecond before the bet: C2 shown after the bet in another frame must not be witnessed', async () => {
  const verdict = await play(4000);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});
