// The seed-lifecycle cheats: each makes the casino's history show exactly one kind of finding of
// the audit, through the same API and /__demo/ route the pages and e2e tests use. Every outcome is
// checked against computeRound (the casino's own fairness module, pinned by the shared vectors).
import { describe, expect, it } from 'vitest';
import { CasinoState } from '../../scripts/demo-casino/casino-state.js';
import { commitmentOf, computeRound, roundSignatureOf, type GameId } from '../../scripts/demo-casino/fairness.js';
import type { DemoCasino } from '../../scripts/demo-casino/server.js';
import { post, useDemoCasino } from './helpers.js';

let casino: DemoCasino;
useDemoCasino('lifecycle-test', (started) => (casino = started));

async function bet(game: GameId, picks?: number[]) {
  const reply = await post(casino, '/api/bet', picks ? { game, picks } : { game });
  expect(reply.status, reply.text).toBe(200);
  return reply.json.round as { hashedServerSeed: string; clientSeed: string; nonce: number; result: unknown; serverSeed: string | null };
}

async function cheat(mode: string) {
  const reply = await post(casino, '/__demo/cheat', { mode });
  expect(reply.status, reply.text).toBe(200);
  expect(reply.json.cheat).toBe(mode);
}

const rounds = () => casino.state().rounds;

describe('seed-lifecycle cheats', () => {
  it("'skip-nonce' leaves a nonce out, and only while on", async () => {
    await bet('roulette-european');
    await cheat('skip-nonce');
    await bet('roulette-european');
    await cheat('none');
    await bet('roulette-european');
    expect(rounds().map((r) => r.nonce)).toEqual([1, 3, 4]);
    for (const r of rounds()) expect(r.displayedOutcome).toEqual(computeRound(r.game, r.serverSeed, r.clientSeed, r.nonce).outcome);
  });

  it("'repeat-nonce' plays the pair's last nonce again with the same (true) outcome", async () => {
    const first = await bet('keno', [1, 2, 3]);
    await cheat('repeat-nonce');
    const again = await bet('keno', [4, 5, 6]);
    await cheat('none');
    await bet('keno', [7]);
    expect(rounds().map((r) => r.nonce)).toEqual([1, 1, 2]);
    expect(again).toMatchObject({ hashedServerSeed: first.hashedServerSeed, clientSeed: first.clientSeed, nonce: 1, result: first.result });
    expect(rounds()[1]!.picks).toEqual([4, 5, 6]);
  });

  it("'repeat-nonce' on a pair without rounds plays its first nonce", async () => {
    await cheat('repeat-nonce');
    await bet('roulette-american');
    expect(rounds()[0]!.nonce).toBe(1);
    expect(casino.state().activeSeedPair.nextNonce).toBe(2);
  });

  it("'conflict-nonce' shows the last nonce again with another outcome; the true one stays in state()", async () => {
    const first = await bet('roulette-european');
    await cheat('conflict-nonce');
    const again = await bet('roulette-european');
    expect(again.nonce).toBe(first.nonce);
    expect(again.hashedServerSeed).toBe(first.hashedServerSeed);
    expect(again.result).not.toEqual(first.result);
    const [, second] = rounds();
    expect(second!.trueOutcome).toEqual(first.result);
    // The first bet of a fresh pair under the cheat has no earlier nonce to contradict: honest.
    casino.rotateSeedPair();
    await bet('keno', [1]);
    const fresh = rounds().at(-1)!;
    expect(fresh.nonce).toBe(1);
    expect(fresh.displayedOutcome).toEqual(fresh.trueOutcome);
  });

  it("'other-client-seed' plays with a client seed the panel never showed; outcomes are true for that seed", async () => {
    const set = casino.state().activeSeedPair.clientSeed;
    await cheat('other-client-seed');
    const round = await bet('roulette-european');
    await cheat('none');
    expect(round.clientSeed).not.toBe(set);
    expect(casino.state().activeSeedPair.clientSeed).toBe(set);
    const r = rounds()[0]!;
    expect(r.displayedOutcome).toEqual(computeRound(r.game, r.serverSeed, round.clientSeed, r.nonce).outcome);
    casino.rotateSeedPair();
    expect(rounds()[0]!.displayedRoundSignature).toBe(roundSignatureOf(r.serverSeed, round.clientSeed, r.nonce));
  });

  it("'reuse-server-seed' starts the next pair on the seed just revealed, with a new client seed", async () => {
    await bet('roulette-european');
    await cheat('reuse-server-seed');
    const reveal = (await post(casino, '/api/rotate')).json;
    await cheat('none');
    const [old, next] = casino.state().seedPairs;
    expect(reveal.revealed.serverSeed).toBe(old!.serverSeed);
    expect(next!.serverSeed).toBe(old!.serverSeed);
    expect(reveal.seedPair.serverSeedHash).toBe(old!.commitment);
    expect(next!.clientSeed).not.toBe(old!.clientSeed);
    await bet('roulette-european');
    expect(rounds()[1]).toMatchObject({ commitment: old!.commitment, nonce: 1, clientSeed: next!.clientSeed });
    // Off again: the next rotation draws a fresh seed.
    casino.rotateSeedPair();
    expect(casino.state().activeSeedPair.serverSeed).not.toBe(old!.serverSeed);
  });

  it("'switch-commitment' plays on a fresh seed named only in the round's entry, and reveals that seed", async () => {
    const panel = (await post(casino, '/api/client-seed', { clientSeed: 'mine' })).json.seedPair;
    await cheat('switch-commitment');
    const round = await bet('keno', [1, 2, 3]);
    await cheat('none');
    const honest = await bet('keno', [1, 2, 3]);
    expect(round.hashedServerSeed).not.toBe(panel.serverSeedHash);
    expect(honest.hashedServerSeed).toBe(panel.serverSeedHash);
    const [switched] = rounds();
    expect(commitmentOf(switched!.serverSeed)).toBe(round.hashedServerSeed);
    expect(switched!.displayedOutcome).toEqual(computeRound('keno', switched!.serverSeed, 'mine', 1).outcome);
    const reveal = (await post(casino, '/api/rotate')).json.revealed;
    expect(reveal.serverSeedHash).toBe(panel.serverSeedHash);
    const shown = reveal.rounds as { nonce: number; serverSeed: string; hashedServerSeed: string; roundSignature: string }[];
    const first = shown.find((r) => r.nonce === 1)!;
    // The history entry is self-consistent: only the commitment seen before the bet tells.
    expect(commitmentOf(first.serverSeed)).toBe(first.hashedServerSeed);
    expect(first.roundSignature).toBe(roundSignatureOf(first.serverSeed, 'mine', 1));
    expect(commitmentOf(shown.find((r) => r.nonce === 2)!.serverSeed)).toBe(panel.serverSeedHash);
  });

  it('refuses an unknown mode and keeps the old one', () => {
    const state = new CasinoState('x');
    state.setCheat('skip-nonce');
    expect(() => state.setCheat('bogus' as never)).toThrow(/unknown cheat mode/);
    expect(state.cheatMode).toBe('skip-nonce');
  });
});
