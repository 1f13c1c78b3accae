// The forms a capture tally's keys are held to (src/shared/capture-channel.ts).
import { describe, expect, it } from 'vitest';
import { SEEN_KEY } from '../../src/shared/capture-channel.js';

describe('SEEN_KEY', () => {
  it('refuses a huge key at its length, before any search for hex in it (the page tap and the content script test page keys)', () => {
    // 7 hex digits apart, and hex runs of 7 split by separators: every start would be searched to the end.
    const keys = ['a' + ('_'.repeat(140_000) + 'b').repeat(7), ('abcdef1' + 'x').repeat(125_000), ('a-a-a-g').repeat(140_000)];
    const started = performance.now();
    for (let round = 0; round < 5; round++) for (const key of keys) expect(SEEN_KEY.test(key)).toBe(false);
    expect(performance.now() - started).toBeLessThan(20); // ~600 ms when the hex search ran first
  });
});
