// The player's rounds as groups of identical bets (one game, one bet, one stake: fair play gives
// each round of a group the same law), and the laws those groups give. Only what is known is used:
// a round whose bet is not captured (roulette: the page shows the pocket, not the chips placed) or
// whose paytable was never seen is left out and counted, so the page can say how many.
import { gameShapeOf } from '../games/registry.js';
import type { SupportedGameId } from '../games/game-ids.js';
import { add, decimalRatio, multiply, ratio, subtract, type Ratio } from '../rtp/fraction.js';
import type { RouletteBetId } from '../rtp/roulette.js';
import { kenoRoundLaw, rouletteRoundLaw, type RoundLaw } from './round-law.js';

export interface BetGroup {
  gameId: SupportedGameId;
  /** Keno: the number of picks ("3"); roulette: the bet (a RouletteBetId) when captured; undefined when not known. */
  bet?: string;
  /** The stake as decimal text. */
  stake: string;
  rounds: number;
  /** What these rounds paid back in all, stake included. */
  payout: Ratio;
}

/** Keno multipliers learnt per number of picks (core/rtp/keno.ts learnKenoPaytable: conflicting cells left out). */
export type Paytables = Partial<Record<SupportedGameId, Readonly<Record<number, Readonly<Record<number, number>>>>>>;

export interface LuckInputs {
  laws: RoundLaw[];
  /** The actual net result of the rounds behind `laws`. */
  actualNet: Ratio;
  rounds: number;
  /** Rounds left out: the bet is not known, or no payout was ever seen for it. */
  betUnknown: number;
  paytableUnknown: number;
}

/** The groups' key in a tally: game, bet and stake (the stake as written: "1.5" and "1.50" are one group after `decimalRatio`). */
export const betGroupKey = (bet: string | undefined, stake: string): string => `${bet ?? '?'}|${stake}`;

function lawOf(group: BetGroup, stake: Ratio, paytables: Paytables): RoundLaw | 'bet-unknown' | 'paytable-unknown' {
  const shape = gameShapeOf(group.gameId);
  if (group.bet === undefined) return 'bet-unknown';
  if (shape.kind === 'draw') {
    const picks = Number(group.bet);
    const table = paytables[group.gameId]?.[picks];
    if (table === undefined || Object.keys(table).length === 0) return 'paytable-unknown';
    return kenoRoundLaw(picks, stake, table, group.rounds);
  }
  if (shape.kind === 'wheel') return rouletteRoundLaw(shape.variant, group.bet as RouletteBetId, stake, group.rounds);
  return 'bet-unknown';
}

export function luckInputs(groups: readonly BetGroup[], paytables: Paytables): LuckInputs {
  const laws: RoundLaw[] = [];
  let actualNet = ratio(0n);
  let rounds = 0;
  let betUnknown = 0;
  let paytableUnknown = 0;
  for (const group of groups) {
    if (group.rounds <= 0) continue;
    const stake = decimalRatio(group.stake);
    const law = lawOf(group, stake, paytables);
    if (law === 'bet-unknown') betUnknown += group.rounds;
    else if (law === 'paytable-unknown') paytableUnknown += group.rounds;
    else {
      laws.push(law);
      rounds += group.rounds;
      actualNet = add(actualNet, subtract(group.payout, multiply(stake, ratio(BigInt(group.rounds)))));
    }
  }
  return { laws, actualNet, rounds, betUnknown, paytableUnknown };
}
