// What the statistics page needs of one verified round: the outcome the seeds give (never the one
// displayed), what the bet paid, and for a draw (keno) how many picks the draw hit. Pure, so the
// worker and the tests' fake worker map records the same way.
import { gameShapeOf, type GameShape } from '../core/index.js';
import type { RoundRecord, VerifiedRound } from '../shared/records.js';

type DrawShape = Extract<GameShape, { kind: 'draw' }>;

/** The picks as numbers when they are a valid selection of the draw (keno: 1–10 distinct numbers of 1–40). */
function drawPicks(picks: readonly string[] | undefined, shape: DrawShape): number[] | undefined {
  if (picks === undefined || picks.length < 1 || picks.length > shape.maxPicks) return undefined;
  const numbers = picks.map((pick) => (/^\d{1,2}$/.test(pick.trim()) ? Number(pick.trim()) : Number.NaN));
  if (numbers.some((n) => !(n >= 1 && n <= shape.board)) || new Set(numbers).size !== numbers.length) return undefined;
  return numbers;
}

export function verifiedRoundOf(record: RoundRecord): VerifiedRound | undefined {
  const outcome = record.verdict.expected;
  if (record.verdict.status !== 'verified' || outcome === undefined) return undefined;
  const round: VerifiedRound = { outcome };
  if (record.stake !== undefined) round.stake = record.stake;
  if (record.payout !== undefined) round.payout = record.payout;
  if (record.multiplier !== undefined) round.multiplier = record.multiplier;
  if (record.amountConflicts !== undefined) round.amountsDisputed = true;
  const shape = gameShapeOf(record.gameId);
  const picks = shape.kind === 'draw' && Array.isArray(outcome) ? drawPicks(record.picks, shape) : undefined;
  if (picks !== undefined && Array.isArray(outcome)) {
    const drawn = new Set(outcome);
    round.picks = picks.length;
    round.hits = picks.filter((pick) => drawn.has(pick)).length;
  }
  return round;
}
