import { canonicalOutcome, CLAIM_FIELDS, knownGameId, lookupGame, normalizeGameName, type ClaimField } from '../core/index.js';
import type { CapturedClaim, FileField, RoundRecord } from '../shared/records.js';
import { commitmentOf, roundKey, seedHashesTo } from './round-key.js';

type MergeableField = Exclude<ClaimField, 'game'> | 'picks';
/**
 * Every field a file can fill (import.ts reads these from an exported round), each checked when a
 * file's claim meets a captured round (import-guard.ts), and each given up to the casino's page
 * when the page captures the round (takeOverFromFile). The one list: a field added here is guarded.
 */
export const FILE_FIELDS: readonly FileField[] = [...CLAIM_FIELDS, 'picks', 'stake', 'payout', 'multiplier'];
/** Other server seeds kept per round: enough to show a conflict, bounded against a flood. */
const MAX_OTHER_SEEDS = 4;
/**
 * Other outcomes, picks and amounts kept per round: a few prove the conflict; a page repeating
 * claims about a stored round (which cost it no budget) must not grow the record without bound.
 * An imported round may name more (import.ts); the first few are kept.
 */
const MAX_OTHER_RESULTS = 4;
const MAX_OTHER_PICKS = 2;
const MAX_OTHER_AMOUNTS = 4;
const VALUE_FIELDS: readonly MergeableField[] = ['serverSeed', 'commitment', 'clientSeed', 'nonce', 'result', 'roundSignature', 'picks'];

/** The game id for a name as shown: a supported id, or the normalised name (kept for unsupported/unknown games). */
export function gameIdOf(name: string): string {
  return knownGameId(name) ?? (normalizeGameName(name) || 'unknown');
}

/**
 * Canonical text of a displayed value, so "17" from JSON and "17" from the DOM, or keno chips in any
 * order, compare equal. An outcome's is the core's (canonicalOutcome), the one the audit compares.
 */
function canonical(field: MergeableField, value: string | string[], gameName: string): string {
  if (field === 'result') return canonicalOutcome(gameName, value)!;
  if (field === 'commitment' || field === 'roundSignature') return String(value).toLowerCase();
  return Array.isArray(value) ? [...value].sort().join(' ') : value;
}

/** Picks as one text, numerically sorted, so "07" and "7", or any order, are the same picks. */
function picksText(picks: string | string[]): string {
  const list = Array.isArray(picks) ? picks : [picks];
  return list
    .map((p) => (/^\d+$/.test(p.trim()) ? String(Number(p.trim())) : p.trim()))
    .sort((a, b) => Number(a) - Number(b) || a.localeCompare(b))
    .join(' ');
}

/** Whether a displayed result is a complete outcome of the (supported) game; unknown games: yes. */
export function isWholeOutcome(shown: string | string[], gameName: string): boolean {
  const lookup = lookupGame(gameName);
  return lookup.kind !== 'supported' || lookup.game.parseDisplayed(shown).ok;
}

export interface MergeOptions {
  /**
   * The claim comes from an imported file, not from a casino page: the fields it fills get no
   * observation time and are listed in `fileFields`, so the casino's own display can take them over.
   */
  fromFile?: boolean;
}

/**
 * Folds one sighting into the record of its round (verdict not yet recomputed). Values are never
 * overwritten: a second, different value for the same seed pair and nonce is kept as a conflict,
 * because the casino showing two outcomes for one round is itself a finding. The one exception is
 * a value only a file gave: what the casino's page shows replaces it (the file's is kept apart in
 * `fileSaid`), so a file can neither accuse the casino of a second outcome nor hide its first one.
 */
export function mergeClaim(existing: RoundRecord | undefined, claim: CapturedClaim, now: number, seq: number, options: MergeOptions = {}): RoundRecord {
  const record: RoundRecord = existing
    ? { ...existing, observedAt: { ...existing.observedAt } }
    : {
        key: roundKey(claim),
        seq,
        // Filled in below with the name's time, like any later sighting's name.
        game: '',
        gameId: 'unknown',
        observedAt: {},
        firstSeenAt: now,
        updatedAt: now,
        verdict: { status: 'pending', failures: [], reasons: [] },
      };
  const seenAt = (field: ClaimField): number => Math.min(claim.observedAt[field] ?? now, now);
  if (!options.fromFile && record.fileFields) takeOverFromFile(record, claim);
  // What a file gave that the page's capture set apart stays apart: a file cannot bring it back.
  if (options.fromFile && record.fileOnly) claim = withoutKeptApart(claim, record.fileOnly);

  if (claim.game && (!record.game || record.gameId === 'unknown')) {
    record.game = claim.game;
    record.gameId = gameIdOf(claim.game);
    record.observedAt.game = seenAt('game');
  } else if (claim.game && gameIdOf(claim.game) === record.gameId) {
    record.observedAt.game = Math.min(record.observedAt.game ?? now, seenAt('game'));
  }
  // The earliest display of an outcome (whole or not yet) is when it was first seen, and the player's
  // action that counts is the latest one before that, in the document that showed it then.
  if (claim.result !== undefined) noteResultTime(record, seenAt('result'), claim.actedAt, claim.documentActedAt);
  // The player typed this round's client seed in the page (never a file's word): from its first key.
  if (!options.fromFile && claim.clientSeedTypedAt !== undefined && claim.clientSeed !== undefined && claim.clientSeed === (record.clientSeed ?? claim.clientSeed)) {
    record.clientSeedTypedAt = Math.min(record.clientSeedTypedAt ?? Infinity, claim.clientSeedTypedAt);
  }
  for (const field of VALUE_FIELDS) {
    const value = claim[field];
    if (value === undefined) continue;
    const current = record[field];
    if (field === 'result') {
      mergeResult(record, current as RoundRecord['result'], value as string | string[]);
      continue;
    }
    if (current === undefined) {
      (record as unknown as Record<string, unknown>)[field] = value;
      if (field !== 'picks') record.observedAt[field] = seenAt(field);
    } else if (canonical(field, current, record.game) === canonical(field, value, record.game)) {
      if (field !== 'picks') record.observedAt[field] = Math.min(record.observedAt[field] ?? now, seenAt(field));
    } else if (field === 'serverSeed') {
      // Two seeds shown for one commitment: both kept (a `seed-conflict`); the one that hashes to the
      // commitment is the one the round is recomputed with (verify-record.ts).
      const known = [current, ...(record.otherServerSeeds ?? [])];
      if (!known.includes(value as string) && known.length <= MAX_OTHER_SEEDS) record.otherServerSeeds = [...(record.otherServerSeeds ?? []), value as string];
    } else if (field === 'picks' && Array.isArray(value)) {
      // Other picks on one seed pair and nonce: the nonce served a second bet (the draw is the
      // seeds' alone, so it repeats). Kept, like a second outcome, for the audit to report.
      const known = [current, ...(record.otherPicks ?? [])].map(picksText);
      if (!known.includes(picksText(value)) && (record.otherPicks?.length ?? 0) < MAX_OTHER_PICKS) record.otherPicks = [...(record.otherPicks ?? []), value];
    }
  }
  // Outcomes compared before the game's name was known may be one outcome spelled two ways
  // (" 17" and "17 Red"): compare them again now, so only real second outcomes remain.
  if (record.conflictingResults?.length && record.result !== undefined) {
    const seen = new Set([canonical('result', record.result, record.game)]);
    const distinct = record.conflictingResults.filter((value) => {
      const text = canonical('result', value, record.game);
      if (seen.has(text)) return false;
      seen.add(text);
      return true;
    });
    if (distinct.length > 0) record.conflictingResults = distinct;
    else delete record.conflictingResults;
  }
  mergeAmounts(record, claim);
  if (options.fromFile) noteFileFields(existing, record);
  record.updatedAt = now;
  return record;
}

/** A field's value in a record or a claim (a game name only when there is one). */
export function valueOf(record: RoundRecord | CapturedClaim, field: FileField): string | string[] | undefined {
  return field === 'game' ? record.game || undefined : record[field];
}

/** Whether two values of one field are the same value, however each was written. */
export function sameFieldValue(field: FileField, a: string | string[], b: string | string[], game: string): boolean {
  if (field === 'game') return gameIdOf(String(a)) === gameIdOf(String(b));
  if (field === 'picks') return picksText(a) === picksText(b);
  if (isAmount(field)) return sameAmount(String(a), String(b));
  return canonical(field, a, game) === canonical(field, b, game);
}

const AMOUNT_FIELDS = ['stake', 'payout', 'multiplier'] as const;
type AmountField = (typeof AMOUNT_FIELDS)[number];
const isAmount = (field: FileField): field is AmountField => (AMOUNT_FIELDS as readonly string[]).includes(field);

/** The conflicting others of a field the record keeps: other outcomes, seeds, picks or amounts. */
export function othersOf(record: RoundRecord, field: FileField): readonly (string | string[])[] {
  if (field === 'result') return record.conflictingResults ?? [];
  if (field === 'serverSeed') return record.otherServerSeeds ?? [];
  if (field === 'picks') return record.otherPicks ?? [];
  if (isAmount(field)) return record.amountConflicts?.[field] ?? [];
  return [];
}

/** Takes a field's conflicting others out of the record, returning them. */
function dropOthers(record: RoundRecord, field: FileField): readonly (string | string[])[] {
  const others = othersOf(record, field);
  if (field === 'result') delete record.conflictingResults;
  else if (field === 'serverSeed') delete record.otherServerSeeds;
  else if (field === 'picks') delete record.otherPicks;
  else if (isAmount(field) && record.amountConflicts) {
    const { [field]: _dropped, ...rest } = record.amountConflicts;
    if (Object.keys(rest).length > 0) record.amountConflicts = rest;
    else delete record.amountConflicts;
  }
  return others;
}

/**
 * The casino's page shows this round: what only a file gave yields to it, field by field (FILE_FIELDS).
 * A field the page shows takes the page's value from now on. While a field is the file's, every
 * other value of it came from files too, so those move to `fileSaid` with a file value the page
 * contradicts (the first such value is kept; a finding says that the file and the page disagree).
 * A page that confirms the file's value confirms only that value. A field the page's claim does
 * not show moves to `fileOnly` (kept apart, never verified), unless the round's identity proves
 * it (its commitment, or a server seed that hashes to it): a made-up round signature, amount,
 * pick, game or outcome must not decide, or be shown for, a round the page captured. A reveal of
 * the seed pair, which shows nothing of the round itself, takes over only the seed.
 */
function takeOverFromFile(record: RoundRecord, claim: CapturedClaim): void {
  const showsRound = FILE_FIELDS.some((field) => field !== 'serverSeed' && field !== 'commitment' && valueOf(claim, field) !== undefined);
  const remaining: FileField[] = [];
  for (const field of record.fileFields ?? []) {
    const shown = valueOf(claim, field);
    const filed = valueOf(record, field);
    if (filed === undefined) continue;
    // A name that names no game takes nothing over.
    if (shown === undefined || (field === 'game' && gameIdOf(String(shown)) === 'unknown')) {
      if (showsRound && !provenByRound(record, claim, field)) keepApart(record, field, filed);
      else remaining.push(field);
      continue;
    }
    const same = sameFieldValue(field, filed, shown, record.game);
    const disputed = [...(same ? [] : [filed]), ...dropOthers(record, field)];
    if (disputed.length > 0 && record.fileSaid?.[field] === undefined) record.fileSaid = { ...record.fileSaid, [field]: disputed[0]! };
    if (same) continue;
    clearField(record, field);
  }
  if (remaining.length > 0) record.fileFields = remaining;
  else delete record.fileFields;
}

/** A file's value the round itself proves: the commitment the page's claim names it by, or the seed that hashes to it. */
function provenByRound(record: RoundRecord, claim: CapturedClaim, field: FileField): boolean {
  const commitment = record.commitment?.toLowerCase();
  if (field === 'commitment') return commitment !== undefined && commitmentOf(claim) === commitment;
  return field === 'serverSeed' && commitment !== undefined && record.serverSeed !== undefined && seedHashesTo(record.serverSeed, commitment);
}

/** Moves a file's value of a field (and the other values files gave for it) out of the round, into `fileOnly`. */
function keepApart(record: RoundRecord, field: FileField, filed: string | string[]): void {
  dropOthers(record, field);
  if (record.fileOnly?.[field] === undefined) record.fileOnly = { ...record.fileOnly, [field]: filed };
  clearField(record, field);
}

function clearField(record: RoundRecord, field: FileField): void {
  if (field === 'game') {
    record.game = '';
    record.gameId = 'unknown';
  } else delete record[field];
}

/** A file's claim without the fields the round keeps apart (`fileOnly`). */
function withoutKeptApart(claim: CapturedClaim, fileOnly: NonNullable<RoundRecord['fileOnly']>): CapturedClaim {
  const kept = { ...claim };
  for (const field of Object.keys(fileOnly) as FileField[]) delete kept[field];
  return kept;
}

/** After a file's claim: the fields it filled are the file's, with no observation time. */
function noteFileFields(existing: RoundRecord | undefined, record: RoundRecord): void {
  const filled = FILE_FIELDS.filter((field) => valueOf(record, field) !== undefined && (existing === undefined || valueOf(existing, field) === undefined));
  for (const field of CLAIM_FIELDS) if (existing?.observedAt[field] === undefined) delete record.observedAt[field];
  const fields = [...(existing?.fileFields ?? []), ...filled.filter((field) => !existing?.fileFields?.includes(field))];
  if (fields.length > 0) record.fileFields = fields;
}

/**
 * Lowers the outcome's first-seen time to `at`, with the action before it (never one at or after
 * it). At the same time, an earlier action only: another document's action reported after the
 * outcome was stored (background/tab-actions.ts lateCredits), which can only take `witnessed` away.
 */
function noteResultTime(record: RoundRecord, at: number, actedAt: number | undefined, documentActedAt: number | undefined): void {
  const known = record.observedAt.result;
  if (known !== undefined && known < at) return;
  if (known === at && !(actedAt !== undefined && actedAt < (record.actedAt ?? Infinity))) return;
  record.observedAt.result = at;
  if (actedAt !== undefined && actedAt < at) record.actedAt = actedAt;
  else delete record.actedAt;
  if (record.actedAt !== undefined && documentActedAt !== undefined && documentActedAt < at) record.documentActedAt = documentActedAt;
  else delete record.documentActedAt;
}

/**
 * A second display of the outcome. A display that is not a whole outcome (five of ten keno chips
 * while they animate in) is no second outcome: keep the whole one, and let a whole one replace a
 * partial one. A different whole outcome is kept as a conflict (step `nonce`).
 */
function mergeResult(record: RoundRecord, current: RoundRecord['result'], value: string | string[]): void {
  if (current === undefined) {
    record.result = value;
    return;
  }
  const same = (a: string | string[], b: string | string[]) => canonical('result', a, record.game) === canonical('result', b, record.game);
  if (same(current, value)) return;
  const whole = (shown: string | string[]) => isWholeOutcome(shown, record.game);
  if (!whole(value) && (whole(current) || lookupGame(record.game).kind === 'supported')) return;
  if (!whole(current) && whole(value)) {
    record.result = value;
    return;
  }
  const known = [current, ...(record.conflictingResults ?? [])].map((r) => canonical('result', r, record.game));
  if (!known.includes(canonical('result', value, record.game)) && (record.conflictingResults?.length ?? 0) < MAX_OTHER_RESULTS) {
    record.conflictingResults = [...(record.conflictingResults ?? []), value];
  }
}


/** "1.50" and "1.5" (a page and its API) are one amount; "1.50" and "1.05" are two. */
function sameAmount(a: string, b: string): boolean {
  return amountText(a) === amountText(b);
}

/** An amount's digits without the zeros that do not change it: "01.50" is "1.5". */
function amountText(text: string): string {
  return (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text).replace(/^0+(?=\d)/, '');
}

/**
 * A later sighting fills a missing stake, payout or multiplier. A different value never replaces
 * the first one: it is noted in `amountConflicts`, so the statistics can leave the round's
 * amounts out instead of trusting either.
 */
function mergeAmounts(record: RoundRecord, claim: CapturedClaim): void {
  for (const field of AMOUNT_FIELDS) {
    const value = claim[field];
    if (value === undefined) continue;
    const current = record[field];
    if (current === undefined) {
      record[field] = value;
      continue;
    }
    if (sameAmount(current, value)) continue;
    const known = record.amountConflicts?.[field] ?? [];
    if (known.length >= MAX_OTHER_AMOUNTS || known.some((other) => sameAmount(other, value))) continue;
    record.amountConflicts = { ...record.amountConflicts, [field]: [...known, value] };
  }
}
