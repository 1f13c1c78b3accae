// The page message 'outcomes': one game's figures for the statistics page (GameFigures: the
// outcome counts, amounts and keno payouts of its verified rounds). They are kept in the tally,
// moved by every write (tally.ts, game-figures.ts), so answering reads one record. A store that
// held rounds before the figures were kept counts them here once, in the transaction that keeps them.
// Only verified rounds count: their outcome is the one the seeds give, so a tampered display or
// an unrevealed round cannot skew the distribution.
import type { SupportedGameId } from '../core/index.js';
import type { GameFigures, RoundRecord } from '../shared/records.js';
import { addRecordToFigures, emptyFigures, emptyGameFigures, FIGURE_GAMES, figuresCurrent, type AllFigures } from './game-figures.js';
import { STATUS_RANK } from './index-rank.js';
import type { Tally } from './schema.js';
import { openStore } from './store.js';

const BATCH = 5000;

export async function gameFigures(gameId: SupportedGameId): Promise<GameFigures> {
  const db = await openStore();
  const kept = ((await db.get('meta', 'tally')) as Tally | undefined)?.figures;
  const figures = kept !== undefined && figuresCurrent(kept) ? kept : await countFigures();
  return figures[gameId] ?? emptyGameFigures(gameId);
}

/** Counts the figures from the verified rounds and keeps them with the tally, in one transaction (writes wait for it). */
async function countFigures(): Promise<AllFigures> {
  const tx = (await openStore()).transaction(['rounds', 'meta'], 'readwrite');
  const meta = tx.objectStore('meta');
  const tally = (await meta.get('tally')) as Tally | undefined;
  if (tally?.figures !== undefined && figuresCurrent(tally.figures)) return tally.figures;
  const figures = emptyFigures();
  const index = tx.objectStore('rounds').index('by-game');
  const rank = STATUS_RANK.verified;
  for (const gameId of FIGURE_GAMES) {
    // The by-game index sorts [gameId, rank, order]: one game's verified rounds are one key range,
    // read in bounded batches (order is −seq, unique per round).
    let from = -Infinity;
    let open = false;
    for (;;) {
      const batch = (await index.getAll(IDBKeyRange.bound([gameId, rank, from], [gameId, rank, Infinity], open), BATCH)) as (RoundRecord & { order: number })[];
      for (const record of batch) addRecordToFigures(figures, record, 1);
      if (batch.length < BATCH) break;
      from = batch.at(-1)!.order;
      open = true;
    }
  }
  if (tally !== undefined) await meta.put({ ...tally, figures }, 'tally');
  await tx.done;
  return figures;
}
