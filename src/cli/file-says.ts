// What a file says about a round's trust level: an export's `level` and `levelReason` (the
// extension's word when it wrote the file) or a claim's `witness`. A file proves no order of
// sightings (docs/trust.md), so this is reported as the file's claim, beside the CLI's own level,
// which for a round from a file is always `history` (not observed); it never becomes that level.
import { WITNESS_REASONS, type TrustLevel, type WitnessReason } from '../core/index.js';

export interface FileSays {
  level: TrustLevel;
  reason?: WitnessReason;
}

/** The round's fields that claim a trust level; the core's verifyRound reads `witness`. */
const TRUST_FIELDS = ['witness', 'level', 'levelReason'] as const;

const LEVELS: readonly unknown[] = ['witnessed', 'history'] satisfies TrustLevel[];

const reasonOf = (value: unknown): WitnessReason | undefined => ((WITNESS_REASONS as readonly unknown[]).includes(value) ? (value as WitnessReason) : undefined);

/**
 * The claim as the core is to judge it, without its trust fields, and what those fields said
 * (undefined when none names a known level or reason). The claim itself is returned when it has none.
 */
export function splitTrustClaim(claim: Record<string, unknown>): { claim: Record<string, unknown>; fileSays?: FileSays } {
  if (!TRUST_FIELDS.some((field) => field in claim)) return { claim };
  const { witness, level, levelReason, ...judged } = claim;
  const reason = reasonOf(levelReason) ?? reasonOf(witness);
  const said = LEVELS.includes(level) ? (level as TrustLevel) : reason === undefined ? undefined : reason === 'bound-before-bet' ? 'witnessed' : 'history';
  if (said === undefined) return { claim: judged };
  return { claim: judged, fileSays: reason === undefined ? { level: said } : { level: said, reason } };
}

/** "the file says: witnessed", "the file says: history (commitment after action)". */
export function fileSaysText(fileSays: FileSays): string {
  const { level, reason } = fileSays;
  const why = reason === undefined || (level === 'witnessed' && reason === 'bound-before-bet') ? '' : ` (${reason.replaceAll('-', ' ')})`;
  return `the file says: ${level}${why}`;
}

/** `"fileSays":{"level","reason"?}`, as a member to append to a round's JSON object. */
export function fileSaysJson(fileSays: FileSays): string {
  return `,"fileSays":${JSON.stringify(fileSays)}`;
}
