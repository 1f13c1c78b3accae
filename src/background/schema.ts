// The IndexedDB schema as numbered migration steps. A database at version N is brought to the
// current version by running steps N+1… in order, inside the one upgrade transaction, so a browser
// that skipped releases upgrades exactly like one that installed each. Never edit a released step:
// add the next one.
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { SupportedGameId, TrustLevel, VerdictStatus } from '../core/index.js';
import type { GameFigures, RoundRecord } from '../shared/records.js';
import { panelRoundKeys, panelTimeKeys, type ForgottenSpan, type PanelSighting, type PanelTimeKey } from './pre-round.js';
import type { MetaKey } from './meta.js';
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
  /** When a server seed that hashes to this commitment was first seen (store.ts): the reveal the trust rule counts. */
  hashedAt?: number;
  /** Other server seeds shown for this commitment: a `seed-conflict` (the one that hashes to it is `revealedSeed`). */
  otherSeeds?: string[];
  /** What the active-seed-pair panel showed with this commitment: client seed and next nonce (pre-round.ts). */
  panel?: PanelSighting[];
  /** What was forgotten of `panel` (pre-round.ts ForgottenSpan): a round whose window it reaches is not witnessed. */
  forgotten?: ForgottenSpan[];
  /** Up to version 3: `panel`'s client seed and nonce pairs, the `by-panel-round` index (removed by step 4). */
  panelRounds?: string[];
  /** `panel`'s [client seed, time shown] pairs and `forgotten`'s ends, each also in its any-lane (pre-round.ts panelTimeKeys): the `by-panel-time` index. */
  panelTimes?: PanelTimeKey[];
  /** Rounds accused over this pair (step `witness`), judged again when it is revealed or shown anew (store.ts). */
  accused?: string[];
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
  /**
   * The statistics page's figures per game (game-figures.ts), moved with the counts. Absent from a
   * store that held rounds before they were kept, until the page first asks (outcomes.ts counts them once).
   */
  figures?: Record<SupportedGameId, GameFigures>;
}

export interface FairWitnessDB extends DBSchema {
  rounds: {
    key: string;
    value: StoredRound;
    indexes: { 'by-rank': [number, number]; 'by-game': [string, number, number]; 'by-seq': number; 'by-level': string };
  };
  commitments: { key: string; value: CommitmentSighting; indexes: { 'by-panel-round': string; 'by-panel-time': PanelTimeKey } };
  // One value per key: meta.ts types each (MetaEntries).
  meta: { key: MetaKey; value: unknown };
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
  // 4: the trust rule asks which commitments the panel showed for a client seed up to a time
  // (core/witness.ts): the panel states indexed by client seed and first sighting. The exact
  // client-seed-and-nonce index of step 3 has no reader left. Rounds the old rule called
  // `witnessed` had no player action observed (a page could earn that level by timing alone), so
  // they become `history`, not observed.
  async (_db, tx) => {
    const rounds = tx.objectStore('rounds');
    let moved = 0;
    for (let round = await rounds.index('by-level').openCursor('witnessed'); round; round = await round.continue()) {
      await round.update({ ...round.value, verdict: { ...round.value.verdict, level: 'history', levelReason: 'not-observed' } });
      moved++;
    }
    const meta = tx.objectStore('meta');
    const tally = (await meta.get('tally')) as Tally | undefined;
    if (tally !== undefined && moved > 0) {
      await meta.put({ ...tally, levels: { witnessed: tally.levels.witnessed - moved, history: tally.levels.history + moved } }, 'tally');
    }
    const commitments = tx.objectStore('commitments');
    commitments.deleteIndex('by-panel-round');
    commitments.createIndex('by-panel-time', 'panelTimes', { multiEntry: true });
    let cursor = await commitments.openCursor();
    while (cursor) {
      const { panelRounds: _old, ...sighting } = cursor.value;
      if (sighting.panel !== undefined) sighting.panelTimes = panelTimeKeys(sighting.panel);
      await cursor.update(sighting);
      cursor = await cursor.continue();
    }
  },
  // 5: every panel state and forgotten span also in a lane of any client seed: a second seed pair
  // for the bet is one under any client seed, a look-alike spelling of the player's or another
  // (core/witness.ts), so the rule reads a round's window across all of them. And the forgotten
  // lanes as keys no client seed can spell (they were strings a page could choose as its client seed).
  async (_db, tx) => {
    const commitments = tx.objectStore('commitments');
    for (let cursor = await commitments.openCursor(); cursor; cursor = await cursor.continue()) {
      const { panel, forgotten } = cursor.value;
      if (panel !== undefined || forgotten !== undefined) await cursor.update({ ...cursor.value, panelTimes: panelTimeKeys(panel ?? [], forgotten) });
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
