// @vitest-environment jsdom
// Red team 8, honest flow, capture level: two casino tabs on one seed pair (Cloudbet keeps one per
// game; two keno tabs share it). The player bets in tab B at nonce 9, then in tab A, whose panel
// still names an older nonce, at nonce 10. Tab B's claims reach the worker a moment late (its send
// failed once, the worker was restarting, and its outbox backed off; or it is simply slower), so
// tab A's round 10 is stored and judged first: the round at nonce 9 is not there yet, so it is
// `nonce-skipped`. When B's round 9 arrives, nothing judges round 10 again, and its reveal judges
// it again only to take trust away (apply-claim.ts / witness-evidence.ts: previousNonceAt read at
// the first judgement; the reveal's judgement keeps `history`): round 10 stays `history` for good,
// although every nonce was played and seen before its outcome.
// Suggested fix: when a round is stored, judge again the round of the same pair and client seed at
// the next nonce if it is `nonce-skipped` (its previousNonceAt is now known: the round at nonce − 1
// was seen before its outcome, by its own observedAt), and let that judgement lift
// `nonce-skipped` (only that reason) to what the rule says now.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { handleMessage } from '../../src/background/router.js';
import { DATABASE_NAME } from '../../src/background/store.js';
import { TAP_EVENT } from '../../src/capture/page-world/tap-channel.js';
import { startCapture } from '../../src/capture/session/capture-session.js';
import { claimSender } from '../../src/capture/session/worker-send.js';
import { casinoTab, senderOf, tabDocument } from './red4-tabs.js';
import { clock, kenoOutcome, kenoPanel, later, pair, revealToWorker, verdictOf } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

/** Tab B: a capture session whose sends wait for `open()` (its worker messages held back a moment). */
function heldTab(tab: number, doc: Document) {
  let release!: () => void;
  let gate = new Promise<void>((resolve) => (release = resolve));
  let holding = false;
  const win = doc.defaultView!;
  const addListener = vi.spyOn(win, 'addEventListener');
  const replies: Promise<unknown>[] = [];
  const session = startCapture({
    document: doc,
    send: claimSender(async (message) => {
      if (holding) await gate;
      return handleMessage(message, senderOf(tab));
    }),
    reportAction: (at, slots) => void replies.push(handleMessage({ type: 'action', at, slots }, senderOf(tab))),
    now: () => clock.time,
    scheduler: { minIntervalMs: 0, whenIdle: (callback: () => void) => callback() },
    outbox: { baseDelayMs: 1 },
  });
  const onPointerDown = addListener.mock.calls.filter(([name, , capture]) => name === 'pointerdown' && capture === true).at(-1)![1] as (event: unknown) => void;
  addListener.mockRestore();
  return {
    tap: (rounds: object[]) => void doc.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds }) })),
    press: (text: string) => {
      const button = doc.createElement('button');
      button.textContent = text;
      onPointerDown({ isTrusted: true, type: 'pointerdown', composedPath: () => [button] });
    },
    hold: () => {
      holding = true;
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    open: () => {
      holding = false;
      release();
    },
    settled: async () => {
      await vi.waitFor(() => expect(session.outbox.pending).toBe(0), { timeout: 3000, interval: 2 });
      await Promise.all(replies);
    },
    unload: () => session.stop(),
  };
}

async function play(late: boolean) {
  const c = pair(`late-previous-${late}`);
  const a = casinoTab(41, tabDocument());
  const b = heldTab(42, tabDocument());
  a.tap([kenoPanel(c, 8)]);
  b.tap([kenoPanel(c, 8)]);
  await Promise.all([a.settled(), b.settled()]);
  later(1000);
  b.press('Place bet');
  later();
  b.tap([kenoOutcome(c, 8, PICKS), kenoPanel(c, 9)]);
  await b.settled();
  later(1000);
  if (late) b.hold();
  b.press('Place bet');
  later();
  b.tap([kenoOutcome(c, 9, PICKS), kenoPanel(c, 10)]); // B's claims held back a moment
  later(1000);
  a.press('Place bet'); // tab A still names nonce 8; the casino serves nonce 10
  later();
  a.tap([kenoOutcome(c, 10, PICKS), kenoPanel(c, 11)]);
  await a.settled();
  b.open();
  await b.settled();
  a.unload();
  b.unload();
  await revealToWorker(c);
  return verdictOf(c, 10);
}

it('control: tab B\'s round 9 delivered in time: round 10 witnessed', async () => {
  expect(await play(false)).toMatchObject({ status: 'verified', level: 'witnessed' });
});

it('honest, closed: tab B\'s round 9 (seen before round 10\'s outcome) delivered a moment after tab A\'s round 10: round 10 must be witnessed once it is there', async () => {
  const verdict = await play(true);
  expect(verdict?.levelReason).not.toBe('nonce-skipped'); // today: nonce-skipped
  expect(verdict).toMatchObject({ status: 'verified', level: 'witnessed' });
});
