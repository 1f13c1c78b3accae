// The value fields of a captured round, shared by the scanner, the text parser and the JSON tap.
import type { CapturedClaim } from '../../shared/records.js';

/** A round's fields as read from a page, a paste or a JSON response: no source, no times. */
export type FairnessFields = Omit<CapturedClaim, 'source' | 'observedAt' | 'actedAt' | 'documentActedAt' | 'clientSeedTypedAt' | 'shownAgainAt'>;
export type FieldName = keyof FairnessFields;

export const FIELD_NAMES = [
  'game',
  'serverSeed',
  'commitment',
  'clientSeed',
  'nonce',
  'result',
  'roundSignature',
  'picks',
  'stake',
  'payout',
  'multiplier',
] as const satisfies readonly FieldName[];

/**
 * What a round's bet paid: context for a round, never its name. A stake beside a seed pair is the
 * bet form of the next round; only seeds, a nonce, an outcome or a signature say which round.
 */
export const AMOUNT_FIELDS = ['stake', 'payout', 'multiplier'] as const satisfies readonly FieldName[];
export type AmountField = (typeof AMOUNT_FIELDS)[number];
const NAMING_FIELDS: readonly FieldName[] = FIELD_NAMES.filter((field) => field !== 'game' && !(AMOUNT_FIELDS as readonly FieldName[]).includes(field));

/** A value as one string, to compare values: a list's items joined by NUL (no item holds one). */
export function valueSignature(value: string | readonly string[]): string {
  return typeof value === 'string' ? value : value.join('\u0000');
}

/** Fields a page may show as a row of number chips (keno's draw and picks). */
export const LIST_FIELDS: ReadonlySet<FieldName> = new Set<FieldName>(['result', 'picks']);

/**
 * Whether a set of values names a round (or the active seed pair): a seed, a commitment or a
 * signature, or a nonce or client seed together with another value. Anything less ("Result: 17"
 * in a banner, a settings response with only a client seed) is context, not a round.
 */
export function namesRound(fields: Partial<Record<FieldName, unknown>>): boolean {
  if (fields.serverSeed !== undefined || fields.commitment !== undefined || fields.roundSignature !== undefined) return true;
  if (fields.nonce === undefined && fields.clientSeed === undefined) return false;
  let values = 0;
  for (const field of NAMING_FIELDS) if (fields[field] !== undefined) values++;
  return values >= 2;
}
