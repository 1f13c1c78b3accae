import { describe, expect, it } from 'vitest';
import { checkClaim, type CheckedClaim, type ClaimCheck } from '../../src/core/claim.js';
import { MAX_SEED_LENGTH } from '../../src/core/limits.js';

const SEED = 'ebdd47f05399c7427e5b8814db8217ebb8fe8383523675731ea7bff0dbd9466f';
const HASH = '20d223f83a98de9c85ae522c5218928c52c74698e0d167a1c649bdc1b719c64e';
const BASE = { game: 'European Roulette', serverSeed: SEED, clientSeed: 'client', nonce: 1, commitment: HASH, result: '23' };

function accepted(check: ClaimCheck): CheckedClaim {
  if (!check.ok) throw new Error(`expected the claim to be accepted, got: ${check.problems.map((each) => each.text).join('; ')}`);
  return check.claim;
}

function problems(check: ClaimCheck): string[] {
  if (check.ok) throw new Error('expected the claim to be refused');
  return check.problems.map((each) => each.text);
}

describe('checkClaim: a well-formed claim', () => {
  it('keeps the values and resolves the game', () => {
    const claim = accepted(checkClaim(BASE));
    expect(claim).toMatchObject({ serverSeed: SEED, clientSeed: 'client', nonce: '1', commitment: HASH, result: '23', observedAt: {} });
    expect(claim.lookup.kind === 'supported' && claim.lookup.game.id).toBe('roulette-european');
  });

  it('lowercases hex values', () => {
    const claim = accepted(checkClaim({ ...BASE, commitment: HASH.toUpperCase(), roundSignature: 'AB'.repeat(32), preRoundCommitment: HASH.toUpperCase() }));
    expect(claim.commitment).toBe(HASH);
    expect(claim.preRoundCommitment).toBe(HASH);
    expect(claim.roundSignature).toBe('ab'.repeat(32));
  });

  it('allows an empty client seed but not an empty server seed', () => {
    expect(accepted(checkClaim({ ...BASE, clientSeed: '' })).clientSeed).toBe('');
    expect(problems(checkClaim({ ...BASE, serverSeed: '' }))).toEqual(['serverSeed: empty']);
  });

  it('treats null like a missing field', () => {
    const claim = accepted(checkClaim({ ...BASE, serverSeed: null, commitment: null, result: null, nonce: null }));
    expect([claim.serverSeed, claim.commitment, claim.result, claim.nonce]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('reads keno results into ascending numbers', () => {
    const claim = accepted(checkClaim({ ...BASE, game: 'Keno', result: '40, 4, 36, 8, 35, 15, 30, 21, 24, 23' }));
    expect(claim.result).toEqual([4, 8, 15, 21, 23, 24, 30, 35, 36, 40]);
  });

  it('keeps observation times', () => {
    expect(accepted(checkClaim({ ...BASE, observedAt: { commitment: 1000, result: 2000 } })).observedAt).toEqual({ commitment: 1000, result: 2000 });
  });
});

describe('checkClaim: nonce', () => {
  it.each([
    [0, '0'],
    [7919, '7919'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
    ['42', '42'],
    [' 42 ', '42'],
    ['0042', '42'],
    ['9007199254740993', '9007199254740993'], // above 2^53−1 as text: exact
    ['18446744073709551615', '18446744073709551615'],
  ])('%j → "%s"', (nonce, canonical) => {
    expect(accepted(checkClaim({ ...BASE, nonce })).nonce).toBe(canonical);
  });

  it('refuses a number above 2^53−1 (not exact) and says to give it as text', () => {
    const [problem] = problems(checkClaim({ ...BASE, nonce: 2 ** 53 }));
    expect(problem).toMatch(/^nonce: .*2\^53.*string/);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '-1', '1.5', '1e3', 'abc', '0x10', '123456789012345678901', true, {}, []])(
    'refuses %j',
    (nonce) => {
      const found = problems(checkClaim({ ...BASE, nonce }));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^nonce: must be a non-negative whole number/);
    },
  );

  it('treats an empty nonce as missing', () => {
    expect(accepted(checkClaim({ ...BASE, nonce: '' })).nonce).toBeUndefined();
  });
});

describe('checkClaim: hex fields', () => {
  it.each(['commitment', 'roundSignature', 'preRoundCommitment'])('%s must be 64 hex characters', (field) => {
    for (const bad of ['xyz', HASH.slice(0, 63), `${HASH}0`, `${HASH.slice(0, 63)}g`, ` ${HASH}`]) {
      expect(problems(checkClaim({ ...BASE, [field]: bad }))).toEqual([expect.stringMatching(new RegExp(`^${field}: must be 64 hex characters`))]);
    }
    expect(problems(checkClaim({ ...BASE, [field]: 12345 }))).toEqual([`${field}: must be 64 hex characters`]);
  });

  it.each(['3f2a…9c1e', '3f2a...9c1e', `${HASH.slice(0, 30)}…${HASH.slice(-30)}`])('a truncated value %j is never taken', (value) => {
    expect(problems(checkClaim({ ...BASE, commitment: value }))).toEqual([expect.stringMatching(/^commitment: looks truncated/)]);
    expect(problems(checkClaim({ ...BASE, serverSeed: value }))).toEqual([expect.stringMatching(/^serverSeed: looks truncated/)]);
    expect(problems(checkClaim({ ...BASE, clientSeed: value }))).toEqual([expect.stringMatching(/^clientSeed: looks truncated/)]);
  });
});

describe('checkClaim: seeds', () => {
  it('must be text', () => {
    expect(problems(checkClaim({ ...BASE, serverSeed: 123, clientSeed: ['a'] }))).toEqual(['serverSeed: must be text', 'clientSeed: must be text']);
  });

  it('refuses a seed with a control character (terminal escapes, a bidi override), naming the field and the character', () => {
    expect(problems(checkClaim({ ...BASE, clientSeed: 'ab\u001b[2K' }))).toEqual([expect.stringMatching(/^clientSeed: .*U\+001B/)]);
    expect(problems(checkClaim({ ...BASE, serverSeed: 'seed\u202e' }))).toEqual([expect.stringMatching(/^serverSeed: .*U\+202E/)]);
    expect(problems(checkClaim({ ...BASE, clientSeed: 'line\nbreak' }))).toEqual([expect.stringMatching(/^clientSeed: .*U\+000A/)]);
    // Letters of any script are not controls.
    expect(checkClaim({ ...BASE, clientSeed: 'my lucky seed ✓ ü' }).ok).toBe(true);
  });

  it('refuses a broken surrogate (it cannot be UTF-8 encoded as the casino did)', () => {
    expect(problems(checkClaim({ ...BASE, clientSeed: 'ab\ud800' }))).toEqual([expect.stringMatching(/^clientSeed: .*surrogate/)]);
  });

  it('refuses seeds longer than MAX_SEED_LENGTH (256) characters', () => {
    expect(problems(checkClaim({ ...BASE, serverSeed: 'a'.repeat(MAX_SEED_LENGTH + 1) }))).toEqual([expect.stringMatching(/^serverSeed: longer than 256/)]);
    expect(problems(checkClaim({ ...BASE, clientSeed: 'c'.repeat(MAX_SEED_LENGTH + 1) }))).toEqual([expect.stringMatching(/^clientSeed: longer than 256/)]);
    expect(accepted(checkClaim({ ...BASE, serverSeed: 'a'.repeat(MAX_SEED_LENGTH) })).serverSeed).toHaveLength(MAX_SEED_LENGTH);
  });
});

describe('checkClaim: game and shape', () => {
  it.each([null, undefined, 42, 'round', [], [BASE]])('refuses a non-object %j', (input) => {
    expect(problems(checkClaim(input))).toEqual([expect.stringMatching(/^round: must be an object/)]);
  });

  it.each([undefined, '', '  ', 7])('refuses a missing game (%j)', (game) => {
    expect(problems(checkClaim({ ...BASE, game }))).toEqual(['game: missing']);
  });

  it('refuses an unknown game and names it', () => {
    const check = checkClaim({ ...BASE, game: 'Blackjack' });
    expect(problems(check)).toEqual(['game: unknown game "Blackjack"']);
    expect(!check.ok && check.lookup).toEqual({ kind: 'unknown', name: 'Blackjack' });
  });

  it('does not read results of unsupported games', () => {
    const claim = accepted(checkClaim({ game: 'Mines', result: 'anything', clientSeed: 'c', nonce: 1 }));
    expect(claim.lookup).toEqual({ kind: 'unsupported', id: 'mines' });
    expect(claim.result).toBeUndefined();
  });

  it('reports a displayed result the game cannot read', () => {
    expect(problems(checkClaim({ ...BASE, result: '00' }))).toEqual([expect.stringMatching(/^result: .*00/)]);
  });

  it('refuses bad observation times', () => {
    expect(problems(checkClaim({ ...BASE, observedAt: 5 }))).toEqual(['observedAt: must map field names to times']);
    expect(problems(checkClaim({ ...BASE, observedAt: { result: -1, commitment: 'soon' } }))).toEqual([
      'observedAt.commitment: must be a time in milliseconds',
      'observedAt.result: must be a time in milliseconds',
    ]);
  });

  it('reports every problem at once', () => {
    const found = problems(checkClaim({ ...BASE, commitment: 'short', nonce: -3, result: '99' }));
    expect(found.map((p) => p.split(':')[0])).toEqual(['commitment', 'nonce', 'result']);
  });
});
