// The active-seed-pair panel's states, kept per commitment and indexed by client seed and time
// (the trust rule's evidence: test/background/witness-evidence.test.ts).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { ANY_CLIENT_SEED_LANE, ANY_FORGOTTEN_LANE, forgottenLane, PANEL_MEMORY, settledPanel, withPanelSighting, type PanelSighting } from '../../src/background/pre-round.js';
import { DATABASE_NAME, openStore, storeClaims } from '../../src/background/store.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { vector } from './fixtures.js';

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
    const first = withPanelSighting({}, panel('c', 's', 7, T + 5, 'Europäisches Roulette'), T + 5);
    expect(first).toEqual({ panel: [{ clientSeed: 's', nonce: '7', game: 'roulette-european', seenAt: T + 5 }] });
    const again = withPanelSighting(first, { ...panel('c', 's', 7, T, 'European Roulette'), nonce: '007' }, T);
    expect(again).toEqual({ panel: [{ clientSeed: 's', nonce: '7', game: 'roulette-european', seenAt: T }] });
    // The stored list is not changed in place (the store compares old and new).
    expect(first.panel![0]!.seenAt).toBe(T + 5);
  });

  it('ignores a panel without client seed or nonce', () => {
    expect(withPanelSighting({}, { source: 'dom', commitment: 'c', observedAt: {} }, T)).toEqual({});
  });

  it(`keeps the latest ${PANEL_MEMORY} states, but the first and the last one of every client seed`, () => {
    let memory = withPanelSighting({}, panel('c', 'old', 1, T), T);
    for (let nonce = 1; nonce <= PANEL_MEMORY + 10; nonce++) memory = withPanelSighting(memory, panel('c', 'new', nonce, T + nonce), T + nonce);
    const list = memory.panel;
    expect(list).toHaveLength(PANEL_MEMORY);
    expect(list!.filter((s) => s.clientSeed === 'old')).toHaveLength(1);
    expect(list!.at(-1)!.nonce).toBe(String(PANEL_MEMORY + 10));
    // The first state of a client seed says from which nonce on the commitment was shown.
    expect(list!.some((s) => s.nonce === '1' && s.clientSeed === 'new')).toBe(true);
    expect(list!.some((s) => s.nonce === '2' && s.clientSeed === 'new')).toBe(false);
  });
});

describe('settledPanel', () => {
  it('keeps the first and the last state of each client seed, in order', () => {
    const states: PanelSighting[] = [
      { clientSeed: 'a', nonce: '1', seenAt: 1 },
      { clientSeed: 'b', nonce: '1', seenAt: 2 },
      { clientSeed: 'b', nonce: '2', seenAt: 3 },
      { clientSeed: 'b', nonce: '3', seenAt: 4 },
    ];
    expect(settledPanel({ panel: states }).panel).toEqual([states[0], states[1], states[3]]);
    expect(settledPanel({})).toEqual({});
  });

  it('keeps them per game: the keno page\'s state survives the roulette page\'s later ones', () => {
    const states: PanelSighting[] = [
      { clientSeed: 'a', nonce: '1', seenAt: 1 },
      { clientSeed: 'a', nonce: '2', game: 'roulette-european', seenAt: 2 },
      { clientSeed: 'a', nonce: '3', game: 'keno', seenAt: 3 },
      { clientSeed: 'a', nonce: '4', game: 'roulette-european', seenAt: 4 },
      { clientSeed: 'a', nonce: '5', game: 'roulette-european', seenAt: 5 },
    ];
    expect(settledPanel({ panel: states }).panel).toEqual([states[0], states[1], states[2], states[4]]);
  });
});

describe('the store: panel states', () => {
  const played = vector(0);
  const other = vector(1);

  it('a reveal cuts its pair panel states down to the first and last per client seed, and the time index follows', async () => {
    const claims = [1, 2, 3].map((nonce) => panel(played.commitment, played.clientSeed, nonce, T + nonce, 'Keno'));
    await storeClaims(claims, T + 3);
    const db = await openStore();
    expect((await db.get('commitments', played.commitment))!.panel).toHaveLength(3);
    // Each time in the client seed's lane and in the lane of any client seed (a second pair for the bet is one under any).
    expect((await db.get('commitments', played.commitment))!.panelTimes).toEqual([1, 2, 3].flatMap((n) => [[played.clientSeed, T + n], [ANY_CLIENT_SEED_LANE, T + n]]));
    await storeClaims([{ source: 'json', commitment: played.commitment, serverSeed: played.serverSeed, observedAt: { serverSeed: T + 9 } }], T + 9);
    const settled = (await db.get('commitments', played.commitment))!;
    expect(settled.revealedSeed).toBe(played.serverSeed);
    expect(settled.panel).toEqual([1, 3].map((n) => ({ clientSeed: played.clientSeed, nonce: String(n), game: 'keno', seenAt: T + n })));
    // What the cut forgot stays as a span of its own, indexed by its end in the client seed's forgotten lane.
    expect(settled.forgotten).toEqual([{ clientSeed: played.clientSeed, nonce: '2', highest: '2', from: T + 2, to: T + 2 }]);
    expect(settled.panelTimes).toEqual([
      ...[1, 3].flatMap((n) => [[played.clientSeed, T + n], [ANY_CLIENT_SEED_LANE, T + n]]),
      [forgottenLane(played.clientSeed), T + 2],
      [ANY_FORGOTTEN_LANE, T + 2],
    ]);
  });

  it('finds the panel states of a client seed by time through the by-panel-time index', async () => {
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
    const shownUpTo = async (clientSeed: string, at: number) =>
      (await db.getAllKeysFromIndex('commitments', 'by-panel-time', IDBKeyRange.bound([clientSeed, 0], [clientSeed, at]))).sort();
    expect(await shownUpTo(played.clientSeed, T)).toEqual([played.commitment]);
    expect(await shownUpTo(played.clientSeed, T + 2)).toEqual([played.commitment, other.commitment, other.commitment].sort());
    expect(await shownUpTo('another client seed', T + 3)).toEqual([vector(2).commitment]);
  });
});
