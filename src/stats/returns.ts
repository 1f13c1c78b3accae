// The return-to-player figures the statistics page shows per game from the verified rounds: the
// realised return (what was paid back over what was staked) beside the theoretical one, and for
// keno the paytable learnt from the rounds with its exact return per number of picks.
import { decimalRatio, kenoRtp, learnKenoPaytable, rouletteRtp, type KenoRtp, type LearnedKenoPaytables, type Ratio, type SupportedGameId } from '../core/index.js';
import { add, divide, multiply, ratio } from '../core/rtp/fraction.js';
import { realisedRtp, type RealisedRtp } from '../core/statistics.js';
import type { VerifiedRound } from '../shared/records.js';

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

const settled = (round: VerifiedRound): round is VerifiedRound & { stake: string; payout: string } =>
  round.stake !== undefined && round.payout !== undefined;

export function gameReturns(gameId: SupportedGameId, rounds: readonly VerifiedRound[]): GameReturns {
  const withAmounts = rounds.filter(settled);
  const counted = withAmounts.filter((round) => !round.amountsDisputed);
  const disputed = withAmounts.length - counted.length;
  if (gameId !== 'keno') {
    // Every roulette bet but the American top line returns the same (36/37, 36/38): that one is the game's return.
    const theoretical = rouletteRtp(gameId === 'roulette-european' ? 'european' : 'american').bets.find((bet) => bet.id === 'straight')!.rtp;
    return { realised: realisedRtp(counted.map(amounts), theoretical), disputed, theoretical };
  }
  const keno = kenoReturns(rounds);
  const theoretical = kenoTheoretical(counted, keno.rtps);
  return { realised: realisedRtp(counted.map(amounts), theoretical), disputed, theoretical, keno };
}

function amounts(round: { stake: string; payout: string }) {
  return { stake: Number(round.stake), payout: Number(round.payout) };
}

function kenoReturns(rounds: readonly VerifiedRound[]): KenoReturns {
  const observations = rounds.flatMap((round) =>
    round.picks !== undefined && round.hits !== undefined && round.multiplier !== undefined && !round.amountsDisputed
      ? [{ picks: round.picks, hits: round.hits, multiplier: Number(round.multiplier) }]
      : [],
  );
  const learnt = learnKenoPaytable(observations);
  return { learnt, rtps: learnt.tables.map((table) => kenoRtp(table.picks, table)) };
}

/**
 * The stake-weighted return of the picks counts played, when the learnt table is complete for
 * each of them; otherwise unknown (a floor would pass for a figure).
 */
function kenoTheoretical(rounds: readonly (VerifiedRound & { stake: string })[], rtps: readonly KenoRtp[]): Ratio | undefined {
  if (rounds.length === 0) return undefined;
  let staked = ratio(0n);
  let expected = ratio(0n);
  for (const round of rounds) {
    const rtp = rtps.find((entry) => entry.picks === round.picks);
    if (rtp === undefined || !rtp.complete) return undefined;
    const stake = decimalRatio(round.stake);
    staked = add(staked, stake);
    expected = add(expected, multiply(stake, rtp.rtp));
  }
  return staked.numerator === 0n ? undefined : divide(expected, staked);
}
