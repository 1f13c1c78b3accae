import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, compareRatio, decimalRatio, decimalText, divide, multiply, percentText, ratio, sameRatio, subtract } from '../../../src/core/rtp/fraction.js';

const parts = (r: { numerator: bigint; denominator: bigint }) => [r.numerator, r.denominator];

describe('ratio', () => {
  it('reduces and keeps the sign on the numerator', () => {
    expect(parts(ratio(6n, 8n))).toEqual([3n, 4n]);
    expect(parts(ratio(3, -6))).toEqual([-1n, 2n]);
    expect(parts(ratio(0n, 5n))).toEqual([0n, 1n]);
  });

  it('refuses a zero denominator', () => {
    expect(() => ratio(1n, 0n)).toThrow(RangeError);
  });

  it('its value is the nearest double, also beyond 2^53', () => {
    expect(ratio(1n, 100n).value).toBe(0.01);
    expect(ratio(36n, 37n).value).toBe(36 / 37);
    const big = 10n ** 40n;
    expect(ratio(big + 1n, big * 3n).value).toBe(1 / 3);
    expect(ratio(-(big * 2n), big * 7n).value).toBe(-2 / 7);
  });

  it('arithmetic is exact', () => {
    const third = ratio(1n, 3n);
    expect(parts(add(third, ratio(1n, 6n)))).toEqual([1n, 2n]);
    expect(parts(subtract(ratio(1n), third))).toEqual([2n, 3n]);
    expect(parts(multiply(third, ratio(3n, 5n)))).toEqual([1n, 5n]);
    expect(parts(divide(third, ratio(2n, 3n)))).toEqual([1n, 2n]);
    expect(sameRatio(ratio(2n, 4n), ratio(1n, 2n))).toBe(true);
    expect(compareRatio(ratio(36n, 38n), ratio(36n, 37n))).toBe(-1);
  });
});

describe('decimalRatio', () => {
  it.each([
    ['3.8', 19n, 5n],
    ['0.01', 1n, 100n],
    ['97.30', 973n, 10n],
    ['1e-7', 1n, 10000000n],
    ['2.5E3', 2500n, 1n],
    ['-0.5', -1n, 2n],
  ])('reads %s exactly', (text, n, d) => {
    expect(parts(decimalRatio(text))).toEqual([n, d]);
  });

  it('reads a number as the decimal it prints as, not its binary value', () => {
    expect(parts(decimalRatio(3.8))).toEqual([19n, 5n]);
    expect(parts(decimalRatio(0.1))).toEqual([1n, 10n]);
  });

  it('refuses what is not a decimal', () => {
    expect(() => decimalRatio('abc')).toThrow(RangeError);
    expect(() => decimalRatio(Number.NaN)).toThrow(RangeError);
    expect(() => decimalRatio(Infinity)).toThrow(RangeError);
  });

  it('round-trips every finite double through its shortest text', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
      expect(decimalRatio(x).value).toBe(x === 0 ? 0 : x);
    }));
  });

  // Found by the property above (a truncated quotient rounded twice, and the lowest binades).
  it('rounds once: just-above-half quotients, subnormals and the lowest normal binade', () => {
    for (const x of [2.472584317869099e-17, -1.218442084366077e-308, 5e-324, 1e-320, 2.225073858507201e-308, 2.2250738585072014e-308, 1.7976931348623157e308]) {
      expect(decimalRatio(x).value).toBe(x);
    }
  });
});

describe('ratio(…).value', () => {
  /** n/d to ~40 significant decimal digits, then JavaScript's own correctly rounded parsing. */
  const viaDecimal = (n: bigint, d: bigint) => {
    const digits = BigInt(Math.max(0, 40 + d.toString().length - n.toString().length));
    return Number(`${(n * 10n ** digits) / d}e-${digits}`);
  };

  it('is the nearest double to fractions far beyond 2^53', () => {
    const big = fc.bigInt({ min: 1n, max: 2n ** 200n });
    fc.assert(fc.property(big, big, (n, d) => {
      expect(ratio(n, d).value).toBe(viaDecimal(n, d));
    }));
  });
});

describe('decimalText / percentText', () => {
  it('rounds half away from zero, exactly', () => {
    expect(decimalText(ratio(1n, 8n), 2)).toBe('0.13');
    expect(decimalText(ratio(-1n, 8n), 2)).toBe('-0.13');
    expect(decimalText(ratio(2n, 3n), 0)).toBe('1');
    expect(decimalText(ratio(-1n, 1000n), 2)).toBe('0.00');
  });

  it('percentages to 4 decimals', () => {
    expect(percentText(ratio(36n, 37n))).toBe('97.2973');
    expect(percentText(ratio(36n, 37n), 2)).toBe('97.30');
    expect(percentText(ratio(18n, 19n))).toBe('94.7368');
    expect(percentText(ratio(1n, 1n), 0)).toBe('100');
  });
});
