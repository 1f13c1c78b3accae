import fc from 'fast-check';
import { sha3_256 as jsSha3_256, shake256 as jsShake256 } from 'js-sha3';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './backends.js';
import { lastTwoMemo } from '../../src/core/hashing.js';
import { PROPERTY_RUNS } from './arbitraries.js';

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

describe.each(BACKENDS.map((backend) => [backend.name, backend] as const))('%s', (_name, backend) => {
  describe('sha3_256Hex: known answers (FIPS 202, cross-checked with Python hashlib)', () => {
    it.each([
      ['', 'a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a'],
      ['abc', '3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532'],
      // Text is hashed as its UTF-8 bytes.
      ['ü ✓', '9d11e442927e5d3b108207dbb339d564d9bd4c08f363630f504ebb504d841083'],
    ])('SHA3-256(%j)', (text, digest) => {
      expect(backend.sha3_256Hex(text)).toBe(digest);
    });
  });

  describe('sha3_256Hex agrees with js-sha3 (the package the seeds use)', () => {
    it('on arbitrary Unicode text', () => {
      fc.assert(
        fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
          expect(backend.sha3_256Hex(text)).toBe(jsSha3_256(text));
        }),
        PROPERTY_RUNS,
      );
    });
  });

  describe('shake256: known answers', () => {
    it.each([
      ['', '46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f'],
      ['abc', '483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739'],
    ])('first 32 bytes of SHAKE256(%j)', (text, output) => {
      expect(toHex(backend.shake256(text).read(32))).toBe(output);
    });
  });

  describe('shake256: an XOF, read in any pieces', () => {
    it('consecutive reads continue the same output', () => {
      const reader = backend.shake256('abc');
      const first = reader.read(32);
      const second = reader.read(32);
      expect(toHex(first) + toHex(second)).toBe(toHex(backend.shake256('abc').read(64)));
      expect(toHex(second)).not.toBe(toHex(first));
    });

    it('any split of a long read gives the same bytes as js-sha3 in one go', () => {
      fc.assert(
        fc.property(
          fc.string({ unit: 'binary', maxLength: 80 }),
          fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 1, maxLength: 12 }),
          (text, pieces) => {
            const reader = backend.shake256(text);
            const total = pieces.reduce((a, b) => a + b, 0);
            const joined = pieces.map((n) => toHex(reader.read(n))).join('');
            const expected = total === 0 ? '' : jsShake256(text, 8 * total);
            expect(joined).toBe(expected);
          },
        ),
        PROPERTY_RUNS,
      );
    });

    it('two readers over the same text are independent', () => {
      const a = backend.shake256('seed');
      const b = backend.shake256('seed');
      const a1 = toHex(a.read(16));
      a.read(100);
      expect(toHex(b.read(16))).toBe(a1);
    });
  });
});

describe('lastTwoMemo (the commitment hashed once per seed pair)', () => {
  it('gives the digest the hash gives, for any sequence of inputs with repeats', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'seed', ''), { maxLength: 40 }), (texts) => {
        const memo = lastTwoMemo(jsSha3_256);
        for (const text of texts) expect(memo(text)).toBe(jsSha3_256(text));
      }),
      PROPERTY_RUNS,
    );
  });

  it('remembers nothing of an input whose hash threw', () => {
    let fail = false;
    const memo = lastTwoMemo((text) => {
      if (fail) throw new Error('hash failed');
      return jsSha3_256(text);
    });
    memo('a');
    fail = true;
    expect(() => memo('b')).toThrow('hash failed');
    fail = false;
    expect(memo('b')).toBe(jsSha3_256('b'));
    expect(memo('a')).toBe(jsSha3_256('a'));
  });
});
