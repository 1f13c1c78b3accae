// Red team, worker level (the real store on fake-indexeddb, claims as the content script sends
// them): a round caught at step `witness` (the panel showed C1 for the nonce before the bet, the round
// came out on C2 first shown after it, and the panel went on with C1) has its accusation withdrawn by
// what the page shows AFTERWARDS. apply-claim.ts: "An accusation is always the latest judgement's:
// new evidence can withdraw it", and the page controls the new evidence.
import { cleanStoreAfterEach, outcome, pair, panel, play, reveal, T, type Pair } from './store-claims.js';
import { expect, it } from 'vitest';
import { roundKey } from '../../src/background/round-key.js';
import { getRound } from '../../src/background/store.js';

cleanStoreAfterEach();
const verdictOf = async (p: Pair, clientSeed: string, nonce: number) => {
  const { verdict, preRoundCommitment } = (await getRound(roundKey({ commitment: p.commitment, clientSeed, nonce: String(nonce) })))!;
  return { status: verdict.status, failures: verdict.failures.map((f) => f.step), preRoundCommitment };
};

/** Reproduction 3 of the witness issue: caught at step `witness`, before anything else happens. */
async function caught(c1: Pair, c2: Pair) {
  await play(panel(c1, 'cs', 4, T), panel(c2, 'cs', 4, T + 15), [outcome(c2, 'cs', 4, T + 20, T + 10), panel(c1, 'cs', 5, T + 20)], reveal(c2, T + 30));
  expect(await verdictOf(c2, 'cs', 4)).toMatchObject({ status: 'mismatch', failures: ['witness'], preRoundCommitment: c1.commitment });
}

it('a "round" of C1 on the same client seed and nonce, shown long after the accusation (its true outcome: the casino knows C1\'s seed), then C1 revealed: the accusation stands', async () => {
  const [c1, c2] = [pair('w1-before'), pair('w1-after')];
  await caught(c1, c2);
  await play(outcome(c1, 'cs', 4, T + 1000), reveal(c1, T + 2000));
  expect(await verdictOf(c2, 'cs', 4)).toMatchObject({ status: 'mismatch', failures: ['witness'], preRoundCommitment: c1.commitment });
});

it('C1 shown at nonces 2, 3, 4 before the bet, then at 40 later nonces after the accusation (its states before the bet pushed out of the store\'s memory): the accusation stands', async () => {
  const [c1, c2] = [pair('w2-before'), pair('w2-after')];
  await play(panel(c1, 'cs', 2, T - 3), panel(c1, 'cs', 3, T - 2));
  await caught(c1, c2);
  await play(Array.from({ length: 40 }, (_, i) => panel(c1, 'cs', 6 + i, T + 1000 + i)), reveal(c1, T + 2000));
  expect(await verdictOf(c2, 'cs', 4)).toMatchObject({ status: 'mismatch', failures: ['witness'], preRoundCommitment: c1.commitment });
});

it('17 made-up commitments each shown for 9 made-up client seeds (forgotten spans past MAX_OTHERS) between the bet and the outcome: the round is accused or there is a finding (held: the judgement is partial, no accusation, but C1, C2, C1 is a several-commitments finding)', async () => {
  const [c1, c2] = [pair('w3-before'), pair('w3-after')];
  const junk = Array.from({ length: 17 }, (_, i) => pair(`w3-junk-${i}`));
  // One after another (each commitment for its 9 client seeds, then the next): per client seed, a run of
  // single commitments like rotations, nothing shown at once or alternating.
  const flood = junk.flatMap((p, i) => Array.from({ length: 9 }, (_, j) => panel(p, `junk-seed-${j}`, 0, T + 11 + i * 0.25 + j * 0.01)));
  await play(panel(c1, 'cs', 4, T), panel(c2, 'cs', 4, T + 15), ...flood, [outcome(c2, 'cs', 4, T + 20, T + 10), panel(c1, 'cs', 5, T + 20)], reveal(c2, T + 30));
  const { findings } = await import('../../src/background/findings.js');
  const verdict = await verdictOf(c2, 'cs', 4);
  const found = await findings();
  expect(verdict.status === "mismatch" || found.length > 0).toBe(true);
});
