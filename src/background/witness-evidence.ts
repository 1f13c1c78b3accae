// Gathers, from the store, what the trust rule (core/witness.ts) needs about one round: the panel
// states of its own commitment, those of every other commitment shown for its client seed around the
// player's action, which of those had their nonce used up by a round already seen, and the latest
// refusal of a flooding tab. Reads only: the caller writes the judgement into the round's record.
import { coversNonce, judgeWitness, lastShownBefore, lookupGame, type ForgottenShowings, type PanelState, type WitnessJudgement } from '../core/index.js';
import { canonicalNonce } from '../shared/claim-kinds.js';
import type { RoundRecord } from '../shared/records.js';
import { ANY_CLIENT_SEED_LANE, ANY_FORGOTTEN_LANE, forgottenLane } from './pre-round.js';
import { isWholeOutcome } from './merge.js';
import { commitmentOf, hashedAtOf, roundKey, seedHashesTo } from './round-key.js';
import type { CommitmentSighting } from './schema.js';

/** Index entries read at most per round; more around one bet is itself "several". */
const MAX_ENTRIES = 512;
/**
 * Other commitments read at most per round: more than this many shown for the player's client seed
 * around one bet (or forgotten there) is itself "several", and the judgement then needs none of
 * their records. An honest casino shows one pair at a time: a round's window holds one or two.
 */
export const MAX_OTHERS = 16;

/** The stores the rule reads, as store.ts's write transaction has them. */
export interface EvidenceStores {
  commitments: {
    get(key: string): Promise<CommitmentSighting | undefined>;
    index(name: 'by-panel-time'): {
      openKeyCursor(range: IDBKeyRange, direction: IDBCursorDirection): Promise<KeyCursor | null>;
      getAllKeys(range: IDBKeyRange, count?: number): Promise<unknown[]>;
    };
  };
  rounds: { get(key: string): Promise<RoundRecord | undefined> };
}

interface KeyCursor {
  key: unknown;
}

/**
 * A commitment record's panel states and forgotten showings, of every client seed, as the rule
 * reads them (each with the reveal that counts, found once). The rule picks the round's client seed
 * where it must: a second seed pair for the bet is one under any client seed.
 */
function evidenceOf(sighting: CommitmentSighting | undefined): { states: PanelState[]; forgotten: ForgottenShowings[] } {
  if (sighting === undefined) return { states: [], forgotten: [] };
  const revealedAt = hashedAtOf(sighting);
  const named = { commitment: sighting.commitment, ...(revealedAt === undefined ? {} : { revealedAt }) };
  return {
    states: (sighting.panel ?? []).map((state) => ({ ...state, ...named })),
    forgotten: (sighting.forgotten ?? []).map((span) => ({ ...span, ...named })),
  };
}

/**
 * The commitments with forgotten showings of `clientSeed` (or of client seeds past a commitment's
 * limit) that end at `from` or later, from the forgotten lanes of the `by-panel-time` index; with
 * `clientSeed` undefined, those of every client seed. 'several' past MAX_OTHERS of them. Honest play
 * adds one entry per pair with a long session at most, and only recent ones end after a live
 * round's window began.
 */
export async function scanForgotten(stores: Pick<EvidenceStores, 'commitments'>, clientSeed: string | undefined, from: number): Promise<Set<string> | 'several'> {
  const index = stores.commitments.index('by-panel-time');
  const lanes = await Promise.all(
    (clientSeed === undefined ? [ANY_FORGOTTEN_LANE] : [forgottenLane(clientSeed), forgottenLane(undefined)]).map((lane) =>
      index.getAllKeys(IDBKeyRange.bound([lane, from], [lane, Number.POSITIVE_INFINITY]), MAX_ENTRIES + 1),
    ),
  );
  // A read cut short is "several" too: the entries past it (a commitment has several spans) may be any.
  if (lanes.some((keys) => keys.length > MAX_ENTRIES)) return 'several';
  const found = new Set(lanes.flat() as string[]);
  return found.size > MAX_OTHERS ? 'several' : found;
}

/** Forgotten commitments found (scanForgotten), as a batch may answer them from what it read ahead. */
export type ForgottenScan = (stores: Pick<EvidenceStores, 'commitments'>, clientSeed: string | undefined, from: number) => Promise<Set<string> | 'several'>;

/** What scanOthers looks for: other commitments shown before `upTo`, back to the round's own first state (for `clientSeed` before it). */
export interface ScanQuery {
  commitment: string;
  clientSeed: string;
  upTo: number;
  /** The round's own commitment's first state for the client seed (Infinity: none). */
  firstOwn: number;
}

/** Other commitments found, or 'several' when more than MAX_OTHERS (or index entries than MAX_ENTRIES) were met. */
export type OthersScan = (stores: Pick<EvidenceStores, 'commitments'>, query: ScanQuery) => Promise<Set<string> | 'several'>;

/**
 * Other commitments' states: every one shown for any client seed from the round's own first state
 * up to the action, and, when none was for this client seed, those shown for it at the latest stamp
 * before. Reads the `by-panel-time` index only, with a few requests (a cursor's step is a request of
 * its own): its answer is the same for the same query as long as no panel state is written
 * (store.ts runs these for a whole batch at once, after its seed-pair claims).
 */
export async function scanOthers(stores: Pick<EvidenceStores, 'commitments'>, { commitment, clientSeed, upTo, firstOwn }: ScanQuery): Promise<Set<string> | 'several'> {
  const index = stores.commitments.index('by-panel-time');
  const others = new Set<string>();
  const take = (keys: unknown[]): boolean => {
    for (const key of keys) if (key !== commitment) others.add(key as string);
    return others.size > MAX_OTHERS;
  };
  const below = Math.min(firstOwn, upTo);
  if (firstOwn < upTo) {
    // The window for the round's client seed, and for any (a second pair under another client seed).
    const [window, anySeed] = await Promise.all(
      [clientSeed, ANY_CLIENT_SEED_LANE].map((lane) => index.getAllKeys(IDBKeyRange.bound([lane, firstOwn], [lane, upTo], false, true), MAX_ENTRIES + 1)),
    );
    if (anySeed!.length > MAX_ENTRIES || take(anySeed!)) return 'several';
    if (window!.some((key) => key !== commitment)) return others;
  }
  // None for the client seed in the window: the latest stamp before it (the round's own states all lie in or above it).
  const latest = await index.openKeyCursor(IDBKeyRange.bound([clientSeed, Number.NEGATIVE_INFINITY], [clientSeed, below], false, true), 'prev');
  if (latest === null) return others;
  const stamp = await index.getAllKeys(IDBKeyRange.only(latest.key as [string, number]), MAX_ENTRIES + 1);
  return stamp.length > MAX_ENTRIES || take(stamp) ? 'several' : others;
}

/** scanOthers for many queries at once (the rounds of a batch), their requests sent together. Answers are in the order of `queries`. */
export function scanMany(stores: Pick<EvidenceStores, 'commitments'>, queries: readonly ScanQuery[]): Promise<(Set<string> | 'several')[]> {
  return Promise.all(queries.map((query) => scanOthers(stores, query)));
}

/** The key of the round of the same pair and client seed at the nonce before `nonce` (canonical), if there is one. */
export const previousNonceKey = (commitment: string, clientSeed: string, nonce: string): string | undefined =>
  nonce === '0' ? undefined : roundKey({ commitment, clientSeed, nonce: String(BigInt(nonce) - 1n) });
/** The key of the round of the same pair at the nonce after `nonce` (canonical decimal text). */
export const nextNonceKey = (commitment: string, clientSeed: string, nonce: string): string => roundKey({ commitment, clientSeed, nonce: String(BigInt(nonce) + 1n) });

/** What witnessOf will ask about `record` (undefined: it asks nothing of the index), given its own commitment's record. */
export function scanQueryOf(record: Pick<RoundRecord, 'commitment' | 'serverSeed' | 'clientSeed' | 'nonce' | 'observedAt' | 'actedAt' | 'documentActedAt'>, own: CommitmentSighting | undefined): ScanQuery | undefined {
  const commitment = commitmentOf(record);
  const { clientSeed, nonce } = record;
  const outcomeAt = record.observedAt.result;
  if (commitment === undefined || clientSeed === undefined || nonce === undefined || !/^\d+$/.test(nonce) || outcomeAt === undefined) return undefined;
  const nonceText = canonicalNonce(nonce);
  const firstOwn = Math.min(...(own?.panel ?? []).filter((state) => state.clientSeed === clientSeed && coversNonce(state, nonceText)).map((state) => state.seenAt));
  return { commitment, clientSeed, upTo: scanUpTo(firstOwn, accusedActionOf(record), outcomeAt), firstOwn };
}

/**
 * The later of the round's credited action and its own document's (which step `witness` is judged
 * against, core/witness.ts documentActedAt): the scan must reach what the panel showed before the
 * one the accusation is about, also when an earlier open click elsewhere is credited.
 */
function accusedActionOf(record: Pick<RoundRecord, 'actedAt' | 'documentActedAt'>): number | undefined {
  const own = record.documentActedAt;
  return own === undefined || own === -Infinity || record.actedAt === undefined ? record.actedAt : Math.max(own, record.actedAt);
}

/**
 * How far the rule looks for other commitments: up to the outcome when the round's own commitment
 * was shown before its action (a rival may appear between the round's first action and the bet),
 * else up to the action (what the panel showed before it, for step `witness`).
 */
function scanUpTo(firstOwn: number, actedAt: number | undefined, outcomeAt: number): number {
  return actedAt !== undefined && firstOwn < actedAt ? outcomeAt : (actedAt ?? outcomeAt);
}

/**
 * The judgement for a round with a result, its client seed and nonce; undefined when it cannot be
 * judged (no client seed or nonce: such a round is invalid anyway).
 */
export async function witnessOf(
  stores: EvidenceStores,
  record: RoundRecord,
  refusedAt: number | undefined,
  scan?: OthersScan,
  scanLost: ForgottenScan = scanForgotten,
): Promise<WitnessJudgement | undefined> {
  const commitment = commitmentOf(record);
  const { clientSeed, nonce } = record;
  if (commitment === undefined || clientSeed === undefined || nonce === undefined || !/^\d+$/.test(nonce)) return undefined;
  const outcomeAt = record.observedAt.result;
  if (outcomeAt === undefined) return { reason: 'not-observed' };
  const own = await stores.commitments.get(commitment);
  const { states: ownStates, forgotten } = evidenceOf(own);
  const actedAt = record.actedAt;
  // From the round's own first state that covers its nonce (the rule counts no other): one shown
  // long before at a far nonce must not widen the window to where junk pairs make it "several".
  const nonceText = canonicalNonce(nonce);
  let firstOwn = Infinity;
  for (const state of ownStates) if (state.clientSeed === clientSeed && state.seenAt < firstOwn && coversNonce(state, nonceText)) firstOwn = state.seenAt;
  const upTo = scanUpTo(firstOwn, accusedActionOf(record), outcomeAt);

  const others = await (scan ?? scanOthers)(stores, { commitment, clientSeed, upTo, firstOwn });
  if (others === 'several') return { reason: 'several-commitments', partial: true };
  const otherStates: PanelState[] = [];
  const usedAt = new Map<string, number>();
  const playedAt = new Map<string, number>();
  const read = new Set([commitment]);
  const readOther = async (other: string) => {
    if (read.has(other)) return;
    read.add(other);
    const sighting = await stores.commitments.get(other);
    const evidence = evidenceOf(sighting);
    otherStates.push(...evidence.states);
    forgotten.push(...evidence.forgotten);
    // A round of that commitment on this nonce: from when it was seen, its panel state no longer
    // covers this one if it verifies (usedAt); seen at all, it keeps the rule from accusing (playedAt).
    const round = await stores.rounds.get(roundKey({ commitment: other, clientSeed, nonce: nonceText }));
    const playedOn = round?.observedAt.result;
    if (playedOn === undefined) return;
    playedAt.set(other, playedOn);
    if (round!.verdict.status === 'verified') usedAt.set(other, playedOn);
  };
  for (const other of others) await readOther(other);
  // What was forgotten of any commitment from the earliest state this judgement reads on (the
  // round's own first, the others' latest before the action) may have been a rival or a later word.
  let from = Math.min(firstOwn, upTo);
  for (const state of otherStates) if (state.clientSeed === clientSeed && state.seenAt < from) from = state.seenAt;
  // And what was forgotten under other client seeds may have been a second pair for the bet. Too
  // many to read keep the round from `witnessed` and decide nothing else: the accusation rests on
  // the round's own record and those read above, which junk under other client seeds cannot crowd.
  const [lost, lostElsewhere] = await Promise.all([scanLost(stores, clientSeed, from), scanLost(stores, undefined, from)]);
  const moreForgotten = lost === 'several' || lostElsewhere === 'several';
  for (const found of [lost, lostElsewhere]) if (found !== 'several') for (const other of found) await readOther(other);
  // Where the panel left the other pairs shown before this one's first state: played there, or kept
  // in reserve (core/witness.ts leftBehind). One read per other pair, however many states it has.
  const playedWhereLeft = new Map<string, number>();
  for (const state of lastShownBefore(otherStates, clientSeed, record.gameId, firstOwn).values()) {
    if (state.nonce === nonceText) continue;
    const left = await stores.rounds.get(roundKey({ commitment: state.commitment, clientSeed, nonce: state.nonce }));
    if (left?.observedAt.result !== undefined) playedWhereLeft.set(`${state.commitment}\n${state.nonce}`, left.observedAt.result);
  }
  // The round of this pair at the nonce before (an auto-bet's previous round, or a bet in another
  // game's tab on the same pair): whether the nonce the panel named for the bet was played before this
  // one came out at a later one. Only a round with a whole outcome of a game Fair Witness verifies
  // counts: a filler under a made-up name, or part of a draw, is never checked by the reveal. Whether
  // it was bound itself, and of the round's game, decides how far back it speaks (core/witness.ts).
  const previousKey = previousNonceKey(commitment, clientSeed, nonceText);
  const previous = previousKey === undefined ? undefined : await stores.rounds.get(previousKey);
  const previousCounts = previous?.result !== undefined && lookupGame(previous.game).kind === 'supported' && isWholeOutcome(previous.result, previous.game);
  const previousNonceAt = previousCounts ? previous!.observedAt.result : undefined;
  const previousOf = previousCounts
    ? { ...(previous!.witness === 'bound-before-bet' ? { previousBound: true as const } : {}), ...(previous!.gameId === record.gameId ? { previousSameGame: true as const } : {}) }
    : {};
  const judgement = judgeWitness({
    commitment,
    clientSeed,
    nonce: nonceText,
    game: record.gameId,
    outcomeAt,
    ...(actedAt === undefined ? {} : { actedAt }),
    ...(record.documentActedAt === undefined ? {} : { documentActedAt: record.documentActedAt }),
    ...(record.observedAt.serverSeed === undefined && own?.revealedAt === undefined
      ? {}
      : { revealedAt: Math.min(record.observedAt.serverSeed ?? Infinity, own?.revealedAt ?? Infinity) }),
    ownStates,
    otherStates,
    forgotten,
    usedAt,
    playedAt,
    ...(moreForgotten ? { moreForgotten: true as const } : {}),
    ...(previousNonceAt === undefined ? {} : { previousNonceAt }),
    ...previousOf,
    ...(playedWhereLeft.size === 0 ? {} : { playedWhereLeft }),
    ...(refusedAt === undefined ? {} : { refusedAt }),
  });
  // Judged without every record: it withdraws no accusation the round already has.
  return moreForgotten && judgement.shownBeforeAction === undefined ? { ...judgement, partial: true } : judgement;
}
