// Sealed exports in the worker: an export this install sealed and imported back unchanged restores
// every round's trust level; another install's file, a changed file, a seal from another file or a
// chunk that is not the checked one stay file-only; a sealed file still cannot plant fields on a
// round the casino's page captured.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { importRounds } from '../../src/background/import.js';
import { exportedRoundOf } from '../../src/background/rows.js';
import { checkSeal, isSealedChunk, sealExport, sealKey } from '../../src/background/seal-key.js';
import { clearRounds, DATABASE_NAME, pageInSeenOrder, storeClaims, summarise } from '../../src/background/store.js';
import { ChainChecker, SealChain, type ExportSeal } from '../../src/core/export-seal.js';
import type { ExportedRound } from '../../src/core/index.js';
import type { RoundRecord } from '../../src/shared/records.js';
import type { ImportReport } from '../../src/shared/messages.js';
import { commitmentSighting, pendingClaim, revealedClaim, vector, wrongResult } from './fixtures.js';

const T = 1_700_000_000_000;
const CHUNK = 200;

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

async function all(): Promise<RoundRecord[]> {
  return (await pageInSeenOrder(0, 10_000)).records;
}

/** Witnessed (revealed and pending), history, an outcome mismatch, a nonce conflict. */
async function storeMixed(): Promise<void> {
  // Each pair shown for its own round only: two open at once would be two seeds to choose from.
  await storeClaims([commitmentSighting(vector(0), T - 100), commitmentSighting(vector(1), T - 45)], T - 45);
  await storeClaims(
    [
      { ...revealedClaim(vector(0), 'Keno', { commitment: T - 100, result: T - 50 }), actedAt: T - 70 },
      revealedClaim(vector(2), 'European Roulette', { commitment: T, result: T }),
      { ...pendingClaim(vector(1), 'American Roulette', { commitment: T - 45, result: T - 20 }), actedAt: T - 40 },
      { ...revealedClaim(vector(3), 'Keno'), result: wrongResult(vector(3), 'Keno') },
      revealedClaim(vector(4), 'European Roulette'),
      { ...revealedClaim(vector(4), 'European Roulette'), result: wrongResult(vector(4), 'European Roulette') },
    ],
    T,
  );
}

/** What "Export JSON" writes: each round with its link, then the install's seal (through JSON text). */
async function sealedExport(): Promise<{ rounds: ExportedRound[]; seal: ExportSeal }> {
  const chain = new SealChain();
  const rounds = (await all()).map(exportedRoundOf).map((round) => ({ ...round, link: chain.add(round) }));
  const seal = await sealExport(chain.count, '2026-12-03T12:00:00.000Z', chain.chain);
  return JSON.parse(JSON.stringify({ rounds, seal })) as { rounds: ExportedRound[]; seal: ExportSeal };
}

/** What "Import JSON" does with a file: reads it once for its chain, asks for a ticket, then sends it chunk by chunk. */
async function importSealed(rounds: readonly unknown[], seal: unknown): Promise<{ verdict: Awaited<ReturnType<typeof checkSeal>>; reports: ImportReport[] }> {
  const checker = new ChainChecker();
  const states = [checker.chainState];
  rounds.forEach((round, index) => {
    checker.add(round);
    if ((index + 1) % CHUNK === 0 || index + 1 === rounds.length) states.push(checker.chainState);
  });
  const verdict = await checkSeal(seal, rounds.length, states, CHUNK);
  const reports: ImportReport[] = [];
  for (let chunk = 0; chunk * CHUNK < rounds.length; chunk++) {
    const part = rounds.slice(chunk * CHUNK, (chunk + 1) * CHUNK);
    const sealed = verdict.kind === 'this-install' && isSealedChunk(verdict.ticket, chunk, part);
    reports.push(await importRounds(part, T + 1000, sealed));
  }
  return { verdict, reports };
}

/** What a round's trust and verdict are. */
const judged = (record: RoundRecord) => ({ key: record.key, status: record.verdict.status, level: record.verdict.level, levelReason: record.verdict.levelReason, witness: record.witness, failures: record.verdict.failures.map((f) => f.step) });

describe('a sealed export imported back into this install', () => {
  it('restores every round: witnessed stays witnessed, pending keeps its judgement, mismatches stay mismatched', async () => {
    await storeMixed();
    const before = await all();
    expect(before.filter((r) => r.verdict.level === 'witnessed')).toHaveLength(1);
    expect(before.some((r) => r.verdict.status === 'pending' && r.witness === 'bound-before-bet')).toBe(true);
    const file = await sealedExport();
    await clearRounds();

    const { verdict, reports } = await importSealed(file.rounds, file.seal);
    expect(verdict.kind).toBe('this-install');
    expect(reports).toEqual([{ added: before.length, updated: 0, known: 0, refused: [], restored: before.length }]);
    const after = await all();
    expect(after.map(judged)).toEqual(before.map(judged));
    expect(after.map((r) => r.observedAt)).toEqual(before.map((r) => r.observedAt));
    expect((await summarise()).levels).toEqual({ witnessed: 1, history: before.filter((r) => r.verdict.level === 'history').length });
  });

  it('restores what a file had given a round as the file\'s (no time, in fileFields), not as captured', async () => {
    const round = vector(7);
    // A file gave the round first; the page then showed its commitment only.
    await importRounds([{ ...exportedRoundOf({ ...(await storedRecord(round)) }) }], T);
    const before = (await all())[0]!;
    expect(before.fileFields?.length).toBeGreaterThan(0);
    const file = await sealedExport();
    await clearRounds();
    await importSealed(file.rounds, file.seal);
    const after = (await all())[0]!;
    expect([...(after.fileFields ?? [])].sort()).toEqual([...before.fileFields!].sort());
    expect(after.observedAt).toEqual(before.observedAt);
    expect(after.verdict.levelReason).toBe('not-observed');
  });

  it('a pending round restored witnessed stays witnessed when the page reveals its seed (its panel states are not in the file)', async () => {
    await storeMixed();
    const file = await sealedExport();
    await clearRounds();
    await importSealed(file.rounds, file.seal);
    const pending = (await all()).find((r) => r.verdict.status === 'pending' && r.witness === 'bound-before-bet')!;
    expect(pending.sealedJudgement).toBe(true);
    await storeClaims([{ source: 'dom', commitment: vector(1).commitment, serverSeed: vector(1).serverSeed, observedAt: { serverSeed: T + 5000 } }], T + 5000);
    const revealed = (await all()).find((r) => r.key === pending.key)!;
    expect(revealed.verdict).toMatchObject({ status: 'verified', level: 'witnessed', levelReason: 'bound-before-bet' });
    // A reveal seen before the outcome still undoes it (the core's rule, not a judgement).
    expect(revealed.observedAt.serverSeed).toBeGreaterThan(revealed.observedAt.result!);
  });

  it('importing it twice changes nothing', async () => {
    await storeMixed();
    const file = await sealedExport();
    await clearRounds();
    await importSealed(file.rounds, file.seal);
    const once = await all();
    const { reports } = await importSealed(file.rounds, file.seal);
    expect(reports[0]).toMatchObject({ added: 0, updated: 0, known: once.length });
    expect((await all()).map(judged)).toEqual(once.map(judged));
  });
});

describe('files the seal does not vouch for stay file-only', () => {
  async function expectFileOnly(rounds: readonly unknown[], seal: unknown, kind: string): Promise<void> {
    const { verdict, reports } = await importSealed(rounds, seal);
    expect(verdict.kind).toBe(kind);
    expect(reports.every((report) => report.restored === undefined)).toBe(true);
    expect((await summarise()).levels.witnessed).toBe(0);
    for (const record of await all()) expect(record.observedAt).toEqual({});
  }

  it('a file sealed by another install', async () => {
    await storeMixed();
    const file = await sealedExport();
    await deleteDB(DATABASE_NAME);
    // A fresh install (its own key), or another browser: the seal names another install.
    await sealKey();
    await expectFileOnly(file.rounds, file.seal, 'other-install');
  });

  it('a round edited, dropped, reordered, duplicated or added', async () => {
    await storeMixed();
    const file = await sealedExport();
    await clearRounds();
    const [a, b, c, ...rest] = file.rounds;
    const edited = { ...b!, payout: '1000.00' };
    for (const rounds of [[a, edited, c, ...rest], [a, c, ...rest], [b, a, c, ...rest], [a, b, b, c, ...rest], [a, b, c, ...rest, { ...a!, nonce: '999', link: undefined }]]) {
      await expectFileOnly(rounds, file.seal, 'changed');
      await clearRounds();
    }
  });

  it('a seal copied from another export, a count changed, a chain given for other rounds', async () => {
    await storeMixed();
    const file = await sealedExport();
    await storeClaims([revealedClaim(vector(8), 'Keno')], T);
    const other = (await sealedExport()).seal;
    await clearRounds();
    await expectFileOnly(file.rounds, other, 'changed');
    await expectFileOnly(file.rounds, { ...file.seal, exportedAt: '2026-12-04T00:00:00.000Z' }, 'changed');
    await expectFileOnly(file.rounds, { ...file.seal, chain: other.chain }, 'changed');
    await expectFileOnly(file.rounds, { ...file.seal, count: file.seal.count + 1 }, 'changed');
    await expectFileOnly(file.rounds.slice(1), file.seal, 'changed');
  });

  it('huge or garbage seal members: refused by name, the rounds still imported as file-only', async () => {
    await storeMixed();
    const file = await sealedExport();
    await clearRounds();
    const { verdict, reports } = await importSealed(file.rounds, { ...file.seal, mac: 'f'.repeat(5_000_000) });
    expect(verdict).toEqual({ kind: 'malformed', field: 'mac' });
    expect(reports[0]!.added).toBe(file.rounds.length);
    expect(await importSealed(file.rounds, 'seal')).toMatchObject({ verdict: { kind: 'malformed', field: 'seal' } });
  });

  it('a chunk sent under a ticket that is not the checked one, or under a made-up ticket', async () => {
    await storeMixed();
    const file = await sealedExport();
    await clearRounds();
    const checker = new ChainChecker();
    const states = [checker.chainState];
    for (const round of file.rounds) checker.add(round);
    states.push(checker.chainState);
    const verdict = await checkSeal(file.seal, file.rounds.length, states, CHUNK);
    if (verdict.kind !== 'this-install') throw new Error(verdict.kind);
    const swapped = [file.rounds[1], file.rounds[0], ...file.rounds.slice(2)];
    expect(isSealedChunk(verdict.ticket, 0, swapped)).toBe(false);
    expect(isSealedChunk(verdict.ticket, 1, file.rounds)).toBe(false);
    expect(isSealedChunk('00000000-0000-0000-0000-000000000000', 0, file.rounds)).toBe(false);
    expect(isSealedChunk(verdict.ticket, 0, file.rounds)).toBe(true);
  });
});

describe('a sealed file on a round the casino\'s page captured', () => {
  it('plants nothing: a value the page did not show is refused with the fields named', async () => {
    await storeMixed();
    const file = await sealedExport();
    const witnessed = file.rounds.findIndex((round) => round.level === 'witnessed');
    // Still in the store, captured; the sealed file (rightly the install's) gives it a stake it never had.
    const rounds = file.rounds.map((round, index) => (index === witnessed ? { ...round, stake: '5.00' } : round));
    const relinked = new SealChain();
    const resealedRounds = rounds.map(({ link: _link, ...round }) => ({ ...round, link: relinked.add(round) }));
    const seal = await sealExport(relinked.count, '2026-12-03T12:00:00.000Z', relinked.chain);
    const before = await all();
    const { verdict, reports } = await importSealed(JSON.parse(JSON.stringify(resealedRounds)), seal);
    expect(verdict.kind).toBe('this-install');
    expect(reports[0]!.refused).toEqual([{ index: witnessed, refusal: { code: 'captured', differs: [], fills: ['stake'] } }]);
    expect((await all()).map(judged)).toEqual(before.map(judged));
  });
});

/** A record only a file gave, as the store holds it after an import (for the fileFields case). */
async function storedRecord(round: ReturnType<typeof vector>): Promise<RoundRecord> {
  await importRounds([{ game: 'keno', serverSeed: round.serverSeed, commitment: round.commitment, clientSeed: round.clientSeed, nonce: String(round.nonce), result: round.keno, verdict: 'verified' }], T);
  await storeClaims([commitmentSighting(round, T + 5)], T + 5);
  const record = (await all())[0]!;
  await clearRounds();
  return record;
}
