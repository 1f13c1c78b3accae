// The demo's own fairness computation against the reference vectors
// (test/fixtures/reference-vectors.json, the casino's published procedure run with js-sha3).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadReferenceRounds } from '../support/reference-vectors.js';
import { commitmentOf, computeRound, kenoOutcome, rouletteOutcome, roundSignatureOf, sample, uint32Stream } from '../../scripts/demo-casino/fairness.js';

const vectors = loadReferenceRounds();

function fixed(values: number[]): () => number {
  let i = 0;
  return () => {
    if (i >= values.length) throw new Error('stream exhausted');
    return values[i++]!;
  };
}

describe('demo casino fairness (node:crypto) against the reference vectors', () => {
  it('has vectors to check', () => {
    expect(vectors.length).toBeGreaterThan(10);
  });

  it.each(vectors.map((v, i) => [i, v] as const))('vector %i: commitment, signature, both roulettes and keno', (_i, v) => {
    expect(commitmentOf(v.serverSeed)).toBe(v.commitment);
    expect(roundSignatureOf(v.serverSeed, v.clientSeed, v.nonce)).toBe(v.roundSignature);
    expect(computeRound('roulette-european', v.serverSeed, v.clientSeed, v.nonce)).toEqual({ commitment: v.commitment, roundSignature: v.roundSignature, outcome: v.roulette.european });
    expect(computeRound('roulette-american', v.serverSeed, v.clientSeed, v.nonce).outcome).toBe(v.roulette.american);
    expect(computeRound('keno', v.serverSeed, v.clientSeed, v.nonce).outcome).toEqual(v.keno);
  });
});

describe('the uint32 stream', () => {
  it('reads the same endless SHAKE256 stream across its internal refills', () => {
    const signature = vectors[0]!.roundSignature;
    const long = createHash('shake256', { outputLength: 4 * 200 }).update(signature).digest();
    const next = uint32Stream(signature);
    for (let i = 0; i < 200; i++) expect(next()).toBe(long.readUInt32BE(4 * i));
  });
});

describe('rejection sampling (synthetic streams: real seeds practically never reject)', () => {
  const limit37 = Math.floor(2 ** 32 / 37) * 37;

  it('throws draws at or above floor(2^32/P)·P away and takes the next', () => {
    expect(sample(37, fixed([limit37, 2 ** 32 - 1, 40]))).toBe(3);
    expect(sample(37, fixed([limit37 - 1]))).toBe((limit37 - 1) % 37);
  });

  it('maps American 37 to "00" and European never reaches it', () => {
    expect(rouletteOutcome('american', fixed([37]))).toBe('00');
    expect(rouletteOutcome('american', fixed([38 + 36]))).toBe('36');
    expect(rouletteOutcome('european', fixed([37]))).toBe('0');
  });

  it('draws keno without repeats from the shrinking pool, +1, ascending', () => {
    // Always index 0 of what is left: positions 0…9, shown as 1…10.
    expect(kenoOutcome(fixed(Array(10).fill(0)))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Always the last of what is left (P−1 for P = 40…31): 40 down to 31.
    expect(kenoOutcome(fixed(Array.from({ length: 10 }, (_, i) => 39 - i)))).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
  });

  it('refuses a nonce that `${nonce}` would not write exactly', () => {
    expect(() => roundSignatureOf('s', 'c', 2 ** 53)).toThrow(RangeError);
    expect(() => roundSignatureOf('s', 'c', -1)).toThrow(RangeError);
  });
});
