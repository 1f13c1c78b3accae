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
//
// One stored record is one seed pair and nonce, and the store has already decided what the casino
// showed more than once for it (merge.ts): other outcomes (`conflictingResults`, which also fail
// the round at step `nonce`) and other sets of keno picks (`otherPicks`, a second bet on the
// nonce). Each record is passed as the one round it is, with those as its `otherResults` and
// `otherBets`, and the audit applies the rule of core/cross-round-rules.ts to them. The client
// seeds the panel showed with a commitment are passed as sightings, for `client-seed-changed`.
import { auditRounds, seedConflictFindings, severalCommitmentFindings, type AuditRound, type Finding, type PanelState, type SeedPairSighting } from '../core/index.js';
import type { RoundRecord } from '../shared/records.js';
import type { CommitmentSighting } from './schema.js';
import { openStore } from './store.js';
import { hashedAtOf } from './round-key.js';

/** Rounds read per request: bounded batches keep the worker's memory flat on a large store. */
const BATCH = 2000;

export async function findings(): Promise<Finding[]> {
  const db = await openStore();
  const gathered = new StoreFindings();
  let after: IDBValidKey | undefined;
  for (;;) {
    const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
    const batch: RoundRecord[] = await db.getAll('rounds', range, BATCH);
    for (const record of batch) gathered.addRound(record);
    if (batch.length < BATCH) break;
    after = batch.at(-1)!.key;
  }
  return gathered.findings(await db.getAll('commitments'));
}

/** The findings of a store's rounds (given one by one, in key order) and its seed-pair records. Pure. */
export class StoreFindings {
  private readonly rounds: AuditRound[] = [];
  private readonly disagreements: Finding[] = [];
  /** Every server seed shown per commitment, from rounds and reveals: two of them are a `seed-conflict`. */
  private readonly seeds = new Map<string, string[]>();

  addRound(record: RoundRecord): void {
    this.rounds.push(auditRoundOf(record));
    const disagreement = fileDisagreement(record);
    if (disagreement) this.disagreements.push(disagreement);
    if (record.otherServerSeeds) this.noteSeeds(record.commitment, [record.serverSeed, ...record.otherServerSeeds]);
  }

  findings(commitments: readonly CommitmentSighting[]): Finding[] {
    const panelStates: PanelState[] = [];
    for (const sighting of commitments) {
      const { commitment, panel, revealedSeed, otherSeeds } = sighting;
      // Only a seed that hashes to it revealed a commitment: a made-up reveal hides no conflict.
      const revealedAt = hashedAtOf(sighting);
      for (const state of panel ?? []) {
        // Each re-showing counts as a showing of its own: a page going back to a replaced commitment.
        for (const seenAt of [state.seenAt, ...(state.shownAgain ?? [])]) {
          panelStates.push({ clientSeed: state.clientSeed, nonce: state.nonce, seenAt, commitment, ...(state.game === undefined ? {} : { game: state.game }), ...(revealedAt === undefined ? {} : { revealedAt }) });
        }
      }
      if (otherSeeds) this.noteSeeds(commitment, [revealedSeed, ...otherSeeds]);
    }
    return [
      ...auditRounds(this.rounds, commitments.flatMap(sightingsOf)),
      ...severalCommitmentFindings(panelStates),
      ...seedConflictFindings(this.seeds),
      ...this.disagreements,
    ];
  }

  private noteSeeds(commitment: string | undefined, shown: readonly (string | undefined)[]): void {
    if (commitment === undefined) return;
    const known = this.seeds.get(commitment.toLowerCase()) ?? [];
    for (const seed of shown) if (seed !== undefined && !known.includes(seed)) known.push(seed);
    this.seeds.set(commitment.toLowerCase(), known);
  }
}

/**
 * `file-disagrees`: an imported file gave a value of this round that the casino's page showed
 * otherwise (merge.ts keeps the file's in `fileSaid`; the page's is verified). Neither accuses the
 * casino nor is dropped: the player learns that the file and the page differ.
 */
export function fileDisagreement(record: RoundRecord): Finding | undefined {
  const fields = Object.keys(record.fileSaid ?? {}).sort();
  if (fields.length === 0) return undefined;
  const round = record.nonce === undefined ? 'a round' : `the round with nonce ${record.nonce}`;
  return {
    kind: 'file-disagrees',
    severity: 'finding',
    commitment: record.commitment?.toLowerCase() ?? '',
    ...(record.clientSeed === undefined ? {} : { clientSeed: record.clientSeed }),
    ...(record.nonce === undefined ? {} : { nonces: [record.nonce] }),
    roundKeys: [record.key],
    fields,
    message: `An imported file shows ${round} differently from the casino's page (${fields.join(', ')}); the page's values are the ones verified.`,
  };
}

/** A commitment's sighting, plus one per client seed the panel showed with it (from its first time). */
export function sightingsOf({ commitment, firstSeenAt, revealedSeed, revealedAt, panel }: CommitmentSighting): SeedPairSighting[] {
  const sightings: SeedPairSighting[] = [{ commitment, firstSeenAt, ...(revealedSeed === undefined ? {} : { revealedSeed, revealedAt }) }];
  const firstOf = new Map<string, number>();
  for (const { clientSeed, seenAt } of panel ?? []) firstOf.set(clientSeed, Math.min(firstOf.get(clientSeed) ?? Infinity, seenAt));
  for (const [clientSeed, at] of firstOf) sightings.push({ commitment, clientSeed, firstSeenAt: at });
  return sightings;
}

/** The audit's round of a stored round, with what else was shown for it; times are left out on purpose (see the top of this file). */
export function auditRoundOf(record: RoundRecord): AuditRound {
  const round: AuditRound = { key: record.key, game: record.gameId, result: record.result };
  if (record.commitment !== undefined) round.commitment = record.commitment;
  if (record.serverSeed !== undefined) round.serverSeed = record.serverSeed;
  if (record.clientSeed !== undefined) round.clientSeed = record.clientSeed;
  if (record.nonce !== undefined) round.nonce = record.nonce;
  if (record.conflictingResults?.length) round.otherResults = record.conflictingResults;
  if (record.otherPicks?.length) round.otherBets = record.otherPicks.length;
  return round;
}
