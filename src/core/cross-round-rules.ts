// The promises of the procedure that only show across rounds, each decided here once; the callers
// gather what they see of rounds their own way (the worker's records, `verify`'s compact rows and
// pending ledger, the core's audit of round objects) and word what is found (audit-findings.ts).
//
// "One seed pair and nonce, one round": the procedure draws a round's outcome from the server seed,
// client seed and nonce alone, so a nonce shown with two outcomes (or for two games) cannot be
// honest, and a nonce that served two bets drew the same numbers for both. It is applied where
// rounds are seen, each with the data it has: the worker's record of a round (merge.ts keeps the
// other outcomes and picks shown for it, verify-record.ts fails it), `verify`'s pending rounds
// (cli/nonce-ledger.ts fails the second one) and the cross-round audit (audit-findings.ts
// sameNonceFinding, for the worker's findings and for cli/compact-audit.ts).
import type { NonceRange } from './audit-findings.js';
import type { Failure, RoundVerdict } from './verify.js';

/**
 * What the rounds shown at one seed pair and nonce say, from how many distinct outcomes (canonical
 * text), games and bets were shown there: other outcomes or games are a conflict; one outcome that
 * served more than one bet is a repeat.
 */
export function nonceRule(outcomes: number, games: number, bets: number): 'nonce-conflict' | 'nonce-repeat' | undefined {
  if (outcomes > 1 || games > 1) return 'nonce-conflict';
  return bets > 1 ? 'nonce-repeat' : undefined;
}

type JudgedVerdict = Pick<RoundVerdict, 'status' | 'level' | 'levelReason' | 'failures' | 'reasons' | 'problems'>;

/**
 * The verdict of a round whose nonce was also shown with another outcome: a mismatch at step
 * `nonce`, whatever recomputing it said. It earns no trust level, and the reasons of a round that
 * was pending or verified (not yet revealed, say) no longer apply.
 */
export function withNonceConflict<V extends JudgedVerdict>(verdict: V, failure: Failure): V {
  const conflicted: V = { ...verdict, status: 'mismatch', failures: [...verdict.failures, failure], reasons: [...(verdict.status === 'mismatch' ? verdict.reasons : []), failure.message] };
  delete conflicted.level;
  delete conflicted.levelReason;
  delete conflicted.problems;
  return conflicted;
}

/**
 * "A seed pair's nonces count 1, 2, 3…": the nonces skipped between two nonces of one seed pair
 * that follow each other (ascending, distinct); undefined when none are.
 */
export function skippedNonces(before: bigint, after: bigint): NonceRange | undefined {
  return after - before > 1n ? [before + 1n, after - 1n] : undefined;
}

/**
 * "A revealed server seed is never used again": whether a round whose result was first seen at
 * `resultAt` came after its server seed was revealed at `revealedAt` (times in ms; an unknown one,
 * undefined or NaN, never says so).
 */
export function resultAfterReveal(revealedAt: number | undefined, resultAt: unknown): boolean {
  return typeof revealedAt === 'number' && typeof resultAt === 'number' && revealedAt < resultAt;
}
