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

describe('strictClock: a flood of readings', () => {
  it('never runs ahead of its millisecond: past 1 023 readings in one, they tie', () => {
    const clock = strictClock(() => 5000);
    const readings = Array.from({ length: 4000 }, clock);
    for (let i = 1; i < 1024; i++) expect(readings[i]).toBeGreaterThan(readings[i - 1]!);
    expect(readings[1023]).toBe(5000 + 1023 / 1024);
    expect(readings.at(-1)).toBe(5000 + 1023 / 1024);
    expect(Math.max(...readings)).toBeLessThan(5001);
  });
});

describe('strictClock: beforeNow', () => {
  it('reads in the millisecond before this one, after every earlier reading, while nothing was read in this one', () => {
    let time = 2000.6;
    const clock = strictClock(() => time);
    expect(clock()).toBe(2000.6);
    time = 3000.4;
    const before = [clock.beforeNow(), clock.beforeNow(), clock.beforeNow()];
    expect(before[0]).toBe(2999);
    for (const reading of before) expect(Math.floor(reading)).toBe(2999);
    expect(before[1]).toBeGreaterThan(before[0]!);
    expect(before[2]).toBeGreaterThan(before[1]!);
    const action = clock();
    expect(action).toBe(3000.4);
    // The millisecond was read: what comes now (even "before") is after the action.
    expect(clock.beforeNow()).toBeGreaterThan(action);
  });

  it('never goes back behind an earlier reading in the millisecond before', () => {
    let time = 2999.7;
    const clock = strictClock(() => time);
    const earlier = clock();
    time = 3000.2;
    expect(clock.beforeNow()).toBeGreaterThan(earlier);
    expect(clock.beforeNow()).toBeLessThan(3000);
  });
});
