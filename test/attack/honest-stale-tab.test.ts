// Red team, honest flow, worker level (the real store on fake-indexeddb): no false accusation of an
// honest casino. Two tabs on one seed pair C1 (client seed kept, nonces counting on). The player rotates
// in tab B: its answer reveals C1 (the new pair's panel is not read there). Tab A was not told: it still
// shows C1 and, after the player's next bet there (served, rightly, on the new pair C2), re-renders its
// stale panel with the old commitment and the next nonce. C1 was revealed BEFORE the bet, so it cannot
// have been the bet's pair; witness.ts's `continued` ("the panel showed it again after the action: its
// reveal, seen whenever, came from a later rotation") does not hold for a reveal seen before the action.
import { cleanStoreAfterEach, outcome as outcomeOf, pair, panel, play, reveal, T, type Pair } from './store-claims.js';
import { expect, it } from 'vitest';
import { findings } from '../../src/background/findings.js';
import { roundKey } from '../../src/background/round-key.js';
import { getRound } from '../../src/background/store.js';

cleanStoreAfterEach();
/** Tab A's outcomes come in a data message. */
const outcome = (p: Pair, clientSeed: string, nonce: number, at: number, actedAt?: number) => outcomeOf(p, clientSeed, nonce, at, actedAt, 'json');

it('a stale tab re-rendering the old pair after a bet, that pair revealed (rotation in another tab) before the bet: no mismatch, no finding', async () => {
  const [c1, c2] = [pair('stale-1'), pair('stale-2')];
  await play(
    panel(c1, 'cs', 5, T), // tab A (and B): C1, next nonce 5
    reveal(c1, T + 50), // tab B: the rotation's answer reveals C1
    [outcome(c2, 'cs', 5, T + 120, T + 100), panel(c1, 'cs', 6, T + 120)], // tab A: the bet, its outcome on C2, the stale panel re-rendered
    reveal(c2, T + 500),
  );
  const record = (await getRound(roundKey({ commitment: c2.commitment, clientSeed: 'cs', nonce: '5' })))!;
  expect(record.verdict.status).toBe('verified');
  expect(record.preRoundCommitment).toBeUndefined();
  expect(await findings()).toEqual([]);
});
