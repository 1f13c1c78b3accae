// The worker's findings on random stores, against the way they were computed before issue #15
// (kept below, frozen, as the oracle): each record became one audit round per outcome shown and one
// per set of keno picks, the extra bets under invented keys that the findings then mapped back to
// the record. StoreFindings must give the same findings (kinds, counts, nonces, rounds, words)
// without inventing rounds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileDisagreement, sightingsOf, StoreFindings } from '../../src/background/findings.js';
import { mergeClaim } from '../../src/background/merge.js';
import { hashedAtOf, roundKey } from '../../src/background/round-key.js';
import type { CommitmentSighting } from '../../src/background/schema.js';
import { auditRounds, seedConflictFindings, severalCommitmentFindings, type AuditRound, type Finding, type PanelState } from '../../src/core/index.js';
import type { CapturedClaim, RoundRecord } from '../../src/shared/records.js';
import { PROPERTY_RUNS } from '../core/arbitraries.js';
import { shownResult, vector, wrongResult } from './fixtures.js';

// ---- the oracle: findings.ts as it was at 6df54fa ------------------------------------------------

function oldFindings(records: readonly RoundRecord[], commitments: readonly CommitmentSighting[]): Finding[] {
  const rounds: AuditRound[] = [];
  const disagreements: Finding[] = [];
  const betKeys = new Map<string, string>();
  const seeds = new Map<string, string[]>();
  const noteSeeds = (commitment: string | undefined, shown: readonly (string | undefined)[]) => {
    if (commitment === undefined) return;
    const known = seeds.get(commitment.toLowerCase()) ?? [];
    for (const seed of shown) if (seed !== undefined && !known.includes(seed)) known.push(seed);
    seeds.set(commitment.toLowerCase(), known);
  };
  for (const record of records) {
    rounds.push(...oldAuditRoundsOf(record, betKeys));
    const disagreement = fileDisagreement(record);
    if (disagreement) disagreements.push(disagreement);
    if (record.otherServerSeeds) noteSeeds(record.commitment, [record.serverSeed, ...record.otherServerSeeds]);
  }
  const panelStates: PanelState[] = [];
  for (const sighting of commitments) {
    const { commitment, panel, revealedSeed, otherSeeds } = sighting;
    // Changed since 6df54fa on purpose (#23): only a seed that hashes to the commitment reveals it for the panel-state findings.
    const revealedAt = hashedAtOf(sighting);
    for (const state of panel ?? []) {
      for (const seenAt of [state.seenAt, ...(state.shownAgain ?? [])]) {
        panelStates.push({ clientSeed: state.clientSeed, nonce: state.nonce, seenAt, commitment, ...(state.game === undefined ? {} : { game: state.game }), ...(revealedAt === undefined ? {} : { revealedAt }) });
      }
    }
    if (otherSeeds) noteSeeds(commitment, [revealedSeed, ...otherSeeds]);
  }
  return [
    ...auditRounds(rounds, commitments.flatMap(sightingsOf)).map((finding) => oldWithRecordKeys(finding, betKeys)),
    ...severalCommitmentFindings(panelStates),
    ...seedConflictFindings(seeds),
    ...disagreements,
  ];
}

function oldAuditRoundsOf(record: RoundRecord, betKeys: Map<string, string>): AuditRound[] {
  const round: AuditRound = { key: record.key, game: record.gameId, result: record.result };
  if (record.commitment !== undefined) round.commitment = record.commitment;
  if (record.serverSeed !== undefined) round.serverSeed = record.serverSeed;
  if (record.clientSeed !== undefined) round.clientSeed = record.clientSeed;
  if (record.nonce !== undefined) round.nonce = record.nonce;
  const rounds = [round, ...(record.conflictingResults ?? []).map((result) => ({ ...round, result }))];
  (record.otherPicks ?? []).forEach((_, index) => {
    const key = `${record.key}\u0000bet ${index + 2}`;
    betKeys.set(key, record.key);
    rounds.push({ ...round, key });
  });
  return rounds;
}

function oldWithRecordKeys(finding: Finding, betKeys: Map<string, string>): Finding {
  if (finding.roundKeys === undefined || betKeys.size === 0) return finding;
  return { ...finding, roundKeys: [...new Set(finding.roundKeys.map((key) => betKeys.get(key) ?? key))] };
}

// ---- random stores ---------------------------------------------------------------------------------

const [a, b, c] = [vector(0), vector(1), vector(2)];
const T = 1_700_000_000_000;
const maybe = <V>(arb: fc.Arbitrary<V>) => fc.option(arb, { nil: undefined });

/** Claims over a few seed pairs and nonces, so that rounds meet: repeats, conflicts, gaps, reused seeds. */
const claimArb: fc.Arbitrary<{ claim: CapturedClaim; fromFile: boolean }> = fc
  .record({
    game: maybe(fc.constantFrom('Keno', 'European Roulette', 'Mystery Wheel')),
    commitment: maybe(fc.constantFrom(a.commitment, b.commitment, c.commitment.toUpperCase())),
    serverSeed: maybe(fc.constantFrom(a.serverSeed, b.serverSeed, 'not-the-seed')),
    clientSeed: maybe(fc.constantFrom('player', 'other', a.clientSeed)),
    nonce: maybe(fc.constantFrom('1', '2', '3', '6', '007', '18446744073709551617')),
    result: maybe(fc.constantFrom(shownResult(a, 'Keno'), wrongResult(a, 'Keno'), [...shownResult(a, 'Keno')].reverse(), ['4', '9'], '17', '17 Red', '3', 'Jackpot')),
    picks: maybe(fc.constantFrom(['1', '2', '3'], ['03', '2', '1'], ['4', '5'], ['6'], ['7', '8'])),
    resultAt: maybe(fc.integer({ min: 0, max: 50 })),
    fromFile: fc.boolean(),
  })
  .map(({ resultAt, fromFile, ...fields }) => {
    const claim: CapturedClaim = { source: 'dom', observedAt: resultAt === undefined ? {} : { result: T + resultAt } };
    for (const [field, value] of Object.entries(fields)) if (value !== undefined) (claim as unknown as Record<string, unknown>)[field] = value;
    return { claim, fromFile };
  });

const panelArb = fc.record({
  clientSeed: fc.constantFrom('player', 'other', a.clientSeed),
  nonce: fc.constantFrom('1', '2', '4'),
  game: maybe(fc.constantFrom('keno', 'european-roulette')),
  seenAt: fc.integer({ min: 0, max: 50 }).map((t) => T + t),
  shownAgain: maybe(fc.array(fc.integer({ min: 0, max: 50 }).map((t) => T + t), { maxLength: 2 })),
});

const sightingArb: fc.Arbitrary<CommitmentSighting> = fc
  .record({
    commitment: fc.constantFrom(a.commitment, b.commitment, c.commitment),
    firstSeenAt: fc.integer({ min: 0, max: 50 }).map((t) => T + t),
    revealedSeed: maybe(fc.constantFrom(a.serverSeed, b.serverSeed, c.serverSeed)),
    revealedAt: maybe(fc.integer({ min: 0, max: 50 }).map((t) => T + t)),
    otherSeeds: maybe(fc.array(fc.constantFrom('not-the-seed', b.serverSeed), { minLength: 1, maxLength: 2 })),
    panel: maybe(fc.array(panelArb, { maxLength: 4 })),
  })
  .map((sighting) => Object.fromEntries(Object.entries(sighting).filter(([, value]) => value !== undefined)) as unknown as CommitmentSighting);

/** The store's records after the claims, merged as the store merges them (one record per round key), in key order. */
function storeOf(claims: readonly { claim: CapturedClaim; fromFile: boolean }[]): RoundRecord[] {
  const records = new Map<string, RoundRecord>();
  claims.forEach(({ claim, fromFile }, index) => {
    const key = roundKey(claim);
    records.set(key, mergeClaim(records.get(key), claim, T + 100 + index, index, { fromFile }));
  });
  return [...records.values()].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
}

function newFindings(records: readonly RoundRecord[], commitments: readonly CommitmentSighting[]): Finding[] {
  const gathered = new StoreFindings();
  for (const record of records) gathered.addRound(record);
  return gathered.findings(commitments);
}

const storeArb = fc.record({
  claims: fc.array(claimArb, { maxLength: 40 }),
  commitments: fc.uniqueArray(sightingArb, { maxLength: 3, selector: (s) => s.commitment }),
});

describe('StoreFindings against the findings of invented audit rounds', () => {
  it('counts a round without a nonce that was shown with two bets as two rounds, as before', () => {
    const claim = (picks: string[]): CapturedClaim => ({ source: 'dom', observedAt: {}, commitment: a.commitment, clientSeed: 'other', picks });
    const records = storeOf([{ claim: claim(['4', '5']), fromFile: false }, { claim: claim(['1', '2', '3']), fromFile: false }]);
    const commitments: CommitmentSighting[] = [{ commitment: a.commitment, firstSeenAt: T, panel: [{ clientSeed: 'player', nonce: '1', seenAt: T }] }];
    const found = newFindings(records, commitments);
    expect(found).toEqual(oldFindings(records, commitments));
    expect(found.map((f) => f.message)).toEqual([expect.stringMatching(/^2 rounds of seed pair/)]);
  });

  it('gives the same findings on random stores', () => {
    const kinds = new Map<string, number>();
    fc.assert(
      fc.property(storeArb, ({ claims, commitments }) => {
        const records = storeOf(claims);
        const expected = oldFindings(records, commitments);
        for (const finding of expected) kinds.set(finding.kind, (kinds.get(finding.kind) ?? 0) + 1);
        expect(newFindings(records, commitments)).toEqual(expected);
      }),
      { ...PROPERTY_RUNS, numRuns: Number(process.env.RUNS ?? 1000) },
    );
    // The stores must reach the findings this is about, or the property proves little.
    for (const kind of ['nonce-gap', 'nonce-repeat', 'nonce-conflict', 'client-seed-changed', 'server-seed-reused', 'seed-conflict', 'file-disagrees']) {
      expect(kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
  });
});
