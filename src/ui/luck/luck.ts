// The luck percentile of core/luck for the statistics page and the popup, from what the worker keeps: the bet groups of
// each game's figures (GameFigures.luck) for all rounds or one game, and the session rounds read in
// pages for one session. The keno paytable is the one learnt from the rounds (returns.ts).
import { gameShapeOf, type SupportedGameId } from '../../core/index.js';
import { luckInputs, type BetGroup, type LuckInputs, type Paytables } from '../../core/luck/bet-groups.js';
import { luckPercentile, MIN_LUCK_ROUNDS, type LuckPercentile } from '../../core/luck/percentile.js';
import { ratio } from '../../core/rtp/fraction.js';
import type { GameFigures } from '../../shared/records.js';
import { learntKenoPaytable } from './returns.js';

export type KeptFigures = Partial<Record<SupportedGameId, GameFigures>>;

/** The keno tables learnt per game: picks → hits → multiplier (cells seen paying two amounts left out). */
export function paytablesOf(figures: KeptFigures): Paytables {
  const tables: Paytables = {};
  for (const [gameId, kept] of Object.entries(figures) as [SupportedGameId, GameFigures][]) {
    if (gameShapeOf(gameId).kind !== 'draw') continue;
    const learnt = learntKenoPaytable(kept).tables;
    tables[gameId] = Object.fromEntries(learnt.map((table) => [table.picks, table.multipliers]));
  }
  return tables;
}

/** A game's bet groups as the worker keeps them ("picks|stake", "?|stake" where the bet is not known). */
export function groupsOfFigures(gameId: SupportedGameId, figures: GameFigures): BetGroup[] {
  return Object.entries(figures.luck ?? {}).map(([key, { rounds, payout }]) => {
    const [bet, stake] = key.split('|') as [string, string];
    return { gameId, stake, rounds, payout: ratio(BigInt(payout.numerator), BigInt(payout.denominator)), ...(bet === '?' ? {} : { bet }) };
  });
}

export interface Luck {
  inputs: LuckInputs;
  percentile?: LuckPercentile;
  /** Not computed: fewer rounds of known bet than a percentile needs (MIN_LUCK_ROUNDS). */
  tooFew?: true;
}

/**
 * `picture`: with the distribution's bins for the chart. Without (the sessions' table needs the
 * figure alone), rounds too few for a percentile are not computed at all.
 */
export function luckOf(groups: readonly BetGroup[], paytables: Paytables, picture = true): Luck {
  const inputs = luckInputs(groups, paytables);
  if (!picture && inputs.rounds > 0 && inputs.rounds < MIN_LUCK_ROUNDS) return { inputs, tooFew: true };
  const percentile = luckPercentile(inputs.laws, inputs.actualNet, picture ? {} : { bins: 0 });
  return percentile === undefined ? { inputs } : { inputs, percentile };
}
