// "One seed pair and nonce, one round": the procedure draws a round's outcome from the server seed,
// client seed and nonce alone, so a nonce shown with two outcomes (or for two games) cannot be
// honest, and a nonce that served two bets drew the same numbers for both. The rule is applied
// where rounds are seen, each with the data it has: the worker's record of a round (merge.ts keeps
// the other outcomes and picks shown for it, verify-record.ts fails it), `verify`'s pending rounds
// (cli/nonce-ledger.ts fails the second one) and the cross-round audit (audit-findings.ts
// sameNonceFinding, for the worker's findings and for cli/compact-audit.ts). What the rule decides
// is here, once; the callers only gather and word.
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
