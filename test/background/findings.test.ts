// The worker's 'findings' answer: the core audit over the stored rounds and seed-pair sightings,
// read through the store's own database (fake-indexeddb), and the rule on which times it trusts.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { auditRoundOf, findings, StoreFindings } from '../../src/background/findings.js';
import type { CommitmentSighting } from '../../src/background/schema.js';
import { nobleBackend } from '../../src/core/index.js';
import { DATABASE_NAME, storeClaims } from '../../src/background/store.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { roundKey } from '../../src/background/round-key.js';
import { getRound } from '../../src/background/store.js';
import { commitmentSighting, pendingClaim, recordOf, revealedClaim, vector, wrongResult } from './fixtures.js';

const T = 1_700_000_000_000;

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

const withNonce = (claim: CapturedClaim, nonce: number): CapturedClaim => ({ ...claim, nonce: String(nonce) });

describe('findings', () => {
  it('is empty for an empty store', async () => {
    expect(await findings()).toEqual([]);
  });

  it('reports nonces missing within one seed pair, with the stored rounds as keys', async () => {
    const round = vector(0);
    await storeClaims([1, 2, 5].map((n) => withNonce(pendingClaim(round, 'Keno', { result: T + n }), n)), T + 10);
    const found = await findings();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'nonce-gap', commitment: round.commitment, nonces: ['3–4'] });
    expect(found[0]!.message).toMatch(/no rounds at nonces 3–4 between nonces 1 and 5/);
  });

  it('reads past one batch of rounds', async () => {
    const round = vector(1);
    // 2001 rounds at nonces 0, 2, 4, …: every other nonce is missing, across the batch edge.
    const claims = Array.from({ length: 2001 }, (_, i) => withNonce(pendingClaim(round, 'Keno'), 2 * i));
    await storeClaims(claims, T);
    const [gap] = await findings();
    expect(gap!.nonces).toHaveLength(2000);
  });

  it('does not call a round read from the history after the seed was revealed "played after reveal"', async () => {
    const round = vector(0);
    // The pair is seen active, its seed revealed (rotation), and only then its rounds read from the history.
    await storeClaims([commitmentSighting(round, T)], T);
    await storeClaims([{ source: 'dom', serverSeed: round.serverSeed, observedAt: { serverSeed: T + 100 } }], T + 100);
    await storeClaims([revealedClaim(round, 'Keno', { result: T + 200, serverSeed: T + 200 })], T + 200);
    expect(await findings()).toEqual([]);
  });

  it('reports one server seed revealed for two seed pairs', async () => {
    const [a, b] = [vector(0), vector(1)];
    const reveal = (commitment: string): CapturedClaim => ({ source: 'dom', commitment, serverSeed: a.serverSeed, observedAt: { serverSeed: T } });
    await storeClaims([reveal(a.commitment), reveal(b.commitment)], T);
    const found = await findings();
    expect(found.map((f) => f.kind)).toEqual(['server-seed-reused']);
    expect(found[0]!.message).toMatch(/used in more than one seed pair/);
  });
});

describe('findings from what the casino showed more than once', () => {
  const round = vector(0);
  const key = roundKey(pendingClaim(round, 'Keno'));
  const panel = (clientSeed: string, at: number): CapturedClaim => ({
    source: 'dom',
    commitment: round.commitment,
    clientSeed,
    nonce: String(round.nonce),
    observedAt: { commitment: at },
  });

  it('a round played with another client seed than the panel showed for its commitment', async () => {
    await storeClaims([panel('the-players-seed', T)], T);
    await storeClaims([pendingClaim(round, 'Keno', { result: T + 10 })], T + 10);
    const found = await findings();
    expect(found.map((f) => f.kind)).toEqual(['client-seed-changed']);
    expect(found[0]).toMatchObject({ commitment: round.commitment, clientSeed: round.clientSeed, nonces: [String(round.nonce)], roundKeys: [key] });
  });

  it('no client-seed finding when the panel showed the round own client seed (also among others set before)', async () => {
    await storeClaims([panel('set-first', T), panel(round.clientSeed, T + 1)], T + 1);
    await storeClaims([pendingClaim(round, 'Keno', { result: T + 10 })], T + 10);
    expect(await findings()).toEqual([]);
  });

  it('other keno picks on one seed pair and nonce: a repeat, named by the stored round; not a mismatch', async () => {
    await storeClaims([{ ...pendingClaim(round, 'Keno'), picks: ['1', '2', '3'] }], T);
    await storeClaims([{ ...pendingClaim(round, 'Keno'), picks: ['03', '2', '1'] }], T + 1);
    expect(await findings()).toEqual([]);
    await storeClaims([{ ...pendingClaim(round, 'Keno'), picks: ['4', '5'] }], T + 2);
    const found = await findings();
    expect(found.map((f) => f.kind)).toEqual(['nonce-repeat']);
    expect(found[0]).toMatchObject({ nonces: [String(round.nonce)], roundKeys: [key] });
    expect((await getRound(key))!.verdict.status).toBe('pending');
  });

  it('two outcomes for one seed pair and nonce: a conflict finding, and the round a `nonce` mismatch', async () => {
    await storeClaims([pendingClaim(round, 'Keno')], T);
    await storeClaims([{ ...pendingClaim(round, 'Keno'), result: wrongResult(round, 'Keno') }], T + 1);
    const found = await findings();
    expect(found.map((f) => f.kind)).toEqual(['nonce-conflict']);
    expect(found[0]!.roundKeys).toEqual([key]);
    expect((await getRound(key))!.verdict).toMatchObject({ status: 'mismatch', failures: [{ step: 'nonce' }] });
  });
});

describe('auditRoundOf', () => {
  it('passes identity, seeds and outcome, and no times', () => {
    const record = recordOf({ key: 'k1', gameId: 'keno', commitment: 'c', clientSeed: 's', nonce: '4', result: ['1'], serverSeed: 'x', observedAt: { result: 5, serverSeed: 3 } });
    expect(auditRoundOf(record)).toEqual({ key: 'k1', game: 'keno', commitment: 'c', clientSeed: 's', nonce: '4', result: ['1'], serverSeed: 'x' });
  });

  it('is the one round the record is, with the other outcomes and bets the store kept for it', () => {
    const record = recordOf({ key: 'k1', gameId: 'keno', result: ['1'], conflictingResults: [['2'], ['3']], otherPicks: [['4', '5']] });
    expect(auditRoundOf(record)).toEqual({ key: 'k1', game: 'keno', result: ['1'], otherResults: [['2'], ['3']], otherBets: 1 });
  });
});

describe('StoreFindings: several commitments, revealed only by a seed that hashes', () => {
  const sighting = (commitment: string, shown: number[], reveal?: { seed: string; at: number }): CommitmentSighting => ({
    commitment,
    firstSeenAt: shown[0]!,
    panel: shown.map((seenAt) => ({ clientSeed: 'cs', nonce: '1', seenAt })),
    ...(reveal === undefined ? {} : { revealedSeed: reveal.seed, revealedAt: reveal.at }),
  });
  const seedA = 'seed-a';
  const A = nobleBackend.sha3_256Hex(seedA);
  const B = nobleBackend.sha3_256Hex('seed-b');

  it('the old pair shown again just after its reveal (a late re-render): no finding', () => {
    expect(new StoreFindings().findings([sighting(A, [1, 6], { seed: seedA, at: 5 }), sighting(B, [5, 7])])).toEqual([]);
  });

  it('a made-up reveal (a seed that does not hash to it) hides nothing: a several-commitments finding', () => {
    const found = new StoreFindings().findings([sighting(A, [1, 6], { seed: 'made-up', at: 5 }), sighting(B, [5, 7])]);
    expect(found.map((finding) => [finding.kind, finding.commitments])).toEqual([['several-commitments', [A, B].sort()]]);
  });
});
