// Red team 5, worker level (commit 874d87b, any-lanes): an accusation (step `witness`) rests on the
// round's own client seed only, but the worker gives up before the rule runs ('several', partial:
// which never makes an accusation) when its index scans meet more than MAX_OTHERS commitments, and
// those scans now read every client seed:
// (a) the any-client-seed window [round's own first state, outcome): its start is the round's own
//     commitment's first state covering the nonce under ANY client seed (witness-evidence.ts
//     witnessOf/scanQueryOf), so the page shows C2 (the pair it will play after the bet) once for a
//     made-up client seed before the bet, which opens the window, and 17 junk pairs for made-up
//     client seeds in it (they may come after the bet, in the outcome's own message);
// (b) the forgotten lane of "client seeds past a commitment's limit" ('\u0000*', read for every
//     round's client seed): 17 junk commitments each shown for 9 made-up client seeds;
// (c) the forgotten lane of the player's client seed: forgottenLane(cs) is the string '\u0000=cs', and
//     a panel state for the made-up client seed '\u0000=cs' is indexed under exactly that lane;
// (d) the same with the client seed '\u0000*', which is forgottenLane(undefined): read for every round.
// The cheat itself: C1 on the panel for the player's client seed and nonce 4, the bet, the outcome on
// C2 (chosen after the bet, never on the player's panel), the panel going on with C1: without the
// junk a mismatch at step witness; with it, history (several commitments) and no accusation (with (a)
// no several-commitments finding either; with (b) and (c) one that names only the junk).
// Fix: decide 'several' for the rule's rival check only (reason several-commitments), and still run
// changedAfterAction on the round's own client seed's evidence (its lane and its forgotten lanes),
// which the junk under other client seeds cannot crowd; and give the forgotten lanes and the
// client-seed lanes disjoint key spaces (e.g. [kind, clientSeed, time] or a number-typed prefix).
import { cleanStoreAfterEach, outcome, pair, panel, play, reveal, T, type Pair } from './store-claims.js';
import { expect, it } from 'vitest';
import { roundKey } from '../../src/background/round-key.js';
import { getRound } from '../../src/background/store.js';
import type { CapturedClaim } from '../../src/shared/records.js';

cleanStoreAfterEach();
const recordOf = async (p: Pair, clientSeed: string, nonce: number) => (await getRound(roundKey({ commitment: p.commitment, clientSeed, nonce: String(nonce) })))!;

type Junk = (c2: Pair, name: string) => { before: CapturedClaim[]; withOutcome: CapturedClaim[]; afterBet?: CapturedClaim[] };

const JUNK: Record<string, Junk> = {
  none: () => ({ before: [], withOutcome: [] }),
  'C2 once for a made-up client seed before the bet, nothing else': (c2) => ({ before: [panel(c2, 'made-up', 4, T + 1)], withOutcome: [] }),
  '(a) C2 once for a made-up client seed before the bet, 17 junk pairs for made-up client seeds after the bet (before the outcome)': (c2, name) => ({
    before: [panel(c2, 'made-up', 4, T + 1)],
    withOutcome: [],
    afterBet: Array.from({ length: 17 }, (_, i) => panel(pair(`${name}-junk-${i}`), `junk-${i}`, 1_000_000, T + 15)),
  }),
  '(a) the same, the 17 junk pairs before the bet': (c2, name) => ({
    before: [panel(c2, 'made-up', 4, T + 1), ...Array.from({ length: 17 }, (_, i) => panel(pair(`${name}-junk-${i}`), `junk-${i}`, 1_000_000, T + 2))],
    withOutcome: [],
  }),
  '(b) 17 junk commitments each shown for 9 made-up client seeds, in the outcome\'s message': (_, name) => ({
    before: [],
    withOutcome: Array.from({ length: 17 }, (_, i) => Array.from({ length: 9 }, (_, k) => panel(pair(`${name}-junk-${i}`), `junk-${i}-${k}`, 1_000_000, T + 20))).flat(),
  }),
  '(c) 17 junk commitments for the made-up client seed "\\u0000=cs", in the outcome\'s message': (_, name) => ({
    before: [],
    withOutcome: Array.from({ length: 17 }, (_, i) => panel(pair(`${name}-junk-${i}`), '\u0000=cs', 1_000_000, T + 20)),
  }),
  '(d) 17 junk commitments for the made-up client seed "\\u0000*" (the lane of every client seed\'s overflow: no need to know the player\'s), in the outcome\'s message': (_, name) => ({
    before: [],
    withOutcome: Array.from({ length: 17 }, (_, i) => panel(pair(`${name}-junk-${i}`), '\u0000*', 1_000_000, T + 20)),
  }),
};

async function forged(kind: string) {
  const [c1, c2] = [pair(`any-before-${kind}`), pair(`any-after-${kind}`)];
  const { before, withOutcome, afterBet = [] } = JUNK[kind]!(c2, kind);
  await play(panel(c1, 'cs', 4, T), ...(before.length ? [before] : []), ...(afterBet.length ? [afterBet] : []), [outcome(c2, 'cs', 4, T + 20, T + 10), panel(c1, 'cs', 5, T + 20), ...withOutcome], reveal(c2, T + 30));
  return { record: await recordOf(c2, 'cs', 4), c1 };
}

for (const kind of ['none', 'C2 once for a made-up client seed before the bet, nothing else']) {
  it(`guard: C1 for nonce 4, the bet, the outcome on C2, C1 goes on; junk: ${kind}: accused at step witness`, async () => {
    const { record, c1 } = await forged(kind);
    expect(record.verdict.status).toBe('mismatch');
    expect(record.verdict.failures.map((f) => f.step)).toEqual(['witness']);
    expect(record.preRoundCommitment).toBe(c1.commitment);
  });
}

for (const kind of Object.keys(JUNK).filter((kind) => kind.startsWith('('))) {
  it(`closed: the same with junk only under made-up client seeds, ${kind}: still accused at step witness`, async () => {
    const { record } = await forged(kind);
    expect(record.verdict.status).toBe('mismatch');
  });
}
