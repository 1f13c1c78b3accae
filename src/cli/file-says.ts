// What a file says about a round's trust: an export's `level` and `levelReason` (the extension's
// word when it wrote the file), a claim's `witness`, and a `preRoundCommitment` other than the
// round's commitment (the extension's record that the panel showed another commitment before the
// bet). A file proves no order of sightings (docs/trust.md), so all of it is reported as the file's
// claim, beside the CLI's own level, which for a round from a file is always `history` (not
// observed); it never becomes that level, and the CLI never accuses a round on it.
import { WITNESS_REASONS, type TrustLevel, type WitnessReason } from '../core/index.js';

export interface FileSays {
  level?: TrustLevel;
  reason?: WitnessReason;
  /** The commitment the file says was shown before the round, when it is not the round's own. */
  preRoundCommitment?: string;
}

/** The round's fields that claim a trust level; the core's verifyRound reads `witness`. */
const TRUST_FIELDS = ['witness', 'level', 'levelReason'] as const;

const LEVELS: readonly unknown[] = ['witnessed', 'history'] satisfies TrustLevel[];
const HEX_64 = /^[0-9a-f]{64}$/i;

const reasonOf = (value: unknown): WitnessReason | undefined => ((WITNESS_REASONS as readonly unknown[]).includes(value) ? (value as WitnessReason) : undefined);

/**
 * The claim as the core is to judge it, without its trust fields, and what those fields said
 * (undefined when none says anything). The claim itself is returned when it has none.
 * A `preRoundCommitment` with no `commitment` beside it stays: it is then the commitment the seed
 * must hash to, which the CLI checks itself. One that differs from `commitment` would make the core
 * accuse the round at step `witness` on the file's word alone, so it is taken out and reported.
 */
export function splitTrustClaim(claim: Record<string, unknown>): { claim: Record<string, unknown>; fileSays?: FileSays } {
  const { preRoundCommitment, commitment } = claim;
  const saysOtherCommitment = typeof preRoundCommitment === 'string' && typeof commitment === 'string' && HEX_64.test(preRoundCommitment) && preRoundCommitment.toLowerCase() !== commitment.toLowerCase();
  if (!saysOtherCommitment && !TRUST_FIELDS.some((field) => field in claim)) return { claim };
  const { witness, level, levelReason, ...judged } = claim;
  if (saysOtherCommitment) delete judged.preRoundCommitment;
  const reason = reasonOf(levelReason) ?? reasonOf(witness);
  const said = LEVELS.includes(level) ? (level as TrustLevel) : reason === undefined ? undefined : reason === 'bound-before-bet' ? 'witnessed' : 'history';
  const fileSays: FileSays = {};
  if (said !== undefined) fileSays.level = said;
  if (said !== undefined && reason !== undefined) fileSays.reason = reason;
  if (saysOtherCommitment) fileSays.preRoundCommitment = (preRoundCommitment as string).toLowerCase();
  return Object.keys(fileSays).length === 0 ? { claim: judged } : { claim: judged, fileSays };
}

/** "the file says: witnessed", "the file says: history (commitment after action)", "the file says: ab12…ef90 was shown before the round". */
export function fileSaysText(fileSays: FileSays): string {
  const { level, reason, preRoundCommitment } = fileSays;
  const parts: string[] = [];
  if (level !== undefined) {
    const why = reason === undefined || (level === 'witnessed' && reason === 'bound-before-bet') ? '' : ` (${reason.replaceAll('-', ' ')})`;
    parts.push(`${level}${why}`);
  }
  if (preRoundCommitment !== undefined) parts.push(`${preRoundCommitment.slice(0, 8)}…${preRoundCommitment.slice(-8)} was shown before the round`);
  return `the file says: ${parts.join('; ')}`;
}

/** `"fileSays":{"level"?,"reason"?,"preRoundCommitment"?}`, as a member to append to a round's JSON object. */
export function fileSaysJson(fileSays: FileSays): string {
  return `,"fileSays":${JSON.stringify(fileSays)}`;
}
