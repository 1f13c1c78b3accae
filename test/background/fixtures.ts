// Shared helpers for the background worker's unit tests. The reference rounds are read at test
// time from the shared vectors next to the repository (never copied into it).
import type { CapturedClaim, RoundRecord } from '../../src/shared/records.js';
import { loadReferenceRounds, type ReferenceRound } from '../support/reference-vectors.js';

export type { ReferenceRound };
export const referenceRounds = loadReferenceRounds;

/** A reference round by index, checked to have the shape the tests rely on. */
export function vector(index: number): ReferenceRound {
  const round = referenceRounds()[index];
  if (!round || !/^[0-9a-f]{64}$/.test(round.commitment) || round.keno.length !== 10) {
    throw new Error(`reference round ${index} is missing or malformed`);
  }
  return round;
}

/** The first reference round whose American roulette outcome is "00". */
export function doubleZeroVector(): ReferenceRound {
  const round = referenceRounds().find((r) => r.roulette.american === '00');
  if (!round) throw new Error('no reference round with an American "00"');
  return round;
}

export type GameName = 'European Roulette' | 'American Roulette' | 'Keno';

export function shownResult(round: ReferenceRound, game: GameName): string | string[] {
  if (game === 'Keno') return round.keno.map(String);
  return game === 'American Roulette' ? round.roulette.american : round.roulette.european;
}

/** A different, valid outcome than the reference one (for mismatches). */
export function wrongResult(round: ReferenceRound, game: GameName): string | string[] {
  if (game === 'Keno') {
    const drawn = new Set(round.keno);
    const missing = Array.from({ length: 40 }, (_, i) => i + 1).find((n) => !drawn.has(n))!;
    return [...round.keno.slice(1), missing].map(String);
  }
  const right = shownResult(round, game) as string;
  return right === '1' ? '2' : '1';
}

/** A full history entry: revealed seed, commitment, client seed, nonce and result. */
export function revealedClaim(round: ReferenceRound, game: GameName, observedAt: CapturedClaim['observedAt'] = {}): CapturedClaim {
  return {
    source: 'json',
    game,
    serverSeed: round.serverSeed,
    commitment: round.commitment,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    result: shownResult(round, game),
    observedAt,
  };
}

/** A round played but not yet revealed: commitment, client seed, nonce and result, no server seed. */
export function pendingClaim(round: ReferenceRound, game: GameName, observedAt: CapturedClaim['observedAt'] = {}): CapturedClaim {
  const { serverSeed: _seed, ...rest } = revealedClaim(round, game, observedAt);
  return rest;
}

/** Only the active seed pair's commitment, as shown before any round is played with it. */
export function commitmentSighting(round: ReferenceRound, seenAt: number): CapturedClaim {
  return {
    source: 'dom',
    commitment: round.commitment,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    observedAt: { commitment: seenAt, clientSeed: seenAt, nonce: seenAt },
  };
}

/** A bare record for tests that build one by hand. */
export function recordOf(fields: Partial<RoundRecord>): RoundRecord {
  return {
    key: 'k',
    seq: 1,
    game: '',
    gameId: 'unknown',
    observedAt: {},
    firstSeenAt: 0,
    updatedAt: 0,
    verdict: { status: 'pending', failures: [], reasons: [] },
    ...fields,
  };
}
