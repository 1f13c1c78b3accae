// What one claim does to its round's stored record, without I/O: merge (merge.ts), what the store
// knows of the round's seed pair (its first sighting and revealed seeds), the trust judgement
// (core/witness.ts, whose evidence the store gathers) and the verdict (verify-record.ts). store.ts
// keeps the I/O: it runs `applyClaim`, answers what it asks (`Need`), and writes the result.
//
// Written as a generator so the order of the questions is the code's order: the seed pair's record
// is asked for the merged record's commitment (known only after the merge), and the judgement for
// the record with that pair's sighting folded in.
import type { WitnessJudgement, WitnessReason } from '../core/index.js';
import type { CapturedClaim, FileField, RoundRecord } from '../shared/records.js';
import { mergeClaim } from './merge.js';
import { commitmentOf } from './round-key.js';
import type { CommitmentSighting } from './schema.js';
import { verifyRecord } from './verify-record.js';

export interface ClaimContext {
  /** When the worker got the claim: fields first known now without a time of their own get this one. */
  now: number;
  /** The sequence number a new round gets. */
  seq: number;
  /** From a file: the fields it adds get no time, and the round is not judged (see import.ts). */
  untimed?: boolean;
  /** Judge the round again although its outcome is not new: a pair it was accused over was revealed or shown anew. */
  rejudge?: boolean;
  /**
   * Judged again because the round at the nonce before is now stored and bound (store.ts): a round
   * judged `nonce-skipped` before it arrived (another tab's claims a moment late) takes the new
   * judgement, which may be `witnessed`; the stamps it rests on are the content scripts' own.
   */
  previousArrived?: boolean;
  /** How many rounds one claim has judged again this way before this one (store.ts liftNext). */
  lifts?: number;
  /**
   * From a file this install sealed (import.ts): the claim's times are the install's own, and the
   * round takes back the judgement the worker made then, instead of being judged anew.
   */
  sealed?: SealedEvidence;
}

/** What a sealed export keeps of a round's judgement (the record's fields of the same names). */
export interface SealedEvidence {
  witness?: WitnessReason;
  preRoundCommitment?: string;
  /** Fields a file had given the round: they stay the file's, with no time. */
  fileFields?: FileField[];
}

/** What applying a claim asks the store: the record of a seed pair, or the trust rule's judgement of a record. */
export type Need = { sighting: string } | { judgement: RoundRecord };

export interface Applied {
  /** The round's record, verdict recomputed. */
  record: RoundRecord;
  /** Whether it differs from the stored one (apart from `updatedAt`): only then is it written. */
  changed: boolean;
  /** Seed pairs the judgement accused the round over (or would, once shown anew), to note on their records (in this order): the round is judged again when they change. */
  accused: string[];
}

type Answer = CommitmentSighting | WitnessJudgement | undefined;

/**
 * Applies `claim` to the stored record of its round (`existing`; undefined for a new round).
 * Yields each question; the caller sends back the answer (`sighting`: the pair's stored record or
 * undefined; `judgement`: witness-evidence.ts's answer for the record given).
 */
export function* applyClaim(existing: RoundRecord | undefined, claim: CapturedClaim, context: ClaimContext): Generator<Need, Applied, Answer> {
  const { now, untimed = false, rejudge = false, previousArrived = false, sealed } = context;
  // Only the extension's own sightings have times: a field first known from a file has none.
  const record = mergeClaim(existing, claim, now, existing?.seq ?? context.seq, { fromFile: untimed });
  const commitment = record.commitment?.toLowerCase();
  const sighting = commitment === undefined ? undefined : ((yield { sighting: commitment }) as CommitmentSighting | undefined);
  if (sighting) {
    record.observedAt.commitment = Math.min(record.observedAt.commitment ?? Infinity, sighting.firstSeenAt);
    for (const seed of seedsOf(sighting)) Object.assign(record, mergeClaim(record, revealClaim(seed, sighting.revealedAt, now), now, record.seq));
  }
  const accused: string[] = [];
  // Judged when the outcome's first sighting (or the action credited as its bet) is new, with what
  // the store knows then; again when the reveal completes the round (a panel state another frame
  // delivered late, a worker restart reordering frames' deliveries, is known by then); and when a
  // pair it was accused over is revealed or shown anew. A file brings no sighting of its own
  // (untimed), so it is never judged here.
  const newOutcome = existing?.witness === undefined || existing.observedAt.result !== record.observedAt.result || existing.actedAt !== record.actedAt || existing.documentActedAt !== record.documentActedAt;
  const completed = existing?.serverSeed === undefined && record.serverSeed !== undefined;
  // A judgement restored from a seal is judged again for a new outcome or a pair shown anew, not for the reveal alone.
  const judgeOnReveal = completed && record.sealedJudgement !== true;
  if (sealed !== undefined) restoreSealed(existing, record, sealed);
  else if (!untimed && record.result !== undefined && (newOutcome || judgeOnReveal || rejudge || previousArrived)) {
    const judgement = (yield { judgement: record }) as WitnessJudgement | undefined;
    // Trust comes from the judgement of a new outcome; a later one only ever takes it away (panel
    // states of revealed pairs are cut down, pre-round.ts settledPanel: less evidence must not read
    // as more). An accusation is always the latest judgement's: new evidence can withdraw it.
    // (What the store forgot of the pair's own states since takes nothing from a whole judgement.)
    const forgotWord = !newOutcome && judgement?.namedForgotten === true && existing?.witness === 'bound-before-bet';
    const lifted = previousArrived && existing?.witness === 'nonce-skipped' && judgement?.namedForgotten !== true;
    if (!forgotWord && (newOutcome || existing?.witness === 'bound-before-bet' || lifted)) {
      if (judgement === undefined) delete record.witness;
      else record.witness = judgement.reason;
      // The store's own judgement from now on.
      delete record.sealedJudgement;
    }
    // Part of the evidence (more than the store reads around one bet) leaves an accusation as it was.
    if (judgement?.partial !== true) {
      // Only the panel going on with the other pair is missing for an accusation: judged again when it is shown anew.
      if (judgement?.pendingOn !== undefined) accused.push(judgement.pendingOn, commitmentOf(record)!);
      if (judgement?.shownBeforeAction === undefined) delete record.preRoundCommitment;
      else {
        record.preRoundCommitment = judgement.shownBeforeAction;
        accused.push(judgement.shownBeforeAction, commitmentOf(record)!);
      }
    }
  }
  record.verdict = verifyRecord(record).verdict;
  return { record, changed: existing === undefined || !sameContent(existing, record), accused };
}

/**
 * A sealed round's own judgement, on a round that has none of its own yet (a new one, or one only
 * files gave): the store's later judgements, made on more evidence, are never overwritten.
 */
function restoreSealed(existing: RoundRecord | undefined, record: RoundRecord, sealed: SealedEvidence): void {
  if (existing?.witness === undefined && sealed.witness !== undefined) {
    record.witness = sealed.witness;
    record.sealedJudgement = true;
  }
  if (existing?.preRoundCommitment === undefined && sealed.preRoundCommitment !== undefined) record.preRoundCommitment = sealed.preRoundCommitment;
  const fileFields = new Set(record.fileFields);
  for (const field of sealed.fileFields ?? []) {
    // Only a value this claim brought: what the record held as shown by the page stays so.
    const heldBefore = existing !== undefined && (field === 'game' ? existing.gameId !== 'unknown' : existing[field] !== undefined) && !existing.fileFields?.includes(field);
    if (heldBefore) continue;
    fileFields.add(field);
    delete record.observedAt[field as keyof RoundRecord['observedAt']];
  }
  if (fileFields.size > 0) record.fileFields = [...fileFields];
}

/** Runs `applyClaim` with answers at hand (a test, or a caller that has them): no I/O, no waiting. */
export function applyClaimWith(
  existing: RoundRecord | undefined,
  claim: CapturedClaim,
  context: ClaimContext,
  answers: { sighting(commitment: string): CommitmentSighting | undefined; judgement(record: RoundRecord): WitnessJudgement | undefined },
): Applied {
  const steps = applyClaim(existing, claim, context);
  let step = steps.next();
  while (!step.done) step = steps.next('sighting' in step.value ? answers.sighting(step.value.sighting) : answers.judgement(step.value.judgement));
  return step.value;
}

/** Every server seed shown for a commitment, the first one first. */
export function seedsOf(sighting: CommitmentSighting): string[] {
  return sighting.revealedSeed === undefined ? [] : [sighting.revealedSeed, ...(sighting.otherSeeds ?? [])];
}

/** The claim a reveal makes about each round of its pair. */
export function revealClaim(serverSeed: string, revealedAt: number | undefined, now: number): CapturedClaim {
  return { source: 'dom', serverSeed, observedAt: { serverSeed: revealedAt ?? now } };
}

/**
 * Whether two records say the same, `updatedAt` aside: compared field by field, as JSON would
 * compare them (a property holding undefined is no property), without writing either out as text.
 */
export function sameContent(a: RoundRecord, b: RoundRecord): boolean {
  return sameValue({ ...a, updatedAt: 0 }, { ...b, updatedAt: 0 });
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return typeof a === 'number' && typeof b === 'number' && !Number.isFinite(a) && !Number.isFinite(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    // JSON writes undefined in an array as null.
    return a.length === other.length && a.every((item, index) => sameValue(item ?? null, other[index] ?? null));
  }
  const left = definedKeys(a as Record<string, unknown>);
  const right = definedKeys(b as Record<string, unknown>);
  if (left.length !== right.length) return false;
  // In the same order, as JSON text compares them.
  return left.every((key, index) => key === right[index] && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

const definedKeys = (value: Record<string, unknown>): string[] => Object.keys(value).filter((key) => value[key] !== undefined && typeof value[key] !== 'function');
