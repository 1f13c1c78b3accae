// The kept counts of rounds by game, status and trust level (see Tally in schema.ts): counted
// once from the indexes, then moved by each write in the same transaction.
import type { IDBPObjectStore, StoreNames } from 'idb';
import { noCounts, STATUS_SORT_ORDER, type VerdictStatus } from '../core/index.js';
import type { RoundFilter, RoundRecord } from '../shared/records.js';
import { addRecordToFigures, emptyFigures, figuresCurrent } from './game-figures.js';
import { STATUS_RANK } from './index-rank.js';
import type { FairWitnessDB, Tally } from './schema.js';

export const STATUSES: readonly VerdictStatus[] = STATUS_SORT_ORDER;
const STATUS_OF_RANK = new Map(STATUSES.map((status) => [STATUS_RANK[status], status]));

export const emptyTally = (): Tally => ({ games: {}, levels: { witnessed: 0, history: 0 }, figures: emptyFigures() });

export function addToTally(tally: Tally, record: RoundRecord, sign: 1 | -1): void {
  const counts = (tally.games[record.gameId] ??= noCounts());
  counts[record.verdict.status] += sign;
  if (sign < 0 && STATUSES.every((status) => counts[status] === 0)) delete tally.games[record.gameId];
  if (record.verdict.level !== undefined) tally.levels[record.verdict.level] += sign;
  // Figures kept by an older version lack the luck groups: dropped, and counted anew when the page asks.
  if (tally.figures !== undefined && !figuresCurrent(tally.figures)) delete tally.figures;
  if (tally.figures !== undefined) addRecordToFigures(tally.figures, record, sign);
}

type RoundsStore<Mode extends IDBTransactionMode> = IDBPObjectStore<FairWitnessDB, ArrayLike<StoreNames<FairWitnessDB>>, 'rounds', Mode>;

/** The tally and the sorted game ids, counted from the index keys (no round is read whole). */
export async function countTally<Mode extends IDBTransactionMode>(rounds: RoundsStore<Mode>): Promise<{ tally: Tally; games: string[] }> {
  const tally = emptyTally();
  let cursor = await rounds.index('by-game').openKeyCursor();
  while (cursor) {
    const [gameId, rank] = cursor.key;
    const status = STATUS_OF_RANK.get(rank);
    if (status !== undefined) (tally.games[gameId] ??= noCounts())[status]++;
    cursor = await cursor.continue();
  }
  const byLevel = rounds.index('by-level');
  tally.levels = { witnessed: await byLevel.count('witnessed'), history: await byLevel.count('history') };
  // The statistics figures need every verified round read whole: counted when first asked for (outcomes.ts).
  if (Object.keys(tally.games).length > 0) delete tally.figures;
  return { tally, games: Object.keys(tally.games).sort() };
}

/** Rounds matching a filter, from the tally. */
export function tallied(tally: Tally, filter: RoundFilter): number {
  const games = filter.gameId !== undefined ? [tally.games[filter.gameId]].filter((counts) => counts !== undefined) : Object.values(tally.games);
  const statuses = filter.status !== undefined ? [filter.status] : STATUSES;
  return games.reduce((sum, counts) => sum + statuses.reduce((part, status) => part + counts[status], 0), 0);
}
