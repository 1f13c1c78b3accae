// The statistics page's figures per game (GameFigures in shared/records.ts), moved by every write
// through the tally (tally.ts addToTally): a round counts with +1 when stored as verified and −1
// when a later write replaces it, so the figures are always those of the verified rounds stored,
// and opening the page reads one small record instead of every round (a million take ~60 s).
// Pure, so the worker and the tests' fake worker count the same way.
import { decimalRatio, gameShapeOf, ratio, SUPPORTED_GAME_IDS, type Ratio, type SupportedGameId } from '../core/index.js';
import { add, multiply, subtract } from '../core/rtp/fraction.js';
import { binsOf, outcomeBins, validBet } from '../core/statistics-inputs.js';
import type { ExactSum, GameFigures, RoundRecord, VerifiedRound } from '../shared/records.js';
import { betGroupKey } from '../core/luck/bet-groups.js';
import { verifiedRoundOf } from './verified-round.js';

export const FIGURE_GAMES: readonly SupportedGameId[] = SUPPORTED_GAME_IDS;

export type AllFigures = Record<SupportedGameId, GameFigures>;

const ZERO: ExactSum = { numerator: '0', denominator: '1' };
const exact = (sum: ExactSum): Ratio => ratio(BigInt(sum.numerator), BigInt(sum.denominator));
const kept = (value: Ratio): ExactSum => ({ numerator: String(value.numerator), denominator: String(value.denominator) });
const moved = (sum: ExactSum, amount: Ratio, sign: 1 | -1): ExactSum => kept((sign > 0 ? add : subtract)(exact(sum), amount));

export function emptyGameFigures(gameId: SupportedGameId): GameFigures {
  return {
    rounds: 0,
    rejected: 0,
    counts: new Array<number>(binsOf(gameId)).fill(0),
    settled: 0,
    disputed: 0,
    bets: 0,
    rejectedBets: 0,
    totalStake: ZERO,
    totalPayout: ZERO,
    stakes: ZERO,
    stakeSquares: ZERO,
    products: ZERO,
    payoutSquares: ZERO,
    paid: {},
    staked: {},
    luck: {},
  };
}

export const emptyFigures = (): AllFigures => Object.fromEntries(FIGURE_GAMES.map((gameId) => [gameId, emptyGameFigures(gameId)])) as AllFigures;

/** The exact value of an amount as realisedRtp reads it (through Number), or undefined when it is no decimal. */
function amountOf(value: number): Ratio | undefined {
  try {
    return decimalRatio(value);
  } catch {
    return undefined;
  }
}

/** An exact decimal amount as its shortest decimal text (1.5 → "1.5"): amounts are decimals, so this ends. */
function decimalTextOf(amount: Ratio): string {
  let scale = 1n;
  let decimals = 0;
  while ((amount.numerator * scale) % amount.denominator !== 0n && decimals < 40) {
    scale *= 10n;
    decimals++;
  }
  const units = (amount.numerator * scale) / amount.denominator;
  const digits = units.toString().padStart(decimals + 1, '0');
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Figures kept before the luck groups were: counted anew when the page asks (outcomes.ts). */
export const figuresCurrent = (figures: AllFigures): boolean => FIGURE_GAMES.every((gameId) => figures[gameId]?.luck !== undefined);

/** Moves one game's figures by one verified round, as the statistics page counted it from the list. */
export function addRoundToFigures(figures: GameFigures, gameId: SupportedGameId, round: VerifiedRound, sign: 1 | -1): void {
  const bins = outcomeBins(gameId, round.outcome);
  if (bins === undefined) figures.rejected += sign;
  else {
    figures.rounds += sign;
    for (const bin of bins) figures.counts[bin]! += sign;
  }
  // A draw's paytable is learnt from the rounds (stats/returns.ts): the multipliers seen per picks and hits, and the stakes per picks.
  const draw = gameShapeOf(gameId).kind === 'draw';
  if (draw && round.picks !== undefined && round.hits !== undefined && round.multiplier !== undefined && !round.amountsDisputed) {
    const cell = `${round.picks}:${round.hits}`;
    const multiplier = String(Number(round.multiplier));
    const seen = (figures.paid[cell] ??= {});
    seen[multiplier] = (seen[multiplier] ?? 0) + sign;
    if (seen[multiplier] === 0) delete seen[multiplier];
    if (Object.keys(seen).length === 0) delete figures.paid[cell];
  }
  if (round.stake === undefined || round.payout === undefined) return;
  figures.settled += sign;
  if (round.amountsDisputed) {
    figures.disputed += sign;
    return;
  }
  const bet = { stake: Number(round.stake), payout: Number(round.payout) };
  const stake = amountOf(bet.stake);
  const payout = amountOf(bet.payout);
  if (validBet(bet) && stake !== undefined && payout !== undefined) {
    figures.bets += sign;
    figures.totalStake = moved(figures.totalStake, stake, sign);
    figures.totalPayout = moved(figures.totalPayout, payout, sign);
    // Exact too, so a million rounds in and out leave no rounding behind.
    figures.stakes = moved(figures.stakes, stake, sign);
    figures.stakeSquares = moved(figures.stakeSquares, multiply(stake, stake), sign);
    figures.products = moved(figures.products, multiply(stake, payout), sign);
    figures.payoutSquares = moved(figures.payoutSquares, multiply(payout, payout), sign);
    if (figures.luck !== undefined) {
      // Grouped by the stake's exact value, so "1.5" and "1.50" are one bet.
      const key = betGroupKey(draw && round.picks !== undefined ? String(round.picks) : undefined, decimalTextOf(stake));
      const group = (figures.luck[key] ??= { rounds: 0, payout: ZERO });
      group.rounds += sign;
      group.payout = moved(group.payout, payout, sign);
      if (group.rounds === 0) delete figures.luck[key];
    }
  } else figures.rejectedBets += sign;
  if (draw) {
    const key = round.picks === undefined ? 'none' : String(round.picks);
    const entry = (figures.staked[key] ??= { rounds: 0, stake: ZERO });
    entry.rounds += sign;
    const exactStake = amountOf(bet.stake);
    if (exactStake !== undefined) entry.stake = moved(entry.stake, exactStake, sign);
    if (entry.rounds === 0) delete figures.staked[key];
  }
}

/** addToTally's part for the statistics page: a stored round's figures, in or out. */
export function addRecordToFigures(figures: AllFigures, record: RoundRecord, sign: 1 | -1): void {
  if (record.verdict.status !== 'verified' || !FIGURE_GAMES.includes(record.gameId as SupportedGameId)) return;
  const round = verifiedRoundOf(record);
  if (round === undefined) return;
  const gameId = record.gameId as SupportedGameId;
  addRoundToFigures((figures[gameId] ??= emptyGameFigures(gameId)), gameId, round, sign);
}

/** One game's figures from a list of its verified rounds. */
export function figuresOf(gameId: SupportedGameId, rounds: readonly VerifiedRound[]): GameFigures {
  const figures = emptyGameFigures(gameId);
  for (const round of rounds) addRoundToFigures(figures, gameId, round, 1);
  return figures;
}
