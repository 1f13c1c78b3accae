import { describe, expect, it } from 'vitest';
import { strictClock } from '../../../src/capture/session/clock.js';

describe('strictClock', () => {
  it('follows the wall clock, but never returns the same or an earlier reading twice', () => {
    const times = [1000, 1000, 1000, 999, 1005, 1005];
    const clock = strictClock(() => times.shift()!);
    const readings = Array.from({ length: 6 }, clock);
    expect(readings[0]).toBe(1000);
    for (let i = 1; i < readings.length; i++) expect(readings[i]).toBeGreaterThan(readings[i - 1]!);
    expect(readings[4]).toBe(1005);
    // A tie moves on by less than a millisecond: the readings stay close to the wall clock.
    expect(readings[3]! - 1000).toBeLessThan(0.01);
  });
});
