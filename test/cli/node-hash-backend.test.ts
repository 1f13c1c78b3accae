import { describe, expect, it } from 'vitest';
import { computeRound, europeanRoulette, americanRoulette, keno, nobleBackend } from '../../src/core/index.js';
import { nodeBackend } from '../../src/cli/node-hash-backend.js';
import { loadVectors } from './vectors.js';

const vectors = loadVectors();

/** Reads `pattern` byte counts one after another; returns each read's bytes as hex, taken at once
 *  (later reads must not change what was handed out). */
function readAll(backend: typeof nodeBackend, text: string, pattern: number[]): string[] {
  const reader = backend.shake256(text);
  return pattern.map((count) => Buffer.from(reader.read(count)).toString('hex'));
}

describe('nodeBackend', () => {
  it('hashes every reference vector like the casino (commitment and round signature)', () => {
    for (const v of vectors) {
      expect(nodeBackend.sha3_256Hex(v.serverSeed)).toBe(v.commitment);
      expect(nodeBackend.sha3_256Hex(`${v.serverSeed}:${v.clientSeed}:${v.nonce}`)).toBe(v.roundSignature);
    }
  });

  it('computes every reference outcome, for each game', () => {
    for (const v of vectors) {
      const options = { backend: nodeBackend, trace: false };
      expect(computeRound(europeanRoulette, v.serverSeed, v.clientSeed, v.nonce, options).outcome).toBe(v.roulette.european);
      expect(computeRound(americanRoulette, v.serverSeed, v.clientSeed, v.nonce, options).outcome).toBe(v.roulette.american);
      expect(computeRound(keno, v.serverSeed, v.clientSeed, v.nonce, options).outcome).toEqual(v.keno);
    }
  });

  it('agrees with @noble/hashes on SHA3-256 of non-ASCII, empty and long text', () => {
    for (const text of ['', 'ü✓😀', 'a'.repeat(135), 'a'.repeat(136), 'a'.repeat(137), 'x'.repeat(5000)]) {
      expect(nodeBackend.sha3_256Hex(text)).toBe(nobleBackend.sha3_256Hex(text));
    }
  });

  it('answers repeated inputs (the server seed of every round of a pair) like a fresh hash, in any order', () => {
    const texts = ['seed-a', 'seed-a:client:1', 'seed-a', 'seed-a:client:2', '', 'seed-b', '', 'seed-a', 'seed-b', 'seed-b', 'seed-a:client:1'];
    for (const text of texts) expect(nodeBackend.sha3_256Hex(text)).toBe(nobleBackend.sha3_256Hex(text));
  });

  // Node's SHAKE cannot squeeze incrementally: the reader recomputes a longer output and hands out
  // only the new bytes. These patterns cross the 136-byte rate block and the reader's regrowth.
  const patterns: Record<string, number[]> = {
    'one keno read': [40],
    'one roulette read': [4],
    'uint32 by uint32 past 3 blocks': Array.from({ length: 120 }, () => 4),
    'ragged reads across 136 and 272': [8, 128, 1, 135, 2, 300, 0, 17],
    'exactly one block, then one byte': [136, 1],
    'one long read': [1000],
  };
  for (const [name, pattern] of Object.entries(patterns)) {
    it(`reads SHAKE256 like @noble/hashes: ${name}`, () => {
      // One assertion for all vectors: an expect per read and per byte was most of this file's time.
      const wrong = vectors.flatMap((v) => {
        const node = readAll(nodeBackend, v.roundSignature, pattern);
        const noble = readAll(nobleBackend, v.roundSignature, pattern);
        const sizesRight = [node, noble].every((reads) => reads.every((hex, i) => hex.length === 2 * pattern[i]!));
        return sizesRight && node.join('') === noble.join('') ? [] : [{ text: v.roundSignature, node, noble }];
      });
      expect(wrong).toEqual([]);
    });
  }

  it('gives later reads as the continuation of one output (an XOF prefix), not a new start', () => {
    const text = vectors[0]!.roundSignature;
    const whole = nobleBackend.shake256(text).read(600);
    const reader = nodeBackend.shake256(text);
    const first = Uint8Array.from(reader.read(200));
    const second = Uint8Array.from(reader.read(400));
    expect(first).toEqual(whole.slice(0, 200));
    expect(second).toEqual(whole.slice(200, 600));
  });

  it('refuses a negative or fractional byte count', () => {
    const reader = nodeBackend.shake256('x');
    expect(() => reader.read(-1)).toThrow(RangeError);
    expect(() => reader.read(1.5)).toThrow(RangeError);
  });
});
