import { describe, expect, it } from 'vitest';
import { remember } from '../../../src/capture/session/bounded.js';

describe('remember', () => {
  it('keeps at most `max` entries, the oldest going first', () => {
    const entries = new Map<string, number>();
    for (let index = 0; index < 5; index++) remember(entries, `k${index}`, index, 3);
    expect([...entries]).toEqual([['k2', 2], ['k3', 3], ['k4', 4]]);
  });
});
