// Shared fast-check arbitraries for round inputs.
import fc from 'fast-check';
import { firstControl } from '../../src/core/index.js';

/** Text a seed can be: no truncation marks (refused as shortened) and no control characters (refused). */
const seedText = (s: string) => !s.includes('…') && !s.includes('...') && firstControl(s) === undefined;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A server seed as Cloudbet generates them (32 random bytes as hex) or free text. */
export const serverSeedArb = fc.oneof(
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hex),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }).filter(seedText),
);

/** Client seeds are free text chosen by the player, including empty and non-ASCII. */
export const clientSeedArb = fc.oneof(
  fc.uint8Array({ minLength: 8, maxLength: 32 }).map(hex),
  fc.string({ unit: 'binary', maxLength: 60 }).filter(seedText),
);

/** Safe-integer nonces as numbers, and nonces beyond 2^53 as decimal text. */
export const nonceArb = fc.oneof(
  fc.nat(),
  fc.maxSafeNat(),
  fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String),
);

export const seedsArb = fc.record({ serverSeed: serverSeedArb, clientSeed: clientSeedArb, nonce: nonceArb });

export const PROPERTY_RUNS = { numRuns: 200 } as const;
