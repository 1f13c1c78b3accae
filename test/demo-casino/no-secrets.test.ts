// Nothing the demo casino sends to a page may hold a server seed it has not revealed. The
// extension's JSON tap reads every answer the page gets, the demo bar's included: a /__demo answer
// that carried the active pair's seed (as the full state once did) would turn pending rounds
// verified before any reveal. Checked for every route a page uses, under every cheat and seed-pair
// mode, after each step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHEAT_MODES, PAIR_MODES, type CasinoSnapshot } from '../../scripts/demo-casino/casino-state.js';
import { startDemoCasino, type DemoCasino } from '../../scripts/demo-casino/server.js';
import { get, post, type Reply } from './helpers.js';

let casino: DemoCasino;

beforeAll(async () => {
  casino = await startDemoCasino({ seed: 'no-secrets-test' });
});
afterAll(async () => {
  await casino.close();
});

/** Every server seed the casino holds and has not shown: pairs', their alternatives', rounds'. */
function secrets(state: CasinoSnapshot): string[] {
  const known = new Set<string>();
  for (const pair of state.seedPairs) {
    known.add(pair.serverSeed);
    for (const alternative of pair.alternatives) known.add(alternative.serverSeed);
  }
  for (const round of state.rounds) known.add(round.serverSeed);
  // Shown at a reveal: no secret any more (a reused seed, say, is the next pair's and already public).
  for (const pair of state.seedPairs) if (pair.displayedServerSeed) known.delete(pair.displayedServerSeed);
  for (const round of state.rounds) {
    if (round.displayedServerSeed) known.delete(round.displayedServerSeed);
    if (round.historyServerSeed) known.delete(round.historyServerSeed);
  }
  return [...known];
}

/** Fails when `reply` holds a secret seed, whole or its first 16 hex digits. */
function expectNoSecret(reply: Reply, what: string): void {
  expect(reply.status, `${what}: ${reply.text}`).toBeLessThan(400);
  const text = reply.text.toLowerCase();
  for (const seed of secrets(casino.state())) {
    expect(text.includes(seed.slice(0, 16)), `${what} holds the unrevealed server seed ${seed}`).toBe(false);
  }
}

async function postChecked(path: string, body: unknown, what: string): Promise<Reply> {
  const reply = await post(casino, path, body);
  expectNoSecret(reply, `${what}: POST ${path}`);
  return reply;
}

/** A bet as the page places it: the result asked for later when the casino holds it back. */
async function betChecked(body: unknown, what: string): Promise<void> {
  const reply = await postChecked('/api/bet', body, what);
  if (reply.json.pending) await postChecked('/api/settle', { id: reply.json.pending.id }, what);
}

describe('what pages receive', () => {
  it('answers every /__demo POST with the switches only, never a seed, round or the state', async () => {
    await post(casino, '/__demo/reset');
    await post(casino, '/api/bet', { game: 'roulette-european' });
    for (const [path, body] of [
      ['/__demo/cheat', { mode: 'several-commitments' }],
      ['/__demo/pair-mode', { mode: 'per-round-counting' }],
      ['/__demo/rotate', {}],
      ['/__demo/cheat', { mode: 'none' }],
      ['/__demo/reset', {}],
    ] as const) {
      const reply = await postChecked(path, body, 'demo control');
      expect(Object.keys(reply.json).sort(), path).toEqual(['cheat', 'pairMode']);
    }
  });

  it('never holds an unrevealed server seed, in any /__demo or API answer or page, under any cheat and seed-pair mode', async () => {
    let checked = 0;
    for (const pairMode of PAIR_MODES) {
      for (const cheat of CHEAT_MODES) {
        const what = `${cheat}, ${pairMode}`;
        await postChecked('/__demo/reset', {}, what);
        await postChecked('/__demo/pair-mode', { mode: pairMode }, what);
        await postChecked('/__demo/cheat', { mode: cheat }, what);
        await betChecked({ game: 'roulette-european' }, what);
        await betChecked({ game: 'keno', picks: [1, 2, 3, 4, 5] }, what);
        for (const path of ['/casino/roulette?variant=european', '/casino/keno', '/casino/history', '/embed/history/frame', '/api/seed-pair', '/api/history']) {
          expectNoSecret(await get(casino, path), `${what}: GET ${path}`);
        }
        await postChecked('/__demo/rotate', {}, what);
        await betChecked({ game: 'roulette-american' }, what);
        await postChecked('/api/rotate', {}, what);
        await betChecked({ game: 'roulette-american' }, what);
        await postChecked('/api/client-seed', { clientSeed: `seed ${checked}` }, what);
        expectNoSecret(await get(casino, '/casino/keno'), `${what}: GET /casino/keno at the end`);
        checked++;
      }
    }
    expect(checked).toBe(CHEAT_MODES.length * PAIR_MODES.length);
    await post(casino, '/__demo/reset');
  }, 30_000);

  it('keeps the full state (GET /__demo/state) out of every page: no page links it, the page script never fetches it', async () => {
    for (const path of ['/', '/casino/roulette', '/casino/keno', '/casino/history', '/embed/history', '/casino/hostile']) {
      expect((await get(casino, path)).text, path).not.toContain('/__demo/state');
    }
    expect((await get(casino, '/static/casino.js')).text).not.toContain('__demo/state');
    // Still there for a person or a test to read.
    expect((await get(casino, '/__demo/state')).json.activeSeedPair.serverSeed).toBe(casino.state().activeSeedPair.serverSeed);
  });
});
