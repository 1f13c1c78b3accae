// The return-to-player figures the statistics page shows per game from the verified rounds: the
// realised return (what was paid back over what was staked) beside the theoretical one, and for a
// draw (keno) the paytable learnt from the rounds with its exact return per number of picks. All
// from the sums the worker keeps (GameFigures), never from the rounds themselves. The game's shape
// says which rules apply; a game of another shape has the realised return alone.
import { gameById, kenoRtp, learnKenoPaytable, rouletteRtp, type KenoRtp, type LearnedKenoPaytables, type Ratio, type SupportedGameId } from '../../core/index.js';
import { add, divide, multiply, ratio } from '../../core/rtp/fraction.js';
import { realisedRtpOfSums, type BetSums, type RealisedRtp } from '../../core/statistics.js';
import type { ExactSum, GameFigures } from '../../shared/records.js';

export interface KenoReturns {
  learnt: LearnedKenoPaytables;
  /** One per number of picks seen with a multiplier, ascending. */
  rtps: KenoRtp[];
}

export interface GameReturns {
  realised: RealisedRtp;
  /** Rounds with a stake left out because the casino showed them with two different amounts. */
  disputed: number;
  /** What the rules give for the rounds behind `realised`; undefined when it is not known (keno's table incomplete). */
  theoretical?: Ratio;
  keno?: KenoReturns;
}

/** A kept exact sum as a ratio. */
const exact = (sum: ExactSum): Ratio => ratio(BigInt(sum.numerator), BigInt(sum.denominator));

/** The bet sums realisedRtpOfSums reads, from a game's kept figures. */
export function betSumsOf(figures: GameFigures): BetSums {
  return {
    rounds: figures.bets,
    rejected: figures.rejectedBets,
    totalStake: exact(figures.totalStake),
    totalPayout: exact(figures.totalPayout),
    stakes: exact(figures.stakes).value,
    stakeSquares: exact(figures.stakeSquares).value,
    products: exact(figures.products).value,
    payoutSquares: exact(figures.payoutSquares).value,
  };
}

/** The returns from the figures the worker keeps (background/game-figures.ts): no pass over the rounds. */
export function gameReturns(gameId: SupportedGameId, figures: GameFigures): GameReturns {
  const sums = betSumsOf(figures);
  const disputed = figures.disputed;
  const shape = gameById(gameId).shape;
  switch (shape.kind) {
    case 'wheel': {
      // Every roulette bet but the American top line returns the same (36/37, 36/38): that one is the game's return.
      const theoretical = rouletteRtp(shape.variant).bets.find((bet) => bet.id === 'straight')!.rtp;
      return { realised: realisedRtpOfSums(sums, theoretical), disputed, theoretical };
    }
    case 'draw': {
      const keno = kenoReturns(figures);
      const theoretical = kenoTheoretical(figures, keno.rtps);
      return { realised: realisedRtpOfSums(sums, theoretical), disputed, theoretical, keno };
    }
    default:
      // No rules known to give a theoretical return: the realised one alone.
      return { realised: realisedRtpOfSums(sums), disputed };
  }
}

/** The keno paytable learnt from the multipliers the rounds paid (what the luck percentile reads: no statistics library). */
export function learntKenoPaytable(figures: GameFigures): LearnedKenoPaytables {
  // One observation per multiplier seen for a picks and hits count: the table learnt is the same.
  const observations = Object.entries(figures.paid).flatMap(([cell, multipliers]) => {
    const [picks, hits] = cell.split(':').map(Number) as [number, number];
    return Object.keys(multipliers).map((multiplier) => ({ picks, hits, multiplier: Number(multiplier) }));
  });
  return learnKenoPaytable(observations);
}

function kenoReturns(figures: GameFigures): KenoReturns {
  const learnt = learntKenoPaytable(figures);
  return { learnt, rtps: learnt.tables.map((table) => kenoRtp(table.picks, table)) };
}

/**
 * The stake-weighted return of the picks counts played, when the learnt table is complete for
 * each of them; otherwise unknown (a floor would pass for a figure).
 */
function kenoTheoretical(figures: GameFigures, rtps: readonly KenoRtp[]): Ratio | undefined {
  const played = Object.entries(figures.staked);
  if (played.length === 0) return undefined;
  let staked = ratio(0n);
  let expected = ratio(0n);
  for (const [picks, { stake }] of played) {
    const rtp = rtps.find((entry) => String(entry.picks) === picks);
    if (rtp === undefined || !rtp.complete) return undefined;
    staked = add(staked, exact(stake));
    expected = add(expected, multiply(exact(stake), rtp.rtp));
  }
  return staked.numerator === 0n ? undefined : divide(expected, staked);
}
