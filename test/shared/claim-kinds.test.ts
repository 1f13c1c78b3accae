import { describe, expect, it } from 'vitest';
import { canonicalNonce, isCommitmentSighting } from '../../src/shared/claim-kinds.js';
import { commitmentSighting, pendingClaim, revealedClaim, vector } from '../background/fixtures.js';

describe('isCommitmentSighting', () => {
  const round = vector(0);

  it('is a commitment with neither result nor server seed', () => {
    expect(isCommitmentSighting(commitmentSighting(round, 1))).toBe(true);
    expect(isCommitmentSighting({ ...commitmentSighting(round, 1), clientSeed: round.clientSeed, nonce: '3' })).toBe(true);
  });

  it('is not a round that has a result or a revealed seed', () => {
    expect(isCommitmentSighting(pendingClaim(round, 'Keno'))).toBe(false);
    expect(isCommitmentSighting(revealedClaim(round, 'Keno'))).toBe(false);
    expect(isCommitmentSighting({ source: 'dom', serverSeed: round.serverSeed, observedAt: {} })).toBe(false);
    expect(isCommitmentSighting({ source: 'dom', observedAt: {} })).toBe(false);
  });
});

describe('canonicalNonce', () => {
  it('writes a nonce as the casino\'s `${nonce}` does, and keeps text that is not digits', () => {
    expect(canonicalNonce('007')).toBe('7');
    expect(canonicalNonce('18446744073709551616')).toBe('18446744073709551616');
    expect(canonicalNonce('0')).toBe('0');
    expect(canonicalNonce('7a')).toBe('7a');
  });
});
