import { describe, expect, it } from 'vitest';
import { browserIdle, scanScheduler } from '../../../src/capture/dom/scan-scheduler.js';

function harness(scanCost = 0) {
  let now = 0;
  const timers: { at: number; callback: () => void }[] = [];
  let scans = 0;
  const scheduler = scanScheduler(
    () => {
      scans++;
      now += scanCost;
    },
    { now: () => now, setTimer: (callback, ms) => void timers.push({ at: now + ms, callback }) },
  );
  return {
    scheduler,
    scans: () => scans,
    timers,
    advance(to: number) {
      now = to;
      for (let timer = timers[0]; timer && timer.at <= now; timer = timers[0]) {
        timers.shift();
        timer.callback();
      }
    },
  };
}

describe('scanScheduler', () => {
  it('coalesces many requests into one scan', () => {
    const test = harness();
    for (let index = 0; index < 50; index++) test.scheduler.request();
    expect(test.timers).toHaveLength(1);
    test.advance(0);
    expect(test.scans()).toBe(1);
  });

  it('scans at most every 100 ms', () => {
    const test = harness();
    test.scheduler.request();
    test.advance(0);
    test.scheduler.request();
    expect(test.timers[0]!.at).toBe(100);
    test.advance(99);
    expect(test.scans()).toBe(1);
    test.advance(100);
    expect(test.scans()).toBe(2);
  });

  it('backs off on pages where a scan is expensive', () => {
    const test = harness(30);
    test.scheduler.request();
    test.advance(0);
    test.scheduler.request();
    expect(test.timers[0]!.at).toBe(300); // ten times the 30 ms the scan took
  });

  it('uses requestIdleCallback when the browser has it', () => {
    const calls: unknown[] = [];
    const idle = browserIdle({ requestIdleCallback: (callback, options) => { calls.push(options); callback(); } });
    let ran = false;
    idle(() => (ran = true));
    expect(ran).toBe(true);
    expect(calls).toEqual([{ timeout: 250 }]);
    let direct = false;
    browserIdle({})(() => (direct = true));
    expect(direct).toBe(true);
  });
});
