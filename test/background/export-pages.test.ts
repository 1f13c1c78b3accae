// The export's pages by key range (store.ts roundsSeenAfter, router 'export-page' with `after`):
// every round once, in the order first seen, whatever page size, with the kept total.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_NAME, pageInSeenOrder, roundsSeenAfter, storeClaims } from '../../src/background/store.js';
import { pendingClaim, revealedClaim, vector, type GameName } from './fixtures.js';

const T = 1_700_000_000_000;
const GAMES: GameName[] = ['Keno', 'European Roulette', 'American Roulette'];

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

/** Nine rounds stored one batch at a time (so seq follows the order), some revealed, some pending. */
async function storeNine(): Promise<void> {
  for (let i = 0; i < 9; i++) {
    const game = GAMES[i % 3]!;
    await storeClaims([i % 4 === 0 ? pendingClaim(vector(i), game) : revealedClaim(vector(i), game)], T + i);
  }
}

describe('roundsSeenAfter', () => {
  it('pages through every round once, in the order first seen, at any page size', async () => {
    await storeNine();
    const everyRound = (await pageInSeenOrder(0, 100)).records.map((record) => record.key);
    expect(everyRound).toHaveLength(9);
    for (const size of [1, 2, 4, 9, 20]) {
      const keys: string[] = [];
      let after = 0;
      for (;;) {
        const page = await roundsSeenAfter(after, size);
        expect(page.total).toBe(9);
        if (page.records.length === 0) break;
        keys.push(...page.records.map((record) => record.key));
        after = page.records.at(-1)!.seq;
      }
      expect(keys, `pages of ${size}`).toEqual(everyRound);
    }
  });

  it('an empty store, or a page past the last round, is empty', async () => {
    expect(await roundsSeenAfter(0, 10)).toEqual({ total: 0, records: [] });
    await storeNine();
    expect((await roundsSeenAfter(9, 10)).records).toEqual([]);
    expect((await roundsSeenAfter(0, 0)).records).toEqual([]);
  });
});
