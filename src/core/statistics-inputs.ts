// What the statistics count, without the statistics themselves (statistics.ts and its jStat): the
// worker counts outcomes and bets into its kept figures (background/game-figures.ts) with these,
// so its bundle stays free of jStat.
import type { SupportedGameId } from './games/game-ids.js';
import { gameById } from './games/registry.js';

export type StatisticsGame = SupportedGameId;

/** One settled bet: `payout` is everything paid back, stake included (0 when the bet lost). */
export interface StakeAndPayout {
  stake: number;
  payout: number;
}

export const binsOf = (game: StatisticsGame): number => gameById(game).bins;

/** The distinct bins one outcome falls in: a draw's numbers, otherwise one. */
export function binsPerOutcome(game: StatisticsGame): number {
  const shape = gameById(game).shape;
  return shape.kind === 'draw' ? shape.drawn : 1;
}

/** The bins a shown outcome falls in (roulette: its pocket, "00" last; keno: each drawn number − 1), or undefined when it is not one of the game's. */
export function outcomeBins(game: StatisticsGame, shown: unknown): number[] | undefined {
  const definition = gameById(game);
  const parsed = definition.parseDisplayed(shown);
  return parsed.ok ? definition.outcomeBins(parsed.outcome) : undefined;
}

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** A bet's amounts when realisedRtp counts it: a stake above 0 and a payout of 0 or more. */
export const validBet = (bet: StakeAndPayout): boolean => isAmount(bet?.stake) && bet.stake > 0 && isAmount(bet.payout);
