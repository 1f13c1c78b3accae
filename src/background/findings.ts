// The page message 'findings': the core's cross-round audit (core/audit.ts) over every stored round
// and seed-pair sighting. Read-only, through store.ts's openStore(), so it never competes with the
// store's writes for anything but a read transaction.
//
// Which timing evidence is passed, and why: the audit's "played after reveal" rule flags a round
// whose result was first seen after its pair's server seed was revealed. In this store that is also
// what an honest history looks like when the player opens it after rotating seeds: the round is
// first seen then, the store has already copied in the revealed seed (with the reveal's time) and
// the sighting's first time into `observedAt.commitment`, so a round read late from the history and
// a round really played on a revealed seed leave identical records (both even count as
// `witnessed`). Nothing stored tells them apart, so no round's result time is given to the audit
// and that rule stays silent here; it needs capture to mark results seen in the live game view.
// The other server-seed rule (one seed revealed for two seed pairs) needs no times and stays on.
import { auditRounds, type AuditRound, type Finding, type SeedPairSighting } from '../core/index.js';
import type { RoundRecord } from '../shared/records.js';
import { openStore } from './store.js';

/** Rounds read per request: bounded batches keep the worker's memory flat on a large store. */
const BATCH = 2000;

export async function findings(): Promise<Finding[]> {
  const db = await openStore();
  const rounds: AuditRound[] = [];
  let after: IDBValidKey | undefined;
  for (;;) {
    const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
    const batch: RoundRecord[] = await db.getAll('rounds', range, BATCH);
    for (const record of batch) rounds.push(auditRoundOf(record));
    if (batch.length < BATCH) break;
    after = batch.at(-1)!.key;
  }
  const sightings: SeedPairSighting[] = (await db.getAll('commitments')).map(({ commitment, firstSeenAt, revealedSeed, revealedAt }) => ({
    commitment,
    firstSeenAt,
    ...(revealedSeed === undefined ? {} : { revealedSeed, revealedAt }),
  }));
  return auditRounds(rounds, sightings);
}

/** The audit's fields of a stored round; times are left out on purpose (see the top of this file). */
export function auditRoundOf(record: RoundRecord): AuditRound {
  const round: AuditRound = { key: record.key, game: record.gameId, result: record.result };
  if (record.commitment !== undefined) round.commitment = record.commitment;
  if (record.serverSeed !== undefined) round.serverSeed = record.serverSeed;
  if (record.clientSeed !== undefined) round.clientSeed = record.clientSeed;
  if (record.nonce !== undefined) round.nonce = record.nonce;
  return round;
}
