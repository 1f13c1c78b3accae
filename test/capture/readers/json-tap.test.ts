import { describe, expect, it } from 'vitest';
import { extractRounds, extractRoundsNoting, WALK_STEP, walkRounds } from '../../../src/capture/readers/json-tap.js';
import { MAX_KEY_NOTES, type KeyNote } from '../../../src/shared/capture-channel.js';
import { CLIENT, COMMITMENT, KENO, SEED, SIGNATURE } from '../dom.js';

describe('extractRounds', () => {
  it('reads a flat round with camelCase keys and turns numbers into text', () => {
    const rounds = extractRounds({ game: 'Keno', serverSeed: SEED, commitment: COMMITMENT, clientSeed: CLIENT, nonce: 1, roundSignature: SIGNATURE, drawnNumbers: KENO.map(Number), picks: [4, 9] });
    expect(rounds).toEqual([{ game: 'Keno', serverSeed: SEED, commitment: COMMITMENT, clientSeed: CLIENT, nonce: '1', roundSignature: SIGNATURE, result: KENO, picks: ['4', '9'] }]);
  });

  it('reads snake_case keys and numbers given as strings', () => {
    expect(extractRounds({ server_seed_hash: COMMITMENT, client_seed: CLIENT, nonce: '12', winning_number: '00', game_name: 'American Roulette' })).toEqual([
      { commitment: COMMITMENT, clientSeed: CLIENT, nonce: '12', result: '00', game: 'American Roulette' },
    ]);
    expect(extractRounds({ hashed_server_seed: COMMITMENT, revealed_server_seed: SEED, nonce: 3 })).toEqual([{ commitment: COMMITMENT, serverSeed: SEED, nonce: '3' }]);
  });

  it('reads every bet of a nested response, in order, with the game from the enclosing object', () => {
    const response = {
      data: {
        game: { name: 'European Roulette', id: 7 },
        bets: [
          { id: 'a', outcome: { winningNumber: 23 }, fairness: { serverSeed: SEED, clientSeed: CLIENT, nonce: 1 } },
          { id: 'b', result: 5, serverSeed: SEED, clientSeed: CLIENT, nonce: 2 },
        ],
      },
    };
    expect(extractRounds(response)).toEqual([
      { serverSeed: SEED, clientSeed: CLIENT, nonce: '1', game: 'European Roulette', result: '23' },
      { result: '5', serverSeed: SEED, clientSeed: CLIENT, nonce: '2', game: 'European Roulette' },
    ]);
  });

  it('takes the outcome from the bet that encloses its fairness object', () => {
    const response = { bet: { game: 'keno', hits: [1, 2, 3], fairness: { serverSeedHash: COMMITMENT, clientSeed: CLIENT, nonce: 4 } } };
    expect(extractRounds(response)).toEqual([{ commitment: COMMITMENT, clientSeed: CLIENT, nonce: '4', game: 'keno', result: ['1', '2', '3'] }]);
  });

  it('reads the round under `outcome`, and GraphQL connections (edges[].node)', () => {
    expect(extractRounds({ server_seed: SEED, client_seed: CLIENT, nonce: 1, outcome: 17 })).toEqual([{ serverSeed: SEED, clientSeed: CLIENT, nonce: '1', result: '17' }]);
    expect(extractRounds({ outcome: { drawn_numbers: KENO.map(Number) }, provably_fair: { server_seed_hash: COMMITMENT, client_seed: CLIENT, nonce: 2 } })).toEqual([
      { commitment: COMMITMENT, clientSeed: CLIENT, nonce: '2', result: KENO },
    ]);
    const graphql = { type: 'next', id: '1', payload: { data: { bets: { edges: [1, 2].map((nonce) => ({ cursor: 'x', node: { serverSeed: SEED, clientSeed: CLIENT, nonce } })) } } } };
    expect(extractRounds(graphql)).toEqual([1, 2].map((nonce) => ({ serverSeed: SEED, clientSeed: CLIENT, nonce: String(nonce) })));
  });

  it('takes the outcome from a plain child object of the round', () => {
    expect(extractRounds({ serverSeed: SEED, nonce: 1, outcome: { winningNumber: 17 } })).toEqual([{ serverSeed: SEED, nonce: '1', result: '17' }]);
  });

  it('does not lend one round\'s seeds to another nested inside it', () => {
    const response = { serverSeedHash: COMMITMENT, clientSeed: CLIENT, nonce: 8, previous: { serverSeed: SEED, clientSeed: CLIENT, nonce: 7, result: 12 } };
    expect(extractRounds(response)).toEqual([
      { commitment: COMMITMENT, clientSeed: CLIENT, nonce: '8' },
      { serverSeed: SEED, clientSeed: CLIENT, nonce: '7', result: '12' },
    ]);
  });

  it('prefers a list of numbers over a count for the keno draw', () => {
    expect(extractRounds({ nonce: 1, hits: 3, numbers: [1, 2] })[0]!.result).toEqual(['1', '2']);
  });

  it('keeps exact JSON strings, including an empty client seed', () => {
    expect(extractRounds({ serverSeed: ' spaced ', clientSeed: '', nonce: 0 })).toEqual([{ serverSeed: ' spaced ', clientSeed: '', nonce: '0' }]);
  });

  it('drops values it cannot represent exactly or that are not plain', () => {
    const rounds = extractRounds({ serverSeed: SEED, nonce: 2 ** 60, clientSeed: { a: 1 }, result: true, picks: [1, { x: 2 }], game: null, commitment: 'x'.repeat(5000) });
    expect(rounds).toEqual([{ serverSeed: SEED }]);
    expect(extractRounds({ serverSeed: SEED, nonce: -1 })).toEqual([{ serverSeed: SEED }]);
    expect(extractRounds({ serverSeed: SEED, nonce: 1.5 })).toEqual([{ serverSeed: SEED }]);
  });

  it('ignores objects that name no round', () => {
    expect(extractRounds({ game: 'Keno', result: [1, 2], user: { name: 'x' } })).toEqual([]);
    expect(extractRounds({ settings: { clientSeed: 'mine' }, page: { nonce: 3 } })).toEqual([]);
    expect(extractRounds([1, 'a', null, true])).toEqual([]);
    expect(extractRounds(null)).toEqual([]);
    expect(extractRounds('nonce')).toEqual([]);
  });
});

describe('extractRounds: hostile input', () => {
  it('survives very deep nesting', () => {
    let deep: unknown = { serverSeed: SEED, nonce: 1 };
    for (let index = 0; index < 100_000; index++) deep = { child: deep };
    expect(() => extractRounds(deep)).not.toThrow();
    expect(extractRounds(deep)).toEqual([]); // beyond the depth cap
  });

  it('survives very wide input and caps the rounds it returns', () => {
    const wide = Array.from({ length: 200_000 }, (_, nonce) => ({ serverSeed: SEED, nonce }));
    const rounds = extractRounds(wide);
    expect(rounds.length).toBeLessThanOrEqual(1000);
    expect(rounds[0]).toEqual({ serverSeed: SEED, nonce: '0' });
  });

  it('visits a shared or cyclic object once', () => {
    const shared: Record<string, unknown> = { serverSeed: SEED, nonce: 1 };
    shared.self = shared;
    const root = { a: shared, b: shared, c: [shared, shared] };
    expect(extractRounds(root)).toEqual([{ serverSeed: SEED, nonce: '1' }]);
  });

  it('treats __proto__ and constructor keys as plain data and never runs getters', () => {
    const parsed = JSON.parse(`{"__proto__": {"serverSeed": "${SEED}", "nonce": 3}, "constructor": {"prototype": {"nonce": 1, "result": 2}}}`);
    expect(extractRounds(parsed)).toEqual([{ serverSeed: SEED, nonce: '3' }, { nonce: '1', result: '2' }]);
    expect(({} as Record<string, unknown>).serverSeed).toBeUndefined();
    let ran = false;
    const sneaky = { nonce: 1, result: 5, get serverSeed() { ran = true; return SEED; } };
    expect(extractRounds(sneaky)).toEqual([{ nonce: '1', result: '5' }]);
    expect(ran).toBe(false);
  });

  it('survives proxies that throw', () => {
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('no'); } });
    expect(extractRounds({ nonce: 1, serverSeed: SEED, child: hostile })).toEqual([{ nonce: '1', serverSeed: SEED }]);
  });

  it('ignores huge strings', () => {
    expect(extractRounds({ serverSeed: 'a'.repeat(10_000_000), nonce: 1, result: 3 })).toEqual([{ nonce: '1', result: '3' }]);
  });
});

describe('extractRounds: stakes and payouts', () => {
  it('reads stake, payout and multiplier keys as text beside a round', () => {
    expect(extractRounds({ serverSeed: SEED, nonce: 2, result: 17, amount: 1.5, payout: 0, payoutMultiplier: 0 })).toEqual([
      { serverSeed: SEED, nonce: '2', result: '17', stake: '1.5', payout: '0', multiplier: '0' },
    ]);
    expect(extractRounds({ hashed_server_seed: COMMITMENT, nonce: '3', drawnNumbers: KENO, bet_amount: '0.10', win_amount: '0.38', multiplier: '3.8' })).toEqual([
      { commitment: COMMITMENT, nonce: '3', result: KENO, stake: '0.10', payout: '0.38', multiplier: '3.8' },
    ]);
    expect(extractRounds({ stake: 2, payoutAmount: 4, clientSeed: CLIENT, nonce: 1, winningNumber: 3 })[0]).toMatchObject({ stake: '2', payout: '4' });
  });

  it('takes the amounts from the bet that encloses the fairness object', () => {
    const response = { bet: { betAmount: 1, winAmount: 2, winningNumber: 1, fairness: { serverSeed: SEED, clientSeed: CLIENT, nonce: 5 } } };
    expect(extractRounds(response)).toEqual([{ serverSeed: SEED, clientSeed: CLIENT, nonce: '5', result: '1', stake: '1', payout: '2' }]);
  });

  it('does not take amounts alone, or with a nonce only, for a round', () => {
    expect(extractRounds({ wallet: { amount: 100 }, limits: { stake: 1, multiplier: 2 } })).toEqual([]);
    expect(extractRounds({ nonce: 4, amount: 1, payout: 2, multiplier: 2 })).toEqual([]);
  });
});

describe('extractRoundsNoting', () => {
  it("notes the page's own keys whose values look fairness-like, by shape only, counted per key", () => {
    const notes = new Map<string, KeyNote>();
    const message = {
      bets: [
        { srvHash: COMMITMENT, serverSeedHashed: COMMITMENT, clientSeed: CLIENT, nonce: 1, id: 'a' },
        { srvHash: 'f'.repeat(64), serverSeedHashed: COMMITMENT, clientSeed: CLIENT, nonce: 2, id: 'b' },
      ],
      meta: { lobbySalt: 'pepper', fingerprint: SEED, title: 'Keno' },
    };
    const rounds = extractRoundsNoting(message, notes);
    expect(rounds).toEqual(extractRounds(message)); // the notes change nothing of what is read
    expect([...notes.values()]).toEqual([
      ['srvHash', 'h64', 0, 2], // a key capture does not read, in a round: not placed
      ['serverSeedHashed', 'h64', 1, 2],
      ['clientSeed', 'h16', 1, 2],
      ['nonce', 'i', 1, 2],
      ['lobbySalt', 't6', 0, 1], // under a fairness word
      ['fingerprint', 'h64', 0, 1], // 64 hex digits under any key
    ]);
    expect(JSON.stringify([...notes.values()])).not.toMatch(/[\da-f]{8}/);
  });

  it('notes at most MAX_KEY_NOTES distinct keys, and none outside a walk that asks', () => {
    const notes = new Map<string, KeyNote>();
    extractRoundsNoting(Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`seed${index}`, String(index)])), notes);
    expect(notes.size).toBe(MAX_KEY_NOTES);
    extractRounds({ other: COMMITMENT }); // after the walk that asked: nothing more noted
    expect(notes.size).toBe(MAX_KEY_NOTES);
  });

  it('spends its notes only on keys the isolated side can keep: a page keying a map by values, or a huge key, crowds out no name', () => {
    const notes = new Map<string, KeyNote>();
    const byValue = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [index.toString(16).padStart(64, 'a'), COMMITMENT]));
    const huge = `seed${'x'.repeat(100_000)}`;
    extractRoundsNoting({ hashes: byValue, [huge]: 'y', nested: { proof: COMMITMENT } }, notes);
    expect([...notes.values()]).toEqual([['proof', 'h64', 0, 1]]);
  });
});

describe('walkRounds: a walk that pauses', () => {
  it('pauses every WALK_STEP objects and ends with what extractRounds finds', () => {
    const big = { round: { serverSeed: SEED, clientSeed: CLIENT, nonce: 1, result: 17 }, items: Array.from({ length: 10 * WALK_STEP }, (_, i) => ({ a: i, nonce: i === 9 * WALK_STEP ? 5 : undefined, serverSeed: i === 9 * WALK_STEP ? SEED : undefined })) };
    const walk = walkRounds(big);
    let pauses = 0;
    let step = walk.next();
    for (; !step.done; step = walk.next()) pauses++;
    expect(pauses).toBe(Math.floor((10 * WALK_STEP + 3) / WALK_STEP));
    expect(step.value).toEqual(extractRounds(big));
    expect(step.value.map((round) => round.nonce)).toEqual(['1', '5']);
  });
});
