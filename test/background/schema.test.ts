// The migration path: a store written by version 1 or 2 is opened by the current code and keeps every
// round, sighting and setting, with the tally counted and the panel states indexed by the upgrade.
import 'fake-indexeddb/auto';
import { deleteDB, openDB, type IDBPDatabase } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyFigures } from '../../src/background/game-figures.js';
import { roundKey } from '../../src/background/round-key.js';
import { panelRoundKeys } from '../../src/background/pre-round.js';
import { DATABASE_VERSION, MIGRATIONS, upgrade, type CommitmentSighting, type FairWitnessDB, type Tally } from '../../src/background/schema.js';
import type { MetaKey } from '../../src/background/meta.js';
import { DATABASE_NAME, getRound, listGames, loadSelfTest, pageInSeenOrder, pageOfRounds, storeClaims, summarise } from '../../src/background/store.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { commitmentSighting, pendingClaim, revealedClaim, vector, wrongResult } from './fixtures.js';

const T = 1_700_000_000_000;

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

type Dump = Record<'rounds' | 'commitments', unknown[]> & { meta: [IDBValidKey, unknown][] };

/** Every record of every store, through a connection of its own at whatever version the database is. */
async function dump(): Promise<Dump> {
  const db = (await openDB(DATABASE_NAME)) as unknown as IDBPDatabase<FairWitnessDB>;
  const meta: [IDBValidKey, unknown][] = [];
  let cursor = await db.transaction('meta').store.openCursor();
  while (cursor) {
    meta.push([cursor.key, cursor.value]);
    cursor = await cursor.continue();
  }
  const result = { rounds: await db.getAll('rounds'), commitments: await db.getAll('commitments'), meta };
  db.close();
  return result;
}

/**
 * A store as the code of an older version left it: that version's steps alone, then the records
 * without what it did not keep (version 1: no tally; before 3: no panel keys on the commitments).
 */
async function writeVersion(version: number, records: Dump): Promise<void> {
  await deleteDB(DATABASE_NAME);
  const db = await openDB<FairWitnessDB>(DATABASE_NAME, version, { upgrade: (database, oldVersion, _new, tx) => upgrade(database, oldVersion, version, tx) });
  const tx = db.transaction(['rounds', 'commitments', 'meta'], 'readwrite');
  for (const round of records.rounds) await tx.objectStore('rounds').put(round as never);
  for (const sighting of records.commitments as CommitmentSighting[]) {
    // Version 3 kept client-seed-and-nonce keys; version 4 keeps client-seed-and-time keys instead.
    const { panelRounds: _keys, panelTimes: _times, ...withoutKeys } = sighting;
    const v3Keys = sighting.panel === undefined ? {} : { panelRounds: panelRoundKeys(sighting.panel) };
    // Version 4's time keys had only the client seeds' own lanes (and the forgotten lanes), no any-lanes.
    const v4Keys = sighting.panelTimes === undefined ? {} : { panelTimes: sighting.panelTimes.filter(([lane]) => typeof lane === 'string') };
    const old = version < 3 ? withoutKeys : version === 3 ? { ...withoutKeys, ...v3Keys } : version === 4 ? { ...withoutKeys, ...v4Keys } : sighting;
    await tx.objectStore('commitments').put(old);
  }
  for (const [key, value] of records.meta) if (version > 1 || key !== 'tally') await tx.objectStore('meta').put(value, key as MetaKey);
  await tx.done;
  expect(db.version).toBe(version);
  db.close();
}
const writeVersionOne = (records: Dump) => writeVersion(1, records);

/** A mixed store: witnessed, history, pending, mismatched (outcome and nonce), unnamed, and a bare sighting. */
async function fillWithRounds(): Promise<CapturedClaim[]> {
  const claims: CapturedClaim[] = [
    commitmentSighting(vector(0), T - 100),
    revealedClaim(vector(0), 'Keno', { commitment: T - 100, result: T - 50 }),
    revealedClaim(vector(1), 'European Roulette', { commitment: T, result: T }),
    pendingClaim(vector(2), 'American Roulette', { commitment: T - 10, result: T }),
    { ...revealedClaim(vector(3), 'Keno'), result: wrongResult(vector(3), 'Keno') },
    revealedClaim(vector(4), 'European Roulette'),
    { ...revealedClaim(vector(4), 'European Roulette'), result: wrongResult(vector(4), 'European Roulette') },
    (({ game: _game, ...unnamed }) => unnamed)(pendingClaim(vector(5), 'Keno')),
    commitmentSighting(vector(6), T + 5),
  ];
  await storeClaims(claims, T + 10);
  return claims;
}

describe('the schema', () => {
  it('numbers its versions by its steps', () => {
    expect(DATABASE_VERSION).toBe(MIGRATIONS.length);
    expect(DATABASE_VERSION).toBeGreaterThanOrEqual(2);
  });

  it('creates a brand-new database at the current version, with every store, index and an empty tally', async () => {
    const summary = await summarise();
    expect(summary).toMatchObject({ total: 0, levels: { witnessed: 0, history: 0 } });
    expect(summary.storageProblem).toBeUndefined();
    const db = await openDB(DATABASE_NAME);
    expect(db.version).toBe(DATABASE_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual(['commitments', 'meta', 'rounds']);
    expect([...db.transaction('rounds').store.indexNames].sort()).toEqual(['by-game', 'by-level', 'by-rank', 'by-seq']);
    expect([...db.transaction('commitments').store.indexNames]).toEqual(['by-panel-time']);
    expect(await db.get('meta', 'tally')).toEqual({ games: {}, levels: { witnessed: 0, history: 0 }, figures: emptyFigures() });
    expect(await db.get('meta', 'games')).toEqual([]);
    db.close();
  });
});

describe('upgrading a version-1 store', () => {
  it('keeps every round, sighting and setting, and counts the tally the version-1 store lacked', async () => {
    await fillWithRounds();
    await (await import('../../src/background/store.js')).saveSelfTest({ ok: true, ranAt: T, checks: [{ name: 'vectors', ok: true }] });
    const before = await dump();
    const summaryBefore = await summarise();
    const pageBefore = await pageOfRounds({}, 0, 100);
    expect(before.rounds.length).toBe(6);

    await writeVersionOne(before);
    const v1 = await dump();
    expect(v1.meta.map(([key]) => key)).not.toContain('tally');

    // The current code opens it: the upgrade runs version 2 on.
    expect(await summarise()).toEqual(summaryBefore);
    const after = await dump();
    expect(after.rounds).toEqual(before.rounds);
    expect(after.commitments).toEqual(before.commitments);
    // The statistics figures need the rounds read whole: counted when the page first asks (outcomes.ts).
    const withoutFigures = before.meta.map(([key, value]) => (key === 'tally' ? [key, { ...(value as Tally), figures: undefined }] : [key, value]));
    expect(new Map(after.meta)).toEqual(new Map(withoutFigures as typeof before.meta));
    expect(await pageOfRounds({}, 0, 100)).toEqual(pageBefore);
    expect(await listGames()).toEqual(['keno', 'roulette-american', 'roulette-european', 'unknown']);
    expect((await loadSelfTest())?.ok).toBe(true);
    const db = await openDB(DATABASE_NAME);
    expect(db.version).toBe(DATABASE_VERSION);
    db.close();
  });

  it('goes on working after the upgrade: a reveal completes a version-1 pending round, new rounds get the next number', async () => {
    await fillWithRounds();
    await writeVersionOne(await dump());
    const pending = revealedClaim(vector(2), 'American Roulette');
    await storeClaims([pending, revealedClaim(vector(7), 'Keno')], T + 20);
    // Its result was stored by version 1, which judged no player action: it can only be history now.
    expect((await getRound(roundKey(pending)))!.verdict).toMatchObject({ status: 'verified', level: 'history' });
    const { records } = await pageInSeenOrder(0, 100);
    expect(records.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const summary = await summarise();
    expect(summary.total).toBe(7);
    expect(summary.counts.pending).toBe(0); // the one pending round is verified now
  });

  it('upgrades an empty version-1 store to an empty current one', async () => {
    await writeVersionOne({ rounds: [], commitments: [], meta: [] });
    expect((await summarise()).total).toBe(0);
    const db = await openDB(DATABASE_NAME);
    expect(await db.get('meta', 'tally')).toEqual({ games: {}, levels: { witnessed: 0, history: 0 }, figures: emptyFigures() });
    db.close();
  });
});

describe.each([2, 3])('upgrading a version-%i store', (version) => {
  const played = vector(0);
  const other = vector(1);
  /** The active-seed-pair panel: commitment, client seed and the next bet's nonce. */
  const panel = (commitment: string, nonce: number, at: number): CapturedClaim => ({
    source: 'dom',
    game: 'Keno',
    commitment,
    clientSeed: played.clientSeed,
    nonce: String(nonce),
    observedAt: { commitment: at, clientSeed: at, nonce: at },
  });

  it('indexes the panel states the old store kept by client seed and time, so the trust rule reads them after the upgrade', async () => {
    // Before the upgrade: the panel showed a third pair for an earlier nonce, then `other` for the next bet.
    await storeClaims([panel(vector(2).commitment, played.nonce - 1, T), panel(other.commitment, played.nonce, T + 1)], T + 1);
    const before = await dump();
    expect((before.commitments as CommitmentSighting[]).every((sighting) => sighting.panelTimes !== undefined)).toBe(true);
    await writeVersion(version, before);
    const old = (await dump()).commitments as CommitmentSighting[];
    expect(old.map((sighting) => sighting.panelTimes)).toEqual([undefined, undefined]);
    expect(old.every((sighting) => (sighting.panelRounds !== undefined) === (version === 3))).toBe(true);

    // The current code opens it: step 4 writes the time keys (and drops the old ones), and a round
    // the player then bet on (their action after both panel states) under a commitment the panel never
    // showed is judged against what it showed last: `other`, for exactly that nonce (once the panel
    // goes on with `other` after the bet).
    await storeClaims([{ ...pendingClaim(played, 'Keno', { commitment: T + 10, result: T + 10 }), actedAt: T + 5 }], T + 10);
    const after = ((await dump()).commitments as CommitmentSighting[]).filter((sighting) => sighting.commitment !== played.commitment);
    // The upgraded records are as the current code writes them (the judgement notes its round on `other`, to judge it again).
    expect(after.map(({ accused: _noted, ...sighting }) => sighting)).toEqual(before.commitments);
    await storeClaims([panel(other.commitment, played.nonce + 1, T + 20)], T + 20);
    const record = (await getRound(roundKey(pendingClaim(played, 'Keno'))))!;
    expect(record.preRoundCommitment).toBe(other.commitment);
    expect(record.verdict.failures.map((failure) => failure.step)).toEqual(['witness']);
  });
});

describe('upgrading a version-4 store', () => {
  const played = vector(0);
  const other = vector(1);
  const panel = (round: typeof played, clientSeed: string, at: number): CapturedClaim => ({
    source: 'dom',
    game: 'Keno',
    commitment: round.commitment,
    clientSeed,
    nonce: String(played.nonce),
    observedAt: { commitment: at, clientSeed: at, nonce: at },
  });

  it('indexes every panel state in the lane of any client seed too, so a second pair under another client seed is read as a rival', async () => {
    // Before the upgrade: the panel showed the played pair, then another pair for a look-alike of its client seed.
    await storeClaims([panel(played, played.clientSeed, T), panel(other, played.clientSeed + '\u200b', T + 1)], T + 1);
    const before = await dump();
    await writeVersion(4, before);
    const old = (await dump()).commitments as CommitmentSighting[];
    expect(old.flatMap((sighting) => sighting.panelTimes ?? []).every(([lane]) => typeof lane === 'string')).toBe(true);

    // The current code opens it: step 5 writes the any-lane keys, and the round bet on after both is not witnessed.
    await storeClaims([{ ...revealedClaim(played, 'Keno', { commitment: T + 10, result: T + 10 }), actedAt: T + 5 }], T + 20);
    expect(((await dump()).commitments as CommitmentSighting[]).map(({ accused: _noted, ...sighting }) => sighting)).toEqual(before.commitments);
    expect((await getRound(roundKey(pendingClaim(played, 'Keno'))))!.verdict).toMatchObject({ status: 'verified', level: 'history', levelReason: 'several-commitments' });
  });

  it('control: the same store without the other pair: witnessed', async () => {
    await storeClaims([panel(played, played.clientSeed, T)], T + 1);
    await writeVersion(4, await dump());
    await storeClaims([{ ...revealedClaim(played, 'Keno', { commitment: T + 10, result: T + 10 }), actedAt: T + 5 }], T + 20);
    expect((await getRound(roundKey(pendingClaim(played, 'Keno'))))!.verdict).toMatchObject({ status: 'verified', level: 'witnessed' });
  });
});
