// Round claims for the popup tests, computed with the real core so verdicts are genuine.
import { computeRound, gameById, type RoundClaim, type SupportedGameId } from '../../src/core/index.js';

export interface ClaimOptions {
  /** Show this result instead of the true one (a mismatch). */
  shown?: string | number[];
  /** Leave the server seed unrevealed (pending). */
  pending?: boolean;
  /** Judged bound before the bet by the worker (witnessed); otherwise its panel was not seen first. */
  witnessed?: boolean;
}

export function claimFor(gameId: SupportedGameId, nonce: number, options: ClaimOptions = {}): RoundClaim {
  const serverSeed = `server-seed-${gameId}-${nonce}`;
  const clientSeed = 'client-seed';
  const computed = computeRound(gameById(gameId), serverSeed, clientSeed, nonce);
  const result = options.shown ?? computed.outcome;
  return {
    game: gameId,
    serverSeed: options.pending ? undefined : serverSeed,
    commitment: computed.commitment,
    clientSeed,
    nonce: String(nonce),
    result: Array.isArray(result) ? result.map(String) : result,
    observedAt: options.witnessed ? { commitment: 1, result: 2 } : { result: 1, commitment: 2 },
    witness: options.witnessed ? 'bound-before-bet' : 'no-commitment',
  };
}

/** A mixed set, deliberately not in the popup's order. */
export function mixedClaims(): RoundClaim[] {
  return [
    claimFor('roulette-european', 1, { witnessed: true }),
    claimFor('keno', 2),
    claimFor('roulette-american', 3, { pending: true }),
    claimFor('roulette-european', 4, { shown: wrongRoulette(claimFor('roulette-european', 4).result as string) }),
    { game: 'Mines', clientSeed: 'c', nonce: '5', result: '3' },
    claimFor('keno', 6, { shown: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }),
    claimFor('roulette-american', 7),
  ];
}

function wrongRoulette(result: string): string {
  return result === '5' ? '6' : '5';
}
