// Fuzzes the worker's message validation (validateContentMessage, validatePageMessage) over
// arbitrary values and over valid messages broken in one place. It never throws, passes a valid
// message through unchanged, and a refusal is a non-empty reason naming the path it is about.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CLAIMS_PER_MESSAGE, validateClaim, validateContentMessage, validatePageMessage } from '../../src/shared/messages.js';
import { anything, hex64 } from './arbitraries.js';
import { BIG_INPUT_MS, bigCases, CASE_MS, Counters, MB, PROPERTY_TIMEOUT, runProperty, share, show, targetCases, withinTime } from './harness.js';
import { MAX_LIST_LENGTH, MAX_RESULT_ITEM_LENGTH, MAX_SEED_LENGTH } from '../../src/core/limits.js';

const TARGET = 'message-validation';
const CASES = targetCases(2000);

const STATUSES = ['verified', 'pending', 'mismatch', 'unsupported', 'invalid'] as const;
const MESSAGE_TYPES = ['summary', 'rounds', 'round-detail', 'export-page', 'games', 'clear-data', 'run-self-test', 'claims'];

const claim = fc.record(
  { source: fc.constantFrom('dom', 'json'), serverSeed: hex64, nonce: fc.nat().map(String), observedAt: fc.record({ nonce: fc.nat() }, { requiredKeys: [] }) },
  { requiredKeys: ['source', 'observedAt'] },
);

const contentMessage = fc.record({ type: fc.constant('claims'), claims: fc.array(fc.oneof(claim, anything), { minLength: 1, maxLength: 8 }) });

const pageSize = fc.integer({ min: 0, max: 5000 });
const pageMessage = fc.oneof(
  fc.constantFrom('summary', 'games', 'clear-data', 'run-self-test').map((type) => ({ type })),
  fc.record({ type: fc.constant('rounds'), filter: fc.record({ status: fc.constantFrom(...STATUSES), gameId: fc.string({ maxLength: 20 }) }, { requiredKeys: [] }), offset: fc.nat(), limit: pageSize }),
  fc.record({ type: fc.constant('round-detail'), key: fc.string({ maxLength: 100 }) }),
  fc.record({ type: fc.constant('export-page'), offset: fc.nat(), limit: pageSize }),
);

/** A bad value for any field: wrong types, out of range, too long, not whole. */
const badValue = fc.oneof(
  anything,
  fc.constantFrom(-1, 1.5, 5001, Number.NaN, Infinity, 'x'.repeat(4097), '', null, [], {}, 'verified?', 2 ** 53),
);

/** One change to a valid message: a field replaced, dropped, or an extra one added; with the path it breaks. */
function breakMessage(message: Record<string, unknown>, how: 'replace' | 'drop' | 'extra', pick: number, value: unknown, extraKey: string): { message: Record<string, unknown>; path: string } {
  const broken: Record<string, unknown> = { ...message };
  const keys = Object.keys(message);
  const key = keys[pick % keys.length]!;
  if (how === 'extra' || keys.length === 0) {
    const extra = keys.includes(extraKey) ? `${extraKey}_` : extraKey;
    Object.defineProperty(broken, extra, { value, enumerable: true, writable: true, configurable: true });
    return { message: broken, path: extra };
  }
  if (how === 'drop') delete broken[key];
  else broken[key] = value;
  return { message: broken, path: key };
}

const extraKey = fc.oneof(fc.constantFrom('extra', '__proto__', 'constructor', 'then', 'toString'), fc.string({ minLength: 1, maxLength: 10 }));
const breakArgs = fc.tuple(fc.constantFrom('replace' as const, 'drop' as const, 'extra' as const), fc.nat(), badValue, extraKey);

/** Some changes keep a message valid (an optional field dropped, a value that happens to fit). */
function stillValid(result: { ok: boolean }): boolean {
  return result.ok;
}

function expectNamedRefusal(result: { ok: true } | { ok: false; error: string }, input: unknown, path?: string): void {
  if (result.ok) return;
  expect(typeof result.error).toBe('string');
  expect(result.error.trim(), 'an empty reason').not.toBe('');
  if (typeof input !== 'object' || input === null) {
    expect(result.error).toMatch(/^Invalid type: Expected Object/);
  } else if (path !== undefined) {
    expect(result.error.startsWith(`${path}: `) || result.error.startsWith(`${path}.`) || result.error.startsWith('type: '), `${show(result.error)} should name ${path}`).toBe(true);
  } else {
    // The reason starts with the path it is about: "type: …", "claims: …", "offset: …", "filter.status: …".
    expect(result.error, show(input)).toMatch(/^(?:Invalid type: Expected Object|[^\n]+?: \S)/);
  }
}

describe('fuzz: validateContentMessage, validatePageMessage', () => {
  it(
    'never throw on anything, and name what they refuse',
    () => {
      const counters = new Counters();
      runProperty(
        TARGET,
        'anything',
        fc.property(fc.oneof(anything, fc.record({ type: fc.constantFrom(...MESSAGE_TYPES) }).chain((head) => fc.dictionary(fc.string(), anything).map((rest) => ({ ...rest, ...head })))), (input) => {
          const content = withinTime(CASE_MS, 'validateContentMessage', () => validateContentMessage(input));
          const page = withinTime(CASE_MS, 'validatePageMessage', () => validatePageMessage(input));
          counters.add(content.ok || page.ok ? 'accepted' : 'refused');
          expectNamedRefusal(content, input);
          expectNamedRefusal(page, input);
          if (content.ok) expect(content.message).toEqual(input);
          if (page.ok) expect(page.message).toEqual(input);
        }),
        share(CASES, 0.3),
        counters,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'pass valid messages through unchanged, and name the field a single change breaks',
    () => {
      const counters = new Counters();
      runProperty(
        TARGET,
        'valid and broken once',
        fc.property(fc.oneof(contentMessage, pageMessage), fc.boolean(), breakArgs, (message, keep, [how, pick, value, extra]) => {
          const validate = message.type === 'claims' ? validateContentMessage : validatePageMessage;
          if (keep) {
            const result = validate(message);
            expect(result, show(message)).toEqual({ ok: true, message });
            counters.add('valid');
            // The worker then checks each claim on its own: never a throw either.
            if (result.ok && 'claims' in result.message) for (const item of result.message.claims) validateClaim(item);
            return;
          }
          const broken = breakMessage(message, how, pick, value, extra);
          const result = withinTime(CASE_MS, 'validate', () => validate(broken.message));
          if (stillValid(result)) {
            counters.add('still valid');
            return;
          }
          counters.add('refused');
          expectNamedRefusal(result, broken.message, broken.path);
        }),
        share(CASES, 0.5),
        counters,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'refuse a claims batch beyond its size, whatever is in it',
    () => {
      runProperty(
        TARGET,
        'batch size',
        fc.property(fc.integer({ min: 0, max: 3 * MAX_CLAIMS_PER_MESSAGE }), anything, (count, item) => {
          const result = validateContentMessage({ type: 'claims', claims: Array.from({ length: count }, () => item) });
          if (count >= 1 && count <= MAX_CLAIMS_PER_MESSAGE) expect(result.ok).toBe(true);
          else expect(result.ok ? '' : result.error).toMatch(/^claims: /);
        }),
        share(CASES, 0.2),
      );
    },
    PROPERTY_TIMEOUT,
  );

  /** 1 MB messages: a full batch of big claims, a huge list, a huge key, a huge text, many keys. */
  const bigMessage = fc.oneof(
    hex64.map((seed) => ({
      // The largest valid claims (core/limits.ts): long seeds, a result of 40 long items.
      message: {
        type: 'claims',
        claims: Array.from({ length: MAX_CLAIMS_PER_MESSAGE }, () => ({
          source: 'dom',
          serverSeed: seed,
          clientSeed: 'c'.repeat(MAX_SEED_LENGTH),
          result: Array.from({ length: MAX_LIST_LENGTH }, () => 'r'.repeat(MAX_RESULT_ITEM_LENGTH)),
          observedAt: {},
        })),
      },
      path: undefined,
    })),
    fc.constant({ message: { type: 'claims', claims: Array.from({ length: MB / 4 }, () => 1) }, path: 'claims' }),
    fc.constant({ message: { type: 'round-detail', key: 'k'.repeat(MB) }, path: 'key' }),
    fc.constant({ message: { type: 'summary', ['x'.repeat(MB)]: 1 }, path: 'x'.repeat(MB) }),
    fc.constant({ message: { type: 'rounds', filter: { gameId: 'g'.repeat(MB) }, offset: 0, limit: 10 }, path: 'filter.gameId' }),
    fc.constant({ message: Object.fromEntries([['type', 'games'], ...Array.from({ length: MB / 16 }, (_, index) => [`key${index}`, index])]), path: 'key0' }),
  );

  it(
    'handle 1 MB messages in bounded time',
    () => {
      runProperty(
        TARGET,
        '1 MB inputs',
        fc.property(bigMessage, ({ message, path }) => {
          const validate = message.type === 'claims' ? validateContentMessage : validatePageMessage;
          const result = withinTime(BIG_INPUT_MS, 'validate', () => validate(message));
          if (path === undefined) {
            expect(result.ok).toBe(true);
            if (result.ok && 'claims' in result.message) for (const item of result.message.claims) expect(withinTime(BIG_INPUT_MS, 'validateClaim', () => validateClaim(item)).ok).toBe(true);
          } else {
            expect(result.ok).toBe(false);
            expectNamedRefusal(result, message, path);
          }
        }),
        bigCases(1, 12),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
