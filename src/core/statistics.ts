// Outcome statistics: do the drawn numbers look uniform, and what did the player actually get back?
// These are not the proof — each round is proven by its seeds — but they are what a player asks
// next, and they catch the one thing per-round checks cannot: a procedure followed to the letter
// whose inputs are not random.
//
// The chi-squared tail comes from jStat's regularised incomplete gamma function: special functions
// are easy to get subtly wrong. (@stdlib was tried first: its code generation with `Function`
// and `eval` is blocked by the extension's content security policy and fails AMO's lint.)
import jstat from 'jstat';
import type { GameShape } from './games/game.js';
import { gameById } from './games/registry.js';
import { binsOf, binsPerOutcome, outcomeBins, validBet, type StakeAndPayout, type StatisticsGame } from './statistics-inputs.js';
import { add, decimalRatio, divide, percentText, ratio, subtract, type Ratio } from './rtp/fraction.js';
import type { RouletteVariant } from './rtp/roulette.js';

/** A test is called reliable once every number is expected at least this often (the usual rule for chi-squared). */
export const MIN_EXPECTED_PER_BIN = 5;
/** Below this p-value the counts are called unusual. One fair history in 100 gets there by chance. */
export const UNUSUAL_P_VALUE = 0.01;

/**
 * P(X ≥ statistic) for X chi-squared with `degreesOfFreedom`: 1 − P(k/2, x/2), P the lower
 * regularised incomplete gamma. Tails below double precision (≈1e-16) come out as 0.
 */
export function chiSquaredPValue(statistic: number, degreesOfFreedom: number): number {
  if (!(degreesOfFreedom > 0) || Number.isNaN(statistic)) return Number.NaN;
  if (statistic <= 0) return 1;
  return Math.min(1, Math.max(0, 1 - jstat.jStat.lowRegGamma(degreesOfFreedom / 2, statistic / 2)));
}

export interface UniformityTest {
  /** Which game's numbers were tested. */
  game: StatisticsGame;
  /** Times each number came up; `labels[i]` names bin i ("0"…"36", "00"; keno "1"…"40"). */
  counts: number[];
  labels: string[];
  /** Rounds counted (entries that were not a valid outcome are in `rejected`). */
  rounds: number;
  rejected: number;
  expectedPerBin: number;
  statistic: number;
  degreesOfFreedom: number;
  /** Undefined with no rounds: there is nothing to test. */
  pValue?: number;
  /** Rounds for every number to be expected at least MIN_EXPECTED_PER_BIN times. */
  roundsNeeded: number;
  reliable: boolean;
  message: string;
}

/**
 * The chi-squared statistic for "every number equally likely" when each round draws `perRound`
 * distinct numbers out of `bins`, without replacement.
 *
 * Why not the textbook Pearson sum: within a keno round the 10 numbers exclude each other, so the
 * 40 counts are not multinomial cells. Per round the count vector has covariance
 * c·(I − J/N) with c = d(N − d)/(N(N − 1)) (N bins, d draws: P(i) = d/N, P(i and j) = d(d−1)/(N(N−1))).
 * Over n independent rounds the centred counts are therefore asymptotically normal with covariance
 * n·c·(I − J/N), a projection of rank N − 1, so Σ (X_j − n·d/N)² / (n·c) is chi-squared with N − 1
 * degrees of freedom. Pearson's sum divides by n·d/N instead, for keno 39/30 of n·c: it would make
 * the counts look 1.3 times more regular than they are and hide a bias (the tests simulate this).
 * With d = 1 (roulette) c = 1/N and this is exactly Pearson's statistic.
 */
export function uniformityStatistic(counts: readonly number[], rounds: number, perRound: number): number {
  const bins = counts.length;
  if (rounds <= 0) return Number.NaN;
  const mean = (rounds * perRound) / bins;
  const variance = (rounds * perRound * (bins - perRound)) / (bins * (bins - 1));
  let sum = 0;
  for (const count of counts) sum += (count - mean) ** 2;
  return sum / variance;
}

/** Rounds needed so each of `bins` numbers is expected MIN_EXPECTED_PER_BIN times: 5·37 = 185 spins, 5·40/10 = 20 keno rounds. */
export function roundsNeededFor(bins: number, perRound: number): number {
  return Math.ceil((MIN_EXPECTED_PER_BIN * bins) / perRound);
}

/** Counts European (37 bins) or American (38 bins, "00" last) winning numbers and tests them for uniformity. */
export function rouletteUniformity(results: readonly unknown[], variant: RouletteVariant): UniformityTest {
  return uniformityOfOutcomes(variant === 'european' ? 'roulette-european' : 'roulette-american', results);
}

/** Counts how often each keno number 1…40 was drawn (10 per round) and tests them for uniformity. */
export function kenoUniformity(draws: readonly unknown[]): UniformityTest {
  return uniformityOfOutcomes('keno', draws);
}

function uniformityOfOutcomes(game: UniformityTest['game'], outcomes: readonly unknown[]): UniformityTest {
  const counts = new Array<number>(binsOf(game)).fill(0);
  let rejected = 0;
  for (const shown of outcomes) {
    const bins = outcomeBins(game, shown);
    if (bins === undefined) rejected++;
    else for (const bin of bins) counts[bin]!++;
  }
  return uniformityOfCounts(game, counts, outcomes.length - rejected, rejected);
}

/** The test from counts kept elsewhere (the worker's tally): `counts` per bin as outcomeBins numbers them. */
export function uniformityOfCounts(game: UniformityTest['game'], counts: readonly number[], rounds: number, rejected: number): UniformityTest {
  const definition = gameById(game);
  const labels = Array.from({ length: definition.bins }, (_, i) => definition.binLabel(i));
  return uniformityTest(game, [...counts], labels, rounds, rejected, binsPerOutcome(game));
}

function uniformityTest(game: UniformityTest['game'], counts: number[], labels: string[], rounds: number, rejected: number, perRound: number): UniformityTest {
  const bins = counts.length;
  const degreesOfFreedom = bins - 1;
  const statistic = rounds > 0 ? uniformityStatistic(counts, rounds, perRound) : Number.NaN;
  const pValue = rounds > 0 ? chiSquaredPValue(statistic, degreesOfFreedom) : undefined;
  const expectedPerBin = (rounds * perRound) / bins;
  const roundsNeeded = roundsNeededFor(bins, perRound);
  const reliable = rounds >= roundsNeeded;
  const base = { game, counts, labels, rounds, rejected, expectedPerBin, statistic, degreesOfFreedom, pValue, roundsNeeded, reliable };
  return { ...base, message: uniformityMessage(base) };
}

/** The message's words for a game of each shape: its rounds, its numbers, and what a number does. */
function messageWords(shape: GameShape, label: string, bins: number): { what: string; numbers: string; each: string } {
  const name = label.toLowerCase();
  switch (shape.kind) {
    case 'wheel':
      return { what: 'spins', numbers: `the ${bins} numbers of the wheel`, each: 'come up' };
    case 'draw':
      return { what: `${name} rounds`, numbers: `the ${bins} ${name} numbers`, each: 'be drawn' };
    default:
      return { what: `${name} rounds`, numbers: `the ${bins} outcomes`, each: 'come up' };
  }
}

function uniformityMessage(t: Omit<UniformityTest, 'message'>): string {
  const definition = gameById(t.game);
  const { what, numbers, each } = messageWords(definition.shape, definition.label, t.counts.length);
  if (!t.reliable) {
    const have = t.rounds === 1 ? `1 ${what.slice(0, -1)} is` : `${t.rounds} ${what} are`;
    return `${have} too few to judge whether ${numbers} come up equally often: that needs at least ${t.roundsNeeded} (so each number is expected to ${each} ${MIN_EXPECTED_PER_BIN} times).`;
  }
  const figures = `chi-squared ${t.statistic.toFixed(1)} on ${t.degreesOfFreedom} degrees of freedom, p ${pText(t.pValue!)}`;
  if (t.pValue! >= UNUSUAL_P_VALUE) {
    return `Over ${t.rounds} ${what}, ${numbers} came up about as evenly as fair draws do (${figures}).`;
  }
  return `Over ${t.rounds} ${what}, ${numbers} came up less evenly than fair draws usually do (${figures}); about 1 fair history in 100 looks like this by chance, so it is a reason to look closer, not proof.`;
}

function pText(p: number): string {
  return p < 0.0001 ? '< 0.0001' : `= ${Number(p.toPrecision(2))}`;
}

export interface RealisedRtp {
  rounds: number;
  rejected: number;
  totalStake: Ratio;
  totalPayout: Ratio;
  /** Sum of payouts over sum of stakes, exact; undefined when nothing was staked. */
  rtp?: Ratio;
  rtpPercent?: string;
  theoreticalPercent?: string;
  /** Realised minus theoretical, in percentage points. */
  differencePoints?: number;
  /**
   * Rough standard error of the realised RTP (ratio estimator, from the bets' own spread). Large
   * rare payouts (keno jackpots) make it optimistic for short histories, which the message says.
   */
  standardError?: number;
  message: string;
}

/** What realisedRtp needs of many bets, summed: kept by the worker as rounds are stored. */
export interface BetSums {
  /** Bets with a stake above 0 and a payout of 0 or more; `rejected` the others. */
  rounds: number;
  rejected: number;
  totalStake: Ratio;
  totalPayout: Ratio;
  /** Σ stake, Σ stake², Σ stake × payout, Σ payout², as doubles: the standard error's inputs. */
  stakes: number;
  stakeSquares: number;
  products: number;
  payoutSquares: number;
}

export { binsOf, outcomeBins, validBet, type StakeAndPayout };

/** What the player got back, sum of payouts / sum of stakes, next to what the rules give. */
export function realisedRtp(bets: readonly StakeAndPayout[], theoretical?: Ratio): RealisedRtp {
  const valid = bets.filter(validBet);
  // Exact sums of the amounts as written: 0.1 + 0.2 stakes are 0.3, not 0.30000000000000004.
  let totalStake = ratio(0n);
  let totalPayout = ratio(0n);
  for (const bet of valid) {
    totalStake = add(totalStake, decimalRatio(bet.stake));
    totalPayout = add(totalPayout, decimalRatio(bet.payout));
  }
  const base = { rounds: valid.length, rejected: bets.length - valid.length, totalStake, totalPayout };
  if (valid.length === 0) return realisedRtpOfSums({ ...base, stakes: 0, stakeSquares: 0, products: 0, payoutSquares: 0 }, theoretical);
  const rtp = divide(totalPayout, totalStake);
  return finishRealised(base, rtp, ratioStandardError(valid, rtp.value), theoretical);
}

/** realisedRtp from sums kept elsewhere; the standard error from the sums of squares (equal up to rounding). */
export function realisedRtpOfSums(sums: BetSums, theoretical?: Ratio): RealisedRtp {
  const base = { rounds: sums.rounds, rejected: sums.rejected, totalStake: sums.totalStake, totalPayout: sums.totalPayout };
  if (sums.rounds === 0 || sums.totalStake.numerator === 0n) return { ...base, message: 'No settled bets with a stake yet, so there is no realised return to show.' };
  const rtp = divide(sums.totalPayout, sums.totalStake);
  const r = rtp.value;
  // Σ(p − R·s)² expanded; never below 0, which rounding could make it.
  const squares = Math.max(0, sums.payoutSquares - 2 * r * sums.products + r * r * sums.stakeSquares);
  const standardError = sums.rounds < 2 ? undefined : Math.sqrt((sums.rounds / (sums.rounds - 1)) * squares) / sums.stakes;
  return finishRealised(base, rtp, standardError, theoretical);
}

function finishRealised(base: Pick<RealisedRtp, 'rounds' | 'rejected' | 'totalStake' | 'totalPayout'>, rtp: Ratio, standardError: number | undefined, theoretical?: Ratio): RealisedRtp {
  const rtpPercent = percentText(rtp, 2);
  const result: RealisedRtp = { ...base, rtp, rtpPercent, standardError, message: '' };
  if (theoretical === undefined) {
    result.message = `Over ${base.rounds} bets you got back ${rtpPercent} % of what you staked.`;
    return result;
  }
  result.theoreticalPercent = percentText(theoretical, 2);
  result.differencePoints = subtract(rtp, theoretical).value * 100;
  result.message = rtpMessage(result, base.rounds);
  return result;
}

function rtpMessage(r: RealisedRtp, n: number): string {
  const head = `Over ${n} bets you got back ${r.rtpPercent} % of what you staked; the rules give ${r.theoreticalPercent} % in the long run.`;
  if (r.standardError === undefined || !(r.standardError > 0)) return `${head} Too few bets to say how much of the difference is luck.`;
  const swing = (2 * r.standardError * 100).toFixed(1);
  return Math.abs(r.differencePoints!) <= 2 * r.standardError * 100
    ? `${head} That is within the usual swing of luck for so few bets (about ±${swing} points).`
    : `${head} That is more than the usual swing of luck (about ±${swing} points), though rare big payouts make short histories swing more than this estimate says.`;
}

/** Linearised standard error of Σpayout/Σstake: √(n/(n−1)·Σ(p − R·s)²) / Σs. */
function ratioStandardError(bets: readonly StakeAndPayout[], r: number): number | undefined {
  const n = bets.length;
  if (n < 2) return undefined;
  let stakes = 0;
  let squares = 0;
  for (const { stake, payout } of bets) {
    stakes += stake;
    squares += (payout - r * stake) ** 2;
  }
  return Math.sqrt((n / (n - 1)) * squares) / stakes;
}

