// Red team, worker level: a rival under another game's name. The rule reads a panel state for its own
// game's rounds only (witness.ts sameGame: "a casino may keep a seed pair per game"), for rivals too.
// A page that shows R for the player's client seed and nonce as the keno page's panel (a message of
// its own, never on screen) while the roulette panel shows C keeps two seeds for the next roulette
// bet: C's round is witnessed, R's would be history (no commitment), and no finding names them
// (severalCommitmentFindings groups by game). docs/trust.md says the opposite ("a seed pair serves
// every game: the roulette page's panel binds a keno round").
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it } from 'vitest';
import { findings } from '../../src/background/findings.js';
import { roundKey } from '../../src/background/round-key.js';
import { DATABASE_NAME, getRound, storeClaims } from '../../src/background/store.js';
import { computeRound, gameById } from '../../src/core/index.js';
import type { CapturedClaim } from '../../src/shared/records.js';

const ROULETTE = gameById('roulette-european')!;
const T = 1_700_000_000_000;
afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});
const pair = (name: string) => {
  const serverSeed = `server-seed-${name}`;
  return { serverSeed, commitment: computeRound(ROULETTE, serverSeed, 'x', 1).commitment };
};
type Pair = ReturnType<typeof pair>;
const panel = (p: Pair, game: string, at: number): CapturedClaim => ({ source: 'json', game, commitment: p.commitment, clientSeed: 'cs', nonce: '5', observedAt: { game: at, commitment: at, clientSeed: at, nonce: at } });

it('C on the roulette panel, R for the same client seed and nonce as the keno panel, the roulette bet, the outcome on C: history or a finding', async () => {
  const [C, R] = [pair('game-c'), pair('game-r')];
  await storeClaims([panel(C, 'European Roulette', T)], T + 1);
  await storeClaims([panel(R, 'Keno', T + 5)], T + 6);
  const result = String(computeRound(ROULETTE, C.serverSeed, 'cs', 5).outcome);
  await storeClaims([{ ...panel(C, 'European Roulette', T + 20), result, observedAt: { game: T + 20, commitment: T + 20, clientSeed: T + 20, nonce: T + 20, result: T + 20 }, actedAt: T + 10 }], T + 21);
  await storeClaims([{ source: 'json', commitment: C.commitment, serverSeed: C.serverSeed, observedAt: { commitment: T + 30, serverSeed: T + 30 } }], T + 31);
  const record = (await getRound(roundKey({ commitment: C.commitment, clientSeed: 'cs', nonce: '5' })))!;
  expect(record.verdict.status).toBe('verified');
  expect(record.verdict.level === 'history' || (await findings()).length > 0).toBe(true);
});
