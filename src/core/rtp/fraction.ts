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

/** The nearest double to n/d, also when n and d are beyond 2^53. */
function toNumber(n: bigint, d: bigint): number {
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  // Both exact as doubles: one division is correctly rounded.
  if (magnitude <= BigInt(Number.MAX_SAFE_INTEGER) && d <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(n) / Number(d);
  // Otherwise take a 64-bit quotient (more bits than a double keeps) and scale it back.
  const shift = Math.max(0, 64 - (magnitude.toString(2).length - d.toString(2).length));
  const quotient = Number((magnitude << BigInt(shift)) / d);
  const value = quotient / 2 ** Math.min(shift, 1023) / 2 ** Math.max(0, shift - 1023);
  return negative ? -value : value;
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
