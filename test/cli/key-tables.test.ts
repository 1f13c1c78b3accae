// The compact audit's key tables: every distinct key gets its own id, in order of first sight,
// and gives its key back unchanged, whatever the key holds.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HexKeyTable } from '../../src/cli/hex-key-table.js';
import { TextKeyTable } from '../../src/cli/text-key-table.js';

const sha3 = (text: string): string => createHash('sha3-256').update(text).digest('hex');

describe('HexKeyTable', () => {
  it('numbers keys in order of first sight and gives each back, through many index growths', () => {
    const table = new HexKeyTable();
    const keys = Array.from({ length: 5000 }, (_, i) => sha3(String(i)));
    // Keys that differ in one digit only, and the extremes.
    const near = ['0'.repeat(64), 'f'.repeat(64), `${'0'.repeat(63)}1`, `1${'0'.repeat(63)}`];
    const all = [...keys, ...near];
    // Ids as handed out, then asked again, and keys given back: one assertion each (an expect per
    // key was most of this test's time).
    expect(all.map((key) => table.id(key))).toEqual(all.map((_, i) => i));
    expect(all.map((key) => table.id(key))).toEqual(all.map((_, i) => i));
    expect(all.map((_, i) => table.hex(i))).toEqual(all);
    expect(table.size).toBe(keys.length + near.length);
  });

  it('refuses text that is not 64 lowercase hex digits', () => {
    const table = new HexKeyTable();
    for (const bad of ['ab', 'A'.repeat(64), `${'0'.repeat(63)}g`, `${'0'.repeat(63)}`]) expect(() => table.id(bad)).toThrow(/hex key/);
    expect(table.size).toBe(0);
  });
});

describe('TextKeyTable', () => {
  it('gives any strings back unchanged, one id per distinct string', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.constantFrom('', '\ud800', '\udc00', '\u00ff', '\u00fe', '\uffff', 'ÿa')), { maxLength: 60 }), (texts) => {
        const table = new TextKeyTable();
        const ids = texts.map((text) => table.id(text));
        const firsts = [...new Set(texts)];
        expect(table.size).toBe(firsts.length);
        texts.forEach((text, i) => expect(ids[i]).toBe(firsts.indexOf(text)));
        firsts.forEach((text, id) => {
          expect(table.text(id)).toBe(text);
          expect(table.isEmpty(id)).toBe(text === '');
        });
      }),
    );
  });

  it('keeps strings whose bytes could run together apart', () => {
    // 0xFF is the marker of a wide unit: "ÿ" followed by bytes must not read as one.
    const table = new TextKeyTable();
    const texts = ['\u00ff\u0001\u0002', '\u0102', '\u00ff', 'ÿ\u0000', 'x'.repeat(100_000)];
    texts.forEach((text, i) => expect(table.id(text)).toBe(i));
    texts.forEach((text, i) => expect(table.text(i)).toBe(text));
  });
});
