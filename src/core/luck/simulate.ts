// The percentile by seeded simulation: play the same bets `runs` times with a fair draw and count
// how often fair play ends at or below the actual net. For laws without an exact form; the tests
// use it to check the exact and the saddlepoint figures. Its error is the binomial standard error
// √(p(1 − p)/runs), stated with the figure; the same seed gives the same figure.
import type { Ratio } from '../rtp/fraction.js';
import { latticeOf, stepAtOrBelow } from './lattice.js';
import type { RoundLaw } from './round-law.js';

/** A small seeded generator (mulberry32): uniform in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SimulatedPercentile {
  runs: number;
  seed: number;
  /** Share of runs with no outcome of unknown pay that ended at or below the actual net. */
  atLeast: number;
  /** …plus the share of runs that hit an outcome of unknown pay. */
  atMost: number;
  /** One standard error of `atLeast`. */
  standardError: number;
}

export function simulatePercentile(laws: readonly RoundLaw[], actualNet: Ratio, runs: number, seed: number): SimulatedPercentile {
  if (!Number.isInteger(runs) || runs < 1) throw new RangeError(`simulatePercentile: runs must be a whole number ≥ 1, got ${runs}`);
  const lattice = latticeOf(laws);
  const actual = stepAtOrBelow(lattice, actualNet);
  // Each law's chances as a cumulative list, the unknown chance last (offset −1).
  const tables = lattice.laws.map((law) => {
    const cumulative: number[] = [];
    let sum = 0;
    for (const p of law.probabilities) cumulative.push((sum += p));
    return { rounds: law.rounds, offsets: law.offsets, cumulative, known: sum };
  });
  const random = seededRandom(seed);
  let below = 0;
  let unknown = 0;
  for (let run = 0; run < runs; run++) {
    let total = 0;
    let hitUnknown = false;
    for (const { rounds, offsets, cumulative, known } of tables) {
      for (let r = 0; r < rounds; r++) {
        const u = random();
        if (u >= known) {
          hitUnknown = true;
          continue;
        }
        let j = 0;
        while (j < cumulative.length - 1 && u >= cumulative[j]!) j++;
        total += offsets[j]!;
      }
    }
    if (hitUnknown) unknown++;
    else if (total <= actual) below++;
  }
  const atLeast = below / runs;
  return { runs, seed, atLeast, atMost: (below + unknown) / runs, standardError: Math.sqrt((atLeast * (1 - atLeast)) / runs) };
}
