// The trust rule's index scans for a whole batch at once (scanMany) answer
// each query exactly as its own scan (scanOthers) does, for any panel states stored and any queries,
// through the real store's database (fake-indexeddb).
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_NAME, openStore } from '../../src/background/store.js';
import type { CommitmentSighting } from '../../src/background/schema.js';
import { ANY_CLIENT_SEED_LANE, type PanelTimeKey } from '../../src/background/pre-round.js';
import { scanMany, scanOthers, type ScanQuery } from '../../src/background/witness-evidence.js';

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

/**
 * Commitment records holding only what the `by-panel-time` index reads: [client seed, time shown]
 * pairs, each also in the lane of any client seed (as pre-round.ts panelTimeKeys writes them).
 */
async function storeSightings(sightings: readonly CommitmentSighting[]): Promise<void> {
  const tx = (await openStore()).transaction('commitments', 'readwrite');
  const withAnyLane = (sighting: CommitmentSighting): CommitmentSighting => ({
    ...sighting,
    panelTimes: (sighting.panelTimes ?? []).flatMap(([seed, at]): PanelTimeKey[] => [[seed, at], [ANY_CLIENT_SEED_LANE, at]]),
  });
  await Promise.all([...sightings.map((sighting) => tx.store.put(withAnyLane(sighting))), tx.done]);
}

async function bothAnswers(queries: readonly ScanQuery[]) {
  const tx = (await openStore()).transaction('commitments');
  const stores = { commitments: tx.objectStore('commitments') };
  const many = await scanMany(stores, queries);
  const each = [];
  for (const query of queries) each.push(await scanOthers(stores, query));
  return { many, each };
}

const commitments = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'];
const seeds = ['s0', 's1'];

describe('scanMany', () => {
  it('answers every query as scanOthers does, for any panel states and queries (times close together, so windows overlap and touch)', async () => {
    const sightingsArb = fc.uniqueArray(
      fc.record({ commitment: fc.constantFrom(...commitments), panelTimes: fc.uniqueArray(fc.tuple(fc.constantFrom(...seeds), fc.integer({ min: 0, max: 40 })), { maxLength: 8, selector: ([s, t]) => `${s}/${t}` }) }),
      { selector: (sighting) => sighting.commitment, maxLength: 6 },
    );
    const queryArb = fc.record({
      commitment: fc.constantFrom(...commitments),
      clientSeed: fc.constantFrom(...seeds),
      upTo: fc.integer({ min: 0, max: 45 }),
      firstOwn: fc.oneof(fc.constant(Infinity), fc.integer({ min: 0, max: 40 })),
    });
    await fc.assert(
      fc.asyncProperty(sightingsArb, fc.array(queryArb, { maxLength: 12 }), async (sightings, queries) => {
        await storeSightings(sightings.map((sighting) => ({ ...sighting, firstSeenAt: 0 })));
        const { many, each } = await bothAnswers(queries);
        expect(many).toEqual(each);
        const tx = (await openStore()).transaction('commitments', 'readwrite');
        await Promise.all([tx.store.clear(), tx.done]);
      }),
      { numRuns: 150 },
    );
  });

  it('more entries than a scan may read is "several" for the queries that meet them, and a query far below is still answered', async () => {
    // 600 other commitments shown at times 1000…1599, the round's own first shown at 0.
    const crowd = Array.from({ length: 600 }, (_, index) => ({ commitment: `other-${String(index).padStart(3, '0')}`, firstSeenAt: 0, panelTimes: [['s0', 1000 + index]] as [string, number][] }));
    await storeSightings([...crowd, { commitment: 'own', firstSeenAt: 0, panelTimes: [['s0', 0]] }, { commitment: 'before', firstSeenAt: 0, panelTimes: [['s0', 5]] }]);
    const queries: ScanQuery[] = [
      { commitment: 'own', clientSeed: 's0', upTo: 2000, firstOwn: 0 },
      { commitment: 'own', clientSeed: 's0', upTo: 1010, firstOwn: 0 },
      { commitment: 'own', clientSeed: 's0', upTo: 10, firstOwn: 0 },
      { commitment: 'own', clientSeed: 's0', upTo: 10, firstOwn: Infinity },
    ];
    const { many, each } = await bothAnswers(queries);
    expect(many).toEqual(each);
    expect(many[0]).toBe('several');
    expect(many[2]).toEqual(new Set(['before']));
  });
});
