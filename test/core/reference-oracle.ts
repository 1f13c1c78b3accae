// An independent oracle for property tests and the reference vectors (scripts/make-vectors.ts): the
// casino's published Roulette and Keno verifier programs (docs/design.md, "The procedure"), ported
// line by line to TypeScript on top of js-sha3, the package they install. It shares no code with
// src/core.
import { sha3_256, shake256 } from 'js-sha3';

export function referenceCommitment(serverSeed: string): string {
  return sha3_256(serverSeed);
}

export function referenceSignature(serverSeed: string, clientSeed: string, nonce: number | string): string {
  return sha3_256(`${serverSeed}:${clientSeed}:${nonce}`);
}

/** The seeds' createRandomNumberSequence: a fixed number of uint32s, then it stops. */
function* createRandomNumberSequence(numbersToGenerate: number, roundSignature: string): Generator<number, never> {
  const numOfBytes = 4 * numbersToGenerate;
  const byteStream = shake256.create(8 * numOfBytes);
  byteStream.update(roundSignature);
  const buf = Buffer.from(byteStream.digest());
  for (let i = 0; i < numbersToGenerate; i++) {
    yield buf.readUInt32BE(i * 4);
  }
  throw new Error("No more numbers in the random number sequence! Fix: make 'numbersToGenerate' larger.");
}

/** The first `count` uint32s of SHAKE256(roundSignature), as the reference reads them. */
export function referenceUint32s(roundSignature: string, count: number): number[] {
  return [...take(createRandomNumberSequence(count, roundSignature), count)];
}

function* take(gen: Generator<number, never>, count: number): Generator<number> {
  for (let i = 0; i < count; i++) yield gen.next().value;
}

function sample(P: number, rng: Generator<number, never>): number {
  const maxAcceptable = Math.floor(0x100000000 / P) * P;
  let rand: number;
  do {
    rand = rng.next().value;
  } while (rand >= maxAcceptable);
  return rand % P;
}

function pickUniquePositions(numOfPicks: number, totalPositions: number, rng: Generator<number, never>): number[] {
  const available = Array.from({ length: totalPositions }, (_, i) => i);
  const picks: number[] = [];
  for (let i = 0; i < numOfPicks; ++i) {
    const index = sample(available.length, rng);
    picks.push(available[index]!);
    available.splice(index, 1);
  }
  return picks;
}

export function referenceRoulette(
  version: 'european' | 'american',
  serverSeed: string,
  clientSeed: string,
  nonce: number | string,
): string {
  const rng = createRandomNumberSequence(1 * 2, referenceSignature(serverSeed, clientSeed, nonce));
  let result = String(sample(version === 'european' ? 37 : 38, rng));
  if (result === '37') result = '00';
  return result;
}

export function referenceKeno(serverSeed: string, clientSeed: string, nonce: number | string): number[] {
  const rng = createRandomNumberSequence(40 * 2, referenceSignature(serverSeed, clientSeed, nonce));
  return pickUniquePositions(10, 40, rng)
    .map((value) => value + 1)
    .sort((a, b) => a - b);
}
