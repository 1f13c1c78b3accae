import type { Uint32Source } from './uint32-stream.js';

/** One uint32 taken from the stream, and what the sampler did with it. */
export interface DrawStep {
  /** 0-based position of the number in the stream. */
  index: number;
  value: number;
  /** How many outcomes were possible (P). */
  outcomes: number;
  /** floor(2^32 / P) · P: values at or above it are rejected. */
  limit: number;
  accepted: boolean;
  /** value mod P, for an accepted draw. */
  sampled?: number;
  /** Keno: the board number this draw removed from the pool (1-based). */
  picked?: number;
}

const TWO_POW_32 = 0x1_0000_0000;

/** floor(2^32 / P) · P, the first value that would bias `value mod P`. */
export function rejectionLimit(outcomes: number): number {
  return Math.floor(TWO_POW_32 / outcomes) * outcomes;
}

/**
 * A uniform integer in [0, outcomes) by rejection sampling, exactly as the seeds' `sample(P, rng)`:
 * draw until r < floor(2^32/P)·P, return r mod P.
 */
export function sample(outcomes: number, source: Uint32Source, steps?: DrawStep[]): number {
  if (!Number.isInteger(outcomes) || outcomes < 1 || outcomes > TWO_POW_32) {
    throw new RangeError(`outcomes must be an integer in 1…2^32, got ${outcomes}`);
  }
  const limit = rejectionLimit(outcomes);
  // Steps hold one round's draws, so their count is the stream position.
  for (let index = steps?.length ?? 0; ; index++) {
    const value = source.next();
    if (value < limit) {
      const sampled = value % outcomes;
      steps?.push({ index, value, outcomes, limit, accepted: true, sampled });
      return sampled;
    }
    steps?.push({ index, value, outcomes, limit, accepted: false });
  }
}

/**
 * `count` distinct positions of 0…total-1 in draw order, as the seeds' `pickUniquePositions`:
 * each draw samples an index into the positions still available and removes it.
 */
export function pickUniquePositions(count: number, total: number, source: Uint32Source, steps?: DrawStep[]): number[] {
  if (!Number.isInteger(count) || !Number.isInteger(total) || count < 0 || count > total) {
    throw new RangeError(`cannot pick ${count} of ${total} positions`);
  }
  // The positions still available, in order; removing one shifts the rest down, as splice does.
  // A small board reuses one buffer: this runs for every Keno round of a large file.
  const available = total <= POOL.length ? POOL : new Float64Array(total);
  for (let i = 0; i < total; i++) available[i] = i;
  let remaining = total;
  const picks: number[] = [];
  for (let i = 0; i < count; i++) {
    const index = sample(remaining, source, steps);
    const position = available[index]!;
    picks.push(position);
    remaining--;
    for (let j = index; j < remaining; j++) available[j] = available[j + 1]!;
    if (steps) steps[steps.length - 1]!.picked = position + 1;
  }
  return picks;
}

const POOL = new Float64Array(64);
