import { describe, expect, it } from 'vitest';
import { STATUS_RANK } from '../../src/background/index-rank.js';
import { STATUS_SORT_ORDER } from '../../src/core/verdict-status.js';

describe('STATUS_RANK', () => {
  it('keeps the stored values: mismatch 0, pending 1, verified 2, invalid 3, unsupported 4', () => {
    expect(STATUS_RANK).toEqual({ mismatch: 0, pending: 1, verified: 2, invalid: 3, unsupported: 4 });
  });

  it('sorts as the list is shown (STATUS_SORT_ORDER)', () => {
    const order = Object.entries(STATUS_RANK).sort(([, a], [, b]) => a - b).map(([status]) => status);
    expect(order).toEqual([...STATUS_SORT_ORDER]);
  });
});
