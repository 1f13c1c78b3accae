// What a demo bet pays. Keno: a fixed table per number of picks (1–10), multiplier by hits,
// modelled on the ~99 % "classic" tables of crypto keno (each returns 98.96–99.04 %, exactly
// computable). Roulette: the demo's bet is always "Red", even money (1:1, 2× back), by the real
// rules: 18 red numbers, 0 and 00 lose. Money is handled in integer hundredths, never floats.
import type { GameId, Outcome } from './fairness.js';

/** Keno multipliers as decimal text, indexed [picks][hits]. */
export const KENO_PAYTABLE: Readonly<Record<number, readonly string[]>> = {
  1: ['0.00', '3.96'],
  2: ['0.00', '1.90', '4.50'],
  3: ['0.00', '1.00', '3.10', '10.40'],
  4: ['0.00', '0.80', '1.80', '5.00', '22.50'],
  5: ['0.00', '0.25', '1.40', '4.10', '16.50', '36.00'],
  6: ['0.00', '0.00', '1.00', '3.68', '7.00', '16.50', '40.00'],
  7: ['0.00', '0.00', '0.47', '3.00', '4.50', '14.00', '31.00', '60.00'],
  8: ['0.00', '0.00', '0.00', '2.20', '4.00', '13.00', '22.00', '55.00', '70.00'],
  9: ['0.00', '0.00', '0.00', '1.55', '3.00', '8.00', '15.00', '44.00', '60.00', '85.00'],
  10: ['0.00', '0.00', '0.00', '1.40', '2.25', '4.50', '8.00', '17.00', '50.00', '80.00', '100.00'],
};

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
export const ROULETTE_BET = 'red';
export const DEFAULT_STAKE = '1.00';
const STAKE = /^\d{1,6}(?:\.\d{1,2})?$/;
const MAX_STAKE_HUNDREDTHS = 1_000_000n;

/** The multiplier a round pays, from the outcome the casino shows. */
export function multiplierOf(game: GameId, outcome: Outcome, picks: readonly number[] | null): string {
  if (typeof outcome === 'string') return outcome !== '00' && RED.has(Number(outcome)) ? '2.00' : '0.00';
  const chosen = new Set(picks ?? []);
  const hits = outcome.filter((n) => chosen.has(n)).length;
  const table = KENO_PAYTABLE[chosen.size];
  if (game !== 'keno' || table === undefined) throw new RangeError(`no paytable for ${game} with ${chosen.size} picks`);
  return table[hits]!;
}

/** Hundredths in a decimal text with at most 2 decimals ("1.5" → 150n). */
function hundredths(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** A stake as the bet form or API gives it, normalised to 2 decimals; undefined when not a valid stake. */
export function cleanStake(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined || !STAKE.test(text)) return undefined;
  const amount = hundredths(text);
  if (amount < 1n || amount > MAX_STAKE_HUNDREDTHS) return undefined;
  return `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`;
}

/** stake × multiplier, exact: 2 decimals when that is exact, else 4 (never 3, which reads two ways). */
export function payoutOf(stake: string, multiplier: string): string {
  const tenThousandths = hundredths(stake) * hundredths(multiplier);
  const whole = tenThousandths / 10_000n;
  const fraction = String(tenThousandths % 10_000n).padStart(4, '0');
  return `${whole}.${fraction.endsWith('00') ? fraction.slice(0, 2) : fraction}`;
}
