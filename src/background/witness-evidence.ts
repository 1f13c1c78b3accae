// Gathers, from the store, what the trust rule (core/witness.ts) needs about one round: the panel
// states of its own commitment, those of every other commitment shown for its client seed around the
// player's action, which of those had their nonce used up by a round already seen, and the latest
// refusal of a flooding tab. Reads only: the caller writes the judgement into the round's record.
import { judgeWitness, type PanelState, type WitnessJudgement } from '../core/index.js';
import { canonicalNonce } from '../shared/claim-kinds.js';
import type { RoundRecord } from '../shared/records.js';
import { commitmentOf, roundKey } from './round-key.js';
import type { CommitmentSighting } from './schema.js';

/** Index entries read at most per round; more other commitments than this around one bet is itself "several". */
const MAX_ENTRIES = 512;

/** The stores the rule reads, as store.ts's write transaction has them. */
export interface EvidenceStores {
  commitments: {
    get(key: string): Promise<CommitmentSighting | undefined>;
    index(name: 'by-panel-time'): {
      openKeyCursor(range: IDBKeyRange, direction: IDBCursorDirection): Promise<KeyCursor | null>;
    };
  };
  rounds: { get(key: string): Promise<RoundRecord | undefined> };
}

interface KeyCursor {
  key: unknown;
  primaryKey: unknown;
  continue(key?: unknown): Promise<KeyCursor | null>;
}

/** A commitment record's panel states for one client seed, as the rule reads them. */
function statesOf(sighting: CommitmentSighting | undefined, clientSeed: string): PanelState[] {
  if (sighting === undefined) return [];
  return (sighting.panel ?? [])
    .filter((state) => state.clientSeed === clientSeed)
    .map((state) => ({ ...state, commitment: sighting.commitment, ...(sighting.revealedAt === undefined ? {} : { revealedAt: sighting.revealedAt }) }));
}

/** What scanOthers looks for: other commitments shown for `clientSeed` before `upTo`, back to the round's own first state. */
export interface ScanQuery {
  commitment: string;
  clientSeed: string;
  upTo: number;
  /** The round's own commitment's first state for the client seed (Infinity: none). */
  firstOwn: number;
}

/** Other commitments found, or 'several' when more index entries than MAX_ENTRIES had to be read. */
export type OthersScan = (stores: Pick<EvidenceStores, 'commitments'>, query: ScanQuery) => Promise<Set<string> | 'several'>;

/**
 * Other commitments' states for this client seed, newest first from the action back to the
 * round's own first state, and at least the latest stamp before the action. Reads the
 * `by-panel-time` index only: its answer is the same for the same query as long as no panel state
 * is written (store.ts runs these for a whole batch at once, after its seed-pair claims).
 */
export async function scanOthers(stores: Pick<EvidenceStores, 'commitments'>, { commitment, clientSeed, upTo, firstOwn }: ScanQuery): Promise<Set<string> | 'several'> {
  const others = new Set<string>();
  let latest: number | undefined;
  let entries = 0;
  const range = IDBKeyRange.bound([clientSeed, Number.NEGATIVE_INFINITY], [clientSeed, upTo], false, true);
  for (let cursor = await stores.commitments.index('by-panel-time').openKeyCursor(range, 'prev'); cursor; cursor = await cursor.continue()) {
    const seenAt = (cursor.key as [string, number])[1];
    if (latest !== undefined && seenAt < latest && seenAt < firstOwn) break;
    if (++entries > MAX_ENTRIES) return 'several';
    const other = cursor.primaryKey as string;
    if (other === commitment) continue;
    latest ??= seenAt;
    others.add(other);
  }
  return others;
}

/**
 * scanOthers for many queries at once, with one cursor per client seed instead of one per query:
 * the rounds of a batch are one player's, their queries differ by their time (`upTo`), and their
 * windows of the index overlap or lie close. The cursor walks down from the latest query's `upTo`;
 * each query takes the entries below its own `upTo` exactly as scanOthers would, in the same order,
 * and stops where scanOthers stops; when every query started has stopped, the cursor jumps to the
 * next query's `upTo`. Answers are in the order of `queries`, each what scanOthers answers for it.
 */
export async function scanMany(stores: Pick<EvidenceStores, 'commitments'>, queries: readonly ScanQuery[]): Promise<(Set<string> | 'several')[]> {
  const answers: (Set<string> | 'several')[] = queries.map(() => new Set<string>());
  const bySeed = new Map<string, number[]>();
  queries.forEach((query, index) => {
    const group = bySeed.get(query.clientSeed);
    if (group === undefined) bySeed.set(query.clientSeed, [index]);
    else group.push(index);
  });
  await Promise.all(
    [...bySeed].map(async ([clientSeed, group]) => {
      // Latest first, the order the cursor meets them.
      const waiting = group.sort((a, b) => queries[b]!.upTo - queries[a]!.upTo);
      const walking: { index: number; entries: number; latest?: number }[] = [];
      const range = IDBKeyRange.bound([clientSeed, Number.NEGATIVE_INFINITY], [clientSeed, queries[waiting[0]!]!.upTo], false, true);
      let next = 0;
      let cursor = await stores.commitments.index('by-panel-time').openKeyCursor(range, 'prev');
      while (cursor) {
        const seenAt = (cursor.key as [string, number])[1];
        while (next < waiting.length && seenAt < queries[waiting[next]!]!.upTo) walking.push({ index: waiting[next++]!, entries: 0 });
        const other = cursor.primaryKey as string;
        for (let at = walking.length - 1; at >= 0; at--) {
          const scan = walking[at]!;
          const { commitment, firstOwn } = queries[scan.index]!;
          const stop = () => void walking.splice(at, 1);
          if (scan.latest !== undefined && seenAt < scan.latest && seenAt < firstOwn) {
            stop();
            continue;
          }
          if (++scan.entries > MAX_ENTRIES) {
            answers[scan.index] = 'several';
            stop();
            continue;
          }
          if (other === commitment) continue;
          scan.latest ??= seenAt;
          (answers[scan.index] as Set<string>).add(other);
        }
        if (walking.length > 0) cursor = await cursor.continue();
        else if (next === waiting.length) break;
        else {
          // Nothing started is still walking: on to the next query's window (the key itself is not in it).
          const upTo = queries[waiting[next]!]!.upTo;
          cursor = upTo < seenAt ? await cursor.continue([clientSeed, upTo]) : await cursor.continue();
        }
      }
    }),
  );
  return answers;
}

/** What witnessOf will ask about `record` (undefined: it asks nothing of the index), given its own commitment's record. */
export function scanQueryOf(record: Pick<RoundRecord, 'commitment' | 'serverSeed' | 'clientSeed' | 'nonce' | 'observedAt' | 'actedAt'>, own: CommitmentSighting | undefined): ScanQuery | undefined {
  const commitment = commitmentOf(record);
  const { clientSeed, nonce } = record;
  const outcomeAt = record.observedAt.result;
  if (commitment === undefined || clientSeed === undefined || nonce === undefined || !/^\d+$/.test(nonce) || outcomeAt === undefined) return undefined;
  const firstOwn = Math.min(...statesOf(own, clientSeed).map((state) => state.seenAt));
  return { commitment, clientSeed, upTo: record.actedAt ?? outcomeAt, firstOwn };
}

/**
 * The judgement for a round with a result, its client seed and nonce; undefined when it cannot be
 * judged (no client seed or nonce: such a round is invalid anyway).
 */
export async function witnessOf(stores: EvidenceStores, record: RoundRecord, refusedAt: number | undefined, scan?: OthersScan): Promise<WitnessJudgement | undefined> {
  const commitment = commitmentOf(record);
  const { clientSeed, nonce } = record;
  if (commitment === undefined || clientSeed === undefined || nonce === undefined || !/^\d+$/.test(nonce)) return undefined;
  const outcomeAt = record.observedAt.result;
  if (outcomeAt === undefined) return { reason: 'not-observed' };
  const own = await stores.commitments.get(commitment);
  const ownStates = statesOf(own, clientSeed);
  const actedAt = record.actedAt;
  const upTo = actedAt ?? outcomeAt;
  const firstOwn = Math.min(...ownStates.map((state) => state.seenAt));

  const others = await (scan ?? scanOthers)(stores, { commitment, clientSeed, upTo, firstOwn });
  if (others === 'several') return { reason: 'several-commitments' };
  const otherStates: PanelState[] = [];
  const usedAt = new Map<string, number>();
  const nonceText = canonicalNonce(nonce);
  for (const other of others) {
    otherStates.push(...statesOf(await stores.commitments.get(other), clientSeed));
    // A round of that commitment on this nonce: from when it was seen, its panel state no longer covers this one.
    const playedAt = (await stores.rounds.get(roundKey({ commitment: other, clientSeed, nonce: nonceText })))?.observedAt.result;
    if (playedAt !== undefined) usedAt.set(other, playedAt);
  }
  return judgeWitness({
    commitment,
    clientSeed,
    nonce: nonceText,
    game: record.gameId,
    outcomeAt,
    ...(actedAt === undefined ? {} : { actedAt }),
    ...(record.observedAt.serverSeed === undefined && own?.revealedAt === undefined
      ? {}
      : { revealedAt: Math.min(record.observedAt.serverSeed ?? Infinity, own?.revealedAt ?? Infinity) }),
    ownStates,
    otherStates,
    usedAt,
    ...(refusedAt === undefined ? {} : { refusedAt }),
  });
}
