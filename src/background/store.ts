// The one storage module: every round, commitment sighting and setting lives in IndexedDB, so a
// worker stopped at any moment loses nothing (MV3 stops idle workers after ~30 s).
import { openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore, type StoreNames } from 'idb';
import type { TrustLevel, VerdictStatus } from '../core/index.js';
import type { CapturedClaim, RoundFilter, RoundRecord, SelfTestResult, Summary } from '../shared/records.js';
import { mergeClaim } from './merge.js';
import { commitmentOf, isCommitmentSighting, isSeedReveal, roundKey, roundsOfCommitment } from './round-key.js';
import { STATUS_RANK } from './rows.js';
import { verifyRecord } from './verify-record.js';

export const DATABASE_NAME = 'fair-witness';
export const DATABASE_VERSION = 1;

/** A round as stored, with the keys its indexes sort by. */
interface StoredRound extends RoundRecord {
  rank: number;
  /** −seq, so one ascending index gives "worst status first, newest first". */
  order: number;
}

interface CommitmentSighting {
  commitment: string;
  firstSeenAt: number;
  /** The server seed revealed for this commitment by a seed-pair panel, with when it was seen. */
  revealedSeed?: string;
  revealedAt?: number;
}

/**
 * How many rounds each game has in each status, and how many rounds each trust level: kept in
 * `meta` and updated in the same transaction as every write to `rounds`, because IndexedDB's
 * count() walks the whole index range (≈10 µs a round in Chromium: the summary's seven counts took
 * over a second with 100 000 rounds, and the badge recounts after every captured batch).
 */
interface Tally {
  games: Record<string, Record<VerdictStatus, number>>;
  levels: Record<TrustLevel, number>;
}

interface FairWitnessDB extends DBSchema {
  rounds: {
    key: string;
    value: StoredRound;
    indexes: { 'by-rank': [number, number]; 'by-game': [string, number, number]; 'by-seq': number; 'by-level': string };
  };
  commitments: { key: string; value: CommitmentSighting };
  meta: { key: string; value: unknown };
}

export type Database = IDBPDatabase<FairWitnessDB>;

let opening: Promise<Database> | undefined;

/** Opens (once per worker life) the database; a blocked or lost connection is reported, then reopened on next use. */
export function openStore(): Promise<Database> {
  opening ??= openDB<FairWitnessDB>(DATABASE_NAME, DATABASE_VERSION, {
    upgrade(db) {
      const rounds = db.createObjectStore('rounds', { keyPath: 'key' });
      rounds.createIndex('by-rank', ['rank', 'order']);
      rounds.createIndex('by-game', ['gameId', 'rank', 'order']);
      rounds.createIndex('by-seq', 'seq');
      rounds.createIndex('by-level', 'verdict.level');
      db.createObjectStore('commitments', { keyPath: 'commitment' });
      db.createObjectStore('meta');
    },
    blocked() {
      storageProblem = 'The database is blocked by another open Fair Witness page; close it to continue.';
    },
    blocking() {
      // A newer version wants to upgrade: step aside so it can.
      void opening?.then((db) => db.close());
      opening = undefined;
    },
    terminated() {
      storageProblem = 'The browser closed the database unexpectedly; it will be reopened.';
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** The last storage failure, shown to the user. Lost with the worker, which is fine: it is re-detected on the next write. */
let storageProblem: string | undefined;

export function reportStorageProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  storageProblem =
    name === 'QuotaExceededError'
      ? 'The browser refused to store more rounds (storage quota exceeded). Export and clear old rounds.'
      : `Storing rounds failed: ${error instanceof Error ? error.message : String(error)}`;
  return storageProblem;
}

function stored(record: RoundRecord): StoredRound {
  return { ...record, rank: STATUS_RANK[record.verdict.status], order: -record.seq };
}

function sameContent(a: RoundRecord, b: RoundRecord): boolean {
  return JSON.stringify({ ...a, updatedAt: 0 }) === JSON.stringify({ ...b, updatedAt: 0 });
}

/**
 * Merges a batch of claims into their rounds and re-verifies them, in one transaction: when it
 * resolves, every claim is on disk. Returns the keys of rounds that changed.
 */
export async function storeClaims(claims: readonly CapturedClaim[], now = Date.now()): Promise<string[]> {
  const db = await openStore();
  const tx = db.transaction(['rounds', 'commitments', 'meta'], 'readwrite');
  const rounds = tx.objectStore('rounds');
  const commitments = tx.objectStore('commitments');
  const meta = tx.objectStore('meta');
  let seq = ((await meta.get('seq')) as number | undefined) ?? 0;
  const games = new Set(((await meta.get('games')) as string[] | undefined) ?? []);
  const gamesBefore = JSON.stringify([...games].sort());
  // Stores written before the tally existed get it counted once, here.
  const tally = ((await meta.get('tally')) as Tally | undefined) ?? (await countTally(rounds, [...games]));
  const changed: string[] = [];

  // Seed-pair claims first: a commitment seen before a round counts wherever it sits in the batch.
  const isPairClaim = (claim: CapturedClaim) => isCommitmentSighting(claim) || isSeedReveal(claim);
  const ordered = [...claims.filter(isPairClaim), ...claims.filter((claim) => !isPairClaim(claim))];
  for (const claim of ordered) {
    if (isPairClaim(claim)) {
      const sighting = await recordSeedPair(commitments, claim, now);
      if (sighting.revealedSeed === undefined) continue;
      // A reveal completes every stored round of its pair that still lacks the seed.
      let cursor = await rounds.openCursor(roundsOfCommitment(sighting.commitment));
      while (cursor) {
        if (cursor.value.serverSeed === undefined) await saveRound(cursor.value, revealClaim(sighting));
        cursor = await cursor.continue();
      }
      continue;
    }
    const existing = await rounds.get(roundKey(claim));
    await saveRound(existing, claim, existing?.seq ?? ++seq);
  }

  /** Merges a claim into its round, re-verifies it, and writes it if anything changed. */
  async function saveRound(existing: RoundRecord | undefined, claim: CapturedClaim, newSeq = existing?.seq ?? 0): Promise<void> {
    const record = mergeClaim(existing, claim, now, newSeq);
    const commitment = record.commitment?.toLowerCase();
    const sighting = commitment === undefined ? undefined : await commitments.get(commitment);
    if (sighting) {
      record.observedAt.commitment = Math.min(record.observedAt.commitment ?? Infinity, sighting.firstSeenAt);
      if (record.serverSeed === undefined && sighting.revealedSeed !== undefined) {
        Object.assign(record, mergeClaim(record, revealClaim(sighting), now, record.seq));
      }
    }
    record.verdict = verifyRecord(record).verdict;
    if (existing && sameContent(existing, record)) return;
    await rounds.put(stored(record));
    if (existing) addToTally(tally, existing, -1);
    addToTally(tally, record, 1);
    games.add(record.gameId);
    // A name filled in later moves the round to its game: drop the old id once no round has it.
    if (existing && existing.gameId !== record.gameId) {
      const old = existing.gameId;
      const left = await rounds.index('by-game').count(IDBKeyRange.bound([old, -Infinity, -Infinity], [old, Infinity, Infinity]));
      if (left === 0) games.delete(old);
    }
    changed.push(record.key);
  }
  await meta.put(seq, 'seq');
  if (JSON.stringify([...games].sort()) !== gamesBefore) await meta.put([...games].sort(), 'games');
  if (changed.length > 0) await meta.put(tally, 'tally');
  await tx.done;
  storageProblem = undefined;
  return changed;
}

/** Notes when a commitment was first seen and, from a reveal, its server seed (the first one shown wins). */
async function recordSeedPair(
  commitments: { get(key: string): Promise<CommitmentSighting | undefined>; put(value: CommitmentSighting): Promise<unknown> },
  claim: CapturedClaim,
  now: number,
): Promise<CommitmentSighting> {
  const commitment = commitmentOf(claim)!;
  const seenAt = Math.min(claim.observedAt.commitment ?? claim.observedAt.serverSeed ?? now, now);
  const known = await commitments.get(commitment);
  const sighting: CommitmentSighting = { ...known, commitment, firstSeenAt: Math.min(known?.firstSeenAt ?? Infinity, seenAt) };
  if (claim.serverSeed !== undefined && sighting.revealedSeed === undefined) {
    sighting.revealedSeed = claim.serverSeed;
    sighting.revealedAt = Math.min(claim.observedAt.serverSeed ?? now, now);
  }
  if (JSON.stringify(sighting) !== JSON.stringify(known)) await commitments.put(sighting);
  return sighting;
}

/** The claim a reveal makes about each round of its pair. */
function revealClaim(sighting: CommitmentSighting): CapturedClaim {
  return { source: 'dom', serverSeed: sighting.revealedSeed, observedAt: { serverSeed: sighting.revealedAt ?? Date.now() } };
}

const STATUSES = Object.keys(STATUS_RANK) as VerdictStatus[];

const noCounts = (): Record<VerdictStatus, number> => ({ mismatch: 0, pending: 0, verified: 0, invalid: 0, unsupported: 0 });

function addToTally(tally: Tally, record: RoundRecord, sign: 1 | -1): void {
  const counts = (tally.games[record.gameId] ??= noCounts());
  counts[record.verdict.status] += sign;
  if (sign < 0 && STATUSES.every((status) => counts[status] === 0)) delete tally.games[record.gameId];
  if (record.verdict.level !== undefined) tally.levels[record.verdict.level] += sign;
}

/** The tally counted from the indexes (once per store written before the tally was kept). */
async function countTally<Mode extends IDBTransactionMode>(
  rounds: IDBPObjectStore<FairWitnessDB, ArrayLike<StoreNames<FairWitnessDB>>, 'rounds', Mode>,
  gameIds: readonly string[],
): Promise<Tally> {
  const tally: Tally = { games: {}, levels: { witnessed: 0, history: 0 } };
  const byGame = rounds.index('by-game');
  for (const gameId of gameIds) {
    const counts = noCounts();
    for (const status of STATUSES) {
      const rank = STATUS_RANK[status];
      counts[status] = await byGame.count(IDBKeyRange.bound([gameId, rank, -Infinity], [gameId, rank, Infinity]));
    }
    if (STATUSES.some((status) => counts[status] > 0)) tally.games[gameId] = counts;
  }
  const byLevel = rounds.index('by-level');
  tally.levels = { witnessed: await byLevel.count('witnessed'), history: await byLevel.count('history') };
  return tally;
}

/** Rounds matching a filter, from the tally. */
function tallied(tally: Tally, filter: RoundFilter): number {
  const games = filter.gameId !== undefined ? [tally.games[filter.gameId]].filter((counts) => counts !== undefined) : Object.values(tally.games);
  const statuses = filter.status !== undefined ? [filter.status] : STATUSES;
  return games.reduce((sum, counts) => sum + statuses.reduce((part, status) => part + counts[status], 0), 0);
}

export async function summarise(): Promise<Summary> {
  const db = await openStore();
  const tx = db.transaction(['rounds', 'meta']);
  const meta = tx.objectStore('meta');
  const tally =
    ((await meta.get('tally')) as Tally | undefined) ?? (await countTally(tx.objectStore('rounds'), ((await meta.get('games')) as string[] | undefined) ?? []));
  const selfTest = (await meta.get('selfTest')) as SelfTestResult | undefined;
  await tx.done;
  const counts = Object.fromEntries(STATUSES.map((status) => [status, tallied(tally, { status })])) as Record<VerdictStatus, number>;
  const total = STATUSES.reduce((sum, status) => sum + counts[status], 0);
  return { total, counts, levels: { ...tally.levels }, selfTest, storageProblem };
}

/** One page of rounds, worst status first and newest first within a status. */
export async function pageOfRounds(filter: RoundFilter, offset: number, limit: number): Promise<{ total: number; records: RoundRecord[] }> {
  const db = await openStore();
  const tx = db.transaction(['rounds', 'meta']);
  const rank = filter.status === undefined ? undefined : STATUS_RANK[filter.status];
  const source =
    filter.gameId !== undefined
      ? {
          index: tx.objectStore('rounds').index('by-game'),
          range:
            rank === undefined
              ? IDBKeyRange.bound([filter.gameId, -Infinity, -Infinity], [filter.gameId, Infinity, Infinity])
              : IDBKeyRange.bound([filter.gameId, rank, -Infinity], [filter.gameId, rank, Infinity]),
        }
      : {
          index: tx.objectStore('rounds').index('by-rank'),
          range: rank === undefined ? undefined : IDBKeyRange.bound([rank, -Infinity], [rank, Infinity]),
        };
  const tally = (await tx.objectStore('meta').get('tally')) as Tally | undefined;
  const total = tally ? tallied(tally, filter) : await source.index.count(source.range);
  // The page in one getAll from its first key: a cursor costs a round trip to the database per row
  // (≈60 ms for a page of 200 with 100 000 rounds, against ≈30 ms). Index keys are unique (they
  // end with −seq), so the page starts exactly at the key `offset` rows in.
  let range = source.range;
  let records: RoundRecord[] = [];
  let past = false;
  if (offset > 0) {
    const start = await (await source.index.openKeyCursor(range))?.advance(offset);
    if (!start) past = true;
    else range = range ? IDBKeyRange.bound(start.key, range.upper, false, range.upperOpen) : IDBKeyRange.lowerBound(start.key);
  }
  // getAll's count 0 would mean "no limit".
  if (limit > 0 && !past) records = await source.index.getAll(range, limit);
  await tx.done;
  return { total, records };
}

export async function getRound(key: string): Promise<RoundRecord | undefined> {
  return (await openStore()).get('rounds', key);
}

/** Rounds in the order they were first seen, for export. */
export async function pageInSeenOrder(offset: number, limit: number): Promise<{ total: number; records: RoundRecord[] }> {
  const db = await openStore();
  const tx = db.transaction('rounds');
  const index = tx.store.index('by-seq');
  const total = await index.count();
  const records: RoundRecord[] = [];
  let cursor = await index.openCursor();
  if (cursor && offset > 0) cursor = await cursor.advance(offset);
  while (cursor && records.length < limit) {
    records.push(cursor.value);
    cursor = await cursor.continue();
  }
  await tx.done;
  return { total, records };
}

export async function listGames(): Promise<string[]> {
  return ((await (await openStore()).get('meta', 'games')) as string[] | undefined) ?? [];
}

/** Deletes every round and sighting; the self-test result stays. */
export async function clearRounds(): Promise<number> {
  const db = await openStore();
  const tx = db.transaction(['rounds', 'commitments', 'meta'], 'readwrite');
  const count = await tx.objectStore('rounds').count();
  const emptyTally: Tally = { games: {}, levels: { witnessed: 0, history: 0 } };
  await Promise.all([
    tx.objectStore('rounds').clear(),
    tx.objectStore('commitments').clear(),
    tx.objectStore('meta').delete('games'),
    tx.objectStore('meta').put(emptyTally, 'tally'),
  ]);
  await tx.done;
  return count;
}

export async function saveSelfTest(result: SelfTestResult): Promise<void> {
  await (await openStore()).put('meta', result, 'selfTest');
}

export async function loadSelfTest(): Promise<SelfTestResult | undefined> {
  return (await (await openStore()).get('meta', 'selfTest')) as SelfTestResult | undefined;
}
