// The IndexedDB schema as numbered migration steps. A database at version N is brought to the
// current version by running steps N+1… in order, inside the one upgrade transaction, so a browser
// that skipped releases upgrades exactly like one that installed each. Never edit a released step:
// add the next one.
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { TrustLevel, VerdictStatus } from '../core/index.js';
import type { RoundRecord } from '../shared/records.js';
import { panelRoundKeys, type PanelSighting } from './pre-round.js';
import { countTally } from './tally.js';

/** A round as stored, with the keys its indexes sort by. */
export interface StoredRound extends RoundRecord {
  rank: number;
  /** −seq, so one ascending index gives "worst status first, newest first". */
  order: number;
}

export interface CommitmentSighting {
  commitment: string;
  firstSeenAt: number;
  /** The server seed revealed for this commitment by a seed-pair panel, with when it was seen. */
  revealedSeed?: string;
  revealedAt?: number;
  /** What the active-seed-pair panel showed with this commitment: client seed and next nonce (pre-round.ts). */
  panel?: PanelSighting[];
  /** `panel`'s client seed and nonce pairs, as keys (pre-round.ts panelRoundKeys): the `by-panel-round` index. */
  panelRounds?: string[];
}

/**
 * How many rounds each game has in each status, and how many rounds each trust level: kept in
 * `meta` and updated in the same transaction as every write to `rounds`, because IndexedDB's
 * count() walks the whole index range (≈10 µs a round in Chromium: the summary's seven counts took
 * over a second with 100 000 rounds, and the badge recounts after every captured batch).
 */
export interface Tally {
  games: Record<string, Record<VerdictStatus, number>>;
  levels: Record<TrustLevel, number>;
}

export interface FairWitnessDB extends DBSchema {
  rounds: {
    key: string;
    value: StoredRound;
    indexes: { 'by-rank': [number, number]; 'by-game': [string, number, number]; 'by-seq': number; 'by-level': string };
  };
  commitments: { key: string; value: CommitmentSighting; indexes: { 'by-panel-round': string } };
  meta: { key: string; value: unknown };
}

export type UpgradeTransaction = IDBPTransaction<FairWitnessDB, StoreNames<FairWitnessDB>[], 'versionchange'>;
type Step = (db: IDBPDatabase<FairWitnessDB>, tx: UpgradeTransaction) => void | Promise<void>;

/** MIGRATIONS[n − 1] takes a database from version n − 1 to version n. */
export const MIGRATIONS: readonly Step[] = [
  // 1: rounds with their list indexes, seed-pair sightings, and small settings.
  (db) => {
    const rounds = db.createObjectStore('rounds', { keyPath: 'key' });
    rounds.createIndex('by-rank', ['rank', 'order']);
    rounds.createIndex('by-game', ['gameId', 'rank', 'order']);
    rounds.createIndex('by-seq', 'seq');
    rounds.createIndex('by-level', 'verdict.level');
    db.createObjectStore('commitments', { keyPath: 'commitment' });
    db.createObjectStore('meta');
  },
  // 2: the tally and the game list, counted once here from the indexes. Version-1 stores written
  // before the tally was kept had none, and every read and write had to be ready to count it; now
  // every store has both from its upgrade on.
  async (_db, tx) => {
    const { tally, games } = await countTally(tx.objectStore('rounds'));
    const meta = tx.objectStore('meta');
    await meta.put(tally, 'tally');
    await meta.put(games, 'games');
  },
  // 3: the commitments' panel states indexed by client seed and nonce. Finding the commitment shown
  // before a round read every commitment record, once per batch in which a round showed its result:
  // fine for a player's few seed pairs, slow for thousands (a flood's made-up ones included).
  async (_db, tx) => {
    const commitments = tx.objectStore('commitments');
    commitments.createIndex('by-panel-round', 'panelRounds', { multiEntry: true });
    let cursor = await commitments.openCursor();
    while (cursor) {
      if (cursor.value.panel !== undefined) await cursor.update({ ...cursor.value, panelRounds: panelRoundKeys(cursor.value.panel) });
      cursor = await cursor.continue();
    }
  },
];

export const DATABASE_VERSION = MIGRATIONS.length;

/**
 * idb's `upgrade` callback: runs the steps from `oldVersion` up to `newVersion`. A step that fails
 * aborts the upgrade transaction, so the database stays at its old version, whole, and opening
 * it fails with the error (shown to the user as a storage problem).
 */
export function upgrade(db: IDBPDatabase<FairWitnessDB>, oldVersion: number, newVersion: number | null, tx: UpgradeTransaction): void {
  const target = newVersion ?? DATABASE_VERSION;
  if (target > MIGRATIONS.length) throw new Error(`no migration to database version ${target}`);
  void (async () => {
    for (let version = oldVersion + 1; version <= target; version++) await MIGRATIONS[version - 1]!(db, tx);
  })().catch((error: unknown) => {
    console.error('Fair Witness: database upgrade failed', error);
    try {
      tx.abort();
    } catch {
      // Already finished or aborted: the open request reports the failure.
    }
  });
}
