import type { Uint32Source } from '../../src/core/uint32-stream.js';

/** A Uint32Source over a fixed list of hand-chosen values; running past the end is a test error. */
export interface FixedSource extends Uint32Source {
  /** How many values have been taken. */
  readonly taken: number;
}

export function fixedSource(values: readonly number[]): FixedSource {
  let position = 0;
  return {
    next() {
      if (position >= values.length) throw new Error(`synthetic stream exhausted after ${values.length} values`);
      return values[position++]!;
    },
    get taken() {
      return position;
    },
  };
}

/** Same value forever. */
export function constantSource(value: number): Uint32Source {
  return { next: () => value };
}
