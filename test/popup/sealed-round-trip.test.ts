// A sealed export end to end, with the worker's real store on fake-indexeddb: "Export JSON" as the
// popup writes it (export.ts), "Import JSON" as the popup reads it (import-file.ts, two readings),
// and the worker's seal (seal-key.ts) and import (import.ts) in between. Rounds in several chunks.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { importRounds } from '../../src/background/import.js';
import { exportedRoundOf } from '../../src/background/rows.js';
import { checkSeal, endTicket, isSealedChunk, sealExport, sealKey } from '../../src/background/seal-key.js';
import { clearRounds, DATABASE_NAME, pageInSeenOrder, roundsSeenAfter, storeClaims, summarise } from '../../src/background/store.js';
import { writeExport } from '../../src/popup/export.js';
import { IMPORT_CHUNK, importFile, type SealChecker } from '../../src/popup/import-file.js';
import { commitmentSighting, revealedClaim, vector } from '../background/fixtures.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { verifyRound } from '../../src/core/index.js';

const T = 1_700_000_000_000;
const AT = new Date('2026-12-03T12:00:00Z');

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

/** `count` witnessed keno rounds on one seed pair: its panel shown, then the player's action, then each outcome, then the reveal. */
async function storeWitnessed(count: number): Promise<void> {
  const base = vector(0);
  await storeClaims([{ ...commitmentSighting(base, T - 100), nonce: '1' }], T - 100);
  const claims: CapturedClaim[] = [];
  for (let n = 1; n <= count; n++) {
    const expected = verifyRound({ game: 'keno', serverSeed: base.serverSeed, clientSeed: base.clientSeed, nonce: String(n) }).expected as number[];
    claims.push({ source: 'dom', game: 'Keno', commitment: base.commitment, clientSeed: base.clientSeed, nonce: String(n), result: expected.map(String), observedAt: { commitment: T + n, clientSeed: T + n, nonce: T + n, result: T + n, game: T + n }, actedAt: T - 50 });
  }
  await storeClaims(claims, T + count + 1);
  await storeClaims([{ source: 'dom', commitment: base.commitment, serverSeed: base.serverSeed, observedAt: { serverSeed: T + count + 10 } }], T + count + 10);
}

async function exportFile(): Promise<Blob> {
  const parts: string[] = [];
  await writeExport(
    'json',
    async (after, limit) => {
      const { total, records } = await roundsSeenAfter(after ?? 0, limit);
      return { total, rounds: records.map(exportedRoundOf), last: records.at(-1)?.seq };
    },
    AT,
    (text) => parts.push(text),
    undefined,
    (count, exportedAt, chain) => sealExport(count, exportedAt, chain),
  );
  return new Blob(parts);
}

const worker: SealChecker = { check: (seal, rounds, states, chunkSize) => checkSeal(seal, rounds, states, chunkSize), done: async (ticket) => endTicket(ticket) };

async function importBlob(file: Blob, checker: SealChecker = worker) {
  return importFile(file, async (rounds, sealed) => importRounds(rounds, T + 10_000, sealed !== undefined && isSealedChunk(sealed.ticket, sealed.chunk, rounds)), undefined, checker);
}

describe('a sealed export, end to end', () => {
  it('comes back into the same install with every round witnessed, over several chunks', async () => {
    const count = 2 * IMPORT_CHUNK + 17;
    await storeWitnessed(count);
    const before = await summarise();
    expect(before.levels.witnessed).toBe(count);
    const file = await exportFile();
    await clearRounds();

    const outcome = await importBlob(file);
    expect(outcome).toMatchObject({ ok: true, totals: { added: count, restored: count, seal: { kind: 'this-install' } } });
    expect((await summarise()).levels).toEqual(before.levels);
  });

  it('an edited round is named, and the whole file is file-only', async () => {
    await storeWitnessed(5);
    expect((await summarise()).levels.witnessed).toBe(5);
    const text = await (await exportFile()).text();
    await clearRounds();
    const edited = JSON.parse(text);
    edited.rounds[3].payout = '99.00';
    const outcome = await importBlob(new Blob([JSON.stringify(edited, null, 2)]));
    expect(outcome.totals.seal).toEqual({ kind: 'changed', breaks: [{ kind: 'edited', position: 4, index: 3, key: expect.any(String) }], breakCount: 1 });
    expect(outcome.totals.restored).toBeUndefined();
    expect((await summarise()).levels.witnessed).toBe(0);
  });

  it('a file sealed by another install is file-only; an old file without a seal imports as before', async () => {
    await storeWitnessed(3);
    expect((await summarise()).levels.witnessed).toBe(3);
    const file = await exportFile();
    const { records } = await pageInSeenOrder(0, 10);
    await deleteDB(DATABASE_NAME);
    await sealKey();
    expect((await importBlob(file)).totals).toMatchObject({ added: 3, seal: { kind: 'other-install' } });
    expect((await summarise()).levels.witnessed).toBe(0);
    await clearRounds();
    // Without links or seal (a file of the earlier release), the first reading stops at its first round.
    const old = new Blob([JSON.stringify({ format: 'fair-witness-export', version: 1, exportedAt: AT.toISOString(), rounds: records.map(exportedRoundOf) })]);
    let asked = false;
    const outcome = await importBlob(old, { check: async () => ((asked = true), { kind: 'changed' }), done: async () => undefined });
    expect(outcome.totals).toMatchObject({ added: 3, seal: { kind: 'none' } });
    expect(asked).toBe(false);
  });

  it('a file cut before its seal: rounds file-only, the seal named missing', async () => {
    await storeWitnessed(3);
    const text = await (await exportFile()).text();
    await clearRounds();
    const cut = text.slice(0, text.indexOf(',\n  "seal"')) + '\n}\n';
    expect((await importBlob(new Blob([cut]))).totals).toMatchObject({ added: 3, seal: { kind: 'missing' } });
    expect((await summarise()).levels.witnessed).toBe(0);
  });

  it('a huge or garbage seal: named, and every round still imported (file-only)', async () => {
    await storeWitnessed(3);
    const text = await (await exportFile()).text();
    await clearRounds();
    const file = JSON.parse(text);
    const huge = await importBlob(new Blob([JSON.stringify({ ...file, seal: { ...file.seal, mac: 'f'.repeat(200_000) } })]));
    expect(huge).toMatchObject({ ok: false, problem: { kind: 'member-too-long' }, totals: { added: 3, seal: { kind: 'malformed', field: 'seal' } } });
    await clearRounds();
    const garbage = await importBlob(new Blob([JSON.stringify({ ...file, seal: { ...file.seal, count: 'three' } })]));
    expect(garbage).toMatchObject({ ok: true, totals: { added: 3, seal: { kind: 'malformed', field: 'count' } } });
    expect((await summarise()).levels.witnessed).toBe(0);
  });
});
