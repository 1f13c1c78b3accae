import { describe, expect, it } from 'vitest';
import { mergeClaim } from '../../src/background/merge.js';
import { claimOf, verifyRecord } from '../../src/background/verify-record.js';
import { verifyRound } from '../../src/core/index.js';
import type { CapturedClaim, RoundRecord } from '../../src/shared/records.js';
import { pendingClaim, revealedClaim, vector, wrongResult, type GameName } from './fixtures.js';

const NOW = 1_700_000_000_000;

function recordFrom(claims: CapturedClaim[]): RoundRecord {
  let record: RoundRecord | undefined;
  claims.forEach((claim, i) => (record = mergeClaim(record, claim, NOW + i, 1)));
  return record!;
}

describe('verifyRecord', () => {
  const round = vector(4);

  it.each(['European Roulette', 'American Roulette', 'Keno'] as const)('%s: pending until the revealed seed arrives, then verified', (game: GameName) => {
    const pending = recordFrom([pendingClaim(round, game)]);
    const before = verifyRecord(pending).verdict;
    expect(before.status).toBe('pending');
    expect(before.level).toBeUndefined();
    expect(before.failures).toEqual([]);
    expect(before.reasons.join(' ')).toMatch(/server seed is not revealed/);

    const revealed = mergeClaim(pending, revealedClaim(round, game), NOW + 10, 2);
    const after = verifyRecord(revealed).verdict;
    expect(after.status).toBe('verified');
    expect(after.failures).toEqual([]);
    expect(after.expected).toEqual(game === 'Keno' ? round.keno : game === 'American Roulette' ? round.roulette.american : round.roulette.european);
  });

  it.each([
    ['the worker judged it bound before the bet, revealed later', 'bound-before-bet', 300, 'witnessed', 'bound-before-bet'],
    ['judged bound, but the seed was seen with the outcome', 'bound-before-bet', 200, 'history', 'outcome-after-reveal'],
    ['judged bound, but the seed was seen before the outcome', 'bound-before-bet', 100, 'history', 'outcome-after-reveal'],
    ['judged: no player action', 'no-action', 300, 'history', 'no-action'],
    ['never judged (not watched)', undefined, 300, 'history', 'not-observed'],
  ] as const)('%s → %s', (_label, witness, serverSeedAt, level, levelReason) => {
    const record = recordFrom([revealedClaim(round, 'Keno', { commitment: NOW - 900, result: NOW - 800, serverSeed: NOW - 1000 + serverSeedAt })]);
    if (witness !== undefined) record.witness = witness;
    const { verdict } = verifyRecord(record);
    expect(verdict.status).toBe('verified');
    expect(verdict).toMatchObject({ level, levelReason });
  });

  it('a round shown with two outcomes is a mismatch with a nonce failure and no level', () => {
    const conflicted = recordFrom([
      revealedClaim(round, 'European Roulette', { commitment: NOW - 500, result: NOW - 100 }),
      { ...revealedClaim(round, 'European Roulette'), result: wrongResult(round, 'European Roulette') },
    ]);
    expect(conflicted.conflictingResults).toHaveLength(1);
    const { verdict } = verifyRecord(conflicted);
    expect(verdict.status).toBe('mismatch');
    expect(verdict.level).toBeUndefined();
    expect('level' in verdict).toBe(false);
    expect(verdict.failures.map((f) => f.step)).toEqual(['nonce']);
    const [failure] = verdict.failures;
    expect(failure!.shown).toBe(`${round.roulette.european} / ${wrongResult(round, 'European Roulette')}`);
    expect(failure!.message).toContain(`Nonce ${round.nonce}`);
    expect(verdict.reasons).toEqual([failure!.message]);
  });

  it('a game it cannot verify: the two outcomes are quoted as they were compared, not in the order a page listed them', () => {
    const claim = { ...pendingClaim(round, 'Keno'), game: 'Crash' };
    const conflicted = recordFrom([{ ...claim, result: ['9', '2'] }, { ...claim, result: ['2', '9'] }, { ...claim, result: ['2', '10'] }]);
    expect(conflicted.conflictingResults).toEqual([['2', '10']]);
    const [failure] = verifyRecord(conflicted).verdict.failures;
    expect(failure!.shown).toBe('2 9 / 10 2');
  });

  it('a round shown with two outcomes is a mismatch even before the seed is revealed', () => {
    const conflicted = recordFrom([pendingClaim(round, 'Keno'), { ...pendingClaim(round, 'Keno'), result: wrongResult(round, 'Keno') }]);
    const { verdict } = verifyRecord(conflicted);
    expect(verdict.status).toBe('mismatch');
    expect(verdict.failures.map((f) => f.step)).toEqual(['nonce']);
    expect(verdict.reasons.join(' ')).not.toMatch(/not revealed/);
  });

  it('a seed that does not hash to the commitment is a commitment failure', () => {
    const record = recordFrom([{ ...revealedClaim(round, 'Keno'), serverSeed: vector(5).serverSeed }]);
    const { verdict } = verifyRecord(record);
    expect(verdict.status).toBe('mismatch');
    expect(verdict.level).toBeUndefined();
    expect(verdict.failures.map((f) => f.step)).toContain('commitment');
    const failure = verdict.failures.find((f) => f.step === 'commitment')!;
    expect(failure.expected).toBe(vector(5).commitment);
    expect(failure.shown).toBe(round.commitment);
  });

  it('a wrong displayed outcome is an outcome failure', () => {
    const record = recordFrom([{ ...revealedClaim(round, 'Keno'), result: wrongResult(round, 'Keno') }]);
    const { verdict } = verifyRecord(record);
    expect(verdict.status).toBe('mismatch');
    expect(verdict.failures.map((f) => f.step)).toEqual(['outcome']);
  });

  it('returns the trace only when asked', () => {
    const record = recordFrom([revealedClaim(round, 'Keno')]);
    expect(verifyRecord(record).trace).toBeUndefined();
    const trace = verifyRecord(record, true).trace;
    expect(trace?.signature.computed).toBe(round.roundSignature);
    expect(trace?.outcome).toEqual(round.keno);
  });

  it('claimOf falls back to the game id when the name is missing', () => {
    const record = recordFrom([revealedClaim(round, 'Keno')]);
    expect(claimOf({ ...record, game: '' }).game).toBe('keno');
    expect(verifyRound(claimOf({ ...record, game: '' })).status).toBe('verified');
  });
});
