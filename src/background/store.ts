// The one storage module: every round, commitment sighting and setting lives in IndexedDB, so a
// worker stopped at any moment loses nothing (MV3 stops idle workers after ~30 s). The schema and
// its numbered migrations are in schema.ts.
import { openDB, type IDBPDatabase } from 'idb';
import type { VerdictStatus } from '../core/index.js';
import type { StoreRefusal } from '../shared/messages.js';
import type { CapturedClaim, RateLimitNote, RoundFilter, RoundRecord, SelfTestResult, Summary } from '../shared/records.js';
import { fileRefusal, isCaptured } from './import-guard.js';
import { mergeClaim } from './merge.js';
import { panelTimeKeys, settledPanel, withPanelSighting } from './pre-round.js';
import { isCommitmentSighting, isSeedReveal } from '../shared/claim-kinds.js';
import { commitmentOf, roundKey, roundsOfCommitment } from './round-key.js';
import { STATUS_RANK } from './rows.js';
import { DATABASE_VERSION, upgrade, type CommitmentSighting, type FairWitnessDB, type StoredRound, type Tally } from './schema.js';
import { clearStorageProblem, currentStorageProblem, reportStorageProblem, storageFailure, StorageProblemError } from './storage-problem.js';
import { addToTally, countTally, emptyTally, STATUSES, tallied } from './tally.js';
import { fillShare, STORE_CAPS, worthShowing } from './store-capacity.js';
import { verifyRecord } from './verify-record.js';
import { witnessOf } from './witness-evidence.js';

export const DATABASE_NAME = 'fair-witness';
export { DATABASE_VERSION };

export type Database = IDBPDatabase<FairWitnessDB>;

let opening: Promise<Database> | undefined;
/** Set while this worker's open request waits for an older connection to close. */
let blockedError: Error | undefined;
let whenBlocked: Promise<never> = new Promise<never>(() => undefined);

/**
 * Opens (once per worker life) the database. While the open is blocked by another connection,
 * every call fails at once with a storage problem (the popup shows it; the content script keeps
 * its claims and retries) instead of waiting forever; the open itself goes on and succeeds once
 * the other connection closes. A failed or lost connection is opened again on next use.
 */
export function openStore(): Promise<Database> {
  if (!opening) {
    let rejectBlocked: (error: Error) => void = () => undefined;
    whenBlocked = new Promise<never>((_, reject) => (rejectBlocked = reject));
    whenBlocked.catch(() => undefined);
    const current: Promise<Database> = openDB<FairWitnessDB>(DATABASE_NAME, DATABASE_VERSION, {
      upgrade,
      blocked() {
        blockedError = new StorageProblemError({ kind: 'blocked' });
        reportStorageProblem(blockedError);
        rejectBlocked(blockedError);
      },
      blocking() {
        // A newer version wants to upgrade: step aside so it can.
        void current.then((db) => db.close());
        if (opening === current) opening = undefined;
      },
      terminated() {
        reportStorageProblem(new StorageProblemError({ kind: 'closed' }));
        if (opening === current) opening = undefined;
      },
    }).then(
      (db) => {
        blockedError = undefined;
        clearStorageProblem('blocked');
        return db;
      },
      (error: unknown) => {
        if (opening === current) opening = undefined;
        blockedError = undefined;
        throw storageFailure(error);
      },
    );
    // Callers see a failure through their own await; this keeps one nobody awaited quiet.
    current.catch(() => undefined);
    opening = current;
  }
  if (blockedError) return Promise.reject(blockedError);
  return Promise.race([opening, whenBlocked]);
}

function stored(record: RoundRecord): StoredRound {
  return { ...record, rank: STATUS_RANK[record.verdict.status], order: -record.seq };
}

function sameContent(a: RoundRecord, b: RoundRecord): boolean {
  return JSON.stringify({ ...a, updatedAt: 0 }) === JSON.stringify({ ...b, updatedAt: 0 });
}

export interface StoreOptions {
  /**
   * The claims come from a file, not from a casino page: the fields they add get no observation
   * time, so a file can never make a round `witnessed` (see import.ts).
   */
  untimed?: boolean;
}

/** What storing did with one claim: a new round, a known round that changed, nothing new, or refused (with its reason). */
export type ClaimFate = 'added' | 'updated' | 'known' | { refused: StoreRefusal };

/**
 * Merges a batch of claims into their rounds and re-verifies them, in one transaction: when it
 * resolves, every claim is on disk; when it fails, nothing of the batch is. Returns the keys of
 * rounds that changed.
 */
export async function storeClaims(claims: readonly CapturedClaim[], now = Date.now(), options: StoreOptions = {}): Promise<string[]> {
  return (await writeClaims(claims, now, options)).changed;
}

/** storeClaims, also saying what became of each claim (in the order given). */
export async function writeClaims(
  claims: readonly CapturedClaim[],
  now = Date.now(),
  options: StoreOptions = {},
): Promise<{ changed: string[]; fates: ClaimFate[] }> {
  const tx = writeTransaction(await openStore());
  // A write that throws (quota, a value the browser cannot store) must not let the transaction
  // commit the batch's first half without its tally: abort, so the batch is all or nothing.
  tx.done.catch(() => undefined);
  try {
    const result = await mergeBatch(tx, claims, now, options);
    await tx.done;
    clearStorageProblem();
    return result;
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // Already aborted by the browser.
    }
    throw error;
  }
}

async function mergeBatch(
  tx: ReturnType<typeof writeTransaction>,
  claims: readonly CapturedClaim[],
  now: number,
  options: StoreOptions,
): Promise<{ changed: string[]; fates: ClaimFate[] }> {
  const rounds = tx.objectStore('rounds');
  const commitments = tx.objectStore('commitments');
  const meta = tx.objectStore('meta');
  let seq = ((await meta.get('seq')) as number | undefined) ?? 0;
  const games = new Set(((await meta.get('games')) as string[] | undefined) ?? []);
  const gamesBefore = JSON.stringify([...games].sort());
  const tally = await readTally(meta, rounds);
  let roundCount = tallied(tally, {});
  let pairCount = await readPairCount(meta, commitments);
  const pairsBefore = pairCount;
  let refusedFull = 0;
  // The latest refusal of a flooding tab (router.ts notes it before storing the batch): what it
  // refused may have been the one panel state that would have kept a round from `witnessed`.
  const notes = ((await meta.get('rateLimited')) as RateLimitNote[] | undefined) ?? [];
  const refusedAt = notes.length === 0 ? undefined : Math.max(...notes.map((note) => note.lastAt));
  const changed: string[] = [];
  const fates: ClaimFate[] = claims.map(() => 'known');
  // Seed-pair claims first: a commitment seen before a round counts wherever it sits in the batch.
  const isPairClaim = (claim: CapturedClaim) => isCommitmentSighting(claim) || isSeedReveal(claim);
  const order = claims.map((_, index) => index);
  const ordered = [...order.filter((index) => isPairClaim(claims[index]!)), ...order.filter((index) => !isPairClaim(claims[index]!))];
  for (const index of ordered) {
    const claim = claims[index]!;
    if (isPairClaim(claim)) {
      const sighting = await recordSeedPair(commitments, claim, now, pairCount < STORE_CAPS.pairs);
      if (sighting === undefined) {
        fates[index] = { refused: { code: 'store-full' } };
        refusedFull++;
        continue;
      }
      if (sighting.created) pairCount++;
      // Rounds accused of playing on another pair than the panel showed (step `witness`) are judged
      // again when either pair is revealed or shown anew: a rotation the extension saw late.
      if (sighting.changed) {
        for (const key of sighting.accused ?? []) {
          const accused = await rounds.get(key);
          if (accused) await saveRound(accused, { source: 'dom', observedAt: {} }, accused.seq, false, true);
        }
      }
      if (sighting.newSeed === undefined) continue;
      // A reveal completes every stored round of its pair; a second, different seed is added to each.
      let cursor = await rounds.openCursor(roundsOfCommitment(sighting.commitment));
      while (cursor) {
        await saveRound(cursor.value, revealClaim(sighting.newSeed, sighting.revealedAt));
        cursor = await cursor.continue();
      }
      continue;
    }
    const existing = await rounds.get(roundKey(claim));
    const refusal = options.untimed && existing && isCaptured(existing) ? fileRefusal(existing, claim) : undefined;
    if (refusal !== undefined) {
      fates[index] = { refused: refusal };
      continue;
    }
    if (!existing && roundCount >= STORE_CAPS.rounds) {
      fates[index] = { refused: { code: 'store-full' } };
      refusedFull++;
      continue;
    }
    const saved = await saveRound(existing, claim, existing?.seq ?? seq + 1, options.untimed === true);
    if (!existing) {
      seq++;
      roundCount++;
    }
    fates[index] = !existing ? 'added' : saved ? 'updated' : 'known';
  }

  /** Merges a claim into its round, re-verifies it, and writes it if anything changed. */
  async function saveRound(existing: RoundRecord | undefined, claim: CapturedClaim, newSeq = existing?.seq ?? 0, untimed = false, rejudge = false): Promise<boolean> {
    // Only the extension's own sightings have times: a field first known from a file has none.
    const record = mergeClaim(existing, claim, now, newSeq, { fromFile: untimed });
    const commitment = record.commitment?.toLowerCase();
    const sighting = commitment === undefined ? undefined : await commitments.get(commitment);
    if (sighting) {
      record.observedAt.commitment = Math.min(record.observedAt.commitment ?? Infinity, sighting.firstSeenAt);
      for (const seed of seedsOf(sighting)) Object.assign(record, mergeClaim(record, revealClaim(seed, sighting.revealedAt), now, record.seq));
    }
    // Judged when the outcome's first sighting (or the action credited as its bet) is new, with what
    // the store knows then; again when the reveal completes the round (a panel state another frame
    // delivered late, a worker restart reordering frames' deliveries, is known by then); and when a
    // pair it was accused over is revealed or shown anew. A file brings no sighting of its own
    // (untimed), so it is never judged here.
    const newOutcome = existing?.witness === undefined || existing.observedAt.result !== record.observedAt.result || existing.actedAt !== record.actedAt;
    const completed = existing?.serverSeed === undefined && record.serverSeed !== undefined;
    if (!untimed && record.result !== undefined && (newOutcome || completed || rejudge)) {
      const judgement = await witnessOf({ commitments, rounds }, record, refusedAt);
      // Trust comes from the judgement of a new outcome; a later one only ever takes it away (panel
      // states of revealed pairs are cut down, pre-round.ts settledPanel: less evidence must not read
      // as more). An accusation is always the latest judgement's: new evidence can withdraw it.
      if (newOutcome || existing?.witness === 'bound-before-bet') {
        if (judgement === undefined) delete record.witness;
        else record.witness = judgement.reason;
      }
      if (judgement?.shownBeforeAction === undefined) delete record.preRoundCommitment;
      else {
        record.preRoundCommitment = judgement.shownBeforeAction;
        for (const pair of [judgement.shownBeforeAction, commitmentOf(record)!]) if (await noteAccused(commitments, pair, record.key, now)) pairCount++;
      }
    }
    record.verdict = verifyRecord(record).verdict;
    if (existing && sameContent(existing, record)) return false;
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
    return true;
  }
  await meta.put(seq, 'seq');
  if (pairCount !== pairsBefore) await meta.put(pairCount, 'pairs');
  if (refusedFull > 0) await meta.put((((await meta.get('storeFullRefused')) as number | undefined) ?? 0) + refusedFull, 'storeFullRefused');
  if (JSON.stringify([...games].sort()) !== gamesBefore) await meta.put([...games].sort(), 'games');
  if (changed.length > 0) await meta.put(tally, 'tally');
  return { changed, fates };
}

/**
 * Which claims are about a round or a seed pair already stored. Those cost no budget (rate-limit.ts):
 * a flooding tab must not be able to crowd out what it shows about rounds the player already has.
 */
export async function knownClaims(claims: readonly CapturedClaim[]): Promise<boolean[]> {
  const tx = (await openStore()).transaction(['rounds', 'commitments']);
  const known = await Promise.all(
    claims.map(async (claim) => {
      if (isCommitmentSighting(claim) || isSeedReveal(claim)) return (await tx.objectStore('commitments').getKey(commitmentOf(claim)!)) !== undefined;
      return (await tx.objectStore('rounds').getKey(roundKey(claim))) !== undefined;
    }),
  );
  await tx.done;
  return known;
}

function writeTransaction(db: Database) {
  return db.transaction(['rounds', 'commitments', 'meta'], 'readwrite');
}

/**
 * The kept tally. Every store has one from its upgrade to version 2 on (schema.ts); counting
 * remains only as a guard, should a store somehow have lost it.
 */
async function readTally(
  meta: { get(key: string): Promise<unknown> },
  rounds: Parameters<typeof countTally>[0],
): Promise<Tally> {
  return ((await meta.get('tally')) as Tally | undefined) ?? (await countTally(rounds)).tally;
}

/** The kept count of seed pairs; counted once should a store not have it yet (stores before it was kept). */
async function readPairCount(meta: { get(key: string): Promise<unknown> }, commitments: { count(): Promise<number> }): Promise<number> {
  return ((await meta.get('pairs')) as number | undefined) ?? (await commitments.count());
}

/** The most other seeds kept for one commitment: enough to show the conflict, bounded against a flood. */
const MAX_OTHER_SEEDS = 4;

/**
 * Notes when a commitment was first seen, what its panel showed and, from a reveal, its server
 * seed. A second, different seed for the same commitment is kept too (a `seed-conflict`), and the
 * one that hashes to the commitment is the one the rounds are recomputed with (verify-record.ts).
 * `newSeed`: a seed this claim revealed that the record did not have. Undefined: a new pair the
 * store has no room for (`mayAdd` false).
 */
async function recordSeedPair(
  commitments: { get(key: string): Promise<CommitmentSighting | undefined>; put(value: CommitmentSighting): Promise<unknown> },
  claim: CapturedClaim,
  now: number,
  mayAdd: boolean,
): Promise<(CommitmentSighting & { newSeed?: string; changed: boolean; created: boolean }) | undefined> {
  const commitment = commitmentOf(claim)!;
  const seenAt = Math.min(claim.observedAt.commitment ?? claim.observedAt.serverSeed ?? now, now);
  const known = await commitments.get(commitment);
  if (!known && !mayAdd) return undefined;
  const sighting: CommitmentSighting = { ...known, commitment, firstSeenAt: Math.min(known?.firstSeenAt ?? Infinity, seenAt) };
  const panel = isCommitmentSighting(claim) ? withPanelSighting(known?.panel, claim, seenAt, now) : known?.panel;
  if (panel !== undefined) sighting.panel = panel;
  let newSeed: string | undefined;
  const seed = claim.serverSeed;
  if (seed !== undefined && !seedsOf(sighting).includes(seed)) {
    newSeed = seed;
    const revealedAt = Math.min(claim.observedAt.serverSeed ?? now, now);
    if (sighting.revealedSeed === undefined) {
      sighting.revealedSeed = seed;
      sighting.revealedAt = revealedAt;
      const settled = settledPanel(sighting.panel);
      if (settled !== undefined) sighting.panel = settled;
    } else if ((sighting.otherSeeds?.length ?? 0) < MAX_OTHER_SEEDS) {
      sighting.otherSeeds = [...(sighting.otherSeeds ?? []), seed];
      sighting.revealedAt = Math.min(sighting.revealedAt ?? revealedAt, revealedAt);
    } else {
      newSeed = undefined;
    }
  }
  if (sighting.panel !== undefined) sighting.panelTimes = panelTimeKeys(sighting.panel);
  const changed = JSON.stringify(sighting) !== JSON.stringify(known);
  if (changed) await commitments.put(sighting);
  const created = known === undefined;
  return newSeed === undefined ? { ...sighting, changed, created } : { ...sighting, newSeed, changed, created };
}

/** Rounds remembered per pair for being judged again (see mergeBatch): the latest few. */
const MAX_ACCUSED = 16;

/**
 * Notes on a pair's record that a round was accused over it (step `witness`), to judge it again
 * later. True when that made a new pair record (one per accused round at most, so the round cap bounds it).
 */
async function noteAccused(
  commitments: { get(key: string): Promise<CommitmentSighting | undefined>; put(value: CommitmentSighting): Promise<unknown> },
  commitment: string,
  roundKey: string,
  now: number,
): Promise<boolean> {
  const stored = await commitments.get(commitment);
  const known = stored ?? { commitment, firstSeenAt: now };
  if (known.accused?.includes(roundKey)) return false;
  await commitments.put({ ...known, accused: [...(known.accused ?? []), roundKey].slice(-MAX_ACCUSED) });
  return stored === undefined;
}

/** Every server seed shown for a commitment, the first one first. */
function seedsOf(sighting: CommitmentSighting): string[] {
  return sighting.revealedSeed === undefined ? [] : [sighting.revealedSeed, ...(sighting.otherSeeds ?? [])];
}

/** The claim a reveal makes about each round of its pair. */
function revealClaim(serverSeed: string, revealedAt: number | undefined): CapturedClaim {
  return { source: 'dom', serverSeed, observedAt: { serverSeed: revealedAt ?? Date.now() } };
}

const noCounts = (): Record<VerdictStatus, number> => ({ mismatch: 0, pending: 0, verified: 0, invalid: 0, unsupported: 0 });

/**
 * Counts for the popup's header and the badge. When the database cannot be opened (blocked by an
 * older connection, written by a newer version, gone) it still answers, with the problem, so the
 * popup shows what is wrong instead of an endless wait or a bare error.
 */
export async function summarise(): Promise<Summary> {
  let db: Database;
  try {
    db = await openStore();
  } catch (error) {
    return { total: 0, counts: noCounts(), levels: { witnessed: 0, history: 0 }, storageProblem: reportStorageProblem(error) };
  }
  const tx = db.transaction(['rounds', 'commitments', 'meta']);
  const meta = tx.objectStore('meta');
  const tally = await readTally(meta, tx.objectStore('rounds'));
  const selfTest = (await meta.get('selfTest')) as SelfTestResult | undefined;
  const pairs = await readPairCount(meta, tx.objectStore('commitments'));
  const refused = ((await meta.get('storeFullRefused')) as number | undefined) ?? 0;
  await tx.done;
  const counts = Object.fromEntries(STATUSES.map((status) => [status, tallied(tally, { status })])) as Record<VerdictStatus, number>;
  const total = STATUSES.reduce((sum, status) => sum + counts[status], 0);
  const fill = { rounds: total, pairs, refused };
  const summary: Summary = { total, counts, levels: { ...tally.levels }, selfTest, storageProblem: currentStorageProblem() };
  if (worthShowing(fill, STORE_CAPS)) summary.storeFill = { share: fillShare(fill, STORE_CAPS), rounds: total, pairs, refused };
  return summary;
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
  const total = tallied(await readTally(tx.objectStore('meta'), tx.objectStore('rounds')), filter);
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

/**
 * Export's pages (read queries kept apart from the writes above): up to `limit` rounds first seen
 * after the one whose seq is `afterSeq`, one getAll over a key range of the by-seq index (pages by
 * offset step over every earlier round), and the kept total (count() walks the whole index).
 */
export async function roundsSeenAfter(afterSeq: number, limit: number): Promise<{ total: number; records: RoundRecord[] }> {
  const tx = (await openStore()).transaction(['rounds', 'meta']);
  const total = tallied(await readTally(tx.objectStore('meta'), tx.objectStore('rounds')), {});
  // getAll's count 0 would mean "no limit".
  const records = limit > 0 ? await tx.objectStore('rounds').index('by-seq').getAll(IDBKeyRange.lowerBound(afterSeq, true), limit) : [];
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
  await Promise.all([
    tx.objectStore('rounds').clear(),
    tx.objectStore('commitments').clear(),
    tx.objectStore('meta').put([], 'games'),
    tx.objectStore('meta').put(emptyTally(), 'tally'),
    tx.objectStore('meta').put(0, 'pairs'),
    tx.objectStore('meta').delete('storeFullRefused'),
  ]);
  await tx.done;
  return count;
}

/** Keeps the self-test's result; a store that cannot be written is reported, not thrown: the result is shown anyway. */
export async function saveSelfTest(result: SelfTestResult): Promise<void> {
  try {
    await (await openStore()).put('meta', result, 'selfTest');
  } catch (error) {
    reportStorageProblem(error);
  }
}

export async function loadSelfTest(): Promise<SelfTestResult | undefined> {
  return (await (await openStore()).get('meta', 'selfTest')) as SelfTestResult | undefined;
}
