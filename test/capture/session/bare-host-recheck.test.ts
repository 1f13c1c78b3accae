// @vitest-environment jsdom
// A custom element defined late attaches its shadow root with no change an observer sees. While
// such bare hosts wait, the session scans again every 2 s, at most 30 times after the page last
// changed. Driven here by the session's injected timers, on a clock of the test's own.
import { afterEach, describe, expect, it } from 'vitest';
import { startCapture, type CaptureSession } from '../../../src/capture/session/capture-session.js';
import type { CapturedClaim } from '../../../src/shared/records.js';
import { CLIENT, SEED } from '../dom.js';

const round = (nonce: number, result: string) =>
  `<dl><dt>Server Seed</dt><dd>${SEED}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Nonce</dt><dd>${nonce}</dd><dt>Result</dt><dd>${result}</dd></dl>`;

let session: CaptureSession | undefined;
afterEach(() => {
  session?.stop();
  session = undefined;
  document.body.replaceChildren();
});

/** Timers that run only when the test moves its clock on, each at the time it is due. */
function manualTimers() {
  let now = 0;
  let queued: { at: number; ms: number; callback: () => void }[] = [];
  /** When each timer set for `ms` ran. */
  const ran = new Map<number, number[]>();
  const setTimer = (callback: () => void, ms: number): void => void queued.push({ at: now + ms, ms, callback });
  /** Runs, in order, every timer due within the next `ms` (those they set too). */
  const advance = (ms: number): void => {
    const end = now + ms;
    for (;;) {
      const next = queued.reduce<(typeof queued)[number] | undefined>((first, timer) => (first && first.at <= timer.at ? first : timer), undefined);
      if (!next || next.at > end) break;
      queued = queued.filter((timer) => timer !== next);
      now = next.at;
      ran.set(next.ms, [...(ran.get(next.ms) ?? []), now]);
      next.callback();
    }
    now = end;
  };
  return { setTimer, advance, now: () => now, ran: (ms: number) => ran.get(ms) ?? [], waiting: (ms: number) => queued.filter((timer) => timer.ms === ms).length };
}

const RECHECK_MS = 2000;
/** Every 2 s from `from`, `count` times. */
const every2s = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index * RECHECK_MS);

/** The page's mutation records reach the session's observer (a microtask in jsdom). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(markup: string) {
  document.body.innerHTML = markup;
  const timers = manualTimers();
  const sent: CapturedClaim[] = [];
  session = startCapture({
    document,
    send: async (claims) => void sent.push(...claims),
    now: () => 5000,
    scheduler: { setTimer: timers.setTimer, now: timers.now, whenIdle: (callback) => callback() },
    nextSlice: (callback) => timers.setTimer(callback, 0), // a long first scan's next slice
    outbox: { setTimer: timers.setTimer },
  });
  return { timers, sent, session };
}

const BARE = `<main><h2>Roulette</h2><section>${round(1, '17')}</section><x-late-round></x-late-round></main>`;

describe('the late custom element recheck', () => {
  it('scans again every 2 s while a host is bare, 30 times after the page last changed, then waits for a change', () => {
    const { timers, session } = start(BARE);
    timers.advance(0);
    expect(session.stats.scans).toBe(1); // the first scan
    timers.advance(RECHECK_MS - 1);
    expect(timers.ran(RECHECK_MS)).toEqual([]);
    expect(session.stats.scans).toBe(1);
    timers.advance(1);
    expect(timers.ran(RECHECK_MS)).toEqual([RECHECK_MS]);
    expect(session.stats.scans).toBe(2);
    timers.advance(100 * RECHECK_MS);
    // The 31st finds its 30 used up: it scans no more and sets no timer.
    expect(timers.ran(RECHECK_MS)).toEqual(every2s(RECHECK_MS, 31));
    expect(session.stats.scans).toBe(1 + 30);
    expect(timers.waiting(RECHECK_MS)).toBe(0);
  });

  it('counts its 30 afresh from the page\'s latest change, and starts again after running out', async () => {
    const { timers, session } = start(BARE);
    timers.advance(20 * RECHECK_MS + 500); // 20 rechecks so far
    expect(session.stats.scans).toBe(1 + 20);
    document.body.append(document.createElement('p')); // an unrelated change
    await settle();
    timers.advance(0);
    expect(session.stats.scans).toBe(1 + 20 + 1);
    expect(timers.waiting(RECHECK_MS)).toBe(1); // the recheck already waiting goes on, not a second one beside it
    timers.advance(100 * RECHECK_MS);
    expect(session.stats.scans).toBe(1 + 20 + 1 + 30);
    expect(timers.ran(RECHECK_MS)).toEqual(every2s(RECHECK_MS, 20 + 31));

    // Run out, a change starts them again: 2 s after it.
    const changedAt = timers.now();
    document.body.append(document.createElement('p'));
    await settle();
    timers.advance(100 * RECHECK_MS);
    expect(session.stats.scans).toBe(1 + 20 + 1 + 30 + 1 + 30);
    expect(timers.ran(RECHECK_MS).slice(20 + 31)).toEqual(every2s(changedAt + RECHECK_MS, 31));
  });

  it('stops with the session', () => {
    const { timers, session } = start(BARE);
    timers.advance(3 * RECHECK_MS);
    expect(session.stats.scans).toBe(1 + 3);
    session.stop();
    timers.advance(100 * RECHECK_MS);
    expect(timers.ran(RECHECK_MS)).toEqual(every2s(RECHECK_MS, 4)); // the one already waiting runs, and ends it
    expect(session.stats.scans).toBe(1 + 3);
    expect(timers.waiting(RECHECK_MS)).toBe(0);
  });

  it('reads a root attached late with no change to the page, then stops checking (no host is bare)', async () => {
    const { timers, sent } = start(BARE);
    /** Moves the clock on by `ms`, then lets the outbox's sends (promises) and the timers they set run. */
    const advanceAndSend = async (ms: number) => {
      timers.advance(ms);
      await settle();
      timers.advance(0);
    };
    await advanceAndSend(RECHECK_MS + 500);
    expect(sent.map((claim) => claim.nonce)).toEqual(['1']);
    // The element's definition arrives: it attaches its root and renders into it, which no observer sees.
    document.querySelector('x-late-round')!.attachShadow({ mode: 'open' }).innerHTML = `<section>${round(2, '5')}</section>`;
    await advanceAndSend(RECHECK_MS - 501);
    expect(sent.map((claim) => claim.nonce)).toEqual(['1']);
    await advanceAndSend(1); // the second recheck
    expect(sent.map((claim) => claim.nonce)).toEqual(['1', '2']);
    timers.advance(100 * RECHECK_MS);
    expect(timers.ran(RECHECK_MS)).toEqual(every2s(RECHECK_MS, 3)); // the third finds none bare
  });

  it('sets no recheck while no host is bare', () => {
    const { timers, session } = start(`<main><h2>Roulette</h2><section>${round(1, '17')}</section></main>`);
    timers.advance(100 * RECHECK_MS);
    expect(timers.ran(RECHECK_MS)).toEqual([RECHECK_MS]); // the one set at the start finds none
    expect(session.stats.scans).toBe(1);
  });
});
