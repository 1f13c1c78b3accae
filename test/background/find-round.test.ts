import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { findRound } from '../../src/background/find-round.js';
import { roundKey } from '../../src/background/round-key.js';
import { DATABASE_NAME, pageInSeenOrder, storeClaims, summarise } from '../../src/background/store.js';
import { pendingClaim, revealedClaim, vector, wrongResult } from './fixtures.js';

const T = 1_700_000_000_000;

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

/** The query "Check a round" sends for a round, as the player typed it (game by its id). */
function query(round = vector(0), game = 'keno') {
  return { game, serverSeed: round.serverSeed, commitment: round.commitment, clientSeed: round.clientSeed, nonce: String(round.nonce) };
}

describe('findRound', () => {
  it('answers the stored row of the same round: its key, verdict and level', async () => {
    await storeClaims([revealedClaim(vector(0), 'Keno'), revealedClaim(vector(1), 'Keno')], T);
    const row = await findRound(query(vector(1)));
    expect(row).toMatchObject({ key: roundKey(revealedClaim(vector(1), 'Keno')), gameId: 'keno', status: 'verified', level: 'history' });
  });

  it('finds a round by its server seed alone (its hash names the seed pair) or by its commitment alone', async () => {
    await storeClaims([revealedClaim(vector(0), 'Keno')], T);
    const { commitment: _c, ...bySeed } = query();
    const { serverSeed: _s, ...byCommitment } = query();
    expect((await findRound(bySeed))?.status).toBe('verified');
    expect((await findRound({ ...byCommitment, commitment: byCommitment.commitment.toUpperCase() }))?.status).toBe('verified');
  });

  it('a stored mismatch or pending round is answered with that verdict', async () => {
    await storeClaims([{ ...revealedClaim(vector(0), 'Keno'), result: wrongResult(vector(0), 'Keno') }, pendingClaim(vector(1), 'Keno')], T);
    expect((await findRound(query(vector(0))))?.status).toBe('mismatch');
    expect((await findRound(query(vector(1))))?.status).toBe('pending');
  });

  it('another game, client seed or nonce, or no seed and no commitment, is no stored round', async () => {
    // A round seen without its seed pair is filed under '?' for it: no query names it.
    const { serverSeed: _seed, commitment: _commitment, ...unpaired } = revealedClaim(vector(0), 'Keno');
    await storeClaims([revealedClaim(vector(0), 'Keno'), unpaired], T);
    expect((await summarise()).total).toBe(2);
    expect(await findRound(query(vector(0), 'roulette-european'))).toBeNull();
    expect(await findRound({ ...query(), clientSeed: `${vector(0).clientSeed}x` })).toBeNull();
    expect(await findRound({ ...query(), nonce: String(vector(0).nonce + 1) })).toBeNull();
    const { serverSeed: _s, commitment: _c, ...neither } = query();
    expect(await findRound(neither)).toBeNull();
  });

  it('only reads: an empty store stays empty', async () => {
    expect(await findRound(query())).toBeNull();
    expect((await summarise()).total).toBe(0);
    expect((await pageInSeenOrder(0, 10)).records).toEqual([]);
  });
});
