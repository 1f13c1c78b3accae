// applyClaim without a store: the answers it asks for are given by hand, so each rule of a write
// (sighting folded in, when a round is judged, what a judgement changes, when a record changed) is
// seen on its own. store.test.ts covers the same rules through IndexedDB.
import { describe, expect, it } from 'vitest';
import { applyClaim, applyClaimWith, sameContent, type Need } from '../../src/background/apply-claim.js';
import type { CommitmentSighting } from '../../src/background/schema.js';
import type { WitnessJudgement } from '../../src/core/index.js';
import type { RoundRecord } from '../../src/shared/records.js';
import { pendingClaim, revealedClaim, vector, wrongResult } from './fixtures.js';

const T = 1_700_000_000_000;
const none = { sighting: () => undefined, judgement: () => undefined };

describe('applyClaim', () => {
  it('a new round: merged, asked about its pair and judged, verified, and changed', () => {
    const round = vector(0);
    const asked: Need[] = [];
    const applied = applyClaimWith(undefined, revealedClaim(round, 'Keno', { result: T - 5 }), { now: T, seq: 7 }, {
      sighting: (commitment) => (asked.push({ sighting: commitment }), undefined),
      judgement: (record) => (asked.push({ judgement: record }), { reason: 'no-commitment' }),
    });
    expect(asked.map((need) => Object.keys(need)[0])).toEqual(['sighting', 'judgement']);
    expect(asked[0]).toEqual({ sighting: round.commitment.toLowerCase() });
    expect(applied.changed).toBe(true);
    expect(applied.accused).toEqual([]);
    expect(applied.record).toMatchObject({ seq: 7, gameId: 'keno', witness: 'no-commitment', firstSeenAt: T, verdict: { status: 'verified', level: 'history' } });
  });

  it('folds in the stored pair: its first sighting and its revealed seed', () => {
    const round = vector(1);
    const sighting: CommitmentSighting = { commitment: round.commitment, firstSeenAt: T - 100, revealedSeed: round.serverSeed, revealedAt: T - 1 };
    const applied = applyClaimWith(undefined, pendingClaim(round, 'Keno', { commitment: T - 50, result: T - 20 }), { now: T, seq: 1 }, { ...none, sighting: () => sighting });
    expect(applied.record.serverSeed).toBe(round.serverSeed);
    expect(applied.record.observedAt).toMatchObject({ commitment: T - 100, serverSeed: T - 1 });
    expect(applied.record.verdict.status).toBe('verified');
  });

  it('a file is never judged, and its fields get no time', () => {
    const applied = applyClaimWith(undefined, revealedClaim(vector(2), 'Keno', { result: T - 5 }), { now: T, seq: 1, untimed: true }, {
      ...none,
      judgement: () => {
        throw new Error('a file must not be judged');
      },
    });
    expect(applied.record.observedAt.result).toBeUndefined();
    expect(applied.record.witness).toBeUndefined();
  });

  it('the same claim again changes nothing, and is not judged again', () => {
    const claim = revealedClaim(vector(3), 'European Roulette', { result: T - 5 });
    const judged: RoundRecord[] = [];
    const answers = { ...none, judgement: (record: RoundRecord): WitnessJudgement => (judged.push(record), { reason: 'no-commitment' }) };
    const first = applyClaimWith(undefined, claim, { now: T, seq: 1 }, answers);
    const again = applyClaimWith(first.record, claim, { now: T + 1000, seq: 2 }, answers);
    expect(judged).toHaveLength(1);
    expect(again.changed).toBe(false);
    expect(again.record.updatedAt).toBe(T + 1000);
    expect(again.record.seq).toBe(1);
  });

  it('a second outcome is a change, and a mismatch', () => {
    const round = vector(4);
    const first = applyClaimWith(undefined, revealedClaim(round, 'Keno', { result: T - 5 }), { now: T, seq: 1 }, none);
    const second = applyClaimWith(first.record, { ...revealedClaim(round, 'Keno', { result: T - 5 }), result: wrongResult(round, 'Keno') }, { now: T, seq: 2 }, none);
    expect(second.changed).toBe(true);
    expect(second.record.verdict.status).toBe('mismatch');
    expect(second.record.conflictingResults).toHaveLength(1);
  });

  it('a judgement that names another commitment shown before the bet: kept, and both pairs noted as accused', () => {
    const round = vector(5);
    const other = 'ab'.repeat(32);
    const applied = applyClaimWith(undefined, revealedClaim(round, 'Keno', { result: T - 5 }), { now: T, seq: 1 }, {
      ...none,
      judgement: () => ({ reason: 'no-commitment', shownBeforeAction: other }),
    });
    expect(applied.record.preRoundCommitment).toBe(other);
    expect(applied.accused).toEqual([other, round.commitment.toLowerCase()]);
    expect(applied.record.verdict.status).toBe('mismatch');
  });

  it('a later judgement on part of the evidence (the store met more than it reads) leaves the accusation standing', () => {
    const round = vector(5);
    const other = 'ab'.repeat(32);
    const accused = applyClaimWith(undefined, revealedClaim(round, 'Keno', { result: T - 5 }), { now: T, seq: 1 }, {
      ...none,
      judgement: () => ({ reason: 'no-commitment', shownBeforeAction: other }),
    });
    const judgement = (): WitnessJudgement => ({ reason: 'several-commitments', partial: true });
    const again = applyClaimWith(accused.record, { source: 'dom', observedAt: {} }, { now: T + 10, seq: 1, rejudge: true }, { ...none, judgement });
    expect(again.record.preRoundCommitment).toBe(other);
    expect(again.record.verdict.status).toBe('mismatch');
    // A whole judgement without one withdraws it.
    const withdrawn = applyClaimWith(accused.record, { source: 'dom', observedAt: {} }, { now: T + 10, seq: 1, rejudge: true }, { ...none, judgement: () => ({ reason: 'no-commitment' }) });
    expect(withdrawn.record.preRoundCommitment).toBeUndefined();
  });

  it('rejudging takes trust away but does not give it (a later judgement of an old outcome)', () => {
    const claim = revealedClaim(vector(6), 'Keno', { result: T - 5 });
    const first = applyClaimWith(undefined, claim, { now: T, seq: 1 }, { ...none, judgement: () => ({ reason: 'no-commitment' }) });
    const nothing = { source: 'dom' as const, observedAt: {} };
    const rejudged = applyClaimWith(first.record, nothing, { now: T, seq: 1, rejudge: true }, { ...none, judgement: () => ({ reason: 'bound-before-bet' }) });
    expect(rejudged.record.witness).toBe('no-commitment');
  });

  it('asks nothing about a pair for a round without a commitment', () => {
    const { commitment: _c, serverSeed: _s, ...bare } = revealedClaim(vector(7), 'Keno');
    const steps = applyClaim(undefined, bare, { now: T, seq: 1 });
    const first = steps.next();
    expect(first.done).toBe(false);
    expect(first.value).toHaveProperty('judgement');
  });
});

describe('sameContent', () => {
  const record = applyClaimWith(undefined, revealedClaim(vector(0), 'Keno'), { now: T, seq: 1 }, none).record;
  it('ignores updatedAt and properties holding undefined, as JSON text did', () => {
    expect(sameContent(record, { ...record, updatedAt: T + 5, witness: undefined })).toBe(true);
  });
  it('sees a changed nested value, an added field and a reordered array', () => {
    expect(sameContent(record, { ...record, observedAt: { ...record.observedAt, result: 1 } })).toBe(false);
    expect(sameContent(record, { ...record, stake: '1' })).toBe(false);
    expect(sameContent(record, { ...record, result: [...(record.result as string[])].reverse() })).toBe(false);
  });
});
