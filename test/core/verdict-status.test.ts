import { describe, expect, it } from 'vitest';
import { noCounts, STATUS_SORT_ORDER, VERDICT_STATUSES } from '../../src/core/verdict-status.js';

describe('verdict statuses', () => {
  it('the sort order names each status once', () => {
    expect([...STATUS_SORT_ORDER].sort()).toEqual([...VERDICT_STATUSES].sort());
    expect(new Set(STATUS_SORT_ORDER).size).toBe(VERDICT_STATUSES.length);
  });

  it('noCounts: 0 per status, keys in the order given', () => {
    expect(JSON.stringify(noCounts())).toBe('{"mismatch":0,"pending":0,"verified":0,"invalid":0,"unsupported":0}');
    expect(Object.keys(noCounts(VERDICT_STATUSES))).toEqual(['verified', 'pending', 'mismatch', 'unsupported', 'invalid']);
    const counts = noCounts();
    counts.verified++;
    expect(noCounts().verified).toBe(0);
  });
});
