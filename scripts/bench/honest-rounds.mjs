// Honest rounds for the benchmarks, made by the reference program itself (so the files are made by
// the casino's procedure, not by the code under test): seed pairs derived from a counter, so every
// run uses the same rounds, 1000 nonces per pair.
import { createRequire } from 'node:module';

const reference = createRequire(import.meta.url)('./reference-baseline.cjs');
const NONCES_PER_PAIR = 1000;

/** Round `i` of a file of `game` ('keno' or 'roulette-american'), with commitment and result. */
export function honestRound(game, i) {
  const pair = Math.floor(i / NONCES_PER_PAIR);
  const serverSeed = reference.commitmentOf(`fair-witness bench server seed ${pair}`);
  const clientSeed = reference.commitmentOf(`fair-witness bench client seed ${pair}`).slice(0, 16);
  const nonce = (i % NONCES_PER_PAIR) + 1;
  const signature = reference.createRoundSignature(serverSeed, clientSeed, nonce);
  const result = game === 'keno' ? reference.kenoHits(signature) : reference.rouletteValue(reference.Version.AMERICAN, signature);
  return { game, serverSeed, clientSeed, nonce, commitment: reference.commitmentOf(serverSeed), result };
}
