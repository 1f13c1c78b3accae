import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VERDICT_STATUSES } from '../../src/core/verdict-status.js';
import { verifyRound, type RoundVerdict } from '../../src/core/verify.js';
import { PROPERTY_RUNS, seedsArb } from './arbitraries.js';
import { referenceCommitment, referenceKeno, referenceRoulette, referenceSignature } from './reference-oracle.js';
import { loadReferenceRounds } from '../support/reference-vectors.js';

const ROUNDS = loadReferenceRounds();
const R = ROUNDS[0]!;
const OTHER = ROUNDS[1]!;
const WRONG_HASH = 'f'.repeat(64);

/** A complete, correct European roulette claim built from the first reference vector. */
const EU = {
  game: 'European Roulette',
  serverSeed: R.serverSeed,
  clientSeed: R.clientSeed,
  nonce: R.nonce,
  commitment: R.commitment,
  result: R.roulette.european,
};
const KENO = { ...EU, game: 'Keno', result: R.keno };
const AM_00 = ROUNDS.find((r) => r.roulette.american === '00')!;

/** Any wheel value other than `shown`. */
const otherNumber = (shown: string) => (shown === '1' ? '2' : '1');

describe('verifyRound: verified', () => {
  it('a correct round with its commitment seen only afterwards is verified at level "history"', () => {
    const verdict = verifyRound(EU);
    expect(verdict).toMatchObject({ status: 'verified', game: 'roulette-european', level: 'history', failures: [], reasons: [] });
    expect(verdict.expected).toBe(R.roulette.european);
  });

  it('American "00" verifies', () => {
    const verdict = verifyRound({ ...EU, game: 'American Roulette', serverSeed: AM_00.serverSeed, clientSeed: AM_00.clientSeed, nonce: AM_00.nonce, commitment: AM_00.commitment, result: '00' });
    expect(verdict).toMatchObject({ status: 'verified', game: 'roulette-american', expected: '00' });
  });

  it('keno verifies from the numbers in any order, as text', () => {
    const verdict = verifyRound({ ...KENO, result: [...R.keno].reverse().join(', ') });
    expect(verdict).toMatchObject({ status: 'verified', game: 'keno', expected: R.keno });
  });

  it('the nonce may be given as text', () => {
    expect(verifyRound({ ...EU, nonce: String(R.nonce) }).status).toBe('verified');
  });

  it('is "witnessed" only with the worker\'s judgement that the casino was bound before the bet, the outcome seen before the seed', () => {
    expect(verifyRound({ ...EU, witness: 'bound-before-bet', observedAt: { result: 1000, serverSeed: 1001 } })).toMatchObject({
      status: 'verified',
      level: 'witnessed',
      levelReason: 'bound-before-bet',
    });
  });

  it.each([
    ['no judgement, whatever the times say', undefined, { commitment: 1000, result: 1001 }, 'not-observed'],
    ['a judgement but no outcome time', 'bound-before-bet', {}, 'not-observed'],
    ['a judgement, but the seed seen with the outcome', 'bound-before-bet', { result: 1000, serverSeed: 1000 }, 'outcome-after-reveal'],
    ['a judgement, but the seed seen before the outcome', 'bound-before-bet', { result: 1000, serverSeed: 999 }, 'outcome-after-reveal'],
    ['the judgement "no action"', 'no-action', { result: 1000 }, 'no-action'],
    ['an unknown judgement', 'trust-me', { result: 1000 }, 'not-observed'],
  ])('is "history" with %s', (_what, witness, observedAt, levelReason) => {
    expect(verifyRound({ ...EU, witness, observedAt })).toMatchObject({ status: 'verified', level: 'history', levelReason });
  });

  it('a pre-round commitment equal to the commitment (any hex case) is no evidence of order by itself', () => {
    expect(verifyRound({ ...EU, preRoundCommitment: R.commitment })).toMatchObject({ status: 'verified', level: 'history' });
    expect(verifyRound({ ...EU, preRoundCommitment: R.commitment.toUpperCase() })).toMatchObject({ status: 'verified', level: 'history' });
  });

  it('a matching round signature is accepted', () => {
    expect(verifyRound({ ...EU, roundSignature: R.roundSignature }).status).toBe('verified');
  });

  it('carries a trace of every step, unless asked not to', () => {
    const verdict = verifyRound(KENO);
    expect(verdict.trace?.commitment).toEqual({ input: R.serverSeed, computed: R.commitment });
    expect(verdict.trace?.signature).toEqual({ input: `${R.serverSeed}:${R.clientSeed}:${R.nonce}`, computed: R.roundSignature });
    expect(verdict.trace?.draws.filter((d) => d.accepted).map((d) => d.picked).sort((a, b) => a! - b!)).toEqual(R.keno);
    expect(verdict.trace?.outcome).toEqual(R.keno);
    const lean = verifyRound(KENO, { trace: false });
    expect(lean.trace).toBeUndefined();
    expect(lean).toMatchObject({ status: 'verified', expected: R.keno });
  });

  it('a nonce above 2^53−1 given as text is used exactly (checked against the reference program)', () => {
    const nonce = '9007199254740993'; // 2^53 + 1: as a JS number it would become ...992
    const claim = { ...EU, nonce, result: referenceRoulette('european', R.serverSeed, R.clientSeed, nonce), roundSignature: referenceSignature(R.serverSeed, R.clientSeed, nonce) };
    const verdict = verifyRound(claim);
    expect(verdict.status).toBe('verified');
    expect(verdict.trace?.signature.input).toBe(`${R.serverSeed}:${R.clientSeed}:9007199254740993`);
  });

  it('any correct round verifies (property, against the reference program)', () => {
    fc.assert(
      fc.property(seedsArb, fc.constantFrom('European Roulette', 'American Roulette', 'Keno'), ({ serverSeed, clientSeed, nonce }, game) => {
        const result =
          game === 'Keno'
            ? referenceKeno(serverSeed, clientSeed, nonce)
            : referenceRoulette(game === 'European Roulette' ? 'european' : 'american', serverSeed, clientSeed, nonce);
        const verdict = verifyRound({
          game,
          serverSeed,
          clientSeed,
          nonce,
          commitment: referenceCommitment(serverSeed),
          roundSignature: referenceSignature(serverSeed, clientSeed, nonce),
          result,
        });
        expect(verdict.status, verdict.reasons.join('; ')).toBe('verified');
      }),
      PROPERTY_RUNS,
    );
  });
});

describe('verifyRound: pending', () => {
  it('an outcome without a revealed server seed is pending, with no level and no recomputed outcome', () => {
    const { serverSeed: _hidden, ...claim } = EU;
    const verdict = verifyRound(claim);
    expect(verdict).toMatchObject({ status: 'pending', game: 'roulette-european', failures: [] });
    expect(verdict.level).toBeUndefined();
    expect(verdict.expected).toBeUndefined();
    expect(verdict.reasons.join(' ')).toMatch(/server seed/);
  });

  it('is pending for keno too, even with a wrong-looking outcome (nothing to compare yet)', () => {
    expect(verifyRound({ ...KENO, serverSeed: undefined, result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }).status).toBe('pending');
  });
});

describe('verifyRound: mismatch', () => {
  function onlyFailure(verdict: RoundVerdict) {
    expect(verdict.status).toBe('mismatch');
    expect(verdict.level).toBeUndefined();
    expect(verdict.failures).toHaveLength(1);
    return verdict.failures[0]!;
  }

  it('step "commitment": the seed does not hash to the commitment shown', () => {
    const failure = onlyFailure(verifyRound({ ...EU, commitment: OTHER.commitment }));
    expect(failure).toMatchObject({ step: 'commitment', expected: R.commitment, shown: OTHER.commitment });
    expect(failure.message).toMatch(/commitment/);
  });

  it('step "commitment": the shown value is reported lowercased as read', () => {
    expect(onlyFailure(verifyRound({ ...EU, commitment: WRONG_HASH.toUpperCase() }))).toMatchObject({ step: 'commitment', expected: R.commitment, shown: WRONG_HASH });
  });

  it('step "outcome" for roulette: expected is the recomputed number, shown the displayed one', () => {
    const shown = otherNumber(R.roulette.european);
    const verdict = verifyRound({ ...EU, result: shown });
    expect(onlyFailure(verdict)).toMatchObject({ step: 'outcome', expected: R.roulette.european, shown });
    expect(verdict.expected).toBe(R.roulette.european);
  });

  it('step "outcome" for American roulette: "0" shown where "00" was drawn', () => {
    const verdict = verifyRound({ game: 'American Roulette', serverSeed: AM_00.serverSeed, clientSeed: AM_00.clientSeed, nonce: AM_00.nonce, commitment: AM_00.commitment, result: '0' });
    expect(onlyFailure(verdict)).toMatchObject({ step: 'outcome', expected: '00', shown: '0' });
  });

  it('step "outcome" for keno: both sides as ascending numbers', () => {
    const shown = [...R.keno];
    const replacement = [1, 2, 3, 5, 6, 7].find((n) => !shown.includes(n))!;
    shown[0] = replacement;
    const sortedShown = [...shown].sort((a, b) => a - b);
    expect(onlyFailure(verifyRound({ ...KENO, result: shown }))).toMatchObject({
      step: 'outcome',
      expected: R.keno.join(' '),
      shown: sortedShown.join(' '),
    });
  });

  it('step "signature": the round signature shown is not the one the seeds give', () => {
    expect(onlyFailure(verifyRound({ ...EU, roundSignature: OTHER.roundSignature }))).toMatchObject({
      step: 'signature',
      expected: R.roundSignature,
      shown: OTHER.roundSignature,
    });
  });

  it('step "witness": the commitment seen before the round differs from the one in history', () => {
    expect(onlyFailure(verifyRound({ ...EU, preRoundCommitment: OTHER.commitment }))).toMatchObject({
      step: 'witness',
      expected: OTHER.commitment,
      shown: R.commitment,
    });
  });

  it('step "witness" is reported while the round is still pending (it needs no seed)', () => {
    const { serverSeed: _hidden, ...claim } = EU;
    expect(onlyFailure(verifyRound({ ...claim, preRoundCommitment: OTHER.commitment }))).toMatchObject({
      step: 'witness',
      expected: OTHER.commitment,
      shown: R.commitment,
    });
  });

  it('step "commitment" against the pre-round commitment when the history shows none', () => {
    const { commitment: _absent, ...claim } = EU;
    expect(onlyFailure(verifyRound({ ...claim, preRoundCommitment: OTHER.commitment }))).toMatchObject({
      step: 'commitment',
      expected: R.commitment,
      shown: OTHER.commitment,
    });
    expect(verifyRound({ ...claim, preRoundCommitment: R.commitment })).toMatchObject({ status: 'verified', level: 'history' });
  });

  it('reports every failed step at once', () => {
    const verdict = verifyRound({
      ...EU,
      commitment: WRONG_HASH,
      preRoundCommitment: OTHER.commitment,
      roundSignature: OTHER.roundSignature,
      result: otherNumber(R.roulette.european),
    });
    expect(verdict.status).toBe('mismatch');
    expect(verdict.failures.map((f) => f.step).sort()).toEqual(['commitment', 'outcome', 'signature', 'witness']);
    expect(verdict.reasons).toHaveLength(4);
  });

  it('a mismatch wins over a missing commitment', () => {
    const { commitment: _absent, ...claim } = EU;
    expect(onlyFailure(verifyRound({ ...claim, result: otherNumber(R.roulette.european) })).step).toBe('outcome');
  });

  it('any single displayed number changed is an "outcome" mismatch (property)', () => {
    const wheel = (size: number) => Array.from({ length: size }, (_, i) => (i === 37 ? '00' : String(i)));
    fc.assert(
      fc.property(
        seedsArb,
        fc.constantFrom('European Roulette', 'American Roulette', 'Keno'),
        fc.nat(),
        fc.nat(),
        ({ serverSeed, clientSeed, nonce }, game, pickA, pickB) => {
          const base = { game, serverSeed, clientSeed, nonce, commitment: referenceCommitment(serverSeed) };
          let expected: string;
          let shown: string;
          let result: unknown;
          if (game === 'Keno') {
            const drawn = referenceKeno(serverSeed, clientSeed, nonce);
            const changed = [...drawn];
            const notDrawn = Array.from({ length: 40 }, (_, i) => i + 1).filter((n) => !drawn.includes(n));
            changed[pickA % 10] = notDrawn[pickB % notDrawn.length]!;
            expected = drawn.join(' ');
            shown = [...changed].sort((a, b) => a - b).join(' ');
            result = changed;
          } else {
            const version = game === 'European Roulette' ? 'european' : 'american';
            const drawn = referenceRoulette(version, serverSeed, clientSeed, nonce);
            const others = wheel(version === 'european' ? 37 : 38).filter((n) => n !== drawn);
            expected = drawn;
            shown = others[pickA % others.length]!;
            result = shown;
          }
          const verdict = verifyRound({ ...base, result });
          expect(verdict.status).toBe('mismatch');
          expect(verdict.failures).toEqual([expect.objectContaining({ step: 'outcome', expected, shown })]);
        },
      ),
      PROPERTY_RUNS,
    );
  });
});

describe('verifyRound: invalid, with the reason', () => {
  function reasonsOf(input: unknown): string[] {
    const verdict = verifyRound(input);
    expect(verdict.status).toBe('invalid');
    expect(verdict.failures).toEqual([]);
    expect(verdict.level).toBeUndefined();
    return verdict.reasons;
  }

  it('non-hex commitment', () => {
    expect(reasonsOf({ ...EU, commitment: 'z'.repeat(64) })).toEqual([expect.stringMatching(/^commitment: must be 64 hex characters/)]);
  });

  it.each(['3f2a…9c1e', '3f2a...9c1e'])('truncated commitment %j', (commitment) => {
    expect(reasonsOf({ ...EU, commitment })).toEqual([expect.stringMatching(/^commitment: looks truncated/)]);
  });

  it.each(['3f2a…9c1e', '3f2a...9c1e'])('truncated server seed %j', (serverSeed) => {
    expect(reasonsOf({ ...EU, serverSeed })).toEqual([expect.stringMatching(/^serverSeed: looks truncated/)]);
  });

  it('missing nonce', () => {
    const { nonce: _absent, ...claim } = EU;
    expect(reasonsOf(claim)).toEqual(['nonce: missing']);
  });

  it('missing client seed', () => {
    const { clientSeed: _absent, ...claim } = EU;
    expect(reasonsOf(claim)).toEqual(['clientSeed: missing']);
  });

  it.each([-1, 1.5])('nonce %s', (nonce) => {
    expect(reasonsOf({ ...EU, nonce })).toEqual([expect.stringMatching(new RegExp(`^nonce: must be a non-negative whole number, got ${nonce}`))]);
  });

  it('nonce above 2^53−1 as a number (not exact), while the same value as text is accepted', () => {
    expect(reasonsOf({ ...EU, nonce: 2 ** 53 })).toEqual([expect.stringMatching(/^nonce: larger than 2\^53/)]);
    const asText = verifyRound({ ...EU, nonce: '9007199254740992', result: undefined, commitment: undefined, serverSeed: undefined, roundSignature: undefined });
    expect(asText.reasons.join(' ')).not.toMatch(/nonce/);
  });

  it('missing commitment: says nothing fixes the seed before the round, still gives the outcome', () => {
    const { commitment: _absent, ...claim } = EU;
    const verdict = verifyRound(claim);
    expect(verdict.status).toBe('invalid');
    expect(verdict.reasons).toEqual([expect.stringMatching(/^commitment: missing/)]);
    expect(verdict.expected).toBe(R.roulette.european);
  });

  it('missing result with a server seed', () => {
    const { result: _absent, ...claim } = EU;
    expect(reasonsOf(claim)).toEqual([expect.stringMatching(/^result: missing/)]);
  });

  it('missing result and no server seed', () => {
    const { result: _r, serverSeed: _s, ...claim } = EU;
    expect(reasonsOf(claim)).toEqual([expect.stringMatching(/^result: missing/)]);
  });

  it('a displayed result the game cannot have', () => {
    expect(reasonsOf({ ...EU, result: '00' })).toEqual([expect.stringMatching(/^result: .*European/)]);
    expect(reasonsOf({ ...KENO, result: R.keno.slice(0, 9) })).toEqual([expect.stringMatching(/^result: .*10 numbers/)]);
  });

  it('an unknown game keeps its name', () => {
    const verdict = verifyRound({ ...EU, game: 'Blackjack' });
    expect(verdict).toMatchObject({ status: 'invalid', game: 'Blackjack' });
    expect(verdict.reasons).toEqual([expect.stringMatching(/^game: unknown/)]);
  });

  it('something that is not a round at all', () => {
    expect(verifyRound('hello')).toMatchObject({ status: 'invalid', game: '?' });
  });
});

describe('verifyRound: unsupported', () => {
  it.each([
    ['Mines', 'mines'],
    ['Dice: Golden Ticket', 'golden-ticket'],
    ['Limbo', 'limbo'],
  ])('%s is unsupported, never guessed', (game, id) => {
    const verdict = verifyRound({ ...EU, game });
    expect(verdict).toMatchObject({ status: 'unsupported', game: id, failures: [] });
    expect(verdict.expected).toBeUndefined();
  });

  it('is unsupported even when its fields are malformed', () => {
    expect(verifyRound({ game: 'Mines', commitment: '3f2a…9c1e', nonce: -1 }).status).toBe('unsupported');
  });
});

describe('verifyRound: total on any input (properties)', () => {
  const STATUSES = ['verified', 'pending', 'mismatch', 'unsupported', 'invalid'];

  function wellFormed(verdict: RoundVerdict): void {
    expect(STATUSES).toContain(verdict.status);
    expect(typeof verdict.game).toBe('string');
    expect(Array.isArray(verdict.failures) && Array.isArray(verdict.reasons)).toBe(true);
    if (verdict.status === 'verified') expect(verdict.level).toMatch(/^(witnessed|history)$/);
    if (verdict.status === 'mismatch') expect(verdict.failures.length).toBeGreaterThan(0);
    if (verdict.status === 'invalid') expect(verdict.reasons.length).toBeGreaterThan(0);
  }

  it('the status list names exactly the five statuses', () => {
    expect([...VERDICT_STATUSES].sort()).toEqual([...STATUSES].sort());
  });

  it('fc.anything(), including odd objects', () => {
    const anything = fc.anything({
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
      stringUnit: 'binary',
    });
    fc.assert(fc.property(anything, (input) => wellFormed(verifyRound(input))), { numRuns: 300 });
  });

  it('fc.object()', () => {
    fc.assert(fc.property(fc.object(), (input) => wellFormed(verifyRound(input))), { numRuns: 300 });
  });

  it('round-shaped records whose fields have random types', () => {
    const value = fc.anything({ withNullPrototype: true, withBigInt: true, maxDepth: 2 });
    const hex = fc.constantFrom(R.commitment, R.roundSignature, WRONG_HASH, '3f2a…9c1e', R.commitment.toUpperCase());
    const record = fc.record(
      {
        game: fc.oneof(fc.constantFrom('Keno', 'European Roulette', 'American Roulette', 'Roulette', 'Mines', 'Blackjack', ''), value),
        serverSeed: fc.oneof(fc.constant(R.serverSeed), fc.string({ unit: 'binary' }), fc.constant('x\ud800'), value),
        clientSeed: fc.oneof(fc.constant(R.clientSeed), fc.string({ unit: 'binary' }), value),
        nonce: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.bigInt().map(String), value),
        commitment: fc.oneof(hex, value),
        roundSignature: fc.oneof(hex, value),
        preRoundCommitment: fc.oneof(hex, value),
        result: fc.oneof(
          fc.constantFrom(R.roulette.european, '00', '0', '37', R.keno, R.keno.join(', ')),
          fc.array(fc.oneof(fc.integer({ min: -1, max: 42 }), fc.string(), value), { maxLength: 12 }),
          value,
        ),
        observedAt: fc.oneof(fc.record({ commitment: fc.oneof(fc.double(), value), result: fc.oneof(fc.double(), value) }, { requiredKeys: [] }), value),
      },
      { requiredKeys: [] },
    );
    fc.assert(fc.property(record, (input) => wellFormed(verifyRound(input))), { numRuns: 400 });
  });
});
