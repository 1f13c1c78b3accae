// The limiter's budgets kept in the store: read back as written; anything else there starts the budgets full rather than failing.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { ClaimRateLimiter } from '../../src/background/rate-limit.js';
import { loadRateLimitState, saveRateLimitState } from '../../src/background/rate-limit-state.js';
import { DATABASE_NAME, openStore } from '../../src/background/store.js';

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

describe('the kept rate-limit state', () => {
  it('reads back what was saved', async () => {
    const limiter = new ClaimRateLimiter();
    limiter.admit(7, [500, 500, 500]);
    await saveRateLimitState(limiter.snapshot());
    expect(await loadRateLimitState()).toEqual(limiter.snapshot());
  });

  it('is undefined when none was kept, or what is there is not a state; bad tab entries are dropped', async () => {
    expect(await loadRateLimitState()).toBeUndefined();
    const db = await openStore();
    const tokens = { claims: 1, bytes: 2, at: 3 };
    for (const junk of [42, 'x', { all: { claims: 1 }, day: tokens, tabs: [] }, { all: tokens, tabs: [] }, { all: tokens, day: tokens, tabs: 'no' }]) {
      await db.put('meta', junk, 'budgets');
      expect(await loadRateLimitState()).toBeUndefined();
    }
    const good = { claims: 1, bytes: 2, at: 3, counted: 0, refused: 0, flagged: false };
    await db.put('meta', { all: tokens, day: tokens, tabs: [[1, good], ['2', good], [3, { claims: 'x' }], 'y'] }, 'budgets');
    expect(await loadRateLimitState()).toEqual({ all: tokens, day: tokens, tabs: [[1, good]] });
  });
});
