// The capture-tally messages' rate limit (src/background/tally-writes.ts): at most one stored write
// per frame per interval, the latest tally of a burst written when its turn comes, frames apart.
import { describe, expect, it, vi } from 'vitest';
import { tallyWriter } from '../../src/background/tally-writes.js';
import type { CaptureTally } from '../../src/shared/capture-channel.js';

const tallyOf = (values: number): CaptureTally => ({ counts: { dom: [values, 0, values] }, seen: [] });

function setup() {
  let time = 0;
  const timers: { at: number; run: () => void }[] = [];
  const times: number[] = [];
  /** Tab, frame and the tally's first count of each write; writtenAt: when. */
  const written: [number, number, number][] = [];
  const write = vi.fn(async (tab: number, frame: number, tally: CaptureTally) => {
    written.push([tab, frame, tally.counts.dom![0]]);
    times.push(time);
    return true;
  });
  const offer = tallyWriter(write, { now: () => time, later: (run, ms) => timers.push({ at: time + ms, run }), intervalMs: 1000 });
  /** Moves the clock on, running the timers that come due. */
  const advance = (ms: number) => {
    time += ms;
    for (const timer of timers.splice(0).sort((a, b) => a.at - b.at)) {
      if (timer.at <= time) timer.run();
      else timers.push(timer);
    }
  };
  return { offer, written, advance, now: () => time, writtenAt: times };
}

describe('tallyWriter', () => {
  it('writes a frame’s first tally at once, and of a burst after it only the latest, one interval later', async () => {
    const { offer, written, advance } = setup();
    await offer(1, 0, tallyOf(1));
    for (let values = 2; values <= 100; values++) {
      expect(await offer(1, 0, tallyOf(values))).toBe(true);
      advance(5);
    }
    expect(written).toEqual([[1, 0, 1]]);
    advance(1000);
    expect(written).toEqual([
      [1, 0, 1],
      [1, 0, 100],
    ]);
  });

  it('never writes a frame twice within an interval, however the tallies come, and writes the latest in the end', async () => {
    const { offer, written, advance, now, writtenAt: times } = setup();
    let state = 7;
    const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
    for (let step = 1; step <= 2000; step++) {
      advance(Math.floor(random() * 300));
      await offer(3, 2, tallyOf(step));
    }
    advance(1000);
    for (let index = 1; index < times.length; index++) expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(1000);
    expect(written.length).toBeGreaterThan(now() / 1300 - 2); // and not fewer than the waits allow
    expect(written.at(-1)![2]).toBe(2000);
  });

  it('keeps frames apart: one frame’s burst does not delay another’s first write', async () => {
    const { offer, written, advance } = setup();
    await offer(1, 0, tallyOf(1));
    await offer(1, 0, tallyOf(2));
    await offer(1, 5, tallyOf(7));
    await offer(2, 0, tallyOf(9));
    expect(written).toEqual([
      [1, 0, 1],
      [1, 5, 7],
      [2, 0, 9],
    ]);
    advance(1000);
    expect(written).toContainEqual([1, 0, 2]);
    expect(written).toHaveLength(4);
  });

  it('answers what the write answered for a tally written at once', async () => {
    const offer = tallyWriter(async () => false, { now: () => 0, later: () => undefined });
    expect(await offer(1, 0, tallyOf(1))).toBe(false);
  });
});

describe('a new page in the tab', () => {
  it('drops the tallies its tab’s old page left waiting: they are never written under the new page', async () => {
    const { offer, written, advance } = setup();
    await offer(1, 0, tallyOf(1));
    await offer(1, 0, tallyOf(2)); // waits for its turn
    await offer(1, 3, tallyOf(5));
    await offer(1, 3, tallyOf(6)); // an iframe's, waiting too
    await offer(2, 0, tallyOf(7));
    await offer(2, 0, tallyOf(8)); // another tab's, waiting
    offer.forget(1); // the tab's main frame said hello (a new page) or bye
    advance(1000);
    expect(written).toEqual([
      [1, 0, 1],
      [1, 3, 5],
      [2, 0, 7],
      [2, 0, 8],
    ]);
    await offer(1, 0, tallyOf(9)); // the new page's first tally: at once
    expect(written.at(-1)).toEqual([1, 0, 9]);
  });
});
