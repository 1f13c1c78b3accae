// What the casino shows the player about a round or the active seed pair — the one projection both
// the HTML and the JSON API render from, so they can never disagree (except where a cheat makes
// them: 'two-seeds'), and so the secret server seeds and the true outcome (kept for state()) cannot
// leak into a page by accident.
import type { GameId, Outcome } from './fairness.js';
import type { CasinoSnapshot, CheatMode, PairMode, Round, SeedPair } from './casino-state.js';

/** Where a round is shown: the JSON API or the page's history (they differ only under 'two-seeds'). */
export type Surface = 'api' | 'page';

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

export function showRound(round: Round, surface: Surface = 'api'): ShownRound {
  const revealedSeed = surface === 'page' ? round.historyServerSeed : round.displayedServerSeed;
  return {
    id: round.id,
    game: round.game,
    commitment: round.commitment,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    picks: round.picks,
    outcome: round.displayedOutcome,
    serverSeed: round.revealed ? revealedSeed : null,
    roundSignature: round.revealed ? round.displayedRoundSignature : null,
    stake: round.stake,
    multiplier: round.multiplier,
    payout: round.payout,
  };
}

export function showSeedPair(pair: SeedPair): ShownSeedPair {
  return { commitment: pair.commitment, clientSeed: pair.clientSeed, nonce: pair.nextNonce };
}

/** Rounds whose result is shown (not held back), newest first, as casino history lists are. */
export function showHistory(rounds: readonly Round[], surface: Surface = 'api'): ShownRound[] {
  return rounds
    .filter((round) => !round.held)
    .map((round) => showRound(round, surface))
    .reverse();
}

/**
 * The active-seed-pair panel as the casino shows it now, or null while it shows none: always
 * under 'same-frame' and 'panel-hidden', and under 'commitment-after-click' until a bet is placed
 * (while its result is held back). While a result is held back the panel shows that bet's nonce
 * (the bet is not over), with the pair's commitment — a fresh one under 'rerender-after-bet'.
 */
export function showPanel(state: CasinoSnapshot): ShownSeedPair | null {
  const pair = state.activeSeedPair;
  const held = state.rounds.filter((round) => round.held && round.pairIndex === pair.index);
  if (state.cheat === 'same-frame' || state.cheat === 'panel-hidden') return null;
  if (state.cheat === 'commitment-after-click' && held.length === 0) return null;
  const nonce = held.length > 0 ? Math.min(...held.map((round) => round.nonce)) : pair.nextNonce;
  return { commitment: pair.commitment, clientSeed: pair.clientSeed, nonce };
}

/** 'several-commitments': the other commitments shown (hidden) beside the panel's, for its client seed and nonce. */
export function showAlternatives(state: CasinoSnapshot): ShownSeedPair[] {
  const panel = showPanel(state);
  if (state.cheat !== 'several-commitments' || panel === null) return [];
  return state.activeSeedPair.alternatives.map(({ commitment }) => ({ commitment, clientSeed: panel.clientSeed, nonce: panel.nonce }));
}

/**
 * What the demo's own controls are told after a change: the switches' positions, nothing else. No
 * seed, commitment or round: the page's JSON tap reads these answers like any other, and a demo
 * answer carrying the secret server seed of the active pair would verify pending rounds early.
 */
export function demoJson(state: Pick<CasinoSnapshot, 'cheat' | 'pairMode'>): { cheat: CheatMode; pairMode: PairMode } {
  return { cheat: state.cheat, pairMode: state.pairMode };
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
