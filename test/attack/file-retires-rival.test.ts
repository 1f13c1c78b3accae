// Red team, a hostile file: an "export" the casino hands the player, imported before play, with a
// round of the rival R on the player's client seed and the very nonce, R's real seed included (so it
// verifies). The rule retires a rival only on verified facts seen live: a file's round has no times,
// so it must neither retire R (usedAt) nor reveal it, and the round on C stays out of `witnessed`.
import { cleanStoreAfterEach, draw as drawFor, pair, panel as panelFor, T, type Pair } from './store-claims.js';
import { expect, it } from 'vitest';
import { importRounds } from '../../src/background/import.js';
import { roundKey } from '../../src/background/round-key.js';
import { getRound, storeClaims } from '../../src/background/store.js';

cleanStoreAfterEach();
const draw = (p: Pair, nonce: number) => drawFor(p, 'cs', nonce);
const panel = (p: Pair, nonce: number, at: number) => panelFor(p, 'cs', nonce, at);

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
