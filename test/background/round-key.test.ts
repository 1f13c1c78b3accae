import { describe, expect, it } from 'vitest';
import { roundKey } from '../../src/background/round-key.js';
import { pendingClaim, revealedClaim, vector } from './fixtures.js';

describe('roundKey', () => {
  const round = vector(1);

  it('gives a claim with the commitment and one with only the revealed seed the same key', () => {
    const withCommitment = pendingClaim(round, 'Keno');
    const { commitment: _c, ...seedOnly } = revealedClaim(round, 'Keno');
    expect(seedOnly).not.toHaveProperty('commitment');
    expect(seedOnly.serverSeed).toBe(round.serverSeed);
    expect(roundKey(seedOnly)).toBe(roundKey(withCommitment));
    expect(roundKey(withCommitment)).toBe(`${round.commitment}|${round.clientSeed}|${round.nonce}`);
  });

  it('treats a nonce written with leading zeros as the same nonce', () => {
    const plain = pendingClaim(round, 'Keno');
    expect(roundKey({ ...plain, nonce: `00${round.nonce}` })).toBe(roundKey(plain));
  });

  it('ignores the case of the commitment hex', () => {
    const lower = pendingClaim(round, 'Keno');
    const upper = { ...lower, commitment: round.commitment.toUpperCase() };
    expect(upper.commitment).not.toBe(lower.commitment);
    expect(roundKey(upper)).toBe(roundKey(lower));
  });

  it('keeps different rounds apart: another nonce, another client seed, a seed that does not hash to the commitment', () => {
    const base = roundKey(pendingClaim(round, 'Keno'));
    expect(roundKey({ ...pendingClaim(round, 'Keno'), nonce: String(round.nonce + 1) })).not.toBe(base);
    expect(roundKey({ ...pendingClaim(round, 'Keno'), clientSeed: `${round.clientSeed}x` })).not.toBe(base);
    const { commitment: _c, ...seedOnly } = revealedClaim(round, 'Keno');
    expect(roundKey({ ...seedOnly, serverSeed: vector(2).serverSeed })).not.toBe(base);
  });

  it('marks missing parts with "?"', () => {
    expect(roundKey({})).toBe('?|?|?');
  });
});
