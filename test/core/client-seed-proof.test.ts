import { describe, expect, it } from 'vitest';
import { clientSeedProof } from '../../src/core/client-seed-proof.js';

describe('clientSeedProof', () => {
  it('typed after the commitment was first seen (an earlier millisecond): set after the commitment', () => {
    expect(clientSeedProof(2000, 1000)).toBe('set-after-commitment');
    expect(clientSeedProof(1001, 1000.9)).toBe('set-after-commitment');
  });

  it('typed before the commitment was seen, in the same millisecond, or with no time for the commitment: the casino may have known it', () => {
    expect(clientSeedProof(1000, 2000)).toBe('set-before-commitment');
    expect(clientSeedProof(1000.9, 1000.1)).toBe('set-before-commitment');
    expect(clientSeedProof(1000, undefined)).toBe('set-before-commitment');
  });

  it('never seen typed: not set here', () => {
    expect(clientSeedProof(undefined, 1000)).toBe('not-set-here');
  });
});
