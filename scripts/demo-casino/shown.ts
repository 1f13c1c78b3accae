// What the casino shows the player about a round or the active seed pair — the one projection both
// the HTML and the JSON API render from, so they can never disagree, and so the secret server seed
// and the true outcome (kept for state()) cannot leak into a page by accident.
import type { GameId, Outcome } from './fairness.js';
import type { Round, SeedPair } from './casino-state.js';

export interface ShownRound {
  id: number;
  game: GameId;
  commitment: string;
  clientSeed: string;
  nonce: number;
  picks: number[] | null;
  outcome: Outcome;
  /** null until the pair is rotated away. */
  serverSeed: string | null;
  roundSignature: string | null;
  stake: string;
  multiplier: string;
  payout: string;
}

export interface ShownSeedPair {
  commitment: string;
  clientSeed: string;
  /** The nonce the next bet will use. */
  nonce: number;
}

export function showRound(round: Round): ShownRound {
  return {
    id: round.id,
    game: round.game,
    commitment: round.commitment,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    picks: round.picks,
    outcome: round.displayedOutcome,
    serverSeed: round.revealed ? round.displayedServerSeed : null,
    roundSignature: round.revealed ? round.displayedRoundSignature : null,
    stake: round.stake,
    multiplier: round.multiplier,
    payout: round.payout,
  };
}

export function showSeedPair(pair: SeedPair): ShownSeedPair {
  return { commitment: pair.commitment, clientSeed: pair.clientSeed, nonce: pair.nextNonce };
}

/** Newest first, as casino history lists are. */
export function showHistory(rounds: readonly Round[]): ShownRound[] {
  return rounds.map(showRound).reverse();
}

/** The JSON the API sends for a round; key names follow what casino APIs use (and the tap reads). */
export function roundJson(round: ShownRound) {
  return {
    id: round.id,
    game: GAME_NAMES[round.game],
    hashedServerSeed: round.commitment,
    serverSeed: round.serverSeed,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    roundSignature: round.roundSignature,
    result: round.outcome,
    ...(round.picks ? { picks: round.picks } : {}),
    // Numbers, as casino APIs send amounts (the tap reads 1 and the page's "1.00" as one stake).
    amount: Number(round.stake),
    payout: Number(round.payout),
    payoutMultiplier: Number(round.multiplier),
  };
}

export function seedPairJson(pair: ShownSeedPair) {
  return { serverSeedHash: pair.commitment, clientSeed: pair.clientSeed, nonce: pair.nonce };
}

// English names in the API whatever the page language: an API does not translate. Never the bare
// "roulette", which would not say which wheel.
const GAME_NAMES: Record<GameId, string> = {
  'roulette-european': 'European Roulette',
  'roulette-american': 'American Roulette',
  keno: 'Keno',
};
