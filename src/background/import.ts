// "Import JSON": rounds of an "Export JSON" file (src/core/export-format.ts), sent by the popup in
// chunks, merged through the same path as captured claims (store.writeClaims), so a round the
// store already has is merged into, never added twice, and importing a file twice changes nothing.
//
// Trust: the file is the user's, but anything may have edited it. Its verdicts and levels are
// ignored (every round is verified again), and so are its observation times: the fields a file
// adds get no time at all (`untimed`), so an imported round can be `witnessed` only through what
// this extension saw itself (a commitment sighting before a result it saw on the casino's page),
// never because the file says so. A round known only from a file is `history` at best.
// preRoundCommitment is an observation too and is not taken from the file.
//
// Evidence: a round this extension captured on the casino's page only takes what confirms it, or
// the seed that hashes to its commitment (import-guard.ts); a value only a file gave gives way to
// what the casino's page shows later (merge.ts, `fileFields`), and once the page captures the round a
// value only the file gave that the page did not show is kept apart (`fileOnly`), never verified.
//
// Sealed files: a chunk of a file this install sealed, hashed again by the worker (seal-key.ts), is
// this install's own evidence: its rounds come back with their observation times, the trust
// judgement the worker had made and the commitment the panel showed before the bet, and the fields
// a file had given them stay the file's (`fileFields`). Still not on a round the store holds as
// captured: that one takes from a sealed file only what it takes from any file.
import { validateClaim, type ImportRefusal, type ImportReport } from '../shared/messages.js';
import type { CapturedClaim } from '../shared/records.js';
import { isCommitmentSighting, isSeedReveal } from '../shared/claim-kinds.js';
import { WITNESS_REASONS, type WitnessReason } from '../core/index.js';
import type { SealedEvidence } from './apply-claim.js';
import { FILE_FIELDS } from './merge.js';
import { storageFailure } from './storage-problem.js';
import { writeClaims, type ClaimFate, type Counts } from './store.js';

/**
 * Claim fields an exported round carries under the same name and in the same form: every field a
 * file may fill (merge.ts FILE_FIELDS, the one list the store guards) but the game and the outcome, converted below.
 */
const PLAIN_FIELDS = FILE_FIELDS.filter((field) => field !== 'game' && field !== 'result');

/** The most outcomes a round's conflictingResults may list. */
const MAX_CONFLICTS = 40;

type Converted = { ok: true; claims: CapturedClaim[] } | { ok: false; refusal: ImportRefusal };

/** An outcome as the export writes it (roulette "17"/"00", keno [3, 9, …]) in the form a page shows it. */
function shownOutcome(outcome: unknown, field: string): { ok: true; shown: string | string[] } | { ok: false; refusal: ImportRefusal } {
  if (typeof outcome === 'string') return { ok: true, shown: outcome };
  if (typeof outcome === 'number' && Number.isFinite(outcome)) return { ok: true, shown: String(outcome) };
  if (Array.isArray(outcome) && outcome.every((item) => typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item)))) {
    return { ok: true, shown: outcome.map(String) };
  }
  return { ok: false, refusal: { code: 'field', field, issue: 'type' } };
}

/**
 * One exported round as the claims the capture would have sent for it: the round itself, and one
 * claim per other outcome shown for it (so a `nonce` mismatch comes back as one). Times are left
 * out on purpose (see the top).
 */
export function claimsOfExportedRound(input: unknown, sealed = false): Converted & { evidence?: SealedEvidence } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { ok: false, refusal: { code: 'not-object' } };
  const round = input as Record<string, unknown>;
  if (typeof round.game !== 'string' || round.game.trim() === '') return { ok: false, refusal: { code: 'game-missing' } };
  const evidence = sealed ? sealedEvidenceOf(round) : undefined;
  const claim: Record<string, unknown> = { source: 'json', observedAt: evidence === undefined ? {} : timesOf(round.observedAt, evidence.fileFields) };
  // 'unknown' is the export's id for a round whose game was never named: it names no game.
  if (round.game !== 'unknown') claim.game = round.game;
  for (const field of PLAIN_FIELDS) if (round[field] !== undefined) claim[field] = round[field];
  if (round.result !== undefined) {
    const result = shownOutcome(round.result, 'result');
    if (!result.ok) return result;
    claim.result = result.shown;
  }
  const checked = validateClaim(claim);
  if (!checked.ok) return { ok: false, refusal: { code: 'field', ...checked.issue } };
  // A seed pair's commitment or revealed seed without a round would act on every stored round of
  // that pair (store.ts): a file may add rounds, not reveal or witness seed pairs.
  if (isCommitmentSighting(checked.message) || isSeedReveal(checked.message)) {
    return { ok: false, refusal: { code: 'no-round' } };
  }
  const claims = [checked.message];
  if (round.conflictingResults !== undefined) {
    if (!Array.isArray(round.conflictingResults)) return { ok: false, refusal: { code: 'field', field: 'conflictingResults', issue: 'type' } };
    if (round.conflictingResults.length > MAX_CONFLICTS) {
      return { ok: false, refusal: { code: 'field', field: 'conflictingResults', issue: 'too-many', limit: MAX_CONFLICTS } };
    }
    for (const other of round.conflictingResults) {
      const shown = shownOutcome(other, 'conflictingResults');
      if (!shown.ok) return shown;
      const conflict = validateClaim({ ...claim, result: shown.shown });
      if (!conflict.ok) return { ok: false, refusal: { code: 'field', ...conflict.issue, field: 'conflictingResults' } };
      claims.push(conflict.message);
    }
  }
  return evidence === undefined ? { ok: true, claims } : { ok: true, claims, evidence };
}

const FIELD_NAMES: readonly unknown[] = FILE_FIELDS;

/** What a sealed round brings of this install's own judgement (checked as any file's fields are: a seal is only as good as the code that wrote it). */
function sealedEvidenceOf(round: Record<string, unknown>): SealedEvidence {
  const evidence: SealedEvidence = {};
  if ((WITNESS_REASONS as readonly unknown[]).includes(round.witnessJudgement)) evidence.witness = round.witnessJudgement as WitnessReason;
  if (typeof round.preRoundCommitment === 'string' && /^[0-9a-fA-F]{64}$/.test(round.preRoundCommitment)) evidence.preRoundCommitment = round.preRoundCommitment;
  if (Array.isArray(round.fileFields)) {
    const fields = [...new Set(round.fileFields.filter((field) => FIELD_NAMES.includes(field)))] as SealedEvidence['fileFields'];
    if (fields!.length > 0) evidence.fileFields = fields;
  }
  return evidence;
}

/** A sealed round's observation times, but for the fields a file had given it (those had none). */
function timesOf(observedAt: unknown, fileFields: readonly string[] = []): Record<string, unknown> {
  if (typeof observedAt !== 'object' || observedAt === null || Array.isArray(observedAt)) return {};
  return Object.fromEntries(Object.entries(observedAt).filter(([field]) => !fileFields.includes(field)));
}

/** Merges one chunk of an export file's rounds into the store, in one transaction. */
export async function importRounds(rounds: readonly unknown[], now = Date.now(), sealed = false): Promise<ImportReport> {
  return (await importChunk(rounds, now, sealed)).report;
}

/**
 * importRounds, also with the counts the chunk left (for the badge; undefined when nothing was written).
 * `sealed`: the worker checked that the chunk is this install's own export, unchanged (seal-key.ts).
 */
export async function importChunk(rounds: readonly unknown[], now = Date.now(), sealed = false): Promise<{ report: ImportReport; counts?: Counts }> {
  const report: ImportReport = { added: 0, updated: 0, known: 0, refused: [] };
  const claims: CapturedClaim[] = [];
  const evidence: (SealedEvidence | undefined)[] = [];
  /** For each round taken, which of `claims` are its own. */
  const spans: { first: number; count: number; index: number }[] = [];
  rounds.forEach((round, index) => {
    const converted = claimsOfExportedRound(round, sealed);
    if (!converted.ok) {
      report.refused.push({ index, refusal: converted.refusal });
      return;
    }
    spans.push({ first: claims.length, count: converted.claims.length, index });
    claims.push(...converted.claims);
    for (const _ of converted.claims) evidence.push(converted.evidence);
  });
  if (claims.length === 0) return { report };
  let fates: ClaimFate[];
  let counts: Counts;
  let restored: ReadonlySet<number>;
  try {
    ({ fates, counts, restored } = await writeClaims(claims, now, { untimed: true, ...(sealed ? { sealed: evidence } : {}) }));
  } catch (error) {
    // Nothing of the chunk was stored (one transaction): the popup says so and the user can retry.
    throw storageFailure(error);
  }
  spans.forEach(({ first, count, index }) => {
    const own = fates.slice(first, first + count);
    const refusal = own.find((fate) => typeof fate === 'object');
    if (refusal !== undefined) report.refused.push({ index, refusal: refusal.refused });
    else if (own[0] === 'added') report.added++;
    else if (own.some((fate) => fate !== 'known')) report.updated++;
    else report.known++;
    if (refusal === undefined && restored.has(first)) report.restored = (report.restored ?? 0) + 1;
  });
  report.refused.sort((a, b) => a.index - b.index);
  return { report, counts };
}
