import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nobleBackend, type XofReader } from '../../src/core/hashing.js';
import { Uint32Stream } from '../../src/core/uint32-stream.js';
import { BACKENDS } from './backends.js';
import { referenceUint32s } from './reference-oracle.js';
import { loadReferenceRounds } from '../support/reference-vectors.js';

/** An XofReader over fixed bytes that records every read length. */
function byteReader(bytes: readonly number[]): XofReader & { reads: number[] } {
  let offset = 0;
  const reads: number[] = [];
  return {
    reads,
    read(n) {
      reads.push(n);
      if (offset + n > bytes.length) throw new Error('test reader exhausted');
      const out = Uint8Array.from(bytes.slice(offset, offset + n));
      offset += n;
      return out;
    },
  };
}

describe('Uint32Stream: big-endian unsigned reading', () => {
  it('reads each 4 bytes most significant first', () => {
    const stream = new Uint32Stream(byteReader([0x12, 0x34, 0x56, 0x78, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00]));
    expect([stream.next(), stream.next(), stream.next()]).toEqual([0x12345678, 1, 0x01000000]);
  });

  it('keeps the top bit as magnitude (never negative)', () => {
    const bytes = [0xff, 0xff, 0xff, 0xff, 0x80, 0x00, 0x00, 0x00, 0x7f, 0xff, 0xff, 0xff, 0xde, 0xad, 0xbe, 0xef];
    const stream = new Uint32Stream(byteReader(bytes));
    expect([stream.next(), stream.next(), stream.next(), stream.next()]).toEqual([4294967295, 2147483648, 2147483647, 3735928559]);
  });

  it('gives 0 for four zero bytes', () => {
    expect(new Uint32Stream(byteReader([0, 0, 0, 0])).next()).toBe(0);
  });
});

describe('Uint32Stream: squeezing in chunks and never running out', () => {
  it('reads chunkWords numbers at a time and continues into the next chunk', () => {
    const bytes = Array.from({ length: 24 }, (_, i) => i);
    const reader = byteReader(bytes);
    const stream = new Uint32Stream(reader, 2);
    const values = Array.from({ length: 5 }, () => stream.next());
    expect(values).toEqual([0x00010203, 0x04050607, 0x08090a0b, 0x0c0d0e0f, 0x10111213]);
    expect(reader.reads).toEqual([8, 8, 8]);
  });

  it('squeezes nothing before the first number is asked for', () => {
    const reader = byteReader([1, 2, 3, 4]);
    const stream = new Uint32Stream(reader, 1);
    expect(reader.reads).toEqual([]);
    expect(stream.count).toBe(0);
  });

  it('counts the numbers drawn', () => {
    const stream = new Uint32Stream(nobleBackend.shake256('x'), 3);
    for (let i = 0; i < 7; i++) stream.next();
    expect(stream.count).toBe(7);
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects chunkWords %s', (chunkWords) => {
    expect(() => new Uint32Stream(nobleBackend.shake256('x'), chunkWords)).toThrow(RangeError);
  });
});

describe.each(BACKENDS.map((b) => [b.name, b] as const))('Uint32Stream over SHAKE256 (%s)', (_name, backend) => {
  const signature = loadReferenceRounds()[0]!.roundSignature;

  it('gives the reference program\'s 2 roulette numbers and 80 keno numbers as its prefix', () => {
    for (const [count, chunk] of [[2, 1], [80, 10]] as const) {
      const stream = new Uint32Stream(backend.shake256(signature), chunk);
      expect(Array.from({ length: count }, () => stream.next())).toEqual(referenceUint32s(signature, count));
    }
  });

  it('keeps going past 80 numbers (the reference program stops there; the stream must not)', () => {
    const stream = new Uint32Stream(backend.shake256(signature), 10);
    const values = Array.from({ length: 1000 }, () => stream.next());
    expect(values).toEqual(referenceUint32s(signature, 1000));
  });

  it('gives the same numbers whatever the chunk size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.string({ maxLength: 64 }), (chunk, text) => {
        const chunked = new Uint32Stream(backend.shake256(text), chunk);
        expect(Array.from({ length: 120 }, () => chunked.next())).toEqual(referenceUint32s(text, 120));
      }),
      { numRuns: 100 },
    );
  });
});
