// The cross-round rules, each decided once (src/core/cross-round-rules.ts), and what the worker and
// the command line make of them.
import { describe, expect, it } from 'vitest';
import { nonceRule, resultAfterReveal, skippedNonces, withNonceConflict, type Failure, type RoundVerdict } from '../../src/core/index.js';

const failure: Failure = { step: 'nonce', expected: '17', shown: '17 / 3', message: 'Nonce 4 of this seed pair was shown with different outcomes: 17 / 3.' };

describe('one seed pair and nonce, one round', () => {
  it('other outcomes or other games at one nonce are a conflict, more bets on one outcome a repeat', () => {
    expect(nonceRule(1, 1, 1)).toBeUndefined();
    expect(nonceRule(0, 1, 1)).toBeUndefined();
    expect(nonceRule(2, 1, 1)).toBe('nonce-conflict');
    expect(nonceRule(1, 2, 1)).toBe('nonce-conflict');
    expect(nonceRule(2, 1, 3)).toBe('nonce-conflict');
    expect(nonceRule(1, 1, 2)).toBe('nonce-repeat');
    expect(nonceRule(0, 1, 2)).toBe('nonce-repeat');
  });

  it('a pending round shown with another outcome becomes a mismatch at step nonce, its pending reasons gone', () => {
    const pending: RoundVerdict = { status: 'pending', game: 'keno', failures: [], reasons: ['not revealed'], problems: [{ field: 'serverSeed', code: 'not-revealed', text: 'not revealed' }] };
    expect(withNonceConflict(pending, failure)).toEqual({ status: 'mismatch', game: 'keno', failures: [failure], reasons: [failure.message] });
    expect(pending.status).toBe('pending');
  });

  it('a verified round loses its trust level; a mismatched one keeps its failures and reasons', () => {
    const verified: RoundVerdict = { status: 'verified', game: 'keno', level: 'witnessed', levelReason: 'bound-before-bet', failures: [], reasons: [], expected: [1, 2] };
    expect(withNonceConflict(verified, failure)).toEqual({ status: 'mismatch', game: 'keno', failures: [failure], reasons: [failure.message], expected: [1, 2] });
    const outcome: Failure = { step: 'outcome', expected: '3', shown: '17', message: 'The seeds give 3, but 17 is shown.' };
    const mismatched: RoundVerdict = { status: 'mismatch', game: 'keno', failures: [outcome], reasons: [outcome.message] };
    expect(withNonceConflict(mismatched, failure)).toMatchObject({ failures: [outcome, failure], reasons: [outcome.message, failure.message] });
  });
});

describe('a seed pair counts its nonces 1, 2, 3…', () => {
  it('names the nonces skipped between two that follow each other', () => {
    expect(skippedNonces(1n, 2n)).toBeUndefined();
    expect(skippedNonces(1n, 3n)).toEqual([2n, 2n]);
    expect(skippedNonces(4n, 9n)).toEqual([5n, 8n]);
    expect(skippedNonces(2n ** 64n, 2n ** 64n + 3n)).toEqual([2n ** 64n + 1n, 2n ** 64n + 2n]);
  });
});

describe('a revealed server seed is never played', () => {
  it('only a result first seen after the reveal, both times known', () => {
    expect(resultAfterReveal(100, 101)).toBe(true);
    expect(resultAfterReveal(100, 100)).toBe(false);
    expect(resultAfterReveal(100, 99)).toBe(false);
    expect(resultAfterReveal(undefined, 101)).toBe(false);
    expect(resultAfterReveal(NaN, 101)).toBe(false);
    expect(resultAfterReveal(100, undefined)).toBe(false);
    expect(resultAfterReveal(100, NaN)).toBe(false);
    // A time a file gives as text is no time.
    expect(resultAfterReveal(100, '101')).toBe(false);
  });
});
