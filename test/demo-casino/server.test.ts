// The demo casino over HTTPS: rounds played through its API are the published procedure's
// outcomes, the seed lifecycle reveals only on rotation, and the cheat switch lies exactly where
// it should. Every outcome is checked against computeRound, itself pinned by the shared vectors.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commitmentOf, computeRound, roundSignatureOf, type GameId } from '../../scripts/demo-casino/fairness.js';
import { startDemoCasino, type DemoCasino } from '../../scripts/demo-casino/server.js';
import { get, PAGE_PATHS, post, useDemoCasino } from './helpers.js';

let casino: DemoCasino;
useDemoCasino('server-test', (started) => (casino = started));

const HEX64 = /^[0-9a-f]{64}$/;

async function bet(game: GameId, picks?: number[]) {
  const reply = await post(casino, '/api/bet', picks ? { game, picks } : { game });
  expect(reply.status, reply.text).toBe(200);
  return reply.json;
}

describe('server and certificate', () => {
  it('listens on an ephemeral port and presents the cached self-signed certificate for the casino names', async () => {
    expect(casino.port).toBeGreaterThan(0);
    expect(casino.origin).toBe(`https://www.cloudbet.com:${casino.port}`);
    const cert = new X509Certificate(readFileSync(casino.certificatePath));
    for (const name of ['www.cloudbet.com', 'cloudbet.com', 'localhost']) expect(cert.subjectAltName).toContain(`DNS:${name}`);
    const reply = await get(casino, '/');
    expect(reply.status).toBe(200);
    expect(reply.peerCertificate.fingerprint256).toBe(cert.fingerprint256);
  });

  it('answers unknown routes and bad bodies with errors, not crashes', async () => {
    expect((await get(casino, '/nope')).status).toBe(404);
    expect((await get(casino, '/casino/roulette?variant=french')).status).toBe(404);
    expect((await get(casino, '/api/bet')).status).toBe(404);
    expect((await post(casino, '/api/bet', 'not json')).status).toBe(400);
    expect((await post(casino, '/api/bet', { game: 'mines' })).status).toBe(400);
    expect((await get(casino, '/')).status).toBe(200);
  });

  it('makes the same seed pairs from the same seed, and different ones otherwise', async () => {
    const twin = await startDemoCasino({ seed: 'server-test' });
    const other = await startDemoCasino({ seed: 'another' });
    try {
      expect(twin.state().activeSeedPair).toEqual(casino.state().activeSeedPair);
      expect(other.state().activeSeedPair.serverSeed).not.toBe(casino.state().activeSeedPair.serverSeed);
    } finally {
      await Promise.all([twin.close(), other.close()]);
    }
  });
});

describe('honest rounds', () => {
  it('plays all three games by the published procedure with nonces counting from 1', async () => {
    const pair = casino.state().activeSeedPair;
    expect(pair).toMatchObject({ nextNonce: 1, revealed: false, commitment: commitmentOf(pair.serverSeed) });
    expect(pair.serverSeed).toMatch(HEX64);
    const games: GameId[] = ['roulette-european', 'roulette-american', 'keno', 'roulette-american', 'keno', 'roulette-european'];
    for (const [i, game] of games.entries()) {
      const answer = await bet(game, game === 'keno' ? [1, 7, 13, 40] : undefined);
      const truth = computeRound(game, pair.serverSeed, pair.clientSeed, i + 1);
      expect(answer.round).toMatchObject({ nonce: i + 1, hashedServerSeed: pair.commitment, clientSeed: pair.clientSeed, serverSeed: null, roundSignature: null, result: truth.outcome });
      expect(answer.seedPair).toEqual({ serverSeedHash: pair.commitment, clientSeed: pair.clientSeed, nonce: i + 2 });
    }
    const rounds = casino.state().rounds;
    expect(rounds.map((r) => r.nonce)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const round of rounds) {
      const truth = computeRound(round.game, pair.serverSeed, pair.clientSeed, round.nonce);
      expect(round.trueOutcome).toEqual(truth.outcome);
      expect(round.displayedOutcome).toEqual(truth.outcome);
      expect(round.roundSignature).toBe(truth.roundSignature);
    }
    expect(rounds[2]!.picks).toEqual([1, 7, 13, 40]);
  });

  it('never shows the active server seed, on any page or API answer, before the rotation', async () => {
    await bet('roulette-european');
    await bet('keno', [5]);
    const secret = casino.state().activeSeedPair.serverSeed;
    for (const path of [...PAGE_PATHS, '/api/history', '/api/seed-pair']) {
      const reply = await get(casino, path);
      expect(reply.status, path).toBe(200);
      expect(reply.text, path).not.toContain(secret);
      expect(reply.text.toLowerCase(), path).not.toContain(secret.slice(0, 6) + '…');
    }
  });

  it('reveals the server seed and round signatures of the old pair on rotation, and starts a new pair', async () => {
    const old = casino.state().activeSeedPair;
    await bet('roulette-american');
    await bet('keno', [2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);
    const reply = await post(casino, '/api/rotate');
    expect(reply.status).toBe(200);
    expect(reply.json.revealed).toMatchObject({ serverSeed: old.serverSeed, serverSeedHash: old.commitment, clientSeed: old.clientSeed });
    expect(reply.json.revealed.rounds.map((r: { nonce: number }) => r.nonce)).toEqual([2, 1]);
    for (const round of reply.json.revealed.rounds) expect(round.roundSignature).toBe(roundSignatureOf(old.serverSeed, old.clientSeed, round.nonce));

    const now = casino.state();
    expect(now.seedPairs[0]).toMatchObject({ revealed: true, displayedServerSeed: old.serverSeed });
    expect(now.activeSeedPair).toMatchObject({ index: 2, nextNonce: 1, revealed: false });
    expect(now.activeSeedPair.serverSeed).not.toBe(old.serverSeed);
    expect(reply.json.seedPair).toEqual({ serverSeedHash: now.activeSeedPair.commitment, clientSeed: now.activeSeedPair.clientSeed, nonce: 1 });

    await bet('roulette-european');
    const history = (await get(casino, '/api/history')).json.rounds;
    expect(history.map((r: { nonce: number; serverSeed: string | null }) => [r.nonce, r.serverSeed])).toEqual([
      [1, null],
      [2, old.serverSeed],
      [1, old.serverSeed],
    ]);
  });

  it('changes the client seed in place before the first bet of a pair, and rotates after', async () => {
    const first = casino.state().activeSeedPair;
    let reply = await post(casino, '/api/client-seed', { clientSeed: '  my lucky: seed ✓ ' });
    expect(reply.json).toEqual({ revealed: null, seedPair: { serverSeedHash: first.commitment, clientSeed: 'my lucky: seed ✓', nonce: 1 } });
    await bet('roulette-european');
    expect(casino.state().rounds[0]!.trueOutcome).toBe(computeRound('roulette-european', first.serverSeed, 'my lucky: seed ✓', 1).outcome);

    reply = await post(casino, '/api/client-seed', { clientSeed: 'second' });
    expect(reply.json.revealed).toMatchObject({ serverSeed: first.serverSeed, clientSeed: 'my lucky: seed ✓' });
    expect(reply.json.seedPair).toMatchObject({ clientSeed: 'second', nonce: 1 });
    expect(reply.json.seedPair.serverSeedHash).not.toBe(first.commitment);

    for (const bad of ['', '   ', 'x'.repeat(65), 'a\u0000b', 'two  spaces', 42]) {
      expect((await post(casino, '/api/client-seed', { clientSeed: bad })).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('refuses keno bets without 1 to 10 distinct picks from 1…40', async () => {
    for (const picks of [[], [0], [41], [1, 1], [1.5], Array.from({ length: 11 }, (_, i) => i + 1)]) {
      expect((await post(casino, '/api/bet', { game: 'keno', picks })).status, JSON.stringify(picks)).toBe(400);
    }
    expect((await post(casino, '/api/bet', { game: 'keno' })).status).toBe(400);
    expect(casino.state().rounds).toEqual([]);
    expect(casino.state().activeSeedPair.nextNonce).toBe(1);
  });
});

describe('the cheat switch', () => {
  it("'wrong-result' shows a different outcome while true outcomes stay in state(), and only while on", async () => {
    await bet('roulette-european');
    casino.setCheat('wrong-result');
    const lies = [await bet('roulette-european'), await bet('roulette-american'), await bet('keno', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])];
    casino.setCheat('none');
    await bet('keno', [3]);
    const rounds = casino.state().rounds;
    expect(rounds.map((r) => JSON.stringify(r.displayedOutcome) !== JSON.stringify(r.trueOutcome))).toEqual([false, true, true, true, false]);
    const pair = casino.state().activeSeedPair;
    for (const round of rounds) expect(round.trueOutcome).toEqual(computeRound(round.game, pair.serverSeed, pair.clientSeed, round.nonce).outcome);
    lies.forEach((lie, i) => expect(lie.round.result).toEqual(rounds[i + 1]!.displayedOutcome));
    // Still a valid-looking outcome of the game.
    expect(rounds[1]!.displayedOutcome).toMatch(/^(\d|[12]\d|3[0-6])$/);
    expect(rounds[2]!.displayedOutcome).toMatch(/^(\d|[12]\d|3[0-6]|00)$/);
    const keno = rounds[3]!.displayedOutcome as number[];
    expect(new Set(keno).size).toBe(10);
    expect(keno.every((n) => n >= 1 && n <= 40)).toBe(true);
    expect(keno).toEqual([...keno].sort((a, b) => a - b));
    // The seeds are honest: the reveal matches the commitment.
    casino.rotateSeedPair();
    expect(commitmentOf(casino.state().seedPairs[0]!.displayedServerSeed!)).toBe(pair.commitment);
  });

  it("'swap-seed' reveals a 64-hex seed that does not hash to the commitment; outcomes stay true", async () => {
    const pair = casino.state().activeSeedPair;
    await bet('roulette-american');
    await bet('keno', [9]);
    expect((await post(casino, '/__demo/cheat', { mode: 'swap-seed' })).json.cheat).toBe('swap-seed');
    const reveal = (await post(casino, '/api/rotate')).json.revealed;
    expect(reveal.serverSeed).toMatch(HEX64);
    expect(reveal.serverSeed).not.toBe(pair.serverSeed);
    expect(commitmentOf(reveal.serverSeed)).not.toBe(pair.commitment);
    expect(reveal.serverSeedHash).toBe(pair.commitment);
    const state = casino.state();
    expect(state.seedPairs[0]).toMatchObject({ serverSeed: pair.serverSeed, displayedServerSeed: reveal.serverSeed });
    for (const round of state.rounds) {
      expect(round.displayedOutcome).toEqual(round.trueOutcome);
      expect(round.displayedServerSeed).toBe(reveal.serverSeed);
      expect(round.displayedRoundSignature).toBe(roundSignatureOf(reveal.serverSeed, pair.clientSeed, round.nonce));
    }
    const page = (await get(casino, '/casino/history')).text;
    expect(page).toContain(`data-full-value="${reveal.serverSeed}"`);
    expect(page).not.toContain(pair.serverSeed);
  });

  it('is driven over /__demo/ as well: cheat, pair mode, rotate, reset, state', async () => {
    expect((await post(casino, '/__demo/cheat', { mode: 'bogus' })).status).toBe(400);
    expect((await post(casino, '/__demo/cheat', { mode: 'wrong-result' })).json).toEqual({ cheat: 'wrong-result', pairMode: 'fixed' });
    expect((await post(casino, '/__demo/pair-mode', { mode: 'bogus' })).status).toBe(400);
    expect((await post(casino, '/__demo/pair-mode', { mode: 'per-round-counting' })).json).toEqual({ cheat: 'wrong-result', pairMode: 'per-round-counting' });
    expect((await post(casino, '/__demo/pair-mode', { mode: 'fixed' })).json.pairMode).toBe('fixed');
    await bet('roulette-european');
    expect((await post(casino, '/__demo/rotate')).json).toEqual({ cheat: 'wrong-result', pairMode: 'fixed' });
    expect(casino.state().seedPairs).toHaveLength(2);
    expect(casino.state().rounds[0]!.revealed).toBe(true);
    const state = (await get(casino, '/__demo/state')).json;
    expect(state).toEqual(JSON.parse(JSON.stringify(casino.state())));
    const first = casino.state().seedPairs[0]!;
    expect((await post(casino, '/__demo/reset')).json).toEqual({ cheat: 'none', pairMode: 'fixed' });
    expect(casino.state()).toMatchObject({ cheat: 'none', pairMode: 'fixed', rounds: [], seedPairs: [{ index: 1, nextNonce: 1 }] });
    // Seeded: a reset starts the same first pair again, so a test can replay.
    expect(casino.state().activeSeedPair.serverSeed).toBe(first.serverSeed);
  });
});
