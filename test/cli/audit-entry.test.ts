// What `verify` keeps of each round for the cross-round audit: the right fields, canonical.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { auditEntryOf } from '../../src/cli/audit-entry.js';
import { findingsJson, findingsText } from '../../src/cli/findings-format.js';

const sha3 = (text: string): string => createHash('sha3-256').update(text).digest('hex');
const SEED = 'f'.repeat(64);

describe('auditEntryOf', () => {
  it('keeps game id, commitment, client seed, nonce, canonical outcome, seed and times', () => {
    const entry = auditEntryOf({ game: 'Keno', commitment: sha3(SEED).toUpperCase(), clientSeed: 'c', nonce: 7, result: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1], serverSeed: SEED, observedAt: { result: 5, serverSeed: 9 } });
    expect(entry).toEqual(['keno', sha3(SEED), 'c', '7', '1 2 3 4 5 6 7 8 9 10', SEED, 5, 9, null]);
  });

  it('derives the commitment from a revealed seed when none is shown, and skips what is not a round', () => {
    expect(auditEntryOf({ game: 'American Roulette', serverSeed: SEED, nonce: '3', result: '00' })).toEqual(['roulette-american', sha3(SEED), null, '3', '00', SEED, null, null, null]);
    expect(auditEntryOf({ game: 'roulette', commitment: 'abc…def' })![1]).toBeNull();
    expect(auditEntryOf('not a round')).toBeUndefined();
  });

  it("names the seed's own commitment when the round shows another one", () => {
    const other = sha3('other seed');
    const entry = auditEntryOf({ game: 'keno', commitment: other, serverSeed: SEED, clientSeed: 'c', nonce: 1 });
    expect(entry![1]).toBe(other);
    expect(entry![8]).toBe(sha3(SEED));
    expect(auditEntryOf([1])).toBeUndefined();
  });
});

describe('findings output', () => {
  const finding = { kind: 'nonce-gap' as const, severity: 'finding' as const, commitment: 'ab', clientSeed: 'c', nonces: ['3'], roundKeys: ['x'], message: 'Seed pair ab has no rounds at nonce 3.' };

  it('prints nothing without findings, else a counted section with one line each', () => {
    expect(findingsText([])).toBe('');
    expect(findingsText([finding])).toBe('\nFindings (1) across rounds (not mismatches; each says where):\n  nonce-gap: Seed pair ab has no rounds at nonce 3.\n');
  });

  it('writes only kind, message, commitment and nonces to --json', () => {
    expect(JSON.parse(findingsJson([finding, { ...finding, nonces: undefined }]))).toEqual([
      { kind: 'nonce-gap', message: finding.message, commitment: 'ab', nonces: ['3'] },
      { kind: 'nonce-gap', message: finding.message, commitment: 'ab' },
    ]);
  });
});
