// Where the demo's seeds come from. With a seed string the sequence is a pure function of it, so
// a test that starts the casino with `seed: 'x'` gets the same seed pairs on every run.
import { createHash, randomBytes } from 'node:crypto';

export interface Entropy {
  /** 2·bytes lowercase hex characters. */
  hex(bytes: number): string;
}

export function createEntropy(seed?: string): Entropy {
  if (seed === undefined) return { hex: (bytes) => randomBytes(bytes).toString('hex') };
  let counter = 0;
  return {
    hex(bytes) {
      let out = '';
      while (out.length < bytes * 2) {
        out += createHash('sha256').update(`fair-witness-demo\0${seed}\0${counter++}`).digest('hex');
      }
      return out.slice(0, bytes * 2);
    },
  };
}
