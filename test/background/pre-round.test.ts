// The commitment shown before a round: panel states kept per commitment, matched to the round
// that the bet played by client seed and nonce, and step `witness` through the real store.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { PANEL_MEMORY, PanelIndex, panelRoundKey, settledPanel, withPanelSighting, type PanelSighting } from '../../src/background/pre-round.js';
import { roundKey } from '../../src/background/round-key.js';
import { exportedRoundOf } from '../../src/background/rows.js';
import { DATABASE_NAME, getRound, openStore, storeClaims } from '../../src/background/store.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { pendingClaim, recordOf, revealedClaim, vector } from './fixtures.js';

const T = 1_700_000_000_000;

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

/** The active-seed-pair panel: commitment, the client seed set, and the nonce of the next bet. */
const panel = (commitment: string, clientSeed: string, nonce: number, at: number, game?: string): CapturedClaim => ({
  source: 'dom',
  ...(game ? { game } : {}),
  commitment,
  clientSeed,
  nonce: String(nonce),
  observedAt: { commitment: at, clientSeed: at, nonce: at },
});

describe('withPanelSighting', () => {
  it('adds a state once, keeping its first time, with the game id and the canonical nonce', () => {
    const first = withPanelSighting(undefined, panel('c', 's', 7, T + 5, 'Europäisches Roulette'), T + 5);
    expect(first).toEqual([{ clientSeed: 's', nonce: '7', game: 'roulette-european', seenAt: T + 5 }]);
    const again = withPanelSighting(first, { ...panel('c', 's', 7, T, 'European Roulette'), nonce: '007' }, T);
    expect(again).toEqual([{ clientSeed: 's', nonce: '7', game: 'roulette-european', seenAt: T }]);
    // The stored list is not changed in place (the store compares old and new).
    expect(first![0]!.seenAt).toBe(T + 5);
  });

  it('ignores a panel without client seed or nonce', () => {
    expect(withPanelSighting(undefined, { source: 'dom', commitment: 'c', observedAt: {} }, T)).toBeUndefined();
  });

  it(`keeps the latest ${PANEL_MEMORY} states, but the last one of every client seed`, () => {
    let list = withPanelSighting(undefined, panel('c', 'old', 1, T), T);
    for (let nonce = 1; nonce <= PANEL_MEMORY + 10; nonce++) list = withPanelSighting(list, panel('c', 'new', nonce, T + nonce), T + nonce);
    expect(list).toHaveLength(PANEL_MEMORY);
    expect(list!.filter((s) => s.clientSeed === 'old')).toHaveLength(1);
    expect(list!.at(-1)!.nonce).toBe(String(PANEL_MEMORY + 10));
    expect(list!.some((s) => s.nonce === '1' && s.clientSeed === 'new')).toBe(false);
  });
});

describe('settledPanel', () => {
  it('keeps the last state of each client seed, in order', () => {
    const states: PanelSighting[] = [
      { clientSeed: 'a', nonce: '1', seenAt: 1 },
      { clientSeed: 'b', nonce: '1', seenAt: 2 },
      { clientSeed: 'b', nonce: '2', seenAt: 3 },
      { clientSeed: 'b', nonce: '3', seenAt: 4 },
    ];
    expect(settledPanel(states)).toEqual([states[0], states[3]]);
    expect(settledPanel(undefined)).toBeUndefined();
  });
});

describe('PanelIndex.preRoundCommitment', () => {
  const states = (clientSeed: string, nonce: string, seenAt: number, game?: string): PanelSighting[] => [{ clientSeed, nonce, seenAt, ...(game ? { game } : {}) }];
  const round = (fields: Parameters<typeof recordOf>[0]) =>
    recordOf({ gameId: 'keno', commitment: 'c2', clientSeed: 's', nonce: '3', result: ['1'], observedAt: { result: T + 10 }, ...fields });

  it('is the round own commitment when the panel showed it for that client seed and nonce', () => {
    const index = new PanelIndex([
      { commitment: 'c1', panel: states('s', '3', T + 1) },
      { commitment: 'c2', panel: states('s', '3', T) },
    ]);
    expect(index.preRoundCommitment(round({}))).toBe('c2');
  });

  it('is the latest other commitment shown before the result otherwise', () => {
    const index = new PanelIndex([
      { commitment: 'c0', panel: states('s', '3', T) },
      { commitment: 'c1', panel: states('s', '3', T + 5) },
      { commitment: 'late', panel: states('s', '3', T + 20) },
      { commitment: 'other-seed', panel: states('t', '3', T + 6) },
      { commitment: 'other-nonce', panel: states('s', '4', T + 6) },
    ]);
    expect(index.preRoundCommitment(round({}))).toBe('c1');
  });

  it('is nothing for a round first read with its server seed already shown (from the history, not watched)', () => {
    const index = new PanelIndex([{ commitment: 'c1', panel: states('s', '3', T) }]);
    expect(index.preRoundCommitment(round({ serverSeed: 'x', observedAt: { result: T + 10, serverSeed: T + 10 } }))).toBeUndefined();
    expect(index.preRoundCommitment(round({ serverSeed: 'x', observedAt: { result: T + 10, serverSeed: T + 11 } }))).toBe('c1');
    expect(index.preRoundCommitment(round({ observedAt: {} }))).toBeUndefined();
  });

  it('does not take a panel of another game', () => {
    const index = new PanelIndex([{ commitment: 'c1', panel: states('s', '3', T, 'roulette-european') }]);
    expect(index.preRoundCommitment(round({}))).toBeUndefined();
    expect(index.preRoundCommitment(round({ gameId: 'roulette-european' }))).toBe('c1');
  });
});

describe('the store: step `witness` across records', () => {
  const played = vector(0);
  const other = vector(1);

  it('a round whose history names another commitment than the panel showed before it is a `witness` mismatch, pending or revealed', async () => {
    await storeClaims([panel(other.commitment, played.clientSeed, played.nonce, T, 'Keno')], T);
    await storeClaims([pendingClaim(played, 'Keno', { commitment: T + 10, result: T + 10 })], T + 10);
    const key = roundKey(pendingClaim(played, 'Keno'));
    const pending = (await getRound(key))!;
    expect(pending.preRoundCommitment).toBe(other.commitment);
    expect(pending.verdict).toMatchObject({ status: 'mismatch', failures: [{ step: 'witness', expected: other.commitment, shown: played.commitment }] });

    await storeClaims([revealedClaim(played, 'Keno', { serverSeed: T + 20 })], T + 20);
    const revealed = (await getRound(key))!;
    // The seeds themselves agree with the history entry: only the witness step fails.
    expect(revealed.verdict.status).toBe('mismatch');
    expect(revealed.verdict.failures.map((f) => f.step)).toEqual(['witness']);
  });

  it('the panel and the round in one batch count too (panel states are stored first)', async () => {
    await storeClaims([pendingClaim(played, 'Keno', { result: T + 10 }), panel(other.commitment, played.clientSeed, played.nonce, T, 'Keno')], T + 10);
    expect((await getRound(roundKey(pendingClaim(played, 'Keno'))))!.verdict.failures.map((f) => f.step)).toEqual(['witness']);
  });

  it('an honest round gets its own commitment as the one shown before it, and verifies as witnessed', async () => {
    await storeClaims([panel(played.commitment, played.clientSeed, played.nonce, T, 'Keno')], T);
    await storeClaims([pendingClaim(played, 'Keno', { commitment: T + 10, result: T + 10 })], T + 10);
    await storeClaims([revealedClaim(played, 'Keno', { serverSeed: T + 20 })], T + 20);
    const record = (await getRound(roundKey(pendingClaim(played, 'Keno'))))!;
    expect(record.preRoundCommitment).toBe(played.commitment);
    expect(record.verdict).toMatchObject({ status: 'verified', level: 'witnessed' });
  });

  it('the export carries the commitment shown before the round (the CLI re-checks step `witness` from it)', async () => {
    await storeClaims([panel(other.commitment, played.clientSeed, played.nonce, T, 'Keno')], T);
    await storeClaims([revealedClaim(played, 'Keno', { result: T + 10, serverSeed: T + 20 })], T + 20);
    const exported = exportedRoundOf((await getRound(roundKey(pendingClaim(played, 'Keno'))))!);
    expect(exported).toMatchObject({ preRoundCommitment: other.commitment, verdict: 'mismatch', failures: ['witness'] });
  });

  it('a reveal cuts its pair panel states down to one per client seed', async () => {
    const claims = [1, 2, 3].map((nonce) => panel(played.commitment, played.clientSeed, nonce, T + nonce, 'Keno'));
    await storeClaims(claims, T + 3);
    const db = await openStore();
    expect((await db.get('commitments', played.commitment))!.panel).toHaveLength(3);
    await storeClaims([{ source: 'json', commitment: played.commitment, serverSeed: played.serverSeed, observedAt: { serverSeed: T + 9 } }], T + 9);
    const settled = (await db.get('commitments', played.commitment))!;
    expect(settled.revealedSeed).toBe(played.serverSeed);
    expect(settled.panel).toEqual([{ clientSeed: played.clientSeed, nonce: '3', game: 'keno', seenAt: T + 3 }]);
    expect(settled.panelRounds).toEqual([panelRoundKey(played.clientSeed, '3')]);
  });

  it('finds the panel states of a round through the by-panel-round index, which follows every change of a panel', async () => {
    // Two commitments showed nonce 1 of the same client seed; a third showed another client seed.
    await storeClaims(
      [
        panel(played.commitment, played.clientSeed, 1, T, 'Keno'),
        panel(other.commitment, played.clientSeed, 1, T + 1, 'Keno'),
        panel(other.commitment, played.clientSeed, 2, T + 2, 'Keno'),
        panel(vector(2).commitment, 'another client seed', 1, T + 3, 'Keno'),
      ],
      T + 3,
    );
    const db = await openStore();
    const shownWith = async (clientSeed: string, nonce: string) =>
      (await db.getAllFromIndex('commitments', 'by-panel-round', panelRoundKey(clientSeed, nonce))).map((sighting) => sighting.commitment).sort();
    expect(await shownWith(played.clientSeed, '1')).toEqual([played.commitment, other.commitment].sort());
    expect(await shownWith(played.clientSeed, '2')).toEqual([other.commitment]);
    expect(await shownWith('another client seed', '1')).toEqual([vector(2).commitment]);
    // The reveal of `other` keeps its last state only: its nonce-1 state is gone from the index too.
    await storeClaims([{ source: 'json', commitment: other.commitment, serverSeed: other.serverSeed, observedAt: { serverSeed: T + 9 } }], T + 9);
    expect(await shownWith(played.clientSeed, '1')).toEqual([played.commitment]);
    expect(await shownWith(played.clientSeed, '2')).toEqual([other.commitment]);
  });

  it('no panel state, or one seen only after the result: no pre-round commitment, no mismatch', async () => {
    await storeClaims([panel(other.commitment, played.clientSeed, played.nonce, T + 50, 'Keno')], T + 50);
    await storeClaims([revealedClaim(played, 'Keno', { result: T + 10, serverSeed: T + 20 })], T + 60);
    const record = (await getRound(roundKey(pendingClaim(played, 'Keno'))))!;
    expect(record.preRoundCommitment).toBeUndefined();
    expect(record.verdict.status).toBe('verified');
  });
});
