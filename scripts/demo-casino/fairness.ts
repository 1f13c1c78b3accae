// The demo casino's own implementation of the published procedure (docs/design.md), written
// against Node's `crypto` only. It deliberately does not import src/core: the demo is the
// extension's test fixture, and a bug shared by both sides would make every round "verify".
import { createHash } from 'node:crypto';

export type GameId = 'roulette-european' | 'roulette-american' | 'keno';
export const GAME_IDS: readonly GameId[] = ['roulette-european', 'roulette-american', 'keno'];

/** Roulette: "0"…"36", or "00" (American 37). Keno: 10 distinct numbers 1…40, ascending. */
export type Outcome = string | number[];

export const KENO_POSITIONS = 40;
export const KENO_DRAWS = 10;

/** Step 1 and 2 hash text: the seeds' `sha3_256(string)` hashes the string's UTF-8 bytes. */
export function sha3Hex(text: string): string {
  return createHash('sha3-256').update(text, 'utf8').digest('hex');
}

export function commitmentOf(serverSeed: string): string {
  return sha3Hex(serverSeed);
}

export function roundSignatureOf(serverSeed: string, clientSeed: string, nonce: number): string {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError(`nonce must be a safe non-negative integer, got ${nonce}`);
  return sha3Hex(`${serverSeed}:${clientSeed}:${nonce}`);
}

/**
 * Step 3: SHAKE256 over the signature's 64 hex characters, read as big-endian uint32s.
 * SHAKE is an XOF, so a longer squeeze starts with the shorter one: when the buffer runs out we
 * squeeze twice as much and carry on where we stopped, which reads the same endless stream.
 */
export function uint32Stream(roundSignature: string): () => number {
  let words = 8;
  let buffer = shake(roundSignature, words * 4);
  let index = 0;
  return () => {
    if (index >= words) {
      words *= 2;
      buffer = shake(roundSignature, words * 4);
    }
    return buffer.readUInt32BE(4 * index++);
  };
}

function shake(text: string, bytes: number): Buffer {
  return createHash('shake256', { outputLength: bytes }).update(text, 'utf8').digest();
}

/** Step 4: rejection sampling, then modulo — exactly the reference's `sample(P, rng)`. */
export function sample(outcomes: number, next: () => number): number {
  if (!Number.isInteger(outcomes) || outcomes < 1 || outcomes > 0x100000000) throw new RangeError(`bad outcome count ${outcomes}`);
  const maxAcceptable = Math.floor(0x100000000 / outcomes) * outcomes;
  let rand: number;
  do rand = next();
  while (rand >= maxAcceptable);
  return rand % outcomes;
}

export function rouletteOutcome(variant: 'european' | 'american', next: () => number): string {
  const value = sample(variant === 'european' ? 37 : 38, next);
  return value === 37 ? '00' : String(value);
}

/** Keno: 10 draws without repeats from positions 0…39, shown as 1…40 ascending. */
export function kenoOutcome(next: () => number): number[] {
  const available = Array.from({ length: KENO_POSITIONS }, (_, i) => i);
  const drawn: number[] = [];
  for (let i = 0; i < KENO_DRAWS; i++) {
    const index = sample(available.length, next);
    drawn.push(available[index]! + 1);
    available.splice(index, 1);
  }
  return drawn.sort((a, b) => a - b);
}

export interface ComputedRound {
  commitment: string;
  roundSignature: string;
  outcome: Outcome;
}

/** One round from its seeds: what an honest casino shows and what the reveal must reproduce. */
export function computeRound(game: GameId, serverSeed: string, clientSeed: string, nonce: number): ComputedRound {
  const roundSignature = roundSignatureOf(serverSeed, clientSeed, nonce);
  const next = uint32Stream(roundSignature);
  const outcome =
    game === 'keno' ? kenoOutcome(next) : rouletteOutcome(game === 'roulette-european' ? 'european' : 'american', next);
  return { commitment: commitmentOf(serverSeed), roundSignature, outcome };
}

export function sameOutcome(a: Outcome, b: Outcome): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return a.length === b.length && a.every((n, i) => n === b[i]);
}
