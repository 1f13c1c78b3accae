// Keno's return to player. The seeds fix the draw (10 distinct numbers of 40, uniformly, by rejection
// sampling) but the casino does not publish its paytable, so the odds are exact while the payouts
// have to be learnt from rounds the player saw. RTP(picks) = Σ_h P(h hits)·multiplier(h).
import { KENO_BOARD, KENO_DRAWS, KENO_MAX_PICKS } from '../games/keno.js';
import { compareWithAdvertised, type AdvertisedComparison } from './advertised.js';
import { add, decimalRatio, multiply, percentText, ratio, subtract, type Ratio } from './fraction.js';

export const KENO_ADVERTISED_RTP = '99';

export interface HitProbability {
  hits: number;
  probability: Ratio;
}

/** C(n, k) exactly. */
export function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  const kk = Math.min(k, n - k);
  // Each partial product is C(n − kk + i, i), an integer, so the division is exact.
  for (let i = 1; i <= kk; i++) result = (result * BigInt(n - kk + i)) / BigInt(i);
  return result;
}

/**
 * The hypergeometric law of hits: `drawn` of `board` numbers are drawn, `picks` of them are the
 * player's. P(h) = C(picks, h)·C(board − picks, drawn − h) / C(board, drawn). Parameters are open
 * so tests can compare with every draw of a small board listed one by one.
 */
export function hitDistribution(board: number, drawn: number, picks: number): HitProbability[] {
  if (![board, drawn, picks].every(Number.isInteger) || drawn < 0 || picks < 0 || drawn > board || picks > board) {
    throw new RangeError(`hitDistribution: need whole numbers with drawn, picks ≤ board, got ${board}, ${drawn}, ${picks}`);
  }
  const total = binomial(board, drawn);
  const result: HitProbability[] = [];
  for (let hits = 0; hits <= Math.min(picks, drawn); hits++) {
    const ways = binomial(picks, hits) * binomial(board - picks, drawn - hits);
    result.push({ hits, probability: ratio(ways, total) });
  }
  return result;
}

/** Cloudbet keno: 40 numbers, 10 drawn, the player picks 1…10. */
export function kenoHitDistribution(picks: number): HitProbability[] {
  checkPicks(picks);
  return hitDistribution(KENO_BOARD, KENO_DRAWS, picks);
}

function checkPicks(picks: number): void {
  if (!Number.isInteger(picks) || picks < 1 || picks > KENO_MAX_PICKS) {
    throw new RangeError(`keno: picks must be a whole number of 1…${KENO_MAX_PICKS}, got ${picks}`);
  }
}

/** One settled round as the player saw it: the total paid back is `multiplier` × stake (0 on a loss). */
export interface KenoObservation {
  picks: number;
  hits: number;
  multiplier: number;
}

/** Learnt payouts for one number of picks: hits → multiplier, as an object so it can cross messages. */
export interface KenoPaytable {
  picks: number;
  multipliers: Record<number, number>;
}

export interface KenoPaytableConflict {
  picks: number;
  hits: number;
  multipliers: number[];
  message: string;
}

export interface LearnedKenoPaytables {
  tables: KenoPaytable[];
  /** The same picks and hits paid two different multipliers: left out of `tables`, since either could be the rule. */
  conflicts: KenoPaytableConflict[];
  rejected: { observation: unknown; reason: string }[];
}

/** Collects the paytable from observed rounds, keeping every disagreement visible rather than picking a winner. */
export function learnKenoPaytable(observations: readonly KenoObservation[]): LearnedKenoPaytables {
  const seen = new Map<number, Map<number, number[]>>();
  const rejected: LearnedKenoPaytables['rejected'] = [];
  for (const observation of observations) {
    const reason = observationProblem(observation);
    if (reason) {
      rejected.push({ observation, reason });
      continue;
    }
    const byHits = seen.get(observation.picks) ?? new Map<number, number[]>();
    seen.set(observation.picks, byHits);
    const known = byHits.get(observation.hits) ?? [];
    // Multipliers are numbers, so "3.8" and "3.80" read from a page are already one value here.
    byHits.set(observation.hits, known.includes(observation.multiplier) ? known : [...known, observation.multiplier]);
  }
  const tables: KenoPaytable[] = [];
  const conflicts: KenoPaytableConflict[] = [];
  for (const picks of [...seen.keys()].sort((a, b) => a - b)) {
    const multipliers: Record<number, number> = {};
    for (const [hits, values] of [...seen.get(picks)!].sort(([a], [b]) => a - b)) {
      if (values.length === 1) multipliers[hits] = values[0]!;
      else conflicts.push({ picks, hits, multipliers: values, message: `With ${picksText(picks)}, ${hits} hit${hits === 1 ? '' : 's'} paid ${values.map((m) => `${m}×`).join(' and ')} in different rounds.` });
    }
    tables.push({ picks, multipliers });
  }
  return { tables, conflicts, rejected };
}

function observationProblem(o: KenoObservation): string | undefined {
  if (typeof o !== 'object' || o === null) return 'not an object with picks, hits and multiplier';
  if (!Number.isInteger(o.picks) || o.picks < 1 || o.picks > KENO_MAX_PICKS) return `picks must be 1…${KENO_MAX_PICKS}`;
  if (!Number.isInteger(o.hits) || o.hits < 0 || o.hits > o.picks) return `hits must be 0…${o.picks}`;
  if (typeof o.multiplier !== 'number' || !Number.isFinite(o.multiplier) || o.multiplier < 0) return 'multiplier must be a number ≥ 0';
  return undefined;
}

export type KenoRtp =
  | {
      picks: number;
      complete: true;
      rtp: Ratio;
      rtpPercent: string;
      houseEdge: Ratio;
      advertised: AdvertisedComparison;
      message: string;
    }
  | {
      picks: number;
      complete: false;
      /** Hit counts whose multiplier has not been seen. */
      unknownHits: number[];
      /** The return from the known hit counts alone: a floor, since no multiplier is negative. */
      atLeast: Ratio;
      atLeastPercent: string;
      message: string;
    };

/** The exact RTP for `picks` when the table names a multiplier for every hit count 0…picks. */
export function kenoRtp(picks: number, table: KenoPaytable | Record<number, number>): KenoRtp {
  checkPicks(picks);
  const learnt = isPaytable(table) ? table : undefined;
  if (learnt && learnt.picks !== picks) throw new RangeError(`kenoRtp: the table is for ${learnt.picks} picks, not ${picks}`);
  const multipliers = learnt ? learnt.multipliers : (table as Record<number, number>);
  let known = ratio(0n);
  const unknownHits: number[] = [];
  for (const { hits, probability } of kenoHitDistribution(picks)) {
    const multiplier = multipliers[hits];
    if (multiplier === undefined) unknownHits.push(hits);
    else known = add(known, multiply(probability, decimalRatio(multiplier)));
  }
  if (unknownHits.length > 0) {
    return {
      picks,
      complete: false,
      unknownHits,
      atLeast: known,
      atLeastPercent: percentText(known),
      message: `The keno return with ${picksText(picks)} cannot be computed yet: the payout for ${listHits(unknownHits)} has not been seen (the known payouts alone return at least ${percentText(known)} %).`,
    };
  }
  const advertised = compareWithAdvertised(known, KENO_ADVERTISED_RTP, `Under the payouts seen in your rounds, keno with ${picksText(picks)}`);
  return { picks, complete: true, rtp: known, rtpPercent: percentText(known), houseEdge: subtract(ratio(1n), known), advertised, message: advertised.message };
}

function isPaytable(table: KenoPaytable | Record<number, number>): table is KenoPaytable {
  return typeof (table as KenoPaytable).multipliers === 'object' && typeof (table as KenoPaytable).picks === 'number';
}

const picksText = (picks: number): string => `${picks} pick${picks === 1 ? '' : 's'}`;

function listHits(hits: number[]): string {
  const words = hits.map((h) => `${h} hit${h === 1 ? '' : 's'}`);
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
