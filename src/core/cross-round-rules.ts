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
// sameNonceFinding, for the worker's findings and for cli/compact-audit.ts). What counts as one
// outcome is canonicalOutcome's (the ledger, which sees supported games only, writes the game's
// format of the parsed outcome: the same text).
//
// "A server seed belongs to one seed pair": a seed shown in two seed pairs was used again. Its uses
// are told apart by seedUseKey, in the core's audit (the worker's findings) and in the CLI's.
import type { NonceRange } from './audit-findings.js';
import { outcomeTextOf } from './games/registry.js';
import type { Failure, RoundVerdict } from './verify.js';

/**
 * The canonical text of an outcome: two sightings of a round show one outcome exactly when their
 * texts are equal, and the audit's findings quote it. A supported game reads the value as its
 * outcome ("17" and "17 Red" are "17"; keno numbers in any order are "3 5 6 …" ascending). For a
 * game it does not know, or a value that does not read as the game's outcome, only the writing is
 * set aside, never guessed about: a text stays as it is, and a list of numbers or texts (the page's
 * chips, a file's array) is its items sorted and joined by spaces, so the same items in another
 * order, or written as numbers or as one text, are one outcome. A value in no such form is its
 * JSON. Undefined when there is no outcome (undefined, null, or what JSON cannot write).
 */
export function canonicalOutcome(gameName: unknown, shown: unknown): string | undefined {
  if (shown === undefined || shown === null) return undefined;
  const text = typeof gameName === 'string' ? outcomeTextOf(gameName, shown) : undefined;
  if (text !== undefined) return text;
  if (typeof shown === 'string') return shown;
  if (Array.isArray(shown) && shown.every(isListItem)) return shown.map(String).sort().join(' ');
  try {
    return JSON.stringify(shown);
  } catch {
    // A value JSON cannot write (a bigint, a cycle) still gets some stable text.
    return String(typeof shown);
  }
}

const isListItem = (item: unknown): item is string | number => typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item));

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
 * "A server seed belongs to one seed pair": the key of one use of a seed, the seed pair it was shown
 * in (its commitment, lowercase, and client seed). A round without a client seed and one with
 * "" are one use: neither names a second pair.
 */
export function seedUseKey(commitment: string, clientSeed: string | undefined): string {
  return `${commitment}\n${clientSeed ?? ''}`;
}

/**
 * The uses of one seed that say something: a use without a client seed says nothing new about a
 * commitment another use already shows. The seed was used again when these name two commitments
 * or two client seeds (seedReuseFinding).
 */
export function namedSeedUses<U extends { commitment: string; clientSeed?: string }>(uses: readonly U[]): U[] {
  return uses.filter((p) => p.clientSeed !== undefined || !uses.some((q) => q !== p && q.commitment === p.commitment));
}

/**
 * "A revealed server seed is never used again": whether a round whose result was first seen at
 * `resultAt` came after its server seed was revealed at `revealedAt` (times in ms; an unknown one,
 * undefined or NaN, never says so).
 */
export function resultAfterReveal(revealedAt: number | undefined, resultAt: unknown): boolean {
  return typeof revealedAt === 'number' && typeof resultAt === 'number' && revealedAt < resultAt;
}
