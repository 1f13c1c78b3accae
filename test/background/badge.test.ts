import { describe, expect, it, vi } from 'vitest';
import { badgeFor, showSummaryOnBadge } from '../../src/background/badge.js';
import type { Summary } from '../../src/shared/records.js';

// badge.ts imports the browser wrapper, which needs a real extension: replace it (vi.mock is hoisted).
const browserCalls = vi.hoisted(() => ({ setBadge: [] as [string, string, string, readonly number[] | undefined][], messages: [] as [string, unknown][] }));
vi.mock('../../src/shared/browser.js', () => ({
  message: (name: string, substitutions?: string | string[]) => {
    browserCalls.messages.push([name, substitutions]);
    return `«${name}${substitutions === undefined ? '' : `:${[substitutions].flat().join(',')}`}»`;
  },
  setBadge: async (text: string, color: string, title: string, tabs?: readonly number[]) => {
    browserCalls.setBadge.push([text, color, title, tabs]);
  },
}));

const RED = '#c62828';
const GREEN = '#2e7d32';

function summary(counts: Partial<Summary['counts']>): Summary {
  const full = { verified: 0, pending: 0, mismatch: 0, invalid: 0, unsupported: 0, ...counts };
  return {
    total: Object.values(full).reduce((a, b) => a + b, 0),
    counts: full,
    levels: { witnessed: 0, history: full.verified },
  };
}

function recordingTranslate() {
  const calls: [string, string[] | undefined][] = [];
  const translate = (name: string, substitutions?: string[]) => {
    calls.push([name, substitutions]);
    return `T(${name}${substitutions ? `:${substitutions.join('|')}` : ''})`;
  };
  return { calls, translate };
}

describe('badgeFor', () => {
  it('any mismatch: red, with the mismatch count', () => {
    const { translate } = recordingTranslate();
    expect(badgeFor(summary({ verified: 40, pending: 2, mismatch: 3 }), translate)).toMatchObject({ text: '3', color: RED });
    expect(badgeFor(summary({ mismatch: 1 }), translate)).toMatchObject({ text: '1', color: RED });
  });

  it('no mismatch: the verified count in green', () => {
    const { translate } = recordingTranslate();
    expect(badgeFor(summary({ verified: 12, pending: 5, invalid: 2 }), translate)).toMatchObject({ text: '12', color: GREEN });
  });

  it('rounds but none verified: empty text', () => {
    const { translate } = recordingTranslate();
    expect(badgeFor(summary({ pending: 5, unsupported: 1 }), translate).text).toBe('');
  });

  it('no rounds: empty text and the empty title', () => {
    const { calls, translate } = recordingTranslate();
    const badge = badgeFor(summary({}), translate);
    expect(badge.text).toBe('');
    expect(badge.title).toBe('T(badgeTitleEmpty)');
    expect(calls).toEqual([['badgeTitleEmpty', undefined]]);
  });

  it.each([
    [999, '999'],
    [1000, '1k+'],
    [1999, '1k+'],
    [9999, '9k+'],
    [10_000, '9k+'],
    [250_000, '9k+'],
  ])('compacts %i to "%s" (at most four characters)', (count, text) => {
    const { translate } = recordingTranslate();
    expect(badgeFor(summary({ verified: count }), translate).text).toBe(text);
    expect(badgeFor(summary({ verified: 5, mismatch: count }), translate).text).toBe(text);
    expect(text.length).toBeLessThanOrEqual(4);
  });

  it('the title names verified, pending and mismatched counts, in that order', () => {
    const { calls, translate } = recordingTranslate();
    const badge = badgeFor(summary({ verified: 7, pending: 4, mismatch: 2, invalid: 9 }), translate);
    expect(calls).toEqual([['badgeTitleSummary', ['7', '4', '2']]]);
    expect(badge.title).toBe('T(badgeTitleSummary:7|4|2)');
  });
});

describe('showSummaryOnBadge', () => {
  it('sets the badge through the browser wrapper, with the extension’s own strings, on the watched tabs given', async () => {
    browserCalls.setBadge.length = 0;
    browserCalls.messages.length = 0;
    await showSummaryOnBadge(summary({ verified: 3, mismatch: 1 }), [12, 4]);
    expect(browserCalls.setBadge).toEqual([['1', RED, '«badgeTitleSummary:3,0,1»', [12, 4]]]);
    expect(browserCalls.messages).toEqual([['badgeTitleSummary', ['3', '0', '1']]]);
  });

  it('no tab watched: no tab gets the text (the wrapper leaves every other tab empty)', async () => {
    browserCalls.setBadge.length = 0;
    await showSummaryOnBadge(summary({ verified: 3 }), []);
    expect(browserCalls.setBadge).toEqual([['3', GREEN, '«badgeTitleSummary:3,0,0»', []]]);
  });
});

describe('badgeFor: while rounds cannot be stored', () => {
  it('an amber "!" with a title that says so, before any mismatch count', () => {
    const { translate, calls } = recordingTranslate();
    expect(badgeFor(summary({ mismatch: 2, verified: 5 }), translate, { kind: 'quota' })).toEqual({ text: '!', color: '#b26a00', title: 'T(badgeTitleStorageProblem)' });
    expect(calls).toEqual([['badgeTitleStorageProblem', undefined]]);
  });

  it('once storage works again (no problem): the counts as before', () => {
    const { translate } = recordingTranslate();
    expect(badgeFor(summary({ mismatch: 2 }), translate, undefined).text).toBe('2');
  });
});
