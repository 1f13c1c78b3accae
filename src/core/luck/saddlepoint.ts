// The distribution of the total when the lattice is too large for the exact transform: the
// saddlepoint approximation with Daniels' second continuity correction for lattice sums
// (Daniels 1987, "Tail probability approximations", Int. Stat. Review 55; Butler, "Saddlepoint
// Approximations with Applications", 2007, §1.2). Unlike the normal approximation it follows keno's
// skew (rare large wins); test/core/luck/percentile.test.ts measures it against the exact result.
import type { Lattice, LatticeLaw } from './lattice.js';
import { normalCdf, normalDensity } from './normal.js';

interface Cumulants {
  /** K(t) − t·K'(0): kept apart from the mean, since near the mean the rest is tiny and the formula needs it precisely. */
  k0: number;
  k1: number;
  k2: number;
}

/** A law with its outcomes measured from its own mean. */
interface CentredLaw {
  rounds: number;
  mean: number;
  deviations: number[];
  probabilities: number[];
}

/** The laws with their unknown outcomes left out and the rest rescaled (the sum given that no round hit one), centred. */
function known(laws: readonly LatticeLaw[]): CentredLaw[] {
  return laws
    .filter((law) => law.rounds > 0 && law.probabilities.length > 0)
    .map((law) => {
      const total = law.probabilities.reduce((a, b) => a + b, 0);
      const probabilities = law.probabilities.map((p) => p / total);
      const mean = law.offsets.reduce((sum, x, j) => sum + probabilities[j]! * x, 0);
      return { rounds: law.rounds, mean, deviations: law.offsets.map((x) => x - mean), probabilities };
    });
}

/** K(t) (less t·mean), K'(t), K''(t) of the total: the log of its moment generating function and its derivatives. */
function cumulants(laws: readonly CentredLaw[], t: number): Cumulants {
  const { exp, expm1, log, log1p } = Math;
  let k0 = 0;
  let k1 = 0;
  let k2 = 0;
  for (const { rounds, mean, deviations, probabilities } of laws) {
    let top = -Infinity;
    for (const y of deviations) if (t * y > top) top = t * y;
    // Small exponents: log1p of Σ p·expm1(t·y), whose first-order terms cancel exactly (Σ p·y = 0) instead of in log(1 + ε).
    const small = top < 0.5 && -t * Math.max(...deviations.map((y) => -y)) > -0.5;
    const shift = small ? 0 : top;
    let s0 = 0;
    let s0m1 = 0;
    let s1 = 0;
    for (let j = 0; j < deviations.length; j++) {
      const e = exp(t * deviations[j]! - shift);
      const w = probabilities[j]! * e;
      s0 += w;
      if (small) s0m1 += probabilities[j]! * expm1(t * deviations[j]!);
      s1 += w * deviations[j]!;
    }
    const tilted = s1 / s0;
    let s2 = 0;
    for (let j = 0; j < deviations.length; j++) {
      const d = deviations[j]! - tilted;
      s2 += probabilities[j]! * exp(t * deviations[j]! - shift) * d * d;
    }
    k0 += rounds * (small ? log1p(s0m1) : shift + log(s0));
    k1 += rounds * (mean + tilted);
    k2 += rounds * (s2 / s0);
  }
  return { k0, k1, k2 };
}

/** The t where K'(t) = target (K' rises with t): Newton's steps kept inside a bracket, halving when one leaves it. */
function solve(laws: readonly CentredLaw[], target: number, spread: number): number {
  let low = -1 / spread;
  let high = 1 / spread;
  for (let i = 0; i < 200 && cumulants(laws, low).k1 > target; i++) low *= 2;
  for (let i = 0; i < 200 && cumulants(laws, high).k1 < target; i++) high *= 2;
  let t = 0;
  for (let i = 0; i < 200; i++) {
    const { k1, k2 } = cumulants(laws, t);
    const miss = k1 - target;
    if (Math.abs(miss) <= 1e-9 * spread) return t;
    if (miss > 0) high = t;
    else low = t;
    const next = t - miss / k2;
    t = next > low && next < high && Number.isFinite(next) ? next : (low + high) / 2;
  }
  return t;
}

export interface SaddlepointCdf {
  /** P(total ≤ step k | no round hit an outcome of unknown pay). */
  at(k: number): number;
  mean: number;
  spread: number;
}

/** The approximate cdf of the total on its lattice, given that no round hit an outcome of unknown pay. */
export function saddlepointCdf(lattice: Lattice): SaddlepointCdf {
  const laws = known(lattice.laws);
  const { k1: mean, k2: variance } = cumulants(laws, 0);
  const spread = Math.sqrt(variance);
  const top = lattice.size - 1;
  // Each law's smallest known outcome is not always at offset 0 (unknown ones are left out).
  const bottom = laws.reduce((sum, law) => sum + law.rounds * (law.mean + Math.min(...law.deviations)), 0);
  const highest = laws.reduce((sum, law) => sum + law.rounds * (law.mean + Math.max(...law.deviations)), 0);
  const tail = (k: number): number => {
    // Daniels' second correction: P(S ≤ k) from the saddlepoint at k + ½.
    const x = k + 0.5;
    const t = solve(laws, x, spread);
    const { k0, k2 } = cumulants(laws, t);
    const w = Math.sign(t) * Math.sqrt(Math.max(0, 2 * (t * (x - mean) - k0)));
    const u = 2 * Math.sinh(t / 2) * Math.sqrt(k2);
    return normalCdf(w) + normalDensity(w) * (1 / w - 1 / u);
  };
  const at = (k: number): number => {
    if (!(spread > 0)) return k >= mean ? 1 : 0;
    if (k < bottom) return 0;
    if (k >= Math.min(top, highest)) return 1;
    // The formula is 0/0 at the mean: there, the mean of its values just either side.
    const near = 1e-3 * spread;
    const value = Math.abs(k + 0.5 - mean) < near ? (tail(mean - 0.5 - near) + tail(mean - 0.5 + near)) / 2 : tail(k);
    return Math.min(1, Math.max(0, value));
  };
  return { at, mean, spread };
}
