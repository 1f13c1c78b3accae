// @vitest-environment jsdom
// A page can stay `loading` as long as it likes (an HTML stream that never ends, document.open()
// left open). A press then may be the bet: it must count, or the page shows a pair it chose after
// the bet, finishes loading, waits for another click and gets `witnessed`. And a reopened document
// (document.open() drops every listener of ours, the DOMContentLoaded one too; the observer stays,
// measured in Chromium and Firefox) must still be read once it is closed. Through the real capture
// session and store.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi, type MockInstance } from 'vitest';
import { startCapture, type CaptureSession } from '../../../src/capture/session/capture-session.js';
import { TAP_EVENT } from '../../../src/capture/page-world/tap-channel.js';
import { roundKey } from '../../../src/background/round-key.js';
import { DATABASE_NAME, getRound, storeClaims } from '../../../src/background/store.js';
import { computeRound, gameById } from '../../../src/core/index.js';
import type { CapturedClaim } from '../../../src/shared/records.js';

const ROULETTE = gameById('roulette-european')!;
const CLIENT = 'player-seed';

let session: CaptureSession | undefined;
let addListener: MockInstance<Window['addEventListener']> | undefined;
let readyState: DocumentReadyState = 'complete';
Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState });
afterEach(async () => {
  session?.stop();
  session = undefined;
  addListener?.mockRestore();
  readyState = 'complete';
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

/** The page's mutation records reach the session's observer (a microtask in jsdom). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The session on this document, its timers run only when the test says; `clock.time` is its clock. */
function casinoPage(clock: { time: number }) {
  const timers: { at: number; callback: () => void }[] = [];
  const runTimers = (until: number) => {
    for (let due = timers.filter((timer) => timer.at <= until); due.length > 0; due = timers.filter((timer) => timer.at <= until)) {
      for (const timer of due) timers.splice(timers.indexOf(timer), 1);
      for (const timer of due) timer.callback();
    }
  };
  addListener = vi.spyOn(window, 'addEventListener');
  const sent: CapturedClaim[][] = [];
  const setTimer = (callback: () => void, ms: number): void => void timers.push({ at: clock.time + ms, callback });
  session = startCapture({
    document,
    send: async (claims) => void sent.push(claims),
    now: () => clock.time,
    scheduler: { minIntervalMs: 10, setTimer, now: () => clock.time, whenIdle: (callback) => callback() },
    nextSlice: (callback) => setTimer(callback, 0),
    outbox: { baseDelayMs: 10, setTimer },
  });
  const pointerdown = addListener.mock.calls.find(([name, , capture]) => name === 'pointerdown' && capture === true)![1] as unknown as (e: { isTrusted: boolean; type: string }) => void;
  return { sent, runTimers, click: () => pointerdown({ isTrusted: true, type: 'pointerdown' }) };
}

const tap = (round: Record<string, string>) => document.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds: [round] }) }));

it('a press while the document is still loading counts: a pair shown after it, then a click, then the outcome is not witnessed', async () => {
  readyState = 'loading';
  const clock = { time: 1000 };
  const page = casinoPage(clock);
  clock.time = 2000;
  page.click(); // THE BET, while the page keeps loading
  // The casino picks a seed knowing the bet, finishes loading, shows the pair, waits for any click.
  const SEED = 'server-seed-chosen-after-the-bet';
  const chosen = computeRound(ROULETTE, SEED, 'x', 1).commitment;
  readyState = 'complete';
  document.dispatchEvent(new Event('DOMContentLoaded'));
  clock.time = 3000;
  tap({ commitment: chosen, clientSeed: CLIENT, nonce: '5' });
  clock.time = 4000;
  page.click();
  clock.time = 5000;
  tap({ game: 'European Roulette', commitment: chosen, clientSeed: CLIENT, nonce: '5', result: String(computeRound(ROULETTE, SEED, CLIENT, 5).outcome) });
  page.runTimers(6000);
  await vi.waitFor(() => expect(page.sent.flat().some((claim) => claim.result !== undefined)).toBe(true), { interval: 5 });
  const played = page.sent.flat().find((claim) => claim.result !== undefined)!;
  expect(Math.floor(played.actedAt!)).toBe(2000);

  for (const batch of page.sent) await storeClaims(batch, Math.max(...batch.flatMap((claim) => Object.values(claim.observedAt))) + 1);
  await storeClaims([{ source: 'json', commitment: chosen, serverSeed: SEED, observedAt: { commitment: 9000, serverSeed: 9000 } }], 9001);
  const record = (await getRound(roundKey({ commitment: chosen, clientSeed: CLIENT, nonce: '5' })))!;
  expect(record.verdict.status).toBe('verified');
  expect(record.witness).toBe('commitment-after-action');
});

it('reads a reopened document once it is closed, though no DOMContentLoaded reaches the session and nothing changes after', async () => {
  const clock = { time: 1000 };
  const page = casinoPage(clock);
  page.runTimers(1000);
  // document.open(): loading again, its content written; our listeners gone (the observer stays).
  readyState = 'loading';
  const SEED = 'server-seed-shown-in-the-written-page';
  const commitment = computeRound(ROULETTE, SEED, 'x', 1).commitment;
  document.body.innerHTML = `<section><dl><dt>Server Seed Hash</dt><dd>${commitment}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>5</dd></dl></section>`;
  await settle();
  clock.time = 1500;
  page.runTimers(1500);
  expect(page.sent.flat()).toEqual([]); // not read while loading (it could be half parsed)
  readyState = 'complete'; // document.close(): no event of ours, no change after it
  for (let time = 2000; time <= 8000; time += 500) {
    clock.time = time;
    page.runTimers(time);
    await settle();
  }
  await vi.waitFor(() => expect(page.sent.flat().some((claim) => claim.commitment === commitment)).toBe(true), { interval: 5 });
});
