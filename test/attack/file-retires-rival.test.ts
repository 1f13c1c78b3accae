// Red team, a hostile file: an "export" the casino hands the player, imported before play, with a
// round of the rival R on the player's client seed and the very nonce, R's real seed included (so it
// verifies). The rule retires a rival only on verified facts seen live: a file's round has no times,
// so it must neither retire R (usedAt) nor reveal it, and the round on C stays out of `witnessed`.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it } from 'vitest';
import { importRounds } from '../../src/background/import.js';
import { roundKey } from '../../src/background/round-key.js';
import { DATABASE_NAME, getRound, storeClaims } from '../../src/background/store.js';
import { computeRound, gameById } from '../../src/core/index.js';
import type { CapturedClaim } from '../../src/shared/records.js';

const KENO = gameById('keno');
const T = 1_700_000_000_000;
afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});
const pair = (name: string) => {
  const serverSeed = `server-seed-${name}`;
  return { serverSeed, commitment: computeRound(KENO, serverSeed, 'x', 1).commitment };
};
type Pair = ReturnType<typeof pair>;
const draw = (p: Pair, nonce: number) => (computeRound(KENO, p.serverSeed, 'cs', nonce).outcome as number[]).map(String);
const panel = (p: Pair, nonce: number, at: number): CapturedClaim => ({ source: 'dom', game: 'Keno', commitment: p.commitment, clientSeed: 'cs', nonce: String(nonce), observedAt: { game: at, commitment: at, clientSeed: at, nonce: at } });

it('a file\'s verifying round of the rival on the same nonce, and a file\'s round of it with its seed, neither retire it: the round on C is not witnessed', async () => {
  const [C, R] = [pair('file-c'), pair('file-r')];
  const report = await importRounds([
    { game: 'keno', commitment: R.commitment, serverSeed: R.serverSeed, clientSeed: 'cs', nonce: '5', result: draw(R, 5) },
  ], T - 1000);
  expect(report.added).toBe(1);
  await storeClaims([panel(C, 5, T), panel(R, 5, T)], T + 1); // two seeds open at once for nonce 5
  await storeClaims([{ ...panel(C, 5, T + 20), result: draw(C, 5), observedAt: { game: T + 20, commitment: T + 20, clientSeed: T + 20, nonce: T + 20, result: T + 20 }, actedAt: T + 10 }], T + 21);
  await storeClaims([{ source: 'json', commitment: C.commitment, serverSeed: C.serverSeed, observedAt: { commitment: T + 30, serverSeed: T + 30 } }], T + 31);
  const record = (await getRound(roundKey({ commitment: C.commitment, clientSeed: 'cs', nonce: '5' })))!;
  expect(record.verdict.status).toBe('verified');
  expect(record.verdict.level).toBe('history');
});
