// Exact rationals for the RTP math. Payout rules are ratios of small integers, so the returns they
// imply are exact fractions; floating point would turn "does 36/37 round to 97.30 %?" into a
// question about rounding error instead of about the casino's rules.

/** An exact, reduced fraction (denominator > 0) with its nearest double for display and sorting. */
export interface Ratio {
  numerator: bigint;
  denominator: bigint;
  /** The nearest double; for people and charts, never for comparisons. */
  value: number;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function ratio(numerator: bigint | number, denominator: bigint | number = 1n): Ratio {
  let n = BigInt(numerator);
  let d = BigInt(denominator);
  if (d === 0n) throw new RangeError('ratio: denominator is zero');
  if (d < 0n) [n, d] = [-n, -d];
  const divisor = gcd(n, d) || 1n;
  n /= divisor;
  d /= divisor;
  return { numerator: n, denominator: d, value: toNumber(n, d) };
}

/** The nearest double to n/d (ties to even, as IEEE division), also when n and d are beyond 2^53. */
function toNumber(n: bigint, d: bigint): number {
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  // Both exact as doubles: one division is correctly rounded.
  if (magnitude <= BigInt(Number.MAX_SAFE_INTEGER) && d <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(n) / Number(d);
  const value = magnitude === 0n ? 0 : nearestDouble(magnitude, d);
  return negative ? -value : value;
}

/** m/d (m, d > 0) to the nearest double, with one rounding only. */
function nearestDouble(m: bigint, d: bigint): number {
  // m/d lies in [2^(e-1), 2^(e+1)).
  const e = m.toString(2).length - d.toString(2).length;
  if (e <= -1022) {
    // Below 2^-1021: subnormal, or in the lowest normal binade; either way the last bit kept is
    // 2^-1074, so round m·2^1074/d to an integer here, ties to even. It is at most 2^53, so
    // Number() and the scaling are exact.
    const scaled = m << 1074n;
    let q = scaled / d;
    const twice = 2n * (scaled - q * d);
    if (twice > d || (twice === d && (q & 1n) === 1n)) q++;
    return Number(q) * 2 ** -1074;
  }
  // A quotient of 64 bits or more, truncated, with a sticky bit for a non-zero remainder: Number()
  // then rounds it exactly as the true quotient would round (the bits below the 53rd decide, and
  // truncation alone could turn "just above half" into a tie). Scaling by 2^-shift is exact here.
  const shift = Math.max(0, 64 - e);
  const scaled = m << BigInt(shift);
  let q = scaled / d;
  if (q * d !== scaled) q |= 1n;
  return Number(q) / 2 ** Math.min(shift, 1023) / 2 ** Math.max(0, shift - 1023);
}

export const add = (a: Ratio, b: Ratio): Ratio => ratio(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator);
export const subtract = (a: Ratio, b: Ratio): Ratio => ratio(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator);
export const multiply = (a: Ratio, b: Ratio): Ratio => ratio(a.numerator * b.numerator, a.denominator * b.denominator);
export const divide = (a: Ratio, b: Ratio): Ratio => ratio(a.numerator * b.denominator, a.denominator * b.numerator);
export const sameRatio = (a: Ratio, b: Ratio): boolean => a.numerator === b.numerator && a.denominator === b.denominator;
export const compareRatio = (a: Ratio, b: Ratio): number => {
  const difference = a.numerator * b.denominator - b.numerator * a.denominator;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
};

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * The exact value of a decimal as written ("3.8", "0.01", 97.3). A number is read through its
 * shortest round-trip text, which is the decimal a page showed, not the binary double behind it
 * (3.8 stays 19/5, not 4278419646001971/1125899906842624).
 */
export function decimalRatio(value: number | string): Ratio {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match || (typeof value === 'number' && !Number.isFinite(value))) throw new RangeError(`not a decimal number: ${text}`);
  const [, sign, whole, fractionDigits = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fractionDigits.length;
  const digits = BigInt(`${sign}${whole}${fractionDigits}`);
  return exponent >= 0 ? ratio(digits * 10n ** BigInt(exponent)) : ratio(digits, 10n ** BigInt(-exponent));
}

/** Decimal text rounded half away from zero to `decimals` places, computed exactly ("97.2973"). */
export function decimalText(r: Ratio, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const negative = r.numerator < 0n;
  const magnitude = negative ? -r.numerator : r.numerator;
  const scaled = (2n * magnitude * scale + r.denominator) / (2n * r.denominator);
  const digits = scaled.toString().padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative && scaled !== 0n ? `-${text}` : text;
}

/** A fraction as a percentage with `decimals` places, exactly rounded ("97.2973"). */
export const percentText = (r: Ratio, decimals = 4): string => decimalText(multiply(r, ratio(100n)), decimals);
