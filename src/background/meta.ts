// The `meta` store's entries, one value per key, typed here once: every read of `meta` goes
// through readMeta, so no caller casts what it reads.
import type { RateLimitNote, SelfTestResult } from '../shared/records.js';
import type { Tally } from './schema.js';

export interface MetaEntries {
  /** The last sequence number given to a new round. */
  seq: number;
  /** The game ids of the stored rounds, sorted. */
  games: string[];
  tally: Tally;
  /** Seed-pair records kept (store-capacity.ts). */
  pairs: number;
  /** New rounds and pairs refused because the store was full, since it was last cleared. */
  storeFullRefused: number;
  /** Flooding tabs' counts (rate-limit-notes.ts). */
  rateLimited: RateLimitNote[];
  selfTest: SelfTestResult;
  /** The rate limiter's budgets (rate-limit-state.ts), checked when read. */
  budgets: unknown;
  /** The watched casino tabs (watched-tabs.ts), checked when read. */
  tabs: unknown;
  /** What capture saw in the watched tabs' frames (tab-capture.ts), checked when read. */
  capture: unknown;
  /** The player's open actions per tab (tab-actions.ts), checked when read. */
  actions: unknown;
  /**
   * This install's sealing key (seal-key.ts): a non-extractable HMAC CryptoKey, stored as the
   * browser clones it, and the install's random id. Made once; "Clear data" keeps it.
   */
  seal: { key: CryptoKey; installId: string };
}

export type MetaKey = keyof MetaEntries;

/** What reads `meta`: its object store in a transaction (the value comes back as IndexedDB stored it). */
export interface MetaSource {
  get(key: MetaKey): Promise<unknown>;
}

/** The entry under `key`, as written by writeMeta (undefined when there is none). */
export function readMeta<K extends MetaKey>(meta: MetaSource, key: K): Promise<MetaEntries[K] | undefined> {
  return meta.get(key) as Promise<MetaEntries[K] | undefined>;
}

export function writeMeta<K extends MetaKey>(meta: { put(value: MetaEntries[MetaKey], key: MetaKey): Promise<unknown> }, key: K, value: MetaEntries[K]): Promise<unknown> {
  return meta.put(value, key);
}
