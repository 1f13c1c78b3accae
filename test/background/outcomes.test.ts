// The statistics page's data path through the real store (fake-indexeddb): verified rounds only,
// each with its recomputed outcome, the amounts the pages showed and keno's picks and hits.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifiedOutcomes } from '../../src/background/outcomes.js';
import { DATABASE_NAME, storeClaims } from '../../src/background/store.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { pendingClaim, revealedClaim, vector } from './fixtures.js';

beforeEach(() => deleteDB(DATABASE_NAME));
afterEach(() => deleteDB(DATABASE_NAME));

describe('verifiedOutcomes', () => {
  it('gives each verified round with its stake, payout, multiplier and keno hits, merged over sightings', async () => {
    const round = vector(0);
    const drawn = round.keno;
    const missed = Array.from({ length: 40 }, (_, i) => i + 1).find((n) => !drawn.includes(n))!;
    const picks = [String(drawn[0]), String(drawn[1]), String(missed)];
    // The API answer first (amounts as numbers, no seed), then the history entry with the seed.
    const fromApi: CapturedClaim = { ...pendingClaim(round, 'Keno'), picks, stake: '1', multiplier: '1.8' };
    const fromPage: CapturedClaim = { ...revealedClaim(round, 'Keno'), source: 'dom', picks, stake: '1.00', payout: '1.80' };
    await storeClaims([fromApi], 1000);
    await storeClaims([fromPage], 2000);
    // A pending European round with a stake: not verified, not given.
    await storeClaims([{ ...pendingClaim(vector(1), 'European Roulette'), stake: '5', payout: '0' }], 3000);

    expect(await verifiedOutcomes('keno')).toEqual([{ outcome: drawn, stake: '1', payout: '1.80', multiplier: '1.8', picks: 3, hits: 2 }]);
    expect(await verifiedOutcomes('roulette-european')).toEqual([]);
  });
});
