// A store written by the release with database version 4 (test/fixtures/store-v4.json, made by that
// release's own store code: test/fixtures/make-store-v4.ts) is opened by the current code: the
// upgrade keeps every round, seed pair and setting, the answers are what that release gave, and
// play goes on.
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findings } from '../../src/background/findings.js';
import { gameFigures } from '../../src/background/outcomes.js';
import { panelTimeKeys } from '../../src/background/pre-round.js';
import { roundKey } from '../../src/background/round-key.js';
import { DATABASE_VERSION, upgrade, type CommitmentSighting, type FairWitnessDB } from '../../src/background/schema.js';
import type { MetaKey } from '../../src/background/meta.js';
import { DATABASE_NAME, getRound, listGames, pageInSeenOrder, pageOfRounds, storeClaims, summarise } from '../../src/background/store.js';
import { vector } from './fixtures.js';

interface Fixture {
  databaseVersion: number;
  stores: { rounds: unknown[]; commitments: CommitmentSighting[]; meta: [IDBValidKey, unknown][] };
  answers: {
    summary: unknown;
    list: unknown;
    seen: unknown;
    games: string[];
    findings: unknown;
    figures: Record<'keno' | 'roulette-european', unknown>;
  };
}

/** The fixture's JSON, with its non-finite numbers read back. */
const reviver = (_key: string, value: unknown) =>
  value !== null && typeof value === 'object' && '$number' in value && Object.keys(value).length === 1 ? Number((value as { $number: string }).$number) : value;
const fixture = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/store-v4.json'), 'utf8'), reviver) as Fixture;

/** Every record of every store, through a connection of its own. */
async function dump(): Promise<Fixture['stores']> {
  const db = (await openDB(DATABASE_NAME)) as unknown as IDBPDatabase<FairWitnessDB>;
  const meta: [IDBValidKey, unknown][] = [];
  for (let cursor = await db.transaction('meta').store.openCursor(); cursor; cursor = await cursor.continue()) meta.push([cursor.key, cursor.value]);
  const stores = { rounds: await db.getAll('rounds'), commitments: await db.getAll('commitments'), meta };
  db.close();
  return stores;
}

beforeEach(async () => {
  // The database as that release left it: its version's steps, then its records as they were.
  const version = fixture.databaseVersion;
  const db = await openDB<FairWitnessDB>(DATABASE_NAME, version, { upgrade: (database, oldVersion, _new, tx) => upgrade(database, oldVersion, version, tx) });
  const tx = db.transaction(['rounds', 'commitments', 'meta'], 'readwrite');
  for (const round of fixture.stores.rounds) await tx.objectStore('rounds').put(round as never);
  for (const sighting of fixture.stores.commitments) await tx.objectStore('commitments').put(sighting);
  for (const [key, value] of fixture.stores.meta) await tx.objectStore('meta').put(value, key as MetaKey);
  await tx.done;
  db.close();
});

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

describe('upgrading a store written by the database-version-4 release', () => {
  it('is a store of that version, with rounds of every status, seed pairs with forgotten panel states, and findings', () => {
    expect(fixture.databaseVersion).toBe(4);
    expect(DATABASE_VERSION).toBeGreaterThan(fixture.databaseVersion);
    expect(fixture.stores.commitments.some((sighting) => (sighting.forgotten ?? []).length > 0)).toBe(true);
    expect((fixture.answers.findings as unknown[]).length).toBeGreaterThan(0);
  });

  it('answers as that release did: summary, lists, games, findings, statistics', async () => {
    expect(await summarise()).toEqual(fixture.answers.summary);
    expect(await pageOfRounds({}, 0, 100)).toEqual(fixture.answers.list);
    expect(await pageInSeenOrder(0, 100)).toEqual(fixture.answers.seen);
    expect(await listGames()).toEqual(fixture.answers.games);
    expect(await findings()).toEqual(fixture.answers.findings);
    expect(await gameFigures('keno')).toEqual(fixture.answers.figures.keno);
    expect(await gameFigures('roulette-european')).toEqual(fixture.answers.figures['roulette-european']);
  });

  it('keeps every record: rounds and settings as they were, seed pairs with their index keys rewritten', async () => {
    await summarise();
    const after = await dump();
    const db = await openDB(DATABASE_NAME);
    expect(db.version).toBe(DATABASE_VERSION);
    db.close();
    expect(after.rounds).toEqual(fixture.stores.rounds);
    expect(after.meta).toEqual(fixture.stores.meta);
    expect(after.commitments).toEqual(
      fixture.stores.commitments.map((sighting) =>
        sighting.panel === undefined && sighting.forgotten === undefined ? sighting : { ...sighting, panelTimes: panelTimeKeys(sighting.panel ?? [], sighting.forgotten) },
      ),
    );
  });

  it('goes on: the pending witnessed round is verified witnessed at its reveal, and a new round gets the next number', async () => {
    const pending = vector(1);
    const key = roundKey({ commitment: pending.commitment, clientSeed: pending.clientSeed, nonce: String(pending.nonce) });
    expect((await getRound(key))!.verdict.status).toBe('pending');
    const at = Date.UTC(2026, 11, 4, 13, 0, 0);
    await storeClaims([{ source: 'json', commitment: pending.commitment, serverSeed: pending.serverSeed, observedAt: { serverSeed: at } }], at);
    expect((await getRound(key))!.verdict).toMatchObject({ status: 'verified', level: 'witnessed', levelReason: 'bound-before-bet' });
    const fresh = vector(20);
    await storeClaims([{ source: 'json', game: 'Keno', commitment: fresh.commitment, clientSeed: fresh.clientSeed, nonce: String(fresh.nonce), result: ['1'], observedAt: { result: at + 1 } }], at + 1);
    const seqs = (await pageInSeenOrder(0, 100)).records.map((record) => record.seq);
    expect(seqs.at(-1)).toBe(Math.max(...seqs.slice(0, -1)) + 1);
  });
});
