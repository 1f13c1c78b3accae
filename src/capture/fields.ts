// The value fields of a captured round, shared by the scanner, the text parser and the JSON tap.
import type { CapturedClaim } from '../shared/records.js';

/** A round's fields as read from a page, a paste or a JSON response: no source, no times. */
export type FairnessFields = Omit<CapturedClaim, 'source' | 'observedAt'>;
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
] as const satisfies readonly FieldName[];

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
  for (const field of FIELD_NAMES) if (field !== 'game' && fields[field] !== undefined) values++;
  return values >= 2;
}
