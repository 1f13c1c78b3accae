// Red team (witness-evidence.ts scanQueryOf/witnessOf, with #23's scanUpTo): the worker's scan for
// other commitments starts at the round's own FIRST panel state for its client seed, any nonce, any
// game, while the rule (witness.ts) counts only the round's own states covering its nonce. More than
// MAX_OTHERS (16) other commitments in that window are "several": partial, which never makes an
// accusation. A page that means to play a pair C2 chosen after the bet shows C2 once, long before,
// at a nonce far above the round's (no binding, no rival for anyone), then 17 junk pairs, one after
// another (no two at once, none shown again: no finding), then the real panel C1. After the bet it
// plays C2, and the panel goes on with C1: without the early C2 this is a mismatch at step witness;
// with it, verified, history, no finding.
// Closed: the scan window starts at the round's own first state covering its nonce, and a state at a higher nonce before the action is no showing of the round's commitment (witness-evidence.ts, witness.ts).
import { cleanStoreAfterEach, outcome, pair, panel, play, reveal, T, type Pair } from './store-claims.js';
import { expect, it } from 'vitest';
import { roundKey } from '../../src/background/round-key.js';
import { getRound } from '../../src/background/store.js';
import { findings } from '../../src/background/findings.js';

cleanStoreAfterEach();
const recordOf = async (p: Pair, clientSeed: string, nonce: number) => (await getRound(roundKey({ commitment: p.commitment, clientSeed, nonce: String(nonce) })))!;

async function forged(early: boolean) {
  const [c1, c2] = [pair(`s-before-${early}`), pair(`s-after-${early}`)];
  const junk = Array.from({ length: 17 }, (_, i) => panel(pair(`s-junk-${early}-${i}`), 'cs', 2_000_000 + i, T - 90 + i));
  await play(...(early ? [panel(c2, 'cs', 1_000_000, T - 100)] : []), ...junk, panel(c1, 'cs', 4, T));
  await play([outcome(c2, 'cs', 4, T + 20, T + 10), panel(c1, 'cs', 5, T + 20)], reveal(c2, T + 30));
  return { record: await recordOf(c2, 'cs', 4), found: await findings() };
}

it('guard: C1 for nonce 4 after 17 junk pairs, the bet, the outcome on C2 (not on the panel), C1 goes on: accused at step witness', async () => {
  const { record } = await forged(false);
  expect(record.verdict.status).toBe('mismatch');
  expect(record.verdict.failures.map((f) => f.step)).toEqual(['witness']);
});

it('the same with C2 shown once long before at a far nonce: still accused, or a finding', async () => {
  const { record, found } = await forged(true);
  expect(record.verdict.status === 'mismatch' || found.length > 0).toBe(true);
});
