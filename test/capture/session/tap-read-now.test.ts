// @vitest-environment jsdom
// Data the page received before the player's click, while the page was busy (a click the browser
// holds back until the page's handler ends), must be stamped before the click, or an honest round
// loses `witnessed`: the tap reads a small message inside the page's own message event. And the
// page must learn nothing from the extension at the click: once the content script asked the tap
// to read at the click with a DOM event, which a page could hear and answer with a commitment it
// chose, stamped before the click. Through the real tap, capture session and store.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi, type MockInstance } from 'vitest';
import { startCapture, type CaptureSession } from '../../../src/capture/session/capture-session.js';
import { installTap, MAX_AT_ONCE_CHARS, type TapWindow } from '../../../src/capture/page-world/tap-install.js';
import { TAP_EVENT } from '../../../src/capture/page-world/tap-channel.js';
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

async function storeAndReveal(sent: CapturedClaim[][], serverSeed: string, commitment: string) {
  for (const batch of sent) await storeClaims(batch, Math.max(...batch.flatMap((claim) => Object.values(claim.observedAt))) + 1);
  await storeClaims([{ source: 'json', commitment, serverSeed, observedAt: { commitment: 9000, serverSeed: 9000 } }], 9001);
  return (await getRound(roundKey({ commitment, clientSeed: CLIENT, nonce: '5' })))!;
}

it('a big message still queued in the tap at the click is read after it: stamped after the click (a limit, not a forgery)', async () => {
  const clock = { time: 1000 };
  const page = casinoPage(clock);
  page.socket.receive(JSON.stringify({ pad: 'x'.repeat(MAX_AT_ONCE_CHARS), seedPair: { serverSeedHash: COMMITMENT, clientSeed: CLIENT, nonce: 5 } }));
  clock.time = 2000;
  page.click();
  clock.time = 3000;
  page.runTimers();
  await vi.waitFor(() => expect(page.sent.flat().some((claim) => claim.commitment !== undefined)).toBe(true));
  expect(page.sent.flat().every((claim) => Object.values(claim.observedAt).every((at) => at > 2000))).toBe(true);
});

it('the page hears nothing from the extension at the click, and what it answers to the press is stamped after it', async () => {
  const clock = { time: 1000 };
  const page = casinoPage(clock);
  page.socket.receive(panel(5)); // the honest pair, shown before the bet
  // The cheat: it listens for whatever the extension sends at a press (once a read-now event), and
  // answers, while the press is being handled, with a pair it chose: a tap event and the panel.
  const CHOSEN_SEED = 'server-seed-chosen-at-the-press';
  const chosen = computeRound(ROULETTE, CHOSEN_SEED, 'x', 1).commitment;
  const answer = () => {
    document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds: [{ commitment: chosen, clientSeed: CLIENT, nonce: '5' }] }) }));
    document.body.innerHTML = `<section><dl><dt>Server Seed Hash</dt><dd>${chosen}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>5</dd></dl></section>`;
  };
  document.addEventListener('fair-witness:read-now', answer);
  const dispatched = vi.spyOn(EventTarget.prototype, 'dispatchEvent');
  const mutations = new MutationObserver(() => undefined);
  mutations.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  clock.time = 2000;
  page.click(); // THE BET
  expect(dispatched).not.toHaveBeenCalled();
  expect(mutations.takeRecords()).toEqual([]);
  dispatched.mockRestore();
  mutations.disconnect();
  // The page's own listeners see the press next (after the extension's): it answers then, at the latest.
  if (document.body.innerHTML === '') answer();
  clock.time = 2500;
  page.socket.receive(JSON.stringify({ type: 'bet', bet: { game: 'European Roulette', serverSeedHash: chosen, clientSeed: CLIENT, nonce: 5, result: String(computeRound(ROULETTE, CHOSEN_SEED, CLIENT, 5).outcome) } }));
  clock.time = 3000;
  page.runTimers();
  session!.scanNow();
  await vi.waitFor(() => expect(page.sent.flat().some((claim) => claim.result !== undefined)).toBe(true));
  const sightings = page.sent.flat().filter((claim) => claim.commitment?.toLowerCase() === chosen && claim.result === undefined);
  expect(sightings.length).toBeGreaterThan(0);
  expect(Math.min(...sightings.map((claim) => claim.observedAt.commitment!))).toBeGreaterThan(2000);
  const record = await storeAndReveal(page.sent, CHOSEN_SEED, chosen);
  expect(record.witness).not.toBe('bound-before-bet');
});
