// "Was I unlucky?": where the player's actual net result falls among the net results fair play
// gives for exactly the bets the player made. P(fair net ≤ actual net): "fair play loses at least
// this much X % of the time". Exact on the lattice when it is small enough (lattice.ts), else the
// saddlepoint approximation (saddlepoint.ts), whose error the tests measure (SADDLEPOINT_ERROR).
import type { Ratio } from '../rtp/fraction.js';
import { exactDistribution, latticeOf, netAtStep, stepAtOrBelow, transformBits, type Lattice } from './lattice.js';
import type { RoundLaw } from './round-law.js';
import { saddlepointCdf } from './saddlepoint.js';

/** The exact transform is used up to this many lattice points… */
export const EXACT_LATTICE_POINTS = 2 ** 18;
/**
 * …and this much work (laws × transform length × log2 of it: each law costs one transform): about
 * 25 ms on one core, so one percentile stays one short task (test/e2e and scripts/bench-luck.ts).
 */
export const EXACT_WORK = 2 ** 22;
/**
 * How far the saddlepoint figure may be off the exact one, as a share (0.01: one percentage point).
 * test/core/luck/saddlepoint.heavy.test.ts holds it to this on lattices just beyond the exact
 * limit, where it is worst (few, lumpy keno rounds); it shrinks as rounds grow.
 */
export const SADDLEPOINT_ERROR = 0.01;
/** Rounding of the exact transform, as a share: far below any figure shown. */
export const EXACT_ERROR = 1e-9;

export interface LuckBin {
  /** Net results from `from` to `to` (money), and fair play's chance of landing there. */
  from: number;
  to: number;
  probability: number;
}

export interface LuckPercentile {
  method: 'exact' | 'saddlepoint';
  rounds: number;
  actualNet: Ratio;
  /**
   * P(fair net ≤ actual net) lies from `atLeast` to `atMost` (the same when every pay is known).
   * The chance only falls as any pay rises, so an outcome of unknown pay bounds it both ways:
   * `atLeast` as if it paid more than anything (counted above the actual net), `atMost` as if it
   * paid nothing back.
   */
  atLeast: number;
  atMost: number;
  /** How far `atLeast` and `atMost` may be off by the method itself. */
  error: number;
  /** Fair play's mean and standard deviation of the net result (money), over rounds of known pay. */
  expectedNet: number;
  spread: number;
  /** Money per step of the lattice the results lie on (the smallest difference two results can have). */
  unit: number;
  /** Fair play's distribution of the net result in ~`bins` bins around its bulk and the actual result, for the picture. */
  bins: LuckBin[];
}

export interface LuckOptions {
  exactPoints?: number;
  exactWork?: number;
  bins?: number;
}

/** Fewer rounds than this give no spread worth drawing or ranking a result in. */
export const MIN_LUCK_ROUNDS = 10;

/**
 * Why a percentile says nothing worth showing, or undefined when it does: too few rounds, or fair
 * play's result (over the outcomes of known pay) is nearly one value, under one lattice step
 * apart on average (a point: the picture would be one bar and "between 3.50 and 3.50").
 */
export function tooFewToCompare(percentile: Pick<LuckPercentile, 'rounds' | 'spread' | 'unit'>): 'rounds' | 'spread' | undefined {
  if (percentile.rounds < MIN_LUCK_ROUNDS) return 'rounds';
  if (!(percentile.spread >= percentile.unit)) return 'spread';
  return undefined;
}

const chanceOfKnown = (laws: readonly RoundLaw[]): number => laws.reduce((p, law) => p * (1 - law.unknown) ** law.rounds, 1);

/** The laws with each outcome of unknown pay paying nothing back: the highest the chance can be. */
const leastPaid = (laws: readonly RoundLaw[]): RoundLaw[] =>
  laws.map((law) => (law.unknown > 0 && law.leastNet !== undefined ? { rounds: law.rounds, outcomes: [...law.outcomes, { net: law.leastNet, probability: law.unknown }], unknown: 0 } : law));

/** The percentile of `actualNet` over the laws; undefined when there is no round to compare with. */
export function luckPercentile(laws: readonly RoundLaw[], actualNet: Ratio, options: LuckOptions = {}): LuckPercentile | undefined {
  const result = percentileOf(laws, actualNet, options);
  if (result === undefined || result.atMost === result.atLeast || !laws.some((law) => law.rounds > 0 && law.unknown > 0 && law.leastNet !== undefined)) return result;
  const highest = percentileOf(leastPaid(laws), actualNet, { ...options, bins: 0 })!;
  return { ...result, atMost: Math.min(result.atMost, Math.max(result.atLeast, highest.atLeast)) };
}

function percentileOf(laws: readonly RoundLaw[], actualNet: Ratio, options: LuckOptions = {}): LuckPercentile | undefined {
  const played = laws.filter((law) => law.rounds > 0);
  const rounds = played.reduce((sum, law) => sum + law.rounds, 0);
  if (rounds === 0) return undefined;
  const lattice = latticeOf(played);
  const bits = transformBits(lattice.size);
  const exact = lattice.size <= (options.exactPoints ?? EXACT_LATTICE_POINTS) && played.length * 2 ** bits * bits <= (options.exactWork ?? EXACT_WORK);
  const knownChance = chanceOfKnown(played);
  const step = stepAtOrBelow(lattice, actualNet);
  let cdf: (k: number) => number;
  let mean: number;
  let spread: number;
  if (exact) {
    const probabilities = exactDistribution(lattice);
    const cumulative = new Float64Array(lattice.size);
    let sum = 0;
    let m1 = 0;
    let m2 = 0;
    for (let k = 0; k < lattice.size; k++) {
      const p = probabilities[k]!;
      sum += p;
      m1 += p * k;
      m2 += p * k * k;
      cumulative[k] = sum;
    }
    cdf = (k) => (k < 0 ? 0 : cumulative[Math.min(k, lattice.size - 1)]!);
    mean = sum > 0 ? m1 / sum : 0;
    spread = sum > 0 ? Math.sqrt(Math.max(0, m2 / sum - mean * mean)) : 0;
  } else {
    const approximate = saddlepointCdf(lattice);
    cdf = (k) => knownChance * approximate.at(k);
    mean = approximate.mean;
    spread = approximate.spread;
  }
  const atLeast = Math.min(1, cdf(step));
  const unitMoney = Number(lattice.unit) / Number(lattice.denominator);
  return {
    method: exact ? 'exact' : 'saddlepoint',
    rounds,
    actualNet,
    atLeast,
    atMost: Math.min(1, atLeast + (1 - knownChance)),
    error: exact ? EXACT_ERROR : SADDLEPOINT_ERROR,
    expectedNet: netAtStep(lattice, 0) + mean * unitMoney,
    spread: spread * unitMoney,
    unit: unitMoney,
    // No picture asked for (bins: 0): the approximation then solves one equation, not one per bin edge.
    bins: options.bins === 0 ? [] : binsOf(lattice, cdf, mean, spread, step, options.bins ?? 40),
  };
}

/** Bins of whole lattice steps over mean ± 4 spreads (within what can happen), widened to show the actual result. */
function binsOf(lattice: Lattice, cdf: (k: number) => number, mean: number, spread: number, actual: number, count: number): LuckBin[] {
  const last = lattice.size - 1;
  let low = Math.max(0, Math.floor(mean - 4 * spread));
  let high = Math.min(last, Math.ceil(mean + 4 * spread));
  low = Math.max(0, Math.min(low, actual));
  high = Math.min(last, Math.max(high, actual));
  const width = Math.max(1, Math.ceil((high - low + 1) / count));
  const bins: LuckBin[] = [];
  // Each edge's cdf once: the approximation solves an equation per call.
  let below = cdf(low - 1);
  for (let from = low; from <= high; from += width) {
    const to = Math.min(high, from + width - 1);
    const upTo = cdf(to);
    bins.push({ from: netAtStep(lattice, from), to: netAtStep(lattice, to), probability: Math.max(0, upTo - below) });
    below = upTo;
  }
  return bins;
}
