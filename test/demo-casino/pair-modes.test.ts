// The seed-pair modes: one pair until the player rotates ('fixed'), or a new pair after every bet
// ('per-round-nonce-one', 'per-round-counting'), as Cloudbet's pages describe (a finished round's
// server seed is seen once a new round has started on a new pair). The client seed is kept; the
// bet's own answer still shows its round unrevealed, the reveal comes after it.
import { describe, expect, it } from 'vitest';
import { CasinoState } from '../../scripts/demo-casino/casino-state.js';
import { commitmentOf, computeRound, roundSignatureOf, type GameId } from '../../scripts/demo-casino/fairness.js';
import type { DemoCasino } from '../../scripts/demo-casino/server.js';
import { get, parseHtml, post, useDemoCasino } from './helpers.js';

let casino: DemoCasino;
useDemoCasino('pair-modes-test', (started) => (casino = started));

async function bet(game: GameId, picks?: number[]) {
  const reply = await post(casino, '/api/bet', picks ? { game, picks } : { game });
  expect(reply.status, reply.text).toBe(200);
  return reply.json as {
    round: { hashedServerSeed: string; serverSeed: string | null; roundSignature: string | null; clientSeed: string; nonce: number; result: unknown };
    seedPair: { serverSeedHash: string; clientSeed: string; nonce: number };
  };
}

/** The panel of a game page: its commitment (full value), client seed and "Nonce: N". */
async function panel(path = '/casino/roulette?variant=european') {
  const doc = parseHtml((await get(casino, path)).text);
  const section = doc.querySelector('[data-slot="seed-pair"]')!;
  return {
    commitment: section.querySelector('[data-full-value]')?.getAttribute('data-full-value'),
    clientSeed: section.querySelector<HTMLInputElement>('input#client-seed')?.getAttribute('value'),
    nonce: /Nonce: (\d+)/.exec(section.textContent ?? '')?.[1],
    pairMode: doc.body.dataset.pairMode,
  };
}

describe('pair per round', () => {
  for (const [mode, nonces] of [
    ['per-round-nonce-one', [1, 1, 1, 1]],
    ['per-round-counting', [1, 2, 3, 4]],
  ] as const) {
    it(`'${mode}': every bet on a fresh pair shown before it, the client seed kept, nonces ${nonces.join(', ')}`, async () => {
      expect((await post(casino, '/__demo/pair-mode', { mode })).json.pairMode).toBe(mode);
      const clientSeed = casino.state().activeSeedPair.clientSeed;
      const games: GameId[] = ['roulette-european', 'keno', 'roulette-american', 'keno'];
      for (const [i, game] of games.entries()) {
        const before = casino.state().activeSeedPair;
        const shown = await panel();
        expect(shown).toEqual({ commitment: before.commitment, clientSeed, nonce: String(nonces[i]), pairMode: mode });

        const answer = await bet(game, game === 'keno' ? [2, 4, 6] : undefined);
        const truth = computeRound(game, before.serverSeed, clientSeed, nonces[i]!);
        // The bet's answer: the round as played, not yet revealed; the next pair already shown.
        expect(answer.round).toMatchObject({ hashedServerSeed: before.commitment, clientSeed, nonce: nonces[i], serverSeed: null, roundSignature: null, result: truth.outcome });
        const after = casino.state().activeSeedPair;
        expect(after.index).toBe(before.index + 1);
        expect(after.clientSeed).toBe(clientSeed);
        expect(after.commitment).not.toBe(before.commitment);
        expect(answer.seedPair).toEqual({ serverSeedHash: after.commitment, clientSeed, nonce: mode === 'per-round-counting' ? nonces[i]! + 1 : 1 });

        // Revealed by the rotation that followed: in the state, the pages and the API.
        const played = casino.state().rounds.at(-1)!;
        expect(played).toMatchObject({ revealed: true, displayedServerSeed: before.serverSeed, commitment: before.commitment, held: false });
        expect(casino.state().seedPairs[before.index - 1]).toMatchObject({ revealed: true, displayedServerSeed: before.serverSeed });
        const history = (await get(casino, '/api/history')).json.rounds[0];
        expect(history).toMatchObject({ serverSeed: before.serverSeed, roundSignature: roundSignatureOf(before.serverSeed, clientSeed, nonces[i]!) });
        expect((await get(casino, '/casino/history')).text).toContain(`data-full-value="${before.serverSeed}"`);
      }
      expect(casino.state().rounds.map((round) => round.nonce)).toEqual([...nonces]);
      expect(new Set(casino.state().rounds.map((round) => round.commitment)).size).toBe(4);
    });
  }

  it('rotates after bets placed from Node too, and a client seed set in between is kept and counts on', async () => {
    casino.setPairMode('per-round-counting');
    casino.bet('roulette-european');
    // The fresh pair has no round: the client seed changes in place, the nonce stays where it was.
    const reply = await post(casino, '/api/client-seed', { clientSeed: 'mine' });
    expect(reply.json).toMatchObject({ revealed: null, seedPair: { clientSeed: 'mine', nonce: 2 } });
    const round = casino.bet('keno', [1, 2, 3]);
    expect(round).toMatchObject({ clientSeed: 'mine', nonce: 2, revealed: true });
    expect(round.displayedOutcome).toEqual(computeRound('keno', round.serverSeed, 'mine', 2).outcome);
    expect(casino.state().activeSeedPair).toMatchObject({ clientSeed: 'mine', nextNonce: 3, firstNonce: 3, revealed: false });
    expect(commitmentOf(casino.state().activeSeedPair.serverSeed)).toBe(casino.state().activeSeedPair.commitment);
  });

  it("'fixed' again: the pair stays until rotated; a reset goes back to 'fixed'", async () => {
    casino.setPairMode('per-round-nonce-one');
    casino.bet('roulette-european');
    casino.setPairMode('fixed');
    const pair = casino.state().activeSeedPair;
    casino.bet('roulette-european');
    casino.bet('roulette-european');
    expect(casino.state().activeSeedPair).toMatchObject({ index: pair.index, nextNonce: 3 });
    expect(casino.state().rounds.slice(1).map((round) => round.revealed)).toEqual([false, false]);
    casino.reset();
    expect(casino.state().pairMode).toBe('fixed');
    expect((await panel()).pairMode).toBe('fixed');
  });

  it('refuses an unknown mode and keeps the old one', () => {
    const state = new CasinoState('x');
    state.setPairMode('per-round-counting');
    expect(() => state.setPairMode('bogus' as never)).toThrow(/unknown seed-pair mode/);
    expect(state.pairMode).toBe('per-round-counting');
  });

  it('shows the modes as demo buttons, and the game pages an auto-bet button and a panel toggle', async () => {
    casino.setPairMode('per-round-nonce-one');
    const doc = parseHtml((await get(casino, '/casino/keno')).text);
    const bar = doc.querySelector('[data-demo-controls]')!;
    expect(bar.getAttribute('data-pair-mode')).toBe('per-round-nonce-one');
    expect([...bar.querySelectorAll('[data-pair-mode]')].map((button) => [button.getAttribute('data-pair-mode'), button.getAttribute('aria-pressed')])).toEqual([
      ['fixed', 'false'],
      ['per-round-nonce-one', 'true'],
      ['per-round-counting', 'false'],
    ]);
    expect(doc.querySelector('button[data-action="auto-bet"][data-game="keno"]')!.getAttribute('data-count')).toBe('5');
    expect(doc.querySelector('button[data-action="toggle-seed-pair"]')!.getAttribute('aria-expanded')).toBe('true');
    const roulette = parseHtml((await get(casino, '/casino/roulette?variant=american')).text);
    expect(roulette.querySelector('button[data-action="auto-bet"]')!.getAttribute('data-game')).toBe('roulette-american');
  });
});
