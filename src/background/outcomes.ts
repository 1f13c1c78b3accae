// The page message 'outcomes': one game's verified rounds (outcome, stake, payout, keno hits), for
// the statistics page.
// Only verified rounds count: their outcome is the one the seeds give, so a tampered display or
// an unrevealed round cannot skew the distribution. Read-only through store.ts's openStore().
import type { SupportedGameId } from '../core/index.js';
import type { RoundRecord, VerifiedRound } from '../shared/records.js';
import { STATUS_RANK } from './rows.js';
import { openStore } from './store.js';
import { verifiedRoundOf } from './verified-round.js';

const BATCH = 5000;

export async function verifiedOutcomes(gameId: SupportedGameId): Promise<VerifiedRound[]> {
  const db = await openStore();
  const rank = STATUS_RANK.verified;
  const outcomes: VerifiedRound[] = [];
  // The by-game index sorts [gameId, rank, order]: one game's verified rounds are one key range,
  // read in bounded batches (order is −seq, unique per round).
  let from = -Infinity;
  let open = false;
  for (;;) {
    const range = IDBKeyRange.bound([gameId, rank, from], [gameId, rank, Infinity], open);
    const batch = (await db.getAllFromIndex('rounds', 'by-game', range, BATCH)) as (RoundRecord & { order: number })[];
    for (const record of batch) {
      const round = verifiedRoundOf(record);
      if (round !== undefined) outcomes.push(round);
    }
    if (batch.length < BATCH) break;
    from = batch.at(-1)!.order;
    open = true;
  }
  return outcomes;
}
