// The laws of the rounds placed on one lattice: every net result is base + unit × k for a whole k,
// so the sum over all rounds is too, and its distribution is a list of probabilities by k. The
// exact distribution is the product of each round's characteristic function on that lattice, turned
// back by one inverse FFT (rounding error only: about 1e-12 of the total, far below what is shown).
import { ratio, type Ratio } from '../rtp/fraction.js';
import { fft } from './fft.js';
import type { RoundLaw } from './round-law.js';

/** One law in lattice steps: its outcomes as offsets from its own smallest net, with their chances. */
export interface LatticeLaw {
  rounds: number;
  offsets: number[];
  probabilities: number[];
  unknown: number;
}

export interface Lattice {
  laws: LatticeLaw[];
  /** Net of the total when every round gives its smallest result: `base / denominator`. */
  base: bigint;
  /** Money per lattice step: `unit / denominator`. */
  unit: bigint;
  denominator: bigint;
  /** Lattice points the total can reach: 0 … size − 1. */
  size: number;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

/** Puts the laws on their common lattice (amounts are decimals: their common denominator is small). */
export function latticeOf(laws: readonly RoundLaw[]): Lattice {
  let denominator = 1n;
  for (const law of laws) for (const { net } of law.outcomes) denominator = (denominator / gcd(denominator, net.denominator)) * net.denominator;
  const scaled = laws.map((law) => law.outcomes.map(({ net }) => (net.numerator * denominator) / net.denominator));
  let unit = 0n;
  let base = 0n;
  const minima = scaled.map((values) => values.reduce((a, b) => (b < a ? b : a), values[0] ?? 0n));
  scaled.forEach((values, i) => {
    for (const value of values) unit = gcd(unit, value - minima[i]!);
    base += BigInt(laws[i]!.rounds) * minima[i]!;
  });
  if (unit === 0n) unit = 1n;
  let size = 1;
  const latticeLaws = laws.map((law, i): LatticeLaw => {
    const offsets = scaled[i]!.map((value) => Number((value - minima[i]!) / unit));
    size += law.rounds * Math.max(0, ...offsets);
    return { rounds: law.rounds, offsets, probabilities: law.outcomes.map((o) => o.probability), unknown: law.unknown };
  });
  return { laws: latticeLaws, base, unit, denominator, size };
}

/** The lattice step at or below a net amount (may lie outside 0 … size − 1). */
export function stepAtOrBelow(lattice: Lattice, net: Ratio): number {
  // k = floor((net·denominator − base) / unit), exactly.
  const numerator = net.numerator * lattice.denominator - lattice.base * net.denominator;
  const divisor = lattice.unit * net.denominator;
  let k = numerator / divisor;
  if (numerator % divisor !== 0n && numerator < 0n) k -= 1n;
  return Number(k);
}

/** The money of lattice step k, as a number for people and pictures. */
export const netAtStep = (lattice: Lattice, k: number): number => ratio(lattice.base + lattice.unit * BigInt(k), lattice.denominator).value;

/** log2 of the transform length the exact distribution needs. */
export const transformBits = (size: number): number => Math.max(1, Math.ceil(Math.log2(size)));

/** Up to this many rounds a law's transform is raised to its power by squaring (at most 2·log2 of it multiplications, each rounding once). */
const FEW_ROUNDS = 64;

/**
 * The exact probabilities of the total at steps 0 … size − 1, each law's outcomes of unknown pay
 * left out (so they sum to the chance that no round hit one). Cost: one FFT per law plus one back.
 */
export function exactDistribution(lattice: Lattice): Float64Array {
  const n = 2 ** transformBits(lattice.size);
  const totalRe = new Float64Array(n).fill(1);
  const totalIm = new Float64Array(n);
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  const { atan2, cos, hypot, pow, sin } = Math;
  for (const law of lattice.laws) {
    re.fill(0);
    im.fill(0);
    law.offsets.forEach((offset, j) => (re[offset] = re[offset]! + law.probabilities[j]!));
    fft(re, im);
    const rounds = law.rounds;
    for (let f = 0; f < n; f++) {
      let pr: number;
      let pi: number;
      if (rounds <= FEW_ROUNDS) {
        // (re + i·im)^rounds by squaring: a few multiplications, no transcendental function (a
        // session's laws are mostly of one to a few rounds).
        let br = re[f]!;
        let bi = im[f]!;
        pr = 1;
        pi = 0;
        for (let e = rounds; ; ) {
          if (e & 1) {
            const r = pr * br - pi * bi;
            pi = pr * bi + pi * br;
            pr = r;
          }
          e >>= 1;
          if (e === 0) break;
          const r = br * br - bi * bi;
          bi = 2 * br * bi;
          br = r;
        }
      } else {
        // In polar form: one power of the length, one multiple of the angle.
        const length = pow(hypot(re[f]!, im[f]!), rounds);
        const angle = atan2(im[f]!, re[f]!) * rounds;
        pr = length * cos(angle);
        pi = length * sin(angle);
      }
      const tr = totalRe[f]!;
      totalRe[f] = tr * pr - totalIm[f]! * pi;
      totalIm[f] = tr * pi + totalIm[f]! * pr;
    }
  }
  fft(totalRe, totalIm, true);
  const probabilities = new Float64Array(lattice.size);
  for (let k = 0; k < lattice.size; k++) probabilities[k] = totalRe[k]! > 0 ? totalRe[k]! : 0;
  return probabilities;
}
