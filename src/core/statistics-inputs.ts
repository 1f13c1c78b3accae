// What the statistics count, without the statistics themselves (statistics.ts and its jStat): the
// worker counts outcomes and bets into its kept figures (background/game-figures.ts) with these,
// so its bundle stays free of jStat.
import type { SupportedGameId } from './games/game-ids.js';
import { keno, KENO_BOARD } from './games/keno.js';
import { americanRoulette, europeanRoulette } from './games/roulette.js';

export type StatisticsGame = SupportedGameId;

/** One settled bet: `payout` is everything paid back, stake included (0 when the bet lost). */
export interface StakeAndPayout {
  stake: number;
  payout: number;
}

export const binsOf = (game: StatisticsGame): number => (game === 'keno' ? KENO_BOARD : game === 'roulette-european' ? 37 : 38);

/** The bins a shown outcome falls in (roulette: its pocket, "00" last; keno: each drawn number − 1), or undefined when it is not one of the game's. */
export function outcomeBins(game: StatisticsGame, shown: unknown): number[] | undefined {
  const definition = game === 'keno' ? keno : game === 'roulette-european' ? europeanRoulette : americanRoulette;
  const parsed = definition.parseDisplayed(shown);
  if (!parsed.ok) return undefined;
  if (game === 'keno') return Array.isArray(parsed.outcome) ? parsed.outcome.map((number) => number - 1) : undefined;
  return [parsed.outcome === '00' ? 37 : Number(parsed.outcome)];
}

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** A bet's amounts when realisedRtp counts it: a stake above 0 and a payout of 0 or more. */
export const validBet = (bet: StakeAndPayout): boolean => isAmount(bet?.stake) && bet.stake > 0 && isAmount(bet.payout);
