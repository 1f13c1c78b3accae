import { describe, expect, it } from 'vitest';
import { decodeTapDetail, encodeTapDetails, MAX_TAP_ROUNDS } from '../../../src/capture/page-world/tap-channel.js';
import { CLIENT, KENO, SEED } from '../dom.js';

describe('tap channel', () => {
  it('round-trips rounds, split into events of at most 200', () => {
    const rounds = Array.from({ length: 450 }, (_, nonce) => ({ serverSeed: SEED, clientSeed: CLIENT, nonce: String(nonce), result: KENO }));
    const details = encodeTapDetails(rounds, 'fetch');
    expect(details).toHaveLength(3);
    expect(details.flatMap((detail) => decodeTapDetail(detail))).toEqual(rounds);
  });

  it('treats a forged detail as hostile: only known fields of the right type survive', () => {
    const detail = JSON.stringify({
      rounds: [
        { serverSeed: SEED, nonce: 5, clientSeed: ['x'], result: [1, 2], picks: 'abc', observedAt: { serverSeed: 0 }, source: 'dom', __proto__: { x: 1 } },
        'not a round',
        null,
        { result: ['1', '2'], picks: ['3'], game: 'Keno', evil: () => 1 },
        {},
      ],
    });
    expect(decodeTapDetail(detail)).toEqual([{ serverSeed: SEED }, { result: ['1', '2'], picks: ['3'], game: 'Keno' }]);
  });

  it('caps sizes', () => {
    const many = JSON.stringify({ rounds: Array.from({ length: 1000 }, () => ({ serverSeed: SEED })) });
    expect(decodeTapDetail(many)).toHaveLength(MAX_TAP_ROUNDS);
    expect(decodeTapDetail(JSON.stringify({ rounds: [{ serverSeed: 'a'.repeat(5000), nonce: '1' }] }))).toEqual([{ nonce: '1' }]);
    expect(decodeTapDetail(JSON.stringify({ rounds: [{ result: Array(41).fill('1'), nonce: '1' }] }))).toEqual([{ nonce: '1' }]);
    expect(decodeTapDetail('x'.repeat(3_000_000))).toEqual([]);
  });

  it("carries a message's key notes on its first event, even with no round, and keeps only well-formed ones", () => {
    const rounds = Array.from({ length: 250 }, (_, nonce) => ({ serverSeed: SEED, nonce: String(nonce) }));
    const details = encodeTapDetails(rounds, 'websocket', [['srvHash', 'h64', 0, 3]]);
    const vias = details.map(() => ({}) as Parameters<typeof decodeTapDetail>[1] & object);
    details.forEach((detail, index) => decodeTapDetail(detail, vias[index]));
    expect(vias.map((via) => via.keys)).toEqual([[['srvHash', 'h64', 0, 3]], undefined]);
    const alone = encodeTapDetails([], 'sse', [['nonce', 'i', 0, 1]]);
    const via: Parameters<typeof decodeTapDetail>[1] = {};
    expect(alone.flatMap((detail) => decodeTapDetail(detail, via))).toEqual([]);
    expect(via).toEqual({ channel: 'sse', keys: [['nonce', 'i', 0, 1]] });
    expect(encodeTapDetails([], 'sse')).toEqual([]);
  });

  it('refuses forged key notes that could carry a value: a hex run in the key, a shape that is no shape, odd counts', () => {
    const forged = [
      ['srvHash', 'h64', 0, 1, 'extra'],
      [`seed${SEED.slice(0, 8)}`, 'h64', 0, 1],
      ['seed', SEED, 0, 1],
      ['seed', 'h64', 2, 1],
      ['seed', 'h64', 0, 0],
      ['seed', 'h64', 0, 1.5],
      ['1seed', 'i', 0, 1],
      ['k'.repeat(41), 'i', 0, 1],
      'seed',
      null,
      ...Array.from({ length: 30 }, () => ['nonce', 'i', 1, 1]),
    ];
    const via: Parameters<typeof decodeTapDetail>[1] = {};
    decodeTapDetail(JSON.stringify({ rounds: [], channel: 'xhr', keys: forged }), via);
    expect(via.keys![0]).toEqual(['srvHash', 'h64', 0, 1]);
    expect(via.keys!.slice(1).every((note) => note.join() === 'nonce,i,1,1')).toBe(true);
    expect(via.keys).toHaveLength(1 + 20 - 10); // the first 20 looked at, 10 of them refused
  });

  it('never throws on garbage', () => {
    for (const detail of [undefined, null, 42, {}, [], '', '{', 'null', '[]', '{"rounds": 5}', '{"rounds": {"length": 3}}', { rounds: [{ serverSeed: SEED }] }]) {
      expect(decodeTapDetail(detail)).toEqual([]);
    }
  });
});

describe('tap channel: amounts', () => {
  it('carries stake, payout and multiplier text across, and nothing but text', () => {
    const round = { serverSeed: SEED, nonce: '1', result: '5', stake: '1.5', payout: '3', multiplier: '2' };
    expect(encodeTapDetails([round], 'websocket').flatMap((detail) => decodeTapDetail(detail))).toEqual([round]);
    expect(decodeTapDetail(JSON.stringify({ rounds: [{ nonce: '1', stake: 1.5, payout: ['3'], multiplier: { x: 2 } }] }))).toEqual([{ nonce: '1' }]);
  });
});
