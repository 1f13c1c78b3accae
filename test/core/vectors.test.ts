// The reference vectors (test/fixtures/reference-vectors.json, scripts/make-vectors.ts) are the truth:
// every backend must reproduce every field of every round, through computeRound and verifyRound.
import { describe, expect, it } from 'vitest';
import { keno } from '../../src/core/games/keno.js';
import { americanRoulette, europeanRoulette } from '../../src/core/games/roulette.js';
import { computeRound, verifyRound } from '../../src/core/verify.js';
import { BACKENDS } from './backends.js';
import { loadReferenceRounds, VECTORS_PATH } from '../support/reference-vectors.js';

const ROUNDS = loadReferenceRounds();
const CASES = ROUNDS.map((round, i) => [`#${i} nonce ${round.nonce} client ${JSON.stringify(round.clientSeed).slice(0, 20)}`, round] as const);
const GAMES = [
  { game: europeanRoulette, name: 'European Roulette', expected: (r: (typeof ROUNDS)[number]) => r.roulette.european },
  { game: americanRoulette, name: 'American Roulette', expected: (r: (typeof ROUNDS)[number]) => r.roulette.american },
  { game: keno, name: 'Keno', expected: (r: (typeof ROUNDS)[number]) => r.keno },
] as const;

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

describe('reference vector file', () => {
  it(`is read from ${VECTORS_PATH} and holds the documented edge cases`, () => {
    expect(ROUNDS.length).toBeGreaterThanOrEqual(4);
    expect(ROUNDS.some((r) => /[^\x00-\x7f]/.test(r.clientSeed))).toBe(true);
    expect(ROUNDS.some((r) => r.clientSeed === '' && r.nonce === 0)).toBe(true);
    expect(ROUNDS.some((r) => r.serverSeed === 'your_server_seed' && r.clientSeed === 'your_client_seed')).toBe(true);
    expect(ROUNDS.some((r) => r.clientSeed.includes(':') && r.nonce === Number.MAX_SAFE_INTEGER)).toBe(true);
    // The vectors cover both zeros.
    expect(ROUNDS.some((r) => r.roulette.american === '00')).toBe(true);
    expect(ROUNDS.some((r) => r.roulette.european === '0')).toBe(true);
  });
});

describe.each(BACKENDS.map((b) => [b.name, b] as const))('reference vectors with %s', (_name, backend) => {
  describe('computeRound', () => {
    it.each(CASES)('%s', (_label, round) => {
      for (const { game, expected } of GAMES) {
        const computed = computeRound(game, round.serverSeed, round.clientSeed, round.nonce, { backend });
        expect(computed.commitment, `${game.id} commitment`).toBe(round.commitment);
        expect(computed.roundSignature, `${game.id} roundSignature`).toBe(round.roundSignature);
        expect(computed.outcome, `${game.id} outcome`).toEqual(expected(round));
        expect(computed.trace.signature.input).toBe(`${round.serverSeed}:${round.clientSeed}:${round.nonce}`);
      }
    });
  });

  describe('verifyRound', () => {
    it.each(CASES)('%s', (_label, round) => {
      for (const { game, name, expected } of GAMES) {
        const verdict = verifyRound(
          {
            game: name,
            serverSeed: round.serverSeed,
            clientSeed: round.clientSeed,
            nonce: round.nonce,
            commitment: round.commitment,
            roundSignature: round.roundSignature,
            result: expected(round),
          },
          { backend },
        );
        expect(verdict, `${game.id}: ${verdict.reasons.join('; ')}`).toMatchObject({ status: 'verified', game: game.id, failures: [] });
        expect(verdict.expected).toEqual(expected(round));
      }
    });
  });

  describe('XOF prefix: small reads equal one big read', () => {
    it.each(CASES)('%s', (_label, round) => {
      const small = backend.shake256(round.roundSignature);
      const pieces = Array.from({ length: 30 }, () => toHex(small.read(4))).join('');
      expect(pieces).toBe(toHex(backend.shake256(round.roundSignature).read(120)));
    });
  });
});
