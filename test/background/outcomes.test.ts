// The statistics page's data path through the real store (fake-indexeddb): the figures kept in the
// tally as rounds are stored are those of the verified rounds stored, each with its recomputed
// outcome, the amounts the pages showed and keno's picks and hits; a store without them counts them once.
import 'fake-indexeddb/auto';
import { deleteDB, openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyGameFigures, figuresOf } from '../../src/background/game-figures.js';
import { gameFigures } from '../../src/background/outcomes.js';
import type { Tally } from '../../src/background/schema.js';
import { DATABASE_NAME, pageInSeenOrder, storeClaims } from '../../src/background/store.js';
import { verifiedRoundOf } from '../../src/background/verified-round.js';
import type { SupportedGameId } from '../../src/core/index.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { pendingClaim, revealedClaim, vector, wrongResult, type GameName } from './fixtures.js';

beforeEach(() => deleteDB(DATABASE_NAME));
afterEach(() => deleteDB(DATABASE_NAME));

const GAMES: [SupportedGameId, GameName][] = [
  ['roulette-european', 'European Roulette'],
  ['roulette-american', 'American Roulette'],
  ['keno', 'Keno'],
];

/** The figures counted afresh from every stored round, as the page counted them from the list. */
async function recounted(gameId: SupportedGameId) {
  const { records } = await pageInSeenOrder(0, 10_000);
  return figuresOf(gameId, records.flatMap((record) => (record.gameId === gameId ? (verifiedRoundOf(record) ?? []) : [])));
}

async function withoutKeptFigures(): Promise<void> {
  const db = await openDB(DATABASE_NAME);
  const tally = (await db.get('meta', 'tally')) as Tally;
  delete tally.figures;
  await db.put('meta', tally, 'tally');
  db.close();
}

describe('gameFigures', () => {
  it('keeps each verified round with its stake, payout, multiplier and keno hits, merged over sightings', async () => {
    const round = vector(0);
    const drawn = round.keno;
    const missed = Array.from({ length: 40 }, (_, i) => i + 1).find((n) => !drawn.includes(n))!;
    const picks = [String(drawn[0]), String(drawn[1]), String(missed)];
    // The API answer first (amounts as numbers, no seed), then the history entry with the seed.
    const fromApi: CapturedClaim = { ...pendingClaim(round, 'Keno'), picks, stake: '1', multiplier: '1.8' };
    const fromPage: CapturedClaim = { ...revealedClaim(round, 'Keno'), source: 'dom', picks, stake: '1.00', payout: '1.80' };
    await storeClaims([fromApi], 1000);
    expect(await gameFigures('keno')).toEqual(emptyGameFigures('keno')); // pending: not counted yet
    await storeClaims([fromPage], 2000);
    // A pending European round with a stake: not verified, not counted.
    await storeClaims([{ ...pendingClaim(vector(1), 'European Roulette'), stake: '5', payout: '0' }], 3000);

    const keno = await gameFigures('keno');
    expect(keno).toEqual(figuresOf('keno', [{ outcome: drawn, stake: '1', payout: '1.80', multiplier: '1.8', picks: 3, hits: 2 }]));
    expect(keno).toMatchObject({ rounds: 1, bets: 1, totalPayout: { numerator: '9', denominator: '5' }, paid: { '3:2': { '1.8': 1 } }, staked: { '3': { rounds: 1 } } });
    expect(keno.counts.filter((count) => count === 1)).toHaveLength(10);
    expect(await gameFigures('roulette-european')).toEqual(emptyGameFigures('roulette-european'));
  });

  it('as rounds are stored, revealed, shown wrong and shown with other amounts, the kept figures are the recounted ones', async () => {
    let at = 1000;
    for (let i = 0; i < 12; i++) {
      const [, game] = GAMES[i % 3]!;
      const claim = { ...pendingClaim(vector(i), game), stake: String(1 + (i % 4)), payout: String(i % 2 ? 0 : 2 * (1 + (i % 4))) };
      await storeClaims([claim], at++);
    }
    for (let i = 0; i < 12; i++) {
      const [, game] = GAMES[i % 3]!;
      // Most revealed; one shown wrong (a mismatch: out of the figures), one with a second payout (disputed).
      const revealed = revealedClaim(vector(i), game);
      if (i === 4) revealed.result = wrongResult(vector(i), game);
      if (i === 6) revealed.payout = '999';
      if (i !== 9) await storeClaims([revealed], at++);
    }
    for (const [gameId] of GAMES) expect(await gameFigures(gameId), gameId).toEqual(await recounted(gameId));
    const all = await Promise.all(GAMES.map(([gameId]) => gameFigures(gameId)));
    expect(all.reduce((sum, figures) => sum + figures.rounds, 0)).toBe(10);
    expect(all.reduce((sum, figures) => sum + figures.disputed, 0)).toBe(1);
  });

  it('a store kept before the figures counts them once, then keeps them', async () => {
    for (let i = 0; i < 6; i++) await storeClaims([revealedClaim(vector(i), GAMES[i % 3]![1])], 1000 + i);
    const kept = await Promise.all(GAMES.map(([gameId]) => gameFigures(gameId)));
    await withoutKeptFigures();
    expect(await Promise.all(GAMES.map(([gameId]) => gameFigures(gameId)))).toEqual(kept);
    const db = await openDB(DATABASE_NAME);
    expect(((await db.get('meta', 'tally')) as Tally).figures).toMatchObject(Object.fromEntries(GAMES.map(([gameId], i) => [gameId, kept[i]])));
    db.close();
    await storeClaims([revealedClaim(vector(7), 'Keno')], 2000);
    expect(await gameFigures('keno')).toEqual(await recounted('keno'));
  });

  it('figures kept before the luck groups are counted anew, by the next write or the next ask', async () => {
    for (let i = 0; i < 4; i++) await storeClaims([revealedClaim(vector(i), 'Keno')], 1000 + i);
    const kept = await gameFigures('keno');
    const db = await openDB(DATABASE_NAME);
    const tally = (await db.get('meta', 'tally')) as Tally;
    for (const figures of Object.values(tally.figures!)) delete figures.luck;
    await db.put('meta', tally, 'tally');
    db.close();
    expect(await gameFigures('keno')).toEqual(kept);
    expect(kept.luck).toBeDefined();
  });
});
