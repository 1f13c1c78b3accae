import { lookupGame, nobleBackend, verifyRound, type RoundClaim, type RoundTrace } from '../core/index.js';
import type { RoundRecord, StoredVerdict } from '../shared/records.js';

/**
 * The server seed to recompute with: of the seeds shown for the round, the one that hashes to its
 * commitment; when none does, the first shown (and step `commitment` fails on it).
 */
export function seedOf(record: Pick<RoundRecord, 'serverSeed' | 'otherServerSeeds' | 'commitment'>): string | undefined {
  if (record.otherServerSeeds === undefined || record.commitment === undefined) return record.serverSeed;
  const commitment = record.commitment.toLowerCase();
  return [record.serverSeed, ...record.otherServerSeeds].find((seed) => seed !== undefined && nobleBackend.sha3_256Hex(seed) === commitment) ?? record.serverSeed;
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

/** Recomputes a stored round and adds what only the record knows: two outcomes shown for one nonce. */
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
  if (record.conflictingResults?.length) {
    const lookup = lookupGame(record.game || record.gameId);
    const show = (value: string | string[]) => {
      if (lookup.kind !== 'supported') return String(value);
      const parsed = lookup.game.parseDisplayed(value);
      return parsed.ok ? lookup.game.format(parsed.outcome) : String(value);
    };
    const shown = [record.result!, ...record.conflictingResults].map((value) => clipped(show(value))).join(' / ');
    const failure = {
      step: 'nonce' as const,
      expected: clipped(show(record.result!)),
      shown,
      message: `Nonce ${record.nonce ?? '?'} of this seed pair was shown with different outcomes: ${shown}.`,
    };
    stored.status = 'mismatch';
    delete stored.level;
    delete stored.levelReason;
    stored.failures = [...stored.failures, failure];
    stored.reasons = [...stored.reasons.filter(() => verdict.status === 'mismatch'), failure.message];
  }
  return { verdict: stored, trace: verdict.trace };
}

/** An outcome as a failure quotes it: whole when it is one a game shows, cut short when a page sent a long one. */
const MAX_QUOTED = 100;
const clipped = (text: string): string => (text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED - 1)}…` : text);
