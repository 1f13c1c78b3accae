// @vitest-environment jsdom
// Data the page received before the player's click but the page-world tap still held (it reads on a
// timer, and a busy page's click can come first) must be stamped before the click, or an honest
// round loses `witnessed`. The content script asks the tap to read at once inside the click; a page
// answering that with its own events can only send what it has before the click. Through the real
// tap, capture session and store.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi, type MockInstance } from 'vitest';
import { startCapture, type CaptureSession } from '../../../src/capture/session/capture-session.js';
import { installTap, type TapWindow } from '../../../src/capture/page-world/tap-install.js';
import { TAP_READ_NOW_EVENT } from '../../../src/capture/page-world/tap-channel.js';
import { roundKey } from '../../../src/background/round-key.js';
import { DATABASE_NAME, getRound, storeClaims } from '../../../src/background/store.js';
import { computeRound, gameById } from '../../../src/core/index.js';
import type { CapturedClaim } from '../../../src/shared/records.js';

const ROULETTE = gameById('roulette-european')!;
const SERVER_SEED = 'server-seed-honest';
const COMMITMENT = computeRound(ROULETTE, SERVER_SEED, 'x', 1).commitment;
const CLIENT = 'player-seed';

let session: CaptureSession | undefined;
let addListener: MockInstance<Window['addEventListener']> | undefined;
afterEach(async () => {
  session?.stop();
  addListener?.mockRestore();
  vi.restoreAllMocks();
  await deleteDB(DATABASE_NAME);
});

/** A WebSocket stand-in: the server's message is dispatched to listeners as the browser does. */
class FakeSocket extends EventTarget {
  receive(data: string): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

/**
 * The tap (its timers held until `runTimers`, as a busy page's are) and the capture session on this
 * document; `time` is the clock of both. Returns the page's socket and the click.
 */
function casinoPage(clock: { time: number }) {
  vi.spyOn(Date, 'now').mockImplementation(() => clock.time);
  const timers: (() => void)[] = [];
  const win: TapWindow = { document, CustomEvent, setTimeout: (callback) => timers.push(callback), TextDecoder, WebSocket: FakeSocket as unknown as typeof WebSocket };
  const stats = installTap(win);
  addListener = vi.spyOn(window, 'addEventListener');
  const sent: CapturedClaim[][] = [];
  session = startCapture({
    document,
    send: async (claims) => void sent.push(claims),
    now: () => clock.time,
    scheduler: { minIntervalMs: 10, whenIdle: (callback) => callback() },
    outbox: { baseDelayMs: 10 },
  });
  const pointerdown = addListener.mock.calls.find(([name, , capture]) => name === 'pointerdown' && capture === true)![1] as unknown as (e: { isTrusted: boolean; type: string }) => void;
  const socket = new win.WebSocket!('wss://casino') as unknown as FakeSocket;
  const runTimers = () => {
    while (timers.length > 0) timers.shift()!();
  };
  return { socket, stats, sent, runTimers, click: () => pointerdown({ isTrusted: true, type: 'pointerdown' }) };
}

const panel = (nonce: number) => JSON.stringify({ type: 'state', seedPair: { serverSeedHash: COMMITMENT, clientSeed: CLIENT, nonce } });
const outcome = (nonce: number) =>
  JSON.stringify({ type: 'bet', bet: { game: 'European Roulette', serverSeedHash: COMMITMENT, clientSeed: CLIENT, nonce, result: String(computeRound(ROULETTE, SERVER_SEED, CLIENT, nonce).outcome) } });

it('a commitment received before the click, still queued in the tap, is stamped before the click: the honest round is witnessed', async () => {
  const clock = { time: 1000 };
  const page = casinoPage(clock);
  page.socket.receive(panel(5)); // the panel state arrives; the page is busy, the tap's timer has not run
  clock.time = 2000;
  page.click(); // THE BET
  clock.time = 3000;
  page.runTimers();
  page.socket.receive(outcome(5));
  clock.time = 3500;
  page.runTimers();
  await vi.waitFor(() => expect(page.sent.flat().some((claim) => claim.result !== undefined)).toBe(true));
  const claims = page.sent.flat();
  const played = claims.find((claim) => claim.result !== undefined)!;
  const shown = claims.find((claim) => claim.commitment !== undefined && claim.result === undefined)!;
  expect(shown.observedAt.commitment).toBeLessThan(played.actedAt!);
  expect(Math.floor(played.actedAt!)).toBe(2000);

  for (const batch of page.sent) await storeClaims(batch, Math.max(...batch.flatMap((claim) => Object.values(claim.observedAt))) + 1);
  await storeClaims([{ source: 'json', commitment: COMMITMENT, serverSeed: SERVER_SEED, observedAt: { commitment: 9000, serverSeed: 9000 } }], 9001);
  const record = (await getRound(roundKey({ commitment: COMMITMENT, clientSeed: CLIENT, nonce: '5' })))!;
  expect(record.verdict.status).toBe('verified');
  expect(record.witness).toBe('bound-before-bet');
});

it('a message received after the click is stamped after it, whatever the page answers to the tap\'s read-now', async () => {
  const clock = { time: 1000 };
  const page = casinoPage(clock);
  // The page answers the content script's request with a tap event of its own: only what it has now.
  let answered = 0;
  document.addEventListener(TAP_READ_NOW_EVENT, () => answered++);
  clock.time = 2000;
  page.click();
  expect(answered).toBe(1);
  clock.time = 2500;
  page.socket.receive(panel(5)); // a pair first sent after the bet
  page.socket.receive(outcome(5));
  clock.time = 3000;
  page.runTimers();
  await vi.waitFor(() => expect(page.sent.flat().some((claim) => claim.result !== undefined)).toBe(true));
  const shown = page.sent.flat().find((claim) => claim.commitment !== undefined && claim.result === undefined)!;
  expect(shown.observedAt.commitment).toBeGreaterThan(2000);
  expect(page.sent.flat().every((claim) => Object.values(claim.observedAt).every((at) => at > 2000))).toBe(true);
});
