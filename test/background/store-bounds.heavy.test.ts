// One record cannot grow without bound: a page sends thousands of claims for one round (game,
// commitment, client seed, nonce), each with another result of the longest size the schema takes,
// other picks, another server seed. Every merge keeps a few values and the record stays small; the
// time the whole burst took is printed (a figure, not a bound: this machine's speed is not a test).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it } from 'vitest';
import { roundKey } from '../../src/background/round-key.js';
import { DATABASE_NAME, getRound, storeClaims } from '../../src/background/store.js';
import { MAX_LIST_LENGTH, MAX_RESULT_ITEM_LENGTH, MAX_SEED_LENGTH } from '../../src/core/limits.js';
import { validateClaim } from '../../src/shared/messages.js';
import type { CapturedClaim } from '../../src/shared/records.js';

const T = 1_700_000_000_000;
const BURST = 5000;
const BATCH = 200;
const RECORD_BOUND = 16 * 1024;

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

const longest = (n: number, width: number) => `${n}-`.padEnd(width, 'x');

it(`a burst of ${BURST} growing conflicts about one round leaves its record under ${RECORD_BOUND / 1024} KB`, { timeout: 120_000 }, async () => {
  const key = { game: 'Mines', commitment: 'a'.repeat(64), clientSeed: 'c'.repeat(MAX_SEED_LENGTH), nonce: '7' };
  const claimOf = (n: number): CapturedClaim => ({
    source: 'json',
    ...key,
    serverSeed: longest(n, MAX_SEED_LENGTH),
    result: Array.from({ length: MAX_LIST_LENGTH }, (_, i) => longest(n * 100 + i, MAX_RESULT_ITEM_LENGTH)),
    picks: Array.from({ length: MAX_LIST_LENGTH }, (_, i) => longest(n * 100 + i, MAX_RESULT_ITEM_LENGTH)),
    observedAt: { result: T + n },
  });
  // Each claim is one the worker's schema accepts as it stands.
  expect(validateClaim(claimOf(BURST)).ok).toBe(true);

  const started = performance.now();
  const sizes: number[] = [];
  for (let from = 0; from < BURST; from += BATCH) {
    await storeClaims(Array.from({ length: BATCH }, (_, i) => claimOf(from + i)), T + from + BATCH);
    const record = await getRound(roundKey({ commitment: key.commitment, clientSeed: key.clientSeed, nonce: key.nonce }));
    sizes.push(JSON.stringify(record).length);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`[store bounds] ${BURST} conflicting claims for one round in ${seconds.toFixed(1)} s (fake-indexeddb); record size after each batch of ${BATCH}: first ${sizes[0]} B, largest ${Math.max(...sizes)} B, last ${sizes.at(-1)} B`);
  expect(Math.max(...sizes)).toBeLessThan(RECORD_BOUND);
  // Bounded, not just small so far: the last batches add nothing to its size.
  expect(sizes.at(-1)).toBe(sizes.at(-5));
});
