import { describe, expect, it } from 'vitest';
import { mergeClaim } from '../../src/background/merge.js';
import { exportedRoundOf, rowOf } from '../../src/background/rows.js';
import { verifyRecord } from '../../src/background/verify-record.js';
import { verifyRound, type WitnessReason } from '../../src/core/index.js';
import type { CapturedClaim, RoundRecord } from '../../src/shared/records.js';
import { doubleZeroVector, pendingClaim, revealedClaim, vector, wrongResult } from './fixtures.js';

const NOW = 1_700_000_000_000;

/** The record as the store leaves it once the trust rule judged its evidence (core/witness.ts). */
function judged(record: RoundRecord, witness: WitnessReason): RoundRecord {
  const withEvidence = { ...record, witness };
  return { ...withEvidence, verdict: verifyRecord(withEvidence).verdict };
}

/** A record as the store keeps it: merged from the claims, then verified. */
function recordFrom(...claims: CapturedClaim[]): RoundRecord {
  let record: RoundRecord | undefined;
  claims.forEach((claim, i) => (record = mergeClaim(record, claim, NOW + i, 1)));
  record!.verdict = verifyRecord(record!).verdict;
  return record!;
}

describe('rowOf', () => {
  const round = vector(2);

  it('verified: says the recomputed outcome matches, and formats keno as ascending numbers', () => {
    const chipsOutOfOrder = [...round.keno].reverse().map(String);
    const record = recordFrom({ ...revealedClaim(round, 'Keno'), result: chipsOutOfOrder });
    const row = rowOf(record);
    const text = round.keno.join(' ');
    expect(row).toMatchObject({
      key: record.key,
      game: 'Keno',
      gameId: 'keno',
      nonce: String(round.nonce),
      status: 'verified',
      level: 'history',
      shown: text,
      expected: text,
      updatedAt: record.updatedAt,
    });
    // Only an invalid round carries problems (codes); the popup words the rest from the status (round-row.tsx).
    expect(row.problems).toBeUndefined();
    expect(row.failures).toBeUndefined();
    expect(row).not.toHaveProperty('serverSeed');
  });

  it('keno: carries the player\'s picks as shown, for the row\'s hits', () => {
    const record = recordFrom({ ...revealedClaim(round, 'Keno'), picks: ['3', '17', '40'] });
    expect(rowOf(record).picks).toEqual(['3', '17', '40']);
    expect(rowOf(recordFrom(revealedClaim(round, 'Keno'))).picks).toBeUndefined();
  });

  it('verified American roulette shows "00"', () => {
    const zero = doubleZeroVector();
    const row = rowOf(recordFrom(revealedClaim(zero, 'American Roulette')));
    expect(row.status).toBe('verified');
    expect(row.shown).toBe('00');
    expect(row.expected).toBe('00');
  });

  it('mismatch: the failed steps with what the seeds give and what was shown', () => {
    const wrong = wrongResult(round, 'European Roulette') as string;
    const record = recordFrom({ ...revealedClaim(round, 'European Roulette'), result: ` ${wrong}` });
    const row = rowOf(record);
    expect(row.status).toBe('mismatch');
    expect(row.shown).toBe(wrong);
    expect(row.expected).toBe(round.roulette.european);
    expect(row.level).toBeUndefined();
    expect(row.failures).toEqual([{ step: 'outcome', expected: round.roulette.european, shown: wrong }]);
  });

  it('mismatch with several failures carries each, in order', () => {
    const record = recordFrom({ ...revealedClaim(round, 'Keno'), serverSeed: vector(3).serverSeed });
    const row = rowOf(record);
    expect(record.verdict.failures.length).toBeGreaterThan(1);
    expect(row.failures).toEqual(record.verdict.failures.map(({ step, expected, shown }) => ({ step, expected, shown })));
    expect(row.failures![0]!.step).toBe('commitment');
  });

  it('pending: shown but no expected outcome', () => {
    const row = rowOf(recordFrom(pendingClaim(round, 'Keno')));
    expect(row.status).toBe('pending');
    expect(row.problems).toBeUndefined();
    expect(row.shown).toBe(round.keno.join(' '));
    expect(row.expected).toBeUndefined();
    expect(row.failures).toBeUndefined();
  });

  it('invalid: the reasons as codes, for the popup to word', () => {
    const { commitment: _c, result: _r, ...bare } = revealedClaim(round, 'European Roulette');
    const row = rowOf(recordFrom(bare));
    expect(row.status).toBe('invalid');
    expect(row.problems?.map(({ field, code }) => [field, code])).toEqual([
      ['commitment', 'commitment-missing'],
      ['result', 'result-missing'],
    ]);
    expect(row.shown).toBeUndefined();
  });

  it('invalid, stored before problem codes were kept: the codes are found again', () => {
    const { commitment: _c, result: _r, ...bare } = revealedClaim(round, 'European Roulette');
    const record = recordFrom(bare);
    delete record.verdict.problems;
    expect(rowOf(record).problems?.map(({ code }) => code)).toEqual(['commitment-missing', 'result-missing']);
  });

  it('unsupported: raw values shown as read', () => {
    const row = rowOf(recordFrom({ ...pendingClaim(round, 'Keno'), game: 'Mines', result: ['3', '1', '2'] }));
    expect(row.status).toBe('unsupported');
    expect(row.gameId).toBe('mines');
    expect(row.shown).toBe('3 1 2');
    expect(row.expected).toBeUndefined();
  });
});

describe('exportedRoundOf', () => {
  const cases: [string, () => RoundRecord][] = [
    ['verified keno, witnessed', () => judged(recordFrom(revealedClaim(vector(0), 'Keno', { commitment: NOW - 9, result: NOW - 5 })), 'bound-before-bet')],
    ['verified European roulette, history', () => recordFrom(revealedClaim(vector(1), 'European Roulette', { commitment: NOW - 1, result: NOW - 5 }))],
    ['verified American "00"', () => recordFrom(revealedClaim(doubleZeroVector(), 'American Roulette', { commitment: NOW - 9, result: NOW - 5 }))],
    ['verified under a German name', () => recordFrom({ ...revealedClaim(vector(6), 'European Roulette'), game: 'Europäisches Roulette' })],
    ['pending', () => recordFrom(pendingClaim(vector(2), 'Keno'))],
    ['outcome mismatch', () => recordFrom({ ...revealedClaim(vector(3), 'Keno'), result: wrongResult(vector(3), 'Keno') })],
    ['commitment mismatch', () => recordFrom({ ...revealedClaim(vector(4), 'Keno'), serverSeed: vector(5).serverSeed })],
    ['invalid (no commitment)', () => recordFrom({ ...revealedClaim(vector(7), 'Keno'), commitment: undefined })],
    ['unsupported', () => recordFrom({ ...pendingClaim(vector(8), 'Keno'), game: 'Plinko', result: '12x' })],
  ];

  it.each(cases)('%s: the core re-verifies the export to the same status; from a file, a verified round is history', (_label, make) => {
    const record = make();
    const exported = exportedRoundOf(record);
    const again = verifyRound(JSON.parse(JSON.stringify(exported)));
    expect(again.status).toBe(record.verdict.status);
    // The file says what this browser saw, but a file proves no order of sightings.
    expect(again.level).toBe(record.verdict.level === undefined ? undefined : 'history');
    expect(exported.verdict).toBe(record.verdict.status);
    expect(exported.level).toBe(record.verdict.level);
    expect(again.failures.map((f) => f.step)).toEqual(record.verdict.failures.map((f) => f.step));
  });

  it('the statuses and levels above cover every case', () => {
    const seen = new Set(cases.map(([, make]) => `${make().verdict.status}/${make().verdict.level ?? ''}`));
    expect([...seen].sort()).toEqual(['invalid/', 'mismatch/', 'pending/', 'unsupported/', 'verified/history', 'verified/witnessed']);
  });

  it('carries the claim with the outcome parsed and the game id', () => {
    const round = vector(0);
    const record = recordFrom({ ...revealedClaim(round, 'Keno', { result: NOW - 5 }), result: [...round.keno].reverse().map(String) });
    const exported = exportedRoundOf(record);
    expect(exported).toEqual({
      game: 'keno',
      serverSeed: round.serverSeed,
      commitment: round.commitment,
      clientSeed: round.clientSeed,
      nonce: String(round.nonce),
      result: round.keno,
      observedAt: record.observedAt,
      verdict: 'verified',
      level: 'history',
      levelReason: 'not-observed',
      expected: round.keno,
    });
  });

  it('omits undefined fields', () => {
    const exported = exportedRoundOf(recordFrom(pendingClaim(vector(2), 'European Roulette')));
    for (const [field, value] of Object.entries(exported)) expect(value, field).not.toBeUndefined();
    expect(Object.keys(exported)).not.toContain('serverSeed');
    expect(Object.keys(exported)).not.toContain('roundSignature');
    expect(Object.keys(exported)).not.toContain('level');
    expect(Object.keys(exported)).not.toContain('failures');
    expect(Object.keys(exported)).not.toContain('expected');
    expect(exported.reasons).toHaveLength(1);
    expect(exported.result).toBe(vector(2).roulette.european);
  });

  it('lists failed steps by name', () => {
    const round = vector(3);
    const exported = exportedRoundOf(recordFrom({ ...revealedClaim(round, 'Keno'), result: wrongResult(round, 'Keno') }));
    expect(exported.failures).toEqual(['outcome']);
    expect(exported.expected).toEqual(round.keno);
  });

  it('a two-outcome (nonce) mismatch is exported with its nonce failure', () => {
    const round = vector(3);
    const record = recordFrom(revealedClaim(round, 'Keno'), { ...revealedClaim(round, 'Keno'), result: wrongResult(round, 'Keno') });
    const exported = exportedRoundOf(record);
    expect(exported.verdict).toBe('mismatch');
    expect(exported.failures).toEqual(['nonce']);
    expect(exported).not.toHaveProperty('level');
  });
});
