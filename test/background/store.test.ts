import 'fake-indexeddb/auto';
import { deleteDB, openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { roundKey } from '../../src/background/round-key.js';
import {
  clearRounds,
  DATABASE_NAME,
  getRound,
  listGames,
  loadSelfTest,
  pageInSeenOrder,
  pageOfRounds,
  saveSelfTest,
  storeClaims,
  summarise,
} from '../../src/background/store.js';
import type { VerdictStatus } from '../../src/core/index.js';
import type { CapturedClaim, RoundRecord, SelfTestResult } from '../../src/shared/records.js';
import { commitmentSighting, pendingClaim, revealedClaim, vector, wrongResult, type GameName } from './fixtures.js';

const T = 1_700_000_000_000;

// Each test starts from an empty database. Deleting it asks the store's open connection to step
// aside (its `blocking` handler closes it and forgets it), so the next call opens a fresh one.
afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

async function all(): Promise<RoundRecord[]> {
  return (await pageInSeenOrder(0, 1000)).records;
}

describe('storeClaims', () => {
  it('persists a round, merged and verified, and returns its key', async () => {
    const round = vector(0);
    const claim = revealedClaim(round, 'Keno', { commitment: T - 10, result: T - 5 });
    const changed = await storeClaims([claim], T);
    expect(changed).toEqual([roundKey(claim)]);

    const stored = await getRound(roundKey(claim));
    expect(stored).toMatchObject({
      key: roundKey(claim),
      seq: 1,
      game: 'Keno',
      gameId: 'keno',
      serverSeed: round.serverSeed,
      commitment: round.commitment,
      result: round.keno.map(String),
      observedAt: { commitment: T - 10, result: T - 5 },
      firstSeenAt: T,
      // The seeds add up; no panel state and no player action were seen before the outcome.
      verdict: { status: 'verified', level: 'history', levelReason: 'no-commitment', failures: [] },
    });
    expect(stored!.verdict.expected).toEqual(round.keno);

    // It is on disk, not only in this module: a separate connection reads it.
    const db = await openDB(DATABASE_NAME);
    expect(await db.count('rounds')).toBe(1);
    db.close();
  });

  it('stores a batch, giving each new round the next sequence number', async () => {
    const claims = [0, 1, 2].map((i) => revealedClaim(vector(i), 'European Roulette'));
    const changed = await storeClaims(claims, T);
    expect(changed).toEqual(claims.map(roundKey));
    // Seeing a known round again uses no number: the next new round gets the next one.
    await storeClaims([claims[1]!, { ...claims[2]!, roundSignature: vector(2).roundSignature }, revealedClaim(vector(3), 'European Roulette')], T + 1);
    expect((await all()).map((r) => r.seq)).toEqual([1, 2, 3, 4]);
  });

  it('a commitment sighting alone stores no round', async () => {
    expect(await storeClaims([commitmentSighting(vector(0), T)], T)).toEqual([]);
    expect((await summarise()).total).toBe(0);
  });

  it('the panel showing the commitment, then the player\'s action, then the outcome makes it witnessed', async () => {
    const round = vector(1);
    await storeClaims([commitmentSighting(round, T - 100)], T - 100);
    // The history shows commitment and result together, after the round was played.
    await storeClaims([{ ...revealedClaim(round, 'Keno', { commitment: T, result: T - 50 }), actedAt: T - 70 }], T);
    const stored = await getRound(roundKey(revealedClaim(round, 'Keno')));
    expect(stored!.observedAt.commitment).toBe(T - 100);
    expect(stored!.verdict).toMatchObject({ status: 'verified', level: 'witnessed' });
  });

  it('a sighting in the same batch, before the round, counts too; the commitment case does not matter', async () => {
    const round = vector(2);
    const sighting = { ...commitmentSighting(round, T - 100), commitment: round.commitment.toUpperCase() };
    await storeClaims([sighting, { ...revealedClaim(round, 'Keno', { commitment: T, result: T - 1 }), actedAt: T - 50 }], T);
    expect((await getRound(roundKey(revealedClaim(round, 'Keno'))))!.verdict.level).toBe('witnessed');
  });

  it('a sighting later in the same batch, but seen before the round, counts too', async () => {
    const round = vector(2);
    await storeClaims([{ ...revealedClaim(round, 'Keno', { commitment: T, result: T - 50 }), actedAt: T - 70 }, commitmentSighting(round, T - 100)], T);
    expect((await getRound(roundKey(revealedClaim(round, 'Keno'))))!.verdict.level).toBe('witnessed');
  });

  it('a commitment seen only after the round keeps it history', async () => {
    const round = vector(1);
    await storeClaims([commitmentSighting(round, T + 100)], T + 100);
    await storeClaims([revealedClaim(round, 'Keno', { commitment: T + 200, result: T + 50 })], T + 200);
    const stored = await getRound(roundKey(revealedClaim(round, 'Keno')));
    expect(stored!.observedAt.commitment).toBe(T + 100);
    expect(stored!.verdict).toMatchObject({ status: 'verified', level: 'history' });
  });

  it('the earliest sighting of a commitment wins', async () => {
    const round = vector(3);
    await storeClaims([commitmentSighting(round, T + 100)], T + 100);
    await storeClaims([commitmentSighting(round, T - 100)], T + 150);
    await storeClaims([commitmentSighting(round, T + 120)], T + 160);
    await storeClaims([revealedClaim(round, 'Keno', { commitment: T + 200, result: T })], T + 200);
    expect((await getRound(roundKey(revealedClaim(round, 'Keno'))))!.observedAt.commitment).toBe(T - 100);
  });

  it('a sighting of another commitment does not witness the round', async () => {
    const round = vector(1);
    await storeClaims([commitmentSighting(vector(2), T - 100)], T - 100);
    await storeClaims([revealedClaim(round, 'Keno', { commitment: T, result: T - 50 })], T);
    expect((await getRound(roundKey(revealedClaim(round, 'Keno'))))!.verdict.level).toBe('history');
  });

  it('pending, then the reveal: verified in place (same key, same seq)', async () => {
    const round = vector(4);
    const played = { ...pendingClaim(round, 'American Roulette', { commitment: T - 100, result: T - 50 }), actedAt: T - 70 };
    await storeClaims([revealedClaim(vector(5), 'Keno'), commitmentSighting(round, T - 100)], T - 200);
    expect(await storeClaims([played], T - 50)).toEqual([roundKey(played)]);
    const before = await getRound(roundKey(played));
    expect(before!.verdict.status).toBe('pending');
    expect(before!.seq).toBe(2);

    // The history entry after rotating the seed pair shows the revealed seed, without the commitment.
    const { commitment: _c, ...reveal } = revealedClaim(round, 'American Roulette', { serverSeed: T });
    expect(await storeClaims([reveal], T)).toEqual([roundKey(played)]);
    const after = await getRound(roundKey(played));
    expect(after).toMatchObject({ key: before!.key, seq: 2, serverSeed: round.serverSeed, firstSeenAt: T - 50, updatedAt: T });
    expect(after!.verdict).toMatchObject({ status: 'verified', level: 'witnessed' });
    expect((await summarise()).total).toBe(2);
  });

  it('storing the same claim twice changes nothing', async () => {
    const claims = [revealedClaim(vector(0), 'Keno', { result: T - 5 }), pendingClaim(vector(1), 'European Roulette')];
    expect(await storeClaims(claims, T)).toHaveLength(2);
    const before = await all();
    expect(await storeClaims(claims, T + 1000)).toEqual([]);
    expect(await all()).toEqual(before);
    expect(await storeClaims([claims[0]!, claims[0]!], T + 2000)).toEqual([]);
  });

  it('a second, different result for the same round is a mismatch', async () => {
    const round = vector(6);
    const first = pendingClaim(round, 'Keno');
    await storeClaims([first], T);
    const changed = await storeClaims([{ ...first, result: wrongResult(round, 'Keno') }], T + 1);
    expect(changed).toEqual([roundKey(first)]);
    const stored = await getRound(roundKey(first));
    expect(stored!.verdict.status).toBe('mismatch');
    expect(stored!.verdict.failures.map((f) => f.step)).toEqual(['nonce']);
    expect(await storeClaims([{ ...first, result: wrongResult(round, 'Keno') }], T + 2)).toEqual([]);
  });
});

/** One round of each status, for the list and summary tests. */
function roundOf(status: VerdictStatus, index: number, game: GameName = 'European Roulette'): CapturedClaim {
  const round = vector(index);
  switch (status) {
    case 'verified':
      // Odd indexes: bet on after the panel showed the pair (storeMixed), each pair shown for its own
      // round only (two pairs open at once would be two seeds to choose from): witnessed.
      return index % 2
        ? { ...revealedClaim(round, game, { commitment: T + 10 * index, result: T + 10 * index + 6 }), actedAt: T + 10 * index + 3 }
        : revealedClaim(round, game, { commitment: T + 10, result: T });
    case 'pending':
      return pendingClaim(round, game);
    case 'mismatch':
      return { ...revealedClaim(round, game), result: wrongResult(round, game) };
    case 'invalid':
      return { ...revealedClaim(round, game), commitment: undefined };
    case 'unsupported':
      return { ...pendingClaim(round, game), game: 'Mines', result: '3x' };
  }
}

const MIXED: [VerdictStatus, GameName][] = [
  ['verified', 'Keno'],
  ['invalid', 'European Roulette'],
  ['pending', 'Keno'],
  ['verified', 'European Roulette'],
  ['mismatch', 'European Roulette'],
  ['unsupported', 'Keno'],
  ['verified', 'American Roulette'],
  ['pending', 'European Roulette'],
  ['mismatch', 'Keno'],
  ['verified', 'Keno'],
  ['invalid', 'Keno'],
  ['pending', 'American Roulette'],
];
const WORST_FIRST: VerdictStatus[] = ['mismatch', 'pending', 'verified', 'invalid', 'unsupported'];

/** Stores MIXED one message at a time; returns the keys in the order stored. */
async function storeMixed(): Promise<{ key: string; status: VerdictStatus; gameId: string }[]> {
  const stored = [];
  for (const [i, [status, game]] of MIXED.entries()) {
    const claim = roundOf(status, i, game);
    if (claim.actedAt !== undefined) await storeClaims([commitmentSighting(vector(i), T + 10 * i)], T + 10 * i);
    await storeClaims([claim], T + 10 * i + 7);
    const record = await getRound(roundKey(claim));
    expect(record!.verdict.status, `${status} ${game}`).toBe(status);
    stored.push({ key: record!.key, status, gameId: record!.gameId });
  }
  return stored;
}

function expectedOrder(rounds: { key: string; status: VerdictStatus }[]): string[] {
  return rounds
    .map((round, seq) => ({ ...round, seq }))
    .sort((a, b) => WORST_FIRST.indexOf(a.status) - WORST_FIRST.indexOf(b.status) || b.seq - a.seq)
    .map((round) => round.key);
}

describe('storeClaims: a revealed seed pair without rounds of its own', () => {
  const reveal = (round: ReturnType<typeof vector>, serverSeed = round.serverSeed): CapturedClaim => ({
    source: 'json',
    serverSeed,
    commitment: round.commitment,
    clientSeed: round.clientSeed,
    observedAt: { serverSeed: T + 50, commitment: T + 50 },
  });

  it('reveals every stored pending round of its pair, and stores no round for itself', async () => {
    const round = vector(0);
    await storeClaims([pendingClaim(round, 'Keno', { commitment: T - 10, result: T })], T);
    await storeClaims([reveal(round)], T + 100);
    const rounds = await all();
    expect(rounds).toHaveLength(1);
    expect(rounds[0]).toMatchObject({ serverSeed: round.serverSeed, verdict: { status: 'verified' } });
  });

  it('reveals a round that arrives after the reveal', async () => {
    const round = vector(1);
    await storeClaims([reveal(round)], T + 100);
    expect(await all()).toHaveLength(0);
    await storeClaims([pendingClaim(round, 'Keno', { commitment: T, result: T })], T + 200);
    expect((await all())[0]).toMatchObject({ serverSeed: round.serverSeed, verdict: { status: 'verified', level: 'history' } });
  });

  it('a revealed seed that does not hash to the pair\'s commitment makes its rounds mismatch at step commitment', async () => {
    const round = vector(2);
    await storeClaims([pendingClaim(round, 'Keno', { commitment: T - 10, result: T })], T);
    await storeClaims([reveal(round, vector(3).serverSeed)], T + 100);
    const [stored] = await all();
    expect(stored!.verdict.status).toBe('mismatch');
    expect(stored!.verdict.failures.map((failure) => failure.step)).toContain('commitment');
  });
});

describe('summarise', () => {
  it('counts nothing in an empty store', async () => {
    expect(await summarise()).toEqual({
      total: 0,
      counts: { mismatch: 0, pending: 0, verified: 0, invalid: 0, unsupported: 0 },
      levels: { witnessed: 0, history: 0 },
      selfTest: undefined,
      storageProblem: undefined,
    });
  });

  it('counts rounds by status and verified rounds by level', async () => {
    await storeMixed();
    const summary = await summarise();
    expect(summary.total).toBe(MIXED.length);
    expect(summary.counts).toEqual({ mismatch: 2, pending: 3, verified: 4, invalid: 2, unsupported: 1 });
    // Verified rounds at odd indexes (3, 9) saw the commitment first.
    expect(summary.levels).toEqual({ witnessed: 2, history: 2 });
  });

  it('includes the saved self-test', async () => {
    const result: SelfTestResult = { ok: true, ranAt: T, checks: [{ name: 'vectors', ok: true }] };
    await saveSelfTest(result);
    expect((await summarise()).selfTest).toEqual(result);
  });
});

describe('pageOfRounds', () => {
  it('orders mismatch → pending → verified → invalid → unsupported, newest first within a status', async () => {
    const stored = await storeMixed();
    const page = await pageOfRounds({}, 0, 100);
    expect(page.total).toBe(MIXED.length);
    expect(page.records.map((r) => r.key)).toEqual(expectedOrder(stored));
    expect(page.records.map((r) => r.verdict.status)).toEqual([
      'mismatch', 'mismatch', 'pending', 'pending', 'pending', 'verified', 'verified', 'verified', 'verified', 'invalid', 'invalid', 'unsupported',
    ]);
  });

  it('moves a round when its status changes', async () => {
    const round = vector(0);
    await storeClaims([pendingClaim(round, 'Keno'), revealedClaim(vector(1), 'Keno')], T);
    expect((await pageOfRounds({}, 0, 10)).records.map((r) => r.verdict.status)).toEqual(['pending', 'verified']);
    await storeClaims([revealedClaim(round, 'Keno')], T + 1);
    expect((await pageOfRounds({ status: 'pending' }, 0, 10)).total).toBe(0);
    // Both verified now: the newer (by first sighting) is first.
    expect((await pageOfRounds({}, 0, 10)).records.map((r) => r.seq)).toEqual([2, 1]);
  });

  it('honours offset and limit, with the total of all matching rounds', async () => {
    const stored = await storeMixed();
    const order = expectedOrder(stored);
    const first = await pageOfRounds({}, 0, 5);
    const second = await pageOfRounds({}, 5, 5);
    const last = await pageOfRounds({}, 10, 5);
    expect([first, second, last].map((p) => p.total)).toEqual([12, 12, 12]);
    expect(first.records.map((r) => r.key)).toEqual(order.slice(0, 5));
    expect(second.records.map((r) => r.key)).toEqual(order.slice(5, 10));
    expect(last.records.map((r) => r.key)).toEqual(order.slice(10));
    expect((await pageOfRounds({}, 12, 5)).records).toEqual([]);
    expect((await pageOfRounds({}, 3, 0)).records).toEqual([]);
  });

  it.each(WORST_FIRST)('filters by status: %s', async (status) => {
    const stored = await storeMixed();
    const matching = stored.filter((r) => r.status === status);
    const page = await pageOfRounds({ status }, 0, 100);
    expect(page.total).toBe(matching.length);
    expect(page.records.map((r) => r.key)).toEqual(expectedOrder(matching));
  });

  it.each(['keno', 'roulette-european', 'roulette-american', 'mines'])('filters by game: %s', async (gameId) => {
    const stored = await storeMixed();
    const matching = stored.filter((r) => r.gameId === gameId);
    expect(matching.length).toBeGreaterThan(0);
    const page = await pageOfRounds({ gameId }, 0, 100);
    expect(page.total).toBe(matching.length);
    expect(page.records.map((r) => r.key)).toEqual(expectedOrder(matching));
  });

  it('filters by game and status together, with paging', async () => {
    const stored = await storeMixed();
    const matching = stored.filter((r) => r.gameId === 'keno' && r.status === 'verified');
    expect(matching).toHaveLength(2);
    const page = await pageOfRounds({ gameId: 'keno', status: 'verified' }, 1, 1);
    expect(page.total).toBe(2);
    expect(page.records.map((r) => r.key)).toEqual(expectedOrder(matching).slice(1));
    expect((await pageOfRounds({ gameId: 'keno', status: 'mismatch' }, 0, 10)).total).toBe(1);
    expect((await pageOfRounds({ gameId: 'dice' }, 0, 10))).toEqual({ total: 0, records: [] });
  });
});

describe('pageInSeenOrder', () => {
  it('lists rounds in the order they were first stored, whatever their status', async () => {
    const stored = await storeMixed();
    // A later sighting of the first round does not move it.
    await storeClaims([roundOf('verified', 0, 'Keno')], T + 100);
    const page = await pageInSeenOrder(0, 100);
    expect(page.total).toBe(MIXED.length);
    expect(page.records.map((r) => r.key)).toEqual(stored.map((r) => r.key));
    expect((await pageInSeenOrder(4, 3)).records.map((r) => r.key)).toEqual(stored.slice(4, 7).map((r) => r.key));
  });
});

describe('listGames', () => {
  it('lists the game ids of stored rounds, sorted, once each', async () => {
    expect(await listGames()).toEqual([]);
    await storeMixed();
    expect(await listGames()).toEqual(['keno', 'mines', 'roulette-american', 'roulette-european']);
  });

  it('drops "unknown" once the last round without a game name gets one', async () => {
    const { game: _a, ...first } = pendingClaim(vector(0), 'Keno');
    const { game: _b, ...second } = pendingClaim(vector(1), 'Keno');
    await storeClaims([first, second], T);
    expect(await listGames()).toEqual(['unknown']);
    await storeClaims([pendingClaim(vector(0), 'Keno')], T + 1);
    expect(await listGames()).toEqual(['keno', 'unknown']);
    await storeClaims([pendingClaim(vector(1), 'European Roulette')], T + 2);
    expect(await listGames()).toEqual(['keno', 'roulette-european']);
    expect((await pageOfRounds({ gameId: 'unknown' }, 0, 10)).total).toBe(0);
  });
});

describe('clearRounds', () => {
  it('deletes every round, sighting and game, returns how many rounds, and keeps the self-test', async () => {
    const selfTest: SelfTestResult = { ok: false, ranAt: T, checks: [{ name: 'x', ok: false, detail: 'broken' }] };
    await saveSelfTest(selfTest);
    const round = vector(0);
    await storeClaims([commitmentSighting(round, T - 100)], T - 100);
    await storeMixed();
    expect(await clearRounds()).toBe(MIXED.length);

    expect((await summarise()).total).toBe(0);
    expect(await listGames()).toEqual([]);
    expect((await pageOfRounds({}, 0, 10)).records).toEqual([]);
    expect(await loadSelfTest()).toEqual(selfTest);

    // The sighting is gone too: the round is history now.
    await storeClaims([revealedClaim(round, 'Keno', { commitment: T, result: T - 50 })], T);
    expect((await getRound(roundKey(revealedClaim(round, 'Keno'))))!.verdict.level).toBe('history');
    expect(await clearRounds()).toBe(1);
  });
});

describe('saveSelfTest / loadSelfTest', () => {
  it('returns nothing before a self-test ran, then the last result saved', async () => {
    expect(await loadSelfTest()).toBeUndefined();
    const first: SelfTestResult = { ok: true, ranAt: T, checks: [{ name: 'a', ok: true }] };
    const second: SelfTestResult = { ok: false, ranAt: T + 1, checks: [{ name: 'b', ok: false, detail: 'differs' }] };
    await saveSelfTest(first);
    expect(await loadSelfTest()).toEqual(first);
    await saveSelfTest(second);
    expect(await loadSelfTest()).toEqual(second);
  });
});

describe('the kept tally (summary and list totals without counting the indexes)', () => {
  const STATUS_OF_RANK: VerdictStatus[] = ['mismatch', 'pending', 'verified', 'invalid', 'unsupported'];

  /** What the indexes say, through a separate connection: the truth the tally must equal. */
  async function countedFromIndexes() {
    const db = await openDB(DATABASE_NAME);
    const tx = db.transaction('rounds');
    const counts = Object.fromEntries(
      await Promise.all(STATUS_OF_RANK.map(async (status, rank) => [status, await tx.store.index('by-rank').count(IDBKeyRange.bound([rank, -Infinity], [rank, Infinity]))])),
    );
    const levels = { witnessed: await tx.store.index('by-level').count('witnessed'), history: await tx.store.index('by-level').count('history') };
    const games: Record<string, number> = {};
    for (const record of await tx.store.getAll()) games[record.gameId] = (games[record.gameId] ?? 0) + 1;
    db.close();
    return { counts, levels, games };
  }

  async function expectTallyTrue() {
    const truth = await countedFromIndexes();
    const summary = await summarise();
    expect(summary.counts).toEqual(truth.counts);
    expect(summary.levels).toEqual(truth.levels);
    expect(summary.total).toBe(Object.values(truth.games).reduce((a, b) => a + b, 0));
    for (const [gameId, count] of Object.entries(truth.games)) expect((await pageOfRounds({ gameId }, 0, 0)).total).toBe(count);
    for (const status of STATUS_OF_RANK) expect((await pageOfRounds({ status }, 0, 0)).total).toBe(truth.counts[status]);
  }

  it('follows every change: new rounds, reveals, conflicts, a game named later, clearing', async () => {
    await storeMixed();
    await expectTallyTrue();
    const round = vector(20);
    await storeClaims([pendingClaim(round, 'Keno', { commitment: T - 10, result: T })], T);
    await expectTallyTrue();
    await storeClaims([revealedClaim(round, 'Keno')], T + 1); // pending → verified
    await expectTallyTrue();
    await storeClaims([{ ...pendingClaim(vector(21), 'Keno'), result: wrongResult(vector(21), 'Keno') }, pendingClaim(vector(21), 'Keno')], T + 2);
    await expectTallyTrue();
    const { game: _g, ...unnamed } = pendingClaim(vector(22), 'Keno');
    await storeClaims([unnamed], T + 3);
    await expectTallyTrue();
    await storeClaims([pendingClaim(vector(22), 'American Roulette')], T + 4); // 'unknown' → a game
    await expectTallyTrue();
    await clearRounds();
    await expectTallyTrue();
    await storeMixed();
    await expectTallyTrue();
  });

  it('is counted from the indexes for a store written before it was kept', async () => {
    await storeMixed();
    const db = await openDB(DATABASE_NAME);
    await db.delete('meta', 'tally');
    db.close();
    await expectTallyTrue();
    await storeClaims([pendingClaim(vector(20), 'Keno')], T + 100);
    await expectTallyTrue();
  });
});
