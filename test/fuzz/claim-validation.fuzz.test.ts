// Fuzzes claim validation over arbitrary values: checkClaim (core), verifyRound (core, total even
// for objects that throw) and validateClaim (the worker's schema for one captured claim). None
// throws; a refusal names the field it is about; what is accepted is what was given (no truncated
// value, nothing rewritten except the documented canonical forms).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkClaim, type ClaimCheck } from '../../src/core/claim.js';
import { computeRound, verifyRound, type RoundVerdict } from '../../src/core/verify.js';
import { lookupGame } from '../../src/core/games/registry.js';
import { validateClaim } from '../../src/shared/messages.js';
import { anything, chip, GAME_NAMES, hex64, truncatedHex } from './arbitraries.js';
import { BIG_INPUT_MS, bigCases, CASE_MS, Counters, ELLIPSIS, MB, PROPERTY_TIMEOUT, runProperty, share, show, targetCases, withinTime } from './harness.js';

const TARGET = 'claim-validation';
const CASES = targetCases(2000);

const gameValue = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('European Roulette', 'American Roulette', 'Keno', 'keno', 'roulette-american', 'Europäisches Roulette') },
  { weight: 1, arbitrary: fc.constantFrom(...GAME_NAMES, 'Mines', 'Limbo', 'Blackjack', '', '  ') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: anything },
);

const seedValue = fc.oneof(
  { weight: 4, arbitrary: hex64 },
  { weight: 2, arbitrary: truncatedHex },
  { weight: 1, arbitrary: hex64.map((hex) => hex.toUpperCase()) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'a...b', 'a…b', '\ud800', 'x\udc00y', 'x'.repeat(4097), 'f'.repeat(63), 'g'.repeat(64)) },
  { weight: 1, arbitrary: anything },
);

const nonceValue = fc.oneof(
  fc.nat(),
  fc.maxSafeNat(),
  fc.constantFrom(2 ** 53, 2 ** 64, -1, -0, 1.5, Number.NaN, Infinity, 1e21, '007', ' 5 ', '1e3', '', '-1', '99999999999999999999', '999999999999999999999', '٣'),
  fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String),
  fc.bigInt({ min: -5n, max: 5n }),
  fc.string({ maxLength: 8 }),
  anything,
);

const resultValue = fc.oneof(
  chip,
  fc.integer({ min: -2, max: 40 }),
  fc.constantFrom('17 Red', '00 grün', '07', '37', '0', '', '3…', '1, 2, 3'),
  fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 10, maxLength: 10 }),
  fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 10, maxLength: 10 }).map((numbers) => numbers.map(String)),
  fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 10, maxLength: 10 }).map((numbers) => numbers.join(', ')),
  fc.array(fc.oneof(chip, fc.integer(), fc.string({ maxLength: 3 }), anything), { maxLength: 12 }),
  // Lists inside lists, up to deeper than any stack: a reader that recurses must not overflow.
  // A recipe, built by `materialise` (fast-check's printer recurses too).
  fc.record({ nestDepth: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 5000, max: 50_000 })), inner: fc.oneof(chip, fc.constant<unknown>([])) }),
  anything,
);

function nest(inner: unknown, depth: number): unknown {
  let nested = inner;
  for (let level = 0; level < depth; level++) nested = [nested];
  return nested;
}

/** Builds the recipes in a generated value: deep lists in `result`, hostile objects. */
function materialise(generated: unknown): unknown {
  if (typeof generated !== 'object' || generated === null) return generated;
  if ('hostile' in generated) return buildHostile(generated as { hostile: string; claim: object });
  const result = (generated as { result?: unknown }).result;
  if (typeof result === 'object' && result !== null && 'nestDepth' in result) {
    const { nestDepth, inner } = result as { nestDepth: number; inner: unknown };
    return { ...generated, result: nest(inner, nestDepth) };
  }
  return generated;
}

const timeValue = fc.oneof(fc.nat(), fc.double(), fc.constantFrom(-1, Number.NaN, Infinity), anything);
const observedAtValue = fc.oneof(
  fc.record({ game: timeValue, serverSeed: timeValue, commitment: timeValue, clientSeed: timeValue, nonce: timeValue, result: timeValue, roundSignature: timeValue }, { requiredKeys: [] }),
  anything,
);

/** A round claim as a file or the worker gives it, each field valid, odd or of any type. */
const roundClaim = fc.record(
  {
    game: gameValue,
    serverSeed: seedValue,
    commitment: seedValue,
    clientSeed: seedValue,
    nonce: nonceValue,
    result: resultValue,
    roundSignature: seedValue,
    preRoundCommitment: seedValue,
    observedAt: observedAtValue,
  },
  { requiredKeys: [] },
);

/**
 * An honest round (its commitment, signature and outcome computed by the core), shown as a page or
 * file would show it, then maybe tampered with in one place: reaches the verified and mismatch paths.
 */
const honestClaim = fc
  .record({
    game: fc.constantFrom('European Roulette', 'American Roulette', 'Keno'),
    serverSeed: fc.oneof(hex64, fc.stringMatching(/^[A-Za-z0-9 ü:-]{1,20}$/)),
    clientSeed: fc.stringMatching(/^[A-Za-z0-9 ü:-]{0,20}$/),
    nonce: fc.oneof(fc.nat(1_000_000), fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String)),
    tamper: fc.constantFrom('none', 'none', 'none', 'commitment', 'result', 'roundSignature', 'preRoundCommitment', 'drop-result', 'drop-commitment', 'upper-hex', 'nonce-text'),
    other: hex64,
    keenOrder: fc.boolean(),
    times: fc.tuple(fc.nat(), fc.nat()),
  })
  .map(({ game, serverSeed, clientSeed, nonce, tamper, other, keenOrder, times }) => {
    const lookup = lookupGame(game);
    if (lookup.kind !== 'supported') throw new Error(`${game} is not supported`);
    const round = computeRound(lookup.game, serverSeed, clientSeed, nonce, { trace: false });
    const outcome = round.outcome;
    const shown = Array.isArray(outcome) ? (keenOrder ? [...outcome].reverse() : outcome.join(', ')) : outcome;
    const claim: Record<string, unknown> = {
      game,
      serverSeed,
      clientSeed,
      nonce,
      commitment: round.commitment,
      roundSignature: round.roundSignature,
      result: shown,
      observedAt: { commitment: times[0], result: times[1] },
    };
    if (tamper === 'commitment') claim.commitment = other;
    if (tamper === 'roundSignature') claim.roundSignature = other;
    if (tamper === 'preRoundCommitment') claim.preRoundCommitment = other;
    if (tamper === 'result') claim.result = Array.isArray(outcome) ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] : outcome === '17' ? '18' : '17';
    if (tamper === 'drop-result') delete claim.result;
    if (tamper === 'drop-commitment') delete claim.commitment;
    if (tamper === 'upper-hex') claim.commitment = round.commitment.toUpperCase();
    if (tamper === 'nonce-text') claim.nonce = ` ${String(nonce)} `;
    return claim;
  });

const FIELD_NAME = /^(round|game|serverSeed|clientSeed|commitment|roundSignature|preRoundCommitment|nonce|result|observedAt(\.[a-zA-Z]+)?): \S/;
const SEED_FIELDS = ['serverSeed', 'clientSeed', 'commitment', 'roundSignature', 'preRoundCommitment'] as const;

/** checkClaim's promises for one input. */
function checkProblems(input: unknown, check: ClaimCheck): string[] {
  const problems: string[] = [];
  if (!check.ok) {
    if (check.problems.length === 0) problems.push('refused without a reason');
    for (const problem of check.problems) {
      if (!FIELD_NAME.test(problem.text)) problems.push(`reason names no field: ${show(problem.text)}`);
      if (!problem.text.startsWith(`${problem.field}: `)) problems.push(`reason's field and words disagree: ${show(problem)}`);
    }
  }
  if (typeof input !== 'object' || input === null) {
    if (check.ok) problems.push('accepted a value that is not an object');
    return problems;
  }
  const raw = input as Record<string, unknown>;
  const gameKnown = check.ok || (check.lookup !== undefined && check.lookup.kind !== 'unknown');
  for (const field of SEED_FIELDS) {
    const value = raw[field];
    if (typeof value !== 'string' || !ELLIPSIS.test(value) || !gameKnown) continue;
    if (check.ok) problems.push(`accepted a truncated ${field}: ${show(value)}`);
    else if (!check.problems.some((problem) => problem.field === field)) problems.push(`truncated ${field} refused without naming it`);
  }
  if (check.ok) {
    const claim = check.claim;
    // Seeds are taken exactly; hex is lowercased; a nonce is canonical decimal.
    if (claim.serverSeed !== undefined && claim.serverSeed !== raw.serverSeed) problems.push('serverSeed altered');
    if (claim.clientSeed !== undefined && claim.clientSeed !== raw.clientSeed) problems.push('clientSeed altered');
    for (const field of ['commitment', 'roundSignature', 'preRoundCommitment'] as const) {
      const value = claim[field];
      if (value !== undefined && (value !== String(raw[field]).toLowerCase() || !/^[0-9a-f]{64}$/.test(value))) problems.push(`${field} altered: ${show(value)}`);
    }
    if (claim.nonce !== undefined) {
      if (!/^(0|[1-9]\d*)$/.test(claim.nonce)) problems.push(`nonce not canonical: ${show(claim.nonce)}`);
      else if (BigInt(claim.nonce) !== BigInt(typeof raw.nonce === 'number' ? raw.nonce : String(raw.nonce).trim())) problems.push(`nonce changed value: ${show(raw.nonce)} → ${claim.nonce}`);
    }
    for (const [field, time] of Object.entries(claim.observedAt)) {
      if (typeof time !== 'number' || !Number.isFinite(time) || time < 0) problems.push(`observedAt.${field} kept as ${show(time)}`);
    }
  }
  return problems;
}

const STATUSES = new Set(['verified', 'pending', 'mismatch', 'unsupported', 'invalid']);
const STEPS = new Set(['commitment', 'signature', 'outcome', 'witness', 'nonce']);

/** verifyRound's promises: one well-formed verdict, with reasons where it refuses. */
function verdictProblems(verdict: RoundVerdict): string[] {
  const problems: string[] = [];
  if (!STATUSES.has(verdict.status)) problems.push(`status ${show(verdict.status)}`);
  if (typeof verdict.game !== 'string') problems.push('game is not text');
  if (!Array.isArray(verdict.reasons) || verdict.reasons.some((reason) => typeof reason !== 'string' || reason.trim() === '')) problems.push('reasons are not sentences');
  if (!Array.isArray(verdict.failures)) problems.push('failures is not a list');
  switch (verdict.status) {
    case 'invalid':
      if (verdict.reasons.length === 0) problems.push('invalid without a reason');
      for (const reason of verdict.reasons) if (!FIELD_NAME.test(reason)) problems.push(`reason names no field: ${show(reason)}`);
      break;
    case 'mismatch':
      if (verdict.failures.length === 0) problems.push('mismatch without a failure');
      for (const failure of verdict.failures) if (!STEPS.has(failure.step) || failure.message === '') problems.push(`odd failure ${show(failure)}`);
      break;
    case 'verified':
      if (verdict.failures.length > 0 || verdict.reasons.length > 0) problems.push('verified with failures');
      if (verdict.level !== 'witnessed' && verdict.level !== 'history') problems.push(`level ${show(verdict.level)}`);
      if (verdict.expected === undefined) problems.push('verified without the computed outcome');
      break;
    default:
  }
  return problems;
}

function fail(problems: string[], input: unknown): void {
  if (problems.length > 0) throw new Error(`${problems.join('\n')}\ninput: ${show(input, 400)}`);
}

/** 1 MB of `unit` in `field` of an otherwise valid claim. */
function bigClaimOf(field: string, unit: string, seed: string): Record<string, unknown> {
  const text = unit.repeat(MB);
  const claim: Record<string, unknown> = { game: 'American Roulette', serverSeed: seed, clientSeed: 'c', nonce: 1, result: '00' };
  if (field === 'result') claim.result = unit === '1' ? Array.from({ length: MB / 8 }, () => 1) : unit === '[' ? nest(17, MB / 8) : text;
  else if (field === 'observedAt') claim.observedAt = { [text]: 1, nonce: text };
  else claim[field] = text;
  return claim;
}

/**
 * Values no JSON file holds but a caller might pass: getters and proxies that throw, cycles. Built
 * inside the property (fast-check itself would trip over a revoked proxy), from a printable recipe.
 */
const hostile = fc.tuple(roundClaim, fc.constantFrom('getter', 'proxy', 'revoked', 'cycle')).map(([claim, kind]) => ({ hostile: kind, claim }));

function buildHostile({ hostile: kind, claim }: { hostile: string; claim: object }): unknown {
  const round: Record<string, unknown> = { ...claim };
  switch (kind) {
    case 'getter':
      return Object.defineProperty(round, 'nonce', { enumerable: true, get: () => { throw new Error('getter'); } });
    case 'proxy':
      return new Proxy(round, { get: () => { throw new Error('get trap'); } });
    case 'revoked': {
      const { proxy, revoke } = Proxy.revocable(round, {});
      revoke();
      return proxy;
    }
    default:
      round.observedAt = round;
      return round;
  }
}

/** A valid captured claim (what the content script sends), to be broken one field at a time. */
const capturedClaim = fc.record(
  {
    source: fc.constantFrom('dom' as const, 'json' as const),
    game: fc.constantFrom(...GAME_NAMES),
    serverSeed: hex64,
    commitment: hex64,
    clientSeed: fc.string({ maxLength: 30 }),
    nonce: fc.nat().map(String),
    result: fc.oneof(chip, fc.array(chip, { maxLength: 40 })),
    roundSignature: hex64,
    picks: fc.array(chip, { maxLength: 40 }),
    observedAt: fc.record({ game: fc.nat(), serverSeed: fc.nat(), commitment: fc.nat(), nonce: fc.double({ min: 0, noNaN: true, max: 1e15 }) }, { requiredKeys: [] }),
  },
  { requiredKeys: ['source', 'observedAt'] },
);

const CAPTURED_KEYS = ['source', 'game', 'serverSeed', 'commitment', 'clientSeed', 'nonce', 'result', 'roundSignature', 'picks', 'observedAt'];

/** Breaks one field: a wrong type, an over-long text, a bad nonce, a missing required key, an extra key. */
const brokenClaim = fc
  .tuple(
    capturedClaim,
    fc.constantFrom(...CAPTURED_KEYS, 'extra', '__proto__', 'constructor'),
    fc.oneof(anything, fc.constantFrom('x'.repeat(4097), '12a', -1, Number.NaN, [1], 'web', null, Array.from({ length: 41 }, () => '1'))),
  )
  .map(([claim, key, value]) => {
    const broken: Record<string, unknown> = { ...claim };
    if (key === 'source' || key === 'observedAt') {
      if (value === undefined || typeof value === 'object') delete broken[key];
      else broken[key] = value;
    } else {
      Object.defineProperty(broken, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return { claim: broken, key };
  });

describe('fuzz: checkClaim, verifyRound, validateClaim', () => {
  it(
    'checkClaim never throws on data, names the field it refuses, never accepts a truncated value',
    () => {
      const counters = new Counters();
      runProperty(
        TARGET,
        'checkClaim',
        fc.property(fc.oneof({ weight: 4, arbitrary: roundClaim }, { weight: 2, arbitrary: honestClaim }, { weight: 1, arbitrary: anything }), (generated) => {
          const input = materialise(generated);
          const check = withinTime(CASE_MS, 'checkClaim', () => checkClaim(input));
          counters.add(check.ok ? 'accepted' : 'refused');
          fail(checkProblems(input, check), input);
        }),
        share(CASES, 0.3),
        counters,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'verifyRound gives one well-formed verdict for anything, hostile objects included',
    () => {
      const counters = new Counters();
      runProperty(
        TARGET,
        'verifyRound',
        fc.property(fc.oneof({ weight: 4, arbitrary: roundClaim }, { weight: 3, arbitrary: honestClaim }, { weight: 1, arbitrary: anything }, { weight: 1, arbitrary: hostile }), (generated) => {
          const input = materialise(generated);
          const verdict = withinTime(CASE_MS, 'verifyRound', () => verifyRound(input, { trace: false }));
          counters.add(verdict.status);
          fail(verdictProblems(verdict), input);
        }),
        share(CASES, 0.3),
        counters,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'validateClaim never throws, passes a valid claim through unchanged, and names the broken field',
    () => {
      const counters = new Counters();
      runProperty(
        TARGET,
        'validateClaim',
        fc.property(fc.oneof(capturedClaim.map((claim) => ({ claim, key: undefined })), brokenClaim, anything.map((claim) => ({ claim, key: undefined }))), ({ claim, key }) => {
          const result = withinTime(CASE_MS, 'validateClaim', () => validateClaim(claim));
          counters.add(result.ok ? 'accepted' : 'refused');
          if (result.ok) {
            expect(result.message).toEqual(claim);
            return;
          }
          expect(typeof result.error).toBe('string');
          expect(result.error.trim()).not.toBe('');
          if (typeof claim !== 'object' || claim === null) {
            expect(result.error).toMatch(/^Invalid type: Expected Object/);
          } else if (key !== undefined) {
            // The one broken field is the one named.
            expect(result.error.startsWith(`${key}`), `${result.error} should name ${key}`).toBe(true);
          } else {
            expect(result.error).toMatch(/^(?:Invalid type: Expected Object|[^\n]+?: \S)/);
          }
        }),
        share(CASES, 0.4),
        counters,
      );
    },
    PROPERTY_TIMEOUT,
  );

  /** 1 MB values in every field a claim has (a recipe: the claim is built in the property). */
  const bigClaim = fc.tuple(
    fc.constantFrom('serverSeed', 'clientSeed', 'commitment', 'nonce', 'game', 'result', 'observedAt', 'roundSignature'),
    fc.constantFrom('a', '1', '…', ' ', '['),
    hex64,
  );

  it(
    'refuses 1 MB values in bounded time, naming the field',
    () => {
      runProperty(
        TARGET,
        '1 MB inputs',
        fc.property(bigClaim, ([field, unit, seed]) => {
          const claim = bigClaimOf(field, unit, seed);
          const check = withinTime(BIG_INPUT_MS, 'checkClaim', () => checkClaim(claim));
          fail(checkProblems(claim, check), claim);
          const verdict = withinTime(BIG_INPUT_MS, 'verifyRound', () => verifyRound(claim));
          fail(verdictProblems(verdict), claim);
          // The same claim as the content script would send it: refused, naming the 1 MB field.
          const captured = { source: 'json', ...claim, nonce: field === 'nonce' ? claim.nonce : '1', observedAt: field === 'observedAt' ? claim.observedAt : {} };
          const validated = withinTime(BIG_INPUT_MS, 'validateClaim', () => validateClaim(captured));
          expect(validated.ok).toBe(false);
          if (!validated.ok) expect(validated.error.startsWith(field), validated.error.slice(0, 200)).toBe(true);
        }),
        bigCases(2, 40),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
