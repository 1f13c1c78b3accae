// Reading many rounds with few requests (read-many.ts) gives exactly what one get per key gives,
// through the real store's database (fake-indexeddb), for any keys stored and asked.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { readMany, runsOf, type ManySource } from '../../src/background/read-many.js';
import { DATABASE_NAME, openStore } from '../../src/background/store.js';
import type { StoredRound } from '../../src/background/schema.js';

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

const keyOf = (pair: string, nonce: number) => `${pair}|client|${nonce}`;
/** Just enough of a stored round for the store to index it. */
const roundAt = (key: string, seq: number) =>
  ({ key, seq, rank: 0, order: -seq, gameId: 'keno', verdict: { status: 'verified', level: 'history' } }) as unknown as StoredRound;

async function storeKeys(keys: readonly string[]): Promise<void> {
  const tx = (await openStore()).transaction('rounds', 'readwrite');
  await Promise.all([...keys.map((key, index) => tx.store.put(roundAt(key, index + 1))), tx.done]);
}

/** The rounds store, counting the requests readMany makes. */
async function countingRounds() {
  const store = (await openStore()).transaction('rounds').store;
  const counts = { getAll: 0, get: 0 };
  const source: ManySource<StoredRound> = {
    getAll: (range, count) => (counts.getAll++, store.getAll(range, count)),
    get: (key) => (counts.get++, store.get(key)),
  };
  return { source, counts, store };
}

describe('readMany', () => {
  it('gives, for any keys stored and asked, what a get of each key gives', async () => {
    const pairs = ['aa', 'ab', 'b'];
    const keyArb = fc.tuple(fc.constantFrom(...pairs), fc.integer({ min: 0, max: 3000 })).map(([pair, nonce]) => keyOf(pair, nonce));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(keyArb, { maxLength: 400 }), fc.array(keyArb, { maxLength: 250 }), async (stored, asked) => {
        await storeKeys(stored);
        const { source, store } = await countingRounds();
        const found = await readMany(source, asked, (value) => value.key);
        expect(new Set(found.keys())).toEqual(new Set(asked));
        for (const key of asked) expect(found.get(key)?.key).toBe((await store.get(key))?.key);
        const tx = (await openStore()).transaction('rounds', 'readwrite');
        await Promise.all([tx.store.clear(), tx.done]);
      }),
      { numRuns: 40 },
    );
  });

  it('reads a batch of 200 consecutive nonces of one pair with a few requests, not 200', async () => {
    await storeKeys(Array.from({ length: 1000 }, (_, nonce) => keyOf('aa', nonce)));
    const asked = Array.from({ length: 200 }, (_, index) => keyOf('aa', 150 + index));
    const { source, counts } = await countingRounds();
    const found = await readMany(source, asked, (value) => value.key);
    expect([...found.values()].every((value) => value !== undefined)).toBe(true);
    expect(counts.getAll + counts.get).toBeLessThanOrEqual(4);
  });

  it('a range crowded with keys nobody asked for (longer nonces in between) is read on key by key past what its getAll reached', async () => {
    // "150".."349" spans "1500".."3489": thousands of stored rounds between the ones asked for.
    await storeKeys(Array.from({ length: 4000 }, (_, nonce) => keyOf('aa', nonce)));
    const asked = [...Array.from({ length: 200 }, (_, index) => keyOf('aa', 150 + index)), keyOf('aa', 999_999)];
    const { source, counts } = await countingRounds();
    const found = await readMany(source, asked, (value) => value.key);
    expect(asked.filter((key) => found.get(key)?.key !== key)).toEqual([keyOf('aa', 999_999)]);
    expect(found.get(keyOf('aa', 999_999))).toBeUndefined();
    expect(counts.getAll).toBeGreaterThan(0);
  });
});

describe('runsOf', () => {
  it('groups by the part before the last "|" and the length after it, each run sorted', () => {
    expect(runsOf(['p|10', 'p|9', 'q|11', 'p|2', 'p|100', 'p|11', 'p|10'])).toEqual([['p|10', 'p|11'], ['p|2', 'p|9'], ['q|11'], ['p|100']]);
  });
});
