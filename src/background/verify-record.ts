import { canonicalOutcome, clip, verifyRound, withNonceConflict, type RoundClaim, type RoundTrace } from '../core/index.js';
import type { RoundRecord, StoredVerdict } from '../shared/records.js';
import { seedHashesTo } from './round-key.js';

/** How much of a long outcome a failure quotes. */
const MAX_QUOTED = 100;

/**
 * The server seed to recompute with: of the seeds shown for the round, the one that hashes to its
 * commitment; when none does, the first shown (and step `commitment` fails on it).
 */
export function seedOf(record: Pick<RoundRecord, 'serverSeed' | 'otherServerSeeds' | 'commitment'>): string | undefined {
  if (record.otherServerSeeds === undefined || record.commitment === undefined) return record.serverSeed;
  const commitment = record.commitment.toLowerCase();
  return [record.serverSeed, ...record.otherServerSeeds].find((seed) => seed !== undefined && seedHashesTo(seed, commitment)) ?? record.serverSeed;
}

/** The core's claim for a stored round. */
export function claimOf(record: RoundRecord): RoundClaim {
  return {
    game: record.game || record.gameId,
    serverSeed: seedOf(record),
    commitment: record.commitment,
    clientSeed: record.clientSeed,
    nonce: record.nonce,
    result: record.result,
    roundSignature: record.roundSignature,
    // The commitment the panel showed before the bet: step `witness` compares it with `commitment`.
    preRoundCommitment: record.preRoundCommitment,
    observedAt: record.observedAt,
    witness: record.witness,
  };
}

/** Recomputes a stored round and adds what only the record knows: two outcomes shown for one nonce (core/cross-round-rules.ts). */
export function verifyRecord(record: RoundRecord, withTrace = false): { verdict: StoredVerdict; trace?: RoundTrace } {
  const verdict = verifyRound(claimOf(record), { trace: withTrace });
  const stored: StoredVerdict = {
    status: verdict.status,
    level: verdict.level,
    levelReason: verdict.levelReason,
    failures: verdict.failures,
    reasons: verdict.reasons,
    expected: verdict.expected,
  };
  if (verdict.problems) stored.problems = verdict.problems;
  if (record.conflictingResults?.length) {
    // The texts that were compared (merge.ts): what made them two outcomes is what is quoted.
    const show = (value: string | string[]) => canonicalOutcome(record.game || record.gameId, value)!;
    // Quoted whole when it is an outcome a game shows, cut short when a page sent a long one.
    const shown = [record.result!, ...record.conflictingResults].map((value) => clip(show(value), MAX_QUOTED)).join(' / ');
    const failure = {
      step: 'nonce' as const,
      expected: clip(show(record.result!), MAX_QUOTED),
      shown,
      message: `Nonce ${record.nonce ?? '?'} of this seed pair was shown with different outcomes: ${shown}.`,
    };
    return { verdict: withNonceConflict(stored, failure), trace: verdict.trace };
  }
  return { verdict: stored, trace: verdict.trace };
}
