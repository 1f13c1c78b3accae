// An outcome's number code must always give back the exact text it was made from.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OutcomeCodes } from '../../src/cli/outcome-codes.js';

describe('OutcomeCodes', () => {
  it('codes a set of small numbers written ascending as a mask, anything else by table', () => {
    const codes = new OutcomeCodes();
    expect(codes.code('0')).toBe(1);
    expect(codes.code('3 5')).toBe(2 ** 3 + 2 ** 5);
    expect(codes.code('52')).toBe(2 ** 52);
    for (const other of ['00', '5 3', '3  5', ' 3', '3 ', '53', '3 3', '', '[1,2]', '07']) expect(codes.code(other)).toBeLessThan(0);
    expect(codes.code('00')).toBe(codes.code('00'));
    expect(codes.code(null)).toBeNaN();
    expect(codes.text(NaN)).toBeUndefined();
  });

  it('gives every text back exactly', () => {
    const keno = fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }).map((ns) => ns.sort((a, b) => a - b).join(' '));
    const near = fc.array(fc.constantFrom('0', '1', '9', '5', '2', ' ', '0'), { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(fc.oneof(keno, near, fc.string(), fc.integer({ min: 0, max: 60 }).map(String)), { maxLength: 30 }), (texts) => {
        const codes = new OutcomeCodes();
        const coded = texts.map((text) => codes.code(text));
        texts.forEach((text, i) => expect(codes.text(coded[i]!)).toBe(text));
      }),
    );
  });
});
