// The forms a capture tally's keys are held to (src/shared/capture-channel.ts).
import { describe, expect, it } from 'vitest';
import { MAX_SEEN_KEY, SEEN_KEY } from '../../src/shared/capture-channel.js';

describe('SEEN_KEY', () => {
  it('refuses a huge key at its length, before any search for hex in it (the page tap and the content script test page keys)', () => {
    // 7 hex digits apart, and hex runs of 7 split by separators: every start would be searched to the end.
    const keys = ['a' + ('_'.repeat(140_000) + 'b').repeat(7), ('abcdef1' + 'x').repeat(125_000), ('a-a-a-g').repeat(140_000)];
    for (const key of keys) expect(SEEN_KEY.test(key)).toBe(false);
    // The work counted by the pattern's form, not timed: a regular expression runs its terms left to
    // right, so the first, anchored and bounded to MAX_SEEN_KEY characters, reads at most
    // MAX_SEEN_KEY + 1 of them, and the hex search after it runs only when it matched.
    const first = /^\^\(\?=((?:[^()]|\\\()*?\{0,(\d+)\}\$)\)/.exec(SEEN_KEY.source);
    expect(first, SEEN_KEY.source).not.toBeNull();
    expect(Number(first![2]) + 1).toBe(MAX_SEEN_KEY);
    const form = new RegExp(`^(?=${first![1]})`, SEEN_KEY.flags);
    for (const key of keys) expect(form.test(key)).toBe(false);
    expect(form.test('a'.repeat(MAX_SEEN_KEY))).toBe(true);
  });
});
