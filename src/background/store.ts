// The one storage module: every round, commitment sighting and setting lives in IndexedDB, so a
// worker stopped at any moment loses nothing (MV3 stops idle workers after ~30 s). The schema and
// its numbered migrations are in schema.ts.
import { openDB, unwrap, type IDBPDatabase } from 'idb';
import { noCounts, type VerdictStatus } from '../core/index.js';
import type { StoreRefusal } from '../shared/messages.js';
import type { CapturedClaim, RoundFilter, RoundRecord, SelfTestResult, Summary } from '../shared/records.js';
import { applyClaim, revealClaim, seedsOf, type ClaimContext, type SealedEvidence } from './apply-claim.js';
import { fileRefusal, isCaptured } from './import-guard.js';
import { readMeta, writeMeta, type MetaSource } from './meta.js';
import { panelTimeKeys, settledPanel, withPanelSighting, type PanelMemory } from './pre-round.js';
import { canonicalNonce, isCommitmentSighting, isSeedReveal } from '../shared/claim-kinds.js';
import { commitmentOf, roundKey, roundsOfCommitment, seedHashesTo } from './round-key.js';
import { STATUS_RANK } from './index-rank.js';
import { DATABASE_VERSION, upgrade, type CommitmentSighting, type FairWitnessDB, type StoredRound, type Tally } from './schema.js';
import { clearStorageProblem, currentStorageProblem, reportStorageProblem, storageFailure, StorageProblemError } from './storage-problem.js';
import { addToTally, countTally, emptyTally, STATUSES, tallied } from './tally.js';
import { fillShare, STORE_CAPS, worthShowing } from './store-capacity.js';
import { mergeClaim } from './merge.js';
import { nextNonceKey, previousNonceKey, scanForgotten, scanMany, scanOthers, scanQueryOf, witnessOf, type ForgottenScan, type OthersScan, type ScanQuery } from './witness-evidence.js';
import { readMany } from './read-many.js';
import { inNonceOrder } from './nonce-order.js';

export const DATABASE_NAME = 'fair-witness';
export { DATABASE_VERSION };

export type Database = IDBPDatabase<FairWitnessDB>;

/**
 * The write transactions of captured batches (here, watched-tabs.ts): done once the browser has
 * handed the writes to the operating system, without waiting for the disk to confirm them
 * (Chromium otherwise syncs the file at commits: ≈10 ms the database can do nothing else). A
 * stopped or crashed worker or browser loses nothing this way; only a crash of the operating
 * system or a power cut within seconds of a batch may lose the last batches, together with what
 * came after them (writes reach the disk in order), as Firefox has always committed. The rate
 * limiter's budgets, saved after each batch, keep the default: their sync also makes the batch
 * before them durable, so no crash can keep a batch and give back the tokens it cost.
 */
export const RELAXED = { durability: 'relaxed' } as const;

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

export interface StoreOptions {
  /**
   * The claims come from a file, not from a casino page: the fields they add get no observation
   * time, so a file can never make a round `witnessed` (see import.ts).
   */
  untimed?: boolean;
  /**
   * Per claim, in the order given: this install's own evidence from a file it sealed (import.ts).
   * Such a claim is merged as the install's own sighting into a round the store does not hold as
   * captured; on a captured round it is any file's claim.
   */
  sealed?: readonly (SealedEvidence | undefined)[];
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

/** The rounds by status, as the badge shows them. */
export type Counts = Pick<Summary, 'total' | 'counts'>;

/** What a written batch did: the rounds that changed, each claim's fate, and the counts it left. */
export interface Written {
  changed: string[];
  fates: ClaimFate[];
  counts: Counts;
  /** The claims merged with their sealed evidence (StoreOptions.sealed), by index. */
  restored: ReadonlySet<number>;
}

/** storeClaims, also saying what became of each claim (in the order given) and the counts after it (for the badge, without reading them again). */
export async function writeClaims(claims: readonly CapturedClaim[], now = Date.now(), options: StoreOptions = {}): Promise<Written> {
  const tx = writeTransaction(await openStore());
  // A write that throws (quota, a value the browser cannot store) must not let the transaction
  // commit the batch's first half without its tally: abort, so the batch is all or nothing.
  tx.done.catch(() => undefined);
  const view = batchView(tx);
  try {
    const result = await mergeBatch(tx, view, claims, now, options);
    await tx.done;
    clearStorageProblem();
    return result;
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // Already aborted by the browser.
    }
    // A write that failed late (a full disk) aborted the transaction: its error says why, not the
    // request that then found the transaction gone.
    throw view.writeError() ?? error;
  }
}

type WriteTransaction = ReturnType<typeof writeTransaction>;

/**
 * The batch's rounds and seed-pair records, each read from the database once and then kept: a
 * batch of a history page asks for the same pair's record for every round. Writes are sent without
 * waiting for each: requests of one transaction run in order, so a later read (an index scan of the
 * trust rule) sees them, and a failed one aborts the transaction, which `tx.done` reports.
 */
function batchView(tx: WriteTransaction) {
  const rounds = tx.objectStore('rounds');
  const rawRounds = unwrap(rounds);
  const commitments = tx.objectStore('commitments');
  const keptRounds = new Map<string, StoredRound | undefined>();
  const keptPairs = new Map<string, CommitmentSighting | undefined>();
  let failed: unknown;
  const sent = (request: Promise<unknown>) => void request.catch((error: unknown) => (failed ??= error));
  const round = async (key: string): Promise<StoredRound | undefined> => {
    if (keptRounds.has(key)) return keptRounds.get(key);
    const value = await rounds.get(key);
    if (!keptRounds.has(key)) keptRounds.set(key, value);
    return keptRounds.get(key);
  };
  const pair = async (commitment: string): Promise<CommitmentSighting | undefined> => {
    if (keptPairs.has(commitment)) return keptPairs.get(commitment);
    const value = await commitments.get(commitment);
    if (!keptPairs.has(commitment)) keptPairs.set(commitment, value);
    return keptPairs.get(commitment);
  };
  return {
    rounds: {
      get: round,
      put(record: RoundRecord): void {
        const value = stored(record);
        // The bare request, without idb's promise and its two listeners: one of these per round.
        const request = rawRounds.put(value);
        request.onerror = () => (failed ??= request.error);
        keptRounds.set(record.key, value);
      },
      /** Every stored round of a seed pair (as this batch left them). */
      async ofPair(commitment: string): Promise<StoredRound[]> {
        const values = await rounds.getAll(roundsOfCommitment(commitment));
        for (const value of values) keptRounds.set(value.key, value);
        return values;
      },
      countOfGame: (gameId: string) => rounds.index('by-game').count(IDBKeyRange.bound([gameId, -Infinity, -Infinity], [gameId, Infinity, Infinity])),
    },
    commitments: {
      get: pair,
      put(sighting: CommitmentSighting): Promise<void> {
        sent(commitments.put(sighting));
        keptPairs.set(sighting.commitment, sighting);
        return Promise.resolve();
      },
      index: (name: 'by-panel-time') => commitments.index(name),
    },
    /** Reads every round and pair of `roundKeys` and `pairKeys` at once (the rounds with few requests, read-many.ts), before the batch works through them one by one. */
    async prefetch(roundKeys: Iterable<string>, pairKeys: Iterable<string>): Promise<void> {
      const unread = [...roundKeys].filter((key) => !keptRounds.has(key));
      const read = readMany(rounds, unread, (value) => value.key).then((found) => {
        // A round written while the read was on its way is kept as written.
        for (const [key, value] of found) if (!keptRounds.has(key)) keptRounds.set(key, value);
      });
      await Promise.all([read, ...[...new Set(pairKeys)].map(pair)]);
    },
    /** Sends a write without waiting for it (see above). */
    send: sent,
    writeError: () => failed,
  };
}

type BatchView = ReturnType<typeof batchView>;

/**
 * Reads ahead, for all of a batch's round claims at once, what the trust rule (witness-evidence.ts)
 * will read for each, one after the other: the index scans for other commitments shown (all of
 * them at once, scanMany), their records, and their rounds on the same
 * nonce (with few requests, read-many.ts). Each judgement then finds it in the batch view instead
 * of waiting for several reads in turn. The answer it returns serves each scan asked again with
 * the same query; a query that comes out otherwise (a round merged differently than foreseen) is
 * scanned then. Valid only while no panel state is written.
 */
async function evidenceAhead(view: BatchView, items: readonly { claim: CapturedClaim; key: string }[], now: number): Promise<{ others: OthersScan; lost: ForgottenScan }> {
  const idOf = (query: ScanQuery) => `${query.commitment}\n${query.clientSeed}\n${query.upTo}\n${query.firstOwn}`;
  const queries = new Map<string, ScanQuery>();
  /** Each foreseen query with the nonce of its round. */
  const asked: { id: string; query: ScanQuery; nonce: string }[] = [];
  for (const { claim, key } of items) {
    // The record as merging this claim alone would leave it: what the rule will most likely be asked about.
    const record = mergeClaim(await view.rounds.get(key), claim, now, 0);
    const commitment = commitmentOf(record);
    const query = commitment === undefined ? undefined : scanQueryOf(record, await view.commitments.get(commitment));
    if (query === undefined) continue;
    const id = idOf(query);
    queries.set(id, query);
    asked.push({ id, query, nonce: canonicalNonce(record.nonce!) });
  }
  const found = await scanMany(view, [...queries.values()]);
  const answers = new Map([...queries.keys()].map((id, index) => [id, found[index]!]));
  const pairs = new Set<string>();
  const rounds = new Set<string>();
  for (const { id, query, nonce } of asked) {
    const previous = previousNonceKey(query.commitment, query.clientSeed, nonce);
    if (previous !== undefined) rounds.add(previous);
    const others = answers.get(id)!;
    if (others === 'several') continue;
    for (const other of others) {
      pairs.add(other);
      rounds.add(roundKey({ commitment: other, clientSeed: query.clientSeed, nonce }));
    }
  }
  await view.prefetch(rounds, pairs);
  return {
    others: answeredOnce(scanOthers, idOf, answers),
    // Forgotten showings: the rounds of a batch mostly share a client seed and a few pairs' times.
    lost: answeredOnce(scanForgotten, (clientSeed, from) => (clientSeed === undefined ? `*\n${from}` : `=${clientSeed}\n${from}`)),
  };
}

type ScanAnswer = Set<string> | 'several';

/** `scan` run once per query id for a batch, starting from the answers read ahead. */
function answeredOnce<Query extends unknown[], Stores>(
  scan: (stores: Stores, ...query: Query) => Promise<ScanAnswer>,
  idOf: (...query: Query) => string,
  known: ReadonlyMap<string, ScanAnswer> = new Map(),
): (stores: Stores, ...query: Query) => Promise<ScanAnswer> {
  const answers = new Map([...known].map(([id, answer]) => [id, Promise.resolve(answer)]));
  return (stores, ...query) => {
    const id = idOf(...query);
    let answer = answers.get(id);
    if (answer === undefined) answers.set(id, (answer = scan(stores, ...query)));
    return answer;
  };
}

async function mergeBatch(
  tx: WriteTransaction,
  view: BatchView,
  claims: readonly CapturedClaim[],
  now: number,
  options: StoreOptions,
): Promise<Written> {
  const { rounds, commitments } = view;
  const meta = tx.objectStore('meta');
  // Seed-pair claims first: a commitment seen before a round counts wherever it sits in the batch.
  const isPairClaim = (claim: CapturedClaim) => isCommitmentSighting(claim) || isSeedReveal(claim);
  const keys = claims.map((claim) => (isPairClaim(claim) ? undefined : roundKey(claim)));
  const pairKeys = claims.map((claim) => commitmentOf(claim)).filter((key) => key !== undefined);
  const [keptSeq, keptGames, keptTally, keptPairs, notes, keptRefused] = await Promise.all([
    readMeta(meta, 'seq'),
    readMeta(meta, 'games'),
    readMeta(meta, 'tally'),
    readMeta(meta, 'pairs'),
    readMeta(meta, 'rateLimited'),
    readMeta(meta, 'storeFullRefused'),
    view.prefetch(keys.filter((key) => key !== undefined), pairKeys),
  ]);
  let seq = keptSeq ?? 0;
  const games = new Set(keptGames ?? []);
  const gamesBefore = JSON.stringify([...games].sort());
  // Kept from the store's upgrade to version 2 on (schema.ts); counted only should a store have lost them.
  const tally = keptTally ?? (await readTally(meta, tx.objectStore('rounds')));
  let roundCount = tallied(tally, {});
  let pairCount = keptPairs ?? (await readPairCount(meta, tx.objectStore('commitments')));
  const pairsBefore = pairCount;
  let refusedFull = 0;
  // The latest refusal of a flooding tab (router.ts notes it before storing the batch): what it
  // refused may have been the one panel state that would have kept a round from `witnessed`.
  const refusedAt = notes === undefined || notes.length === 0 ? undefined : Math.max(...notes.map((note) => note.lastAt));
  const changed: string[] = [];
  const fates: ClaimFate[] = claims.map(() => 'known');
  /** How the trust rule finds other commitments shown (see evidenceAhead). */
  let scan: OthersScan = scanOthers;
  let lost: ForgottenScan = scanForgotten;
  const order = claims.map((_, index) => index);
  const pairClaims = order.filter((index) => keys[index] === undefined);
  const roundClaims = inNonceOrder(
    claims,
    order.filter((index) => keys[index] !== undefined),
  );
  // Seed-pair claims first: a commitment seen before a round counts wherever it sits in the batch.
  for (const index of pairClaims) {
    const claim = claims[index]!;
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
      for (const accusedKey of sighting.accused ?? []) {
        const accused = await rounds.get(accusedKey);
        if (accused) await saveRound(accused, { source: 'dom', observedAt: {} }, { now, seq: accused.seq, rejudge: true });
      }
    }
    if (sighting.newSeed === undefined) continue;
    // A reveal completes every stored round of its pair; a second, different seed is added to each.
    for (const round of await rounds.ofPair(sighting.commitment)) {
      await saveRound(round, revealClaim(sighting.newSeed, sighting.revealedAt, now), { now, seq: round.seq });
    }
  }
  // From here on no panel state is written (round claims only note accusations), so what the trust
  // rule reads from the index is the same all through the batch: read it for every round at once.
  // A file's rounds are never judged (apply-claim.ts).
  if (!options.untimed) ({ others: scan, lost } = await evidenceAhead(view, roundClaims.map((index) => ({ claim: claims[index]!, key: keys[index]! })), now));
  const restored = new Set<number>();
  /** Rounds this batch restored from a seal: their other claims (more outcomes shown) are the seal's too. */
  const restoredKeys = new Set<string>();
  for (const index of roundClaims) {
    const claim = claims[index]!;
    const key = keys[index]!;
    const existing = await rounds.get(key);
    const evidence = options.sealed?.[index];
    const sealed = evidence !== undefined && (existing === undefined || !isCaptured(existing) || restoredKeys.has(key)) ? evidence : undefined;
    const refusal = options.untimed && sealed === undefined && existing && isCaptured(existing) ? fileRefusal(existing, claim) : undefined;
    if (refusal !== undefined) {
      fates[index] = { refused: refusal };
      continue;
    }
    if (!existing && roundCount >= STORE_CAPS.rounds) {
      fates[index] = { refused: { code: 'store-full' } };
      refusedFull++;
      continue;
    }
    const saved = await saveRound(existing, claim, { now, seq: existing?.seq ?? seq + 1, untimed: options.untimed === true && sealed === undefined, ...(sealed ? { sealed } : {}) });
    if (sealed !== undefined) {
      restored.add(index);
      restoredKeys.add(key);
    }
    if (!existing) {
      seq++;
      roundCount++;
    }
    fates[index] = !existing ? 'added' : saved ? 'updated' : 'known';
  }

  /**
   * A round now bound, whose next nonce's round was judged `nonce-skipped` (it came first: another
   * tab's claims a moment late): that one is judged again, and so on along an auto-bet, at most
   * MAX_NONCE_LIFTS rounds for one claim.
   */
  async function liftNext(record: RoundRecord, context: ClaimContext): Promise<void> {
    const lifts = context.lifts ?? 0;
    if (record.witness !== 'bound-before-bet' || lifts >= MAX_NONCE_LIFTS || record.clientSeed === undefined || record.nonce === undefined || !/^\d+$/.test(record.nonce)) return;
    const commitment = commitmentOf(record);
    if (commitment === undefined) return;
    const next = await rounds.get(nextNonceKey(commitment, record.clientSeed, record.nonce));
    if (next?.witness === 'nonce-skipped') await saveRound(next, { source: 'dom', observedAt: {} }, { now, seq: next.seq, previousArrived: true, lifts: lifts + 1 });
  }

  /** Applies a claim to its round (apply-claim.ts), answering what it asks from the store, and writes the round if it changed. */
  async function saveRound(existing: RoundRecord | undefined, claim: CapturedClaim, context: ClaimContext): Promise<boolean> {
    const steps = applyClaim(existing, claim, context);
    let step = steps.next();
    while (!step.done) {
      const need = step.value;
      step = steps.next('sighting' in need ? await commitments.get(need.sighting) : await witnessOf(view, need.judgement, refusedAt, scan, lost));
    }
    const { record, accused } = step.value;
    for (const pair of accused) if (await noteAccused(commitments, pair, record.key, now)) pairCount++;
    if (!step.value.changed) return false;
    rounds.put(record);
    // Only a round that has just become bound lifts the one after it (a later save of it, at its
    // reveal on cut-down states, must not: red9-lift-after-reveal).
    if (existing?.witness !== 'bound-before-bet') await liftNext(record, context);
    if (existing) addToTally(tally, existing, -1);
    addToTally(tally, record, 1);
    games.add(record.gameId);
    // A name filled in later moves the round to its game: drop the old id once no round has it.
    if (existing && existing.gameId !== record.gameId) {
      const old = existing.gameId;
      if ((await rounds.countOfGame(old)) === 0) games.delete(old);
    }
    changed.push(record.key);
    return true;
  }
  view.send(writeMeta(meta, 'seq', seq));
  if (pairCount !== pairsBefore) view.send(writeMeta(meta, 'pairs', pairCount));
  if (refusedFull > 0) view.send(writeMeta(meta, 'storeFullRefused', (keptRefused ?? 0) + refusedFull));
  if (JSON.stringify([...games].sort()) !== gamesBefore) view.send(writeMeta(meta, 'games', [...games].sort()));
  if (changed.length > 0) view.send(writeMeta(meta, 'tally', tally));
  return { changed, fates, counts: countsOf(tally), restored };
}

/**
 * Which claims are about a round or a seed pair already stored. Those cost no budget (rate-limit.ts):
 * a flooding tab must not be able to crowd out what it shows about rounds the player already has.
 */
export async function knownClaims(claims: readonly CapturedClaim[]): Promise<boolean[]> {
  const tx = (await openStore()).transaction(['rounds', 'commitments']);
  const isPair = (claim: CapturedClaim) => isCommitmentSighting(claim) || isSeedReveal(claim);
  const keys = claims.map((claim) => (isPair(claim) ? commitmentOf(claim)! : roundKey(claim)));
  const rounds = tx.objectStore('rounds');
  // The rounds' keys with few requests (read-many.ts): a batch's rounds are mostly one pair's.
  const [stored, pairs] = await Promise.all([
    readMany({ getAll: (range, count) => rounds.getAllKeys(range, count), get: (key) => rounds.getKey(key) }, keys.filter((_, index) => !isPair(claims[index]!)), (key) => key),
    Promise.all(claims.map((claim, index) => (isPair(claim) ? tx.objectStore('commitments').getKey(keys[index]!) : undefined))),
  ]);
  await tx.done;
  return claims.map((claim, index) => (isPair(claim) ? pairs[index] !== undefined : stored.get(keys[index]!) !== undefined));
}

/** The stored rounds of `keys` (those there are), read with few requests. */
export async function storedRounds(keys: readonly string[]): Promise<Map<string, RoundRecord>> {
  if (keys.length === 0) return new Map();
  const tx = (await openStore()).transaction('rounds');
  const found = await readMany(tx.store, [...new Set(keys)], (value) => value.key);
  await tx.done;
  const rounds = new Map<string, RoundRecord>();
  for (const [key, value] of found) if (value !== undefined) rounds.set(key, value);
  return rounds;
}

function writeTransaction(db: Database) {
  return db.transaction(['rounds', 'commitments', 'meta'], 'readwrite', RELAXED);
}

/**
 * The kept tally. Every store has one from its upgrade to version 2 on (schema.ts); counting
 * remains only as a guard, should a store somehow have lost it.
 */
async function readTally(meta: MetaSource, rounds: Parameters<typeof countTally>[0]): Promise<Tally> {
  return (await readMeta(meta, 'tally')) ?? (await countTally(rounds)).tally;
}

/** The kept count of seed pairs; counted once should a store not have it yet (stores before it was kept). */
async function readPairCount(meta: MetaSource, commitments: { count(): Promise<number> }): Promise<number> {
  return (await readMeta(meta, 'pairs')) ?? (await commitments.count());
}

/** The most other seeds kept for one commitment: enough to show the conflict, bounded against a flood. */
const MAX_OTHER_SEEDS = 4;
/** Rounds one claim may judge again along an auto-bet whose earlier round came late (liftNext). */
const MAX_NONCE_LIFTS = 64;

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
  if (isCommitmentSighting(claim)) setPanelMemory(sighting, withPanelSighting(sighting, claim, seenAt, now));
  let newSeed: string | undefined;
  const seed = claim.serverSeed;
  if (seed !== undefined && !seedsOf(sighting).includes(seed)) {
    newSeed = seed;
    const revealedAt = Math.min(claim.observedAt.serverSeed ?? now, now);
    if (sighting.revealedSeed === undefined) {
      sighting.revealedSeed = seed;
      sighting.revealedAt = revealedAt;
    } else if ((sighting.otherSeeds?.length ?? 0) < MAX_OTHER_SEEDS) {
      sighting.otherSeeds = [...(sighting.otherSeeds ?? []), seed];
      sighting.revealedAt = Math.min(sighting.revealedAt ?? revealedAt, revealedAt);
    } else {
      newSeed = undefined;
    }
    // Only a seed that hashes to the commitment retires it as a rival (core/witness.ts): a made-up
    // "reveal" must not, and must not cut its panel states either.
    if (newSeed !== undefined && sighting.hashedAt === undefined && seedHashesTo(seed, commitment)) {
      sighting.hashedAt = revealedAt;
      setPanelMemory(sighting, settledPanel(sighting));
    }
  }
  if (sighting.panel !== undefined || sighting.forgotten !== undefined) sighting.panelTimes = panelTimeKeys(sighting.panel ?? [], sighting.forgotten);
  const changed = JSON.stringify(sighting) !== JSON.stringify(known);
  if (changed) await commitments.put(sighting);
  const created = known === undefined;
  return newSeed === undefined ? { ...sighting, changed, created } : { ...sighting, newSeed, changed, created };
}

/** Puts a panel memory (pre-round.ts) on a commitment's record. */
function setPanelMemory(sighting: CommitmentSighting, { panel, forgotten }: PanelMemory): void {
  if (panel === undefined) delete sighting.panel;
  else sighting.panel = panel;
  if (forgotten === undefined) delete sighting.forgotten;
  else sighting.forgotten = forgotten;
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

function countsOf(tally: Tally): Counts {
  const counts = Object.fromEntries(STATUSES.map((status) => [status, tallied(tally, { status })])) as Record<VerdictStatus, number>;
  return { total: STATUSES.reduce((sum, status) => sum + counts[status], 0), counts };
}

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
  // Asked together, not one after another: each read is a round trip to the database, and the
  // popup's opening waits for this answer (on a loaded machine, ~100 ms per trip).
  const [tally, selfTest, pairs, refused = 0] = await Promise.all([
    readTally(meta, tx.objectStore('rounds')),
    readMeta(meta, 'selfTest'),
    readPairCount(meta, tx.objectStore('commitments')),
    readMeta(meta, 'storeFullRefused'),
  ]);
  await tx.done;
  const { total, counts } = countsOf(tally);
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
  return (await readMeta((await openStore()).transaction('meta').store, 'games')) ?? [];
}

/** Deletes every round and sighting; the self-test result stays. */
export async function clearRounds(): Promise<number> {
  const db = await openStore();
  const tx = db.transaction(['rounds', 'commitments', 'meta'], 'readwrite');
  const count = await tx.objectStore('rounds').count();
  await Promise.all([
    tx.objectStore('rounds').clear(),
    tx.objectStore('commitments').clear(),
    writeMeta(tx.objectStore('meta'), 'games', []),
    writeMeta(tx.objectStore('meta'), 'tally', emptyTally()),
    writeMeta(tx.objectStore('meta'), 'pairs', 0),
    tx.objectStore('meta').delete('storeFullRefused'),
  ]);
  await tx.done;
  return count;
}

/** Keeps the self-test's result; a store that cannot be written is reported, not thrown: the result is shown anyway. */
export async function saveSelfTest(result: SelfTestResult): Promise<void> {
  try {
    const tx = (await openStore()).transaction('meta', 'readwrite');
    await writeMeta(tx.store, 'selfTest', result);
    await tx.done;
  } catch (error) {
    reportStorageProblem(error);
  }
}

export async function loadSelfTest(): Promise<SelfTestResult | undefined> {
  return readMeta((await openStore()).transaction('meta').store, 'selfTest');
}
