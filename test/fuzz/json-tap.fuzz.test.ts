// Fuzzes the JSON tap's walker (extractRounds) over generated JSON: arbitrary JSON values, bets
// with seed-like keys in every spelling, deep nesting, huge arrays, "__proto__"/"constructor" keys,
// and (beyond JSON) cycles, getters and proxies that throw. It never throws, stays within its
// limits, and every value it returns is a string the input holds whole or a number as read.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, extractRounds, type TapRound, type WalkLimits } from '../../src/capture/readers/json-tap.js';
import { namesRound } from '../../src/capture/readers/fields.js';
import { checkClaim } from '../../src/core/claim.js';
import { GAME_NAMES, hex64, truncatedHex } from './arbitraries.js';
import { fieldProblems } from './field-checks.js';
import { BIG_INPUT_MS, Counters, bigCases, CASE_MS, ELLIPSIS, MB, PROPERTY_TIMEOUT, runProperty, share, show, targetCases, withinTime } from './harness.js';

const TARGET = 'json-tap';
const CASES = targetCases(2000);

/** Every spelling the tap knows, and near misses it must not take. */
const SEED_KEYS = [
  'serverSeed',
  'server_seed',
  'SERVER-SEED',
  'revealedServerSeed',
  'unhashed_server_seed',
  'commitment',
  'hashedServerSeed',
  'server_seed_hash',
  'serverSeedHashed',
  'clientSeed',
  'client_seed',
  'nonce',
  'Nonce',
  'roundSignature',
  'round_signature',
  'result',
  'winningNumber',
  'drawn_numbers',
  'hits',
  'numbers',
  'draw',
  'picks',
  'selectedNumbers',
  'game',
  'gameName',
  'game_slug',
  'name',
  'title',
  'slug',
  // Not fields: near misses and prototype names.
  'nextServerSeed',
  'seed',
  'id',
  'outcome',
  'fairness',
  'bets',
  'data',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

const seedValue = fc.oneof(
  hex64,
  truncatedHex,
  fc.nat(),
  fc.maxSafeNat(),
  fc.constantFrom(2 ** 53, 2 ** 64, -1, 1.5, 1e21, -0, Number.MAX_VALUE),
  fc.double(),
  fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 45 }),
  fc.array(fc.oneof(fc.nat(40), fc.string({ maxLength: 3 }), fc.constant(null)), { maxLength: 12 }),
  fc.constantFrom(...GAME_NAMES),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constant(null),
  fc.boolean(),
);

/** An object built key by key, so "__proto__" becomes an own key as JSON.parse makes it. */
function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/** A bet as an API sends it: a few seed-like keys (any spelling) with plausible values. */
const bet = fc
  .array(
    fc.tuple(
      fc.constantFrom('serverSeed', 'server_seed', 'hashedServerSeed', 'serverSeedHash', 'clientSeed', 'client_seed', 'nonce', 'roundSignature', 'hits', 'winningNumber', 'picks', 'game', 'result'),
      fc.oneof(hex64, fc.nat(1000), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 10 }), fc.constantFrom(...GAME_NAMES), truncatedHex, seedValue),
    ),
    { minLength: 2, maxLength: 7 },
  )
  .map(objectOf);

const { tree: jsonTree } = fc.letrec((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: seedValue },
    { weight: 2, arbitrary: bet },
    { weight: 1, arbitrary: fc.tuple(bet, fc.constantFrom('fairness', 'outcome', 'game', 'data'), tie('tree')).map(([outer, key, inner]) => objectOf([...Object.entries(outer), [key, inner]])) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 3, arbitrary: tie('object') },
    { weight: 2, arbitrary: fc.array(tie('tree'), { maxLength: 6 }) },
  ),
  object: fc
    .array(fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...SEED_KEYS) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }), tie('tree')), { maxLength: 8 })
    .map(objectOf),
}));

/** A chain `depth` levels deep (objects or arrays) with a round at the bottom. */
const deepTree = fc
  .tuple(fc.integer({ min: 30, max: 400 }), fc.constantFrom('object', 'array'), hex64, fc.nat())
  .map(([depth, kind, seed, nonce]) => {
    let value: unknown = { serverSeed: seed, nonce };
    for (let level = 0; level < depth; level++) value = kind === 'object' ? { data: value } : [value];
    return value;
  });

/** Wide lists: many rounds, many numbers, many keys in one object. */
const hugeTree = fc.oneof(
  fc.tuple(fc.integer({ min: 1000, max: 5000 }), hex64).map(([count, seed]) => Array.from({ length: count }, (_, nonce) => ({ serverSeed: seed, nonce }))),
  fc.integer({ min: 1000, max: 10_000 }).map((count) => ({ serverSeed: 'x', hits: Array.from({ length: count }, (_, index) => index % 40) })),
  fc.integer({ min: 600, max: 5000 }).map((count) => objectOf([...Array.from({ length: count }, (_, index) => [`k${index}`, index] as [string, unknown]), ['serverSeed', 'late']])),
);

/** Every string (whole) and number (as String() writes it) the input holds, game objects' names too. */
function leaves(input: unknown): { strings: Set<string>; numbers: Map<string, number> } {
  const strings = new Set<string>();
  const numbers = new Map<string, number>();
  const seen = new Set<object>();
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') strings.add(value);
    else if (typeof value === 'number') numbers.set(String(value), value);
    else if (typeof value === 'object' && value !== null && !seen.has(value)) {
      seen.add(value);
      let keys: string[];
      try {
        keys = Object.keys(value);
      } catch {
        continue;
      }
      for (const key of keys) {
        try {
          const descriptor = Object.getOwnPropertyDescriptor(value, key);
          if (descriptor && 'value' in descriptor) stack.push(descriptor.value);
        } catch {
          // A proxy that throws holds nothing the tap could read.
        }
      }
    }
  }
  return { strings, numbers };
}

/** The tap's promises for one input; returns the problems found. */
function problemsOf(input: unknown, rounds: TapRound[], limits: WalkLimits): string[] {
  const problems: string[] = [];
  if (!Array.isArray(rounds)) return [`not a list: ${show(rounds)}`];
  if (rounds.length > limits.maxRounds) problems.push(`${rounds.length} rounds, more than maxRounds ${limits.maxRounds}`);
  const { strings, numbers } = leaves(input);
  rounds.forEach((round, index) => {
    if (!namesRound(round)) problems.push(`round ${index}: names no round: ${show(round)}`);
    for (const problem of fieldProblems(round, { occurs: (value) => strings.has(value) || numbers.has(value), allowEllipsis: true, allowCanonicalGame: false })) {
      problems.push(`round ${index}: ${problem}`);
    }
    for (const [field, value] of Object.entries(round)) {
      const items = Array.isArray(value) ? value : [value];
      if (Array.isArray(value) && value.length > limits.maxListLength) problems.push(`round ${index}: ${field} has ${value.length} items`);
      for (const item of items) {
        // The limit is on strings; a number's text is short whatever the limit (and "4" may be either).
        if (typeof item === 'string' && strings.has(item) && !numbers.has(item) && item.length > limits.maxValueLength) problems.push(`round ${index}: ${field} longer than maxValueLength`);
      }
    }
    // A nonce from a number is exact: a safe, non-negative integer (beyond 2^53 JSON.parse lost digits).
    const nonce = round.nonce;
    if (typeof nonce === 'string' && !strings.has(nonce)) {
      const number = numbers.get(nonce)!;
      if (!Number.isSafeInteger(number) || number < 0) problems.push(`round ${index}: nonce ${nonce} is not an exact whole number`);
    }
    // A truncated string is passed on whole; the check refuses it by name.
    const check = checkClaim({ ...round, game: 'Keno', result: undefined });
    for (const field of ['serverSeed', 'commitment', 'clientSeed', 'roundSignature'] as const) {
      const value = round[field];
      if (typeof value === 'string' && ELLIPSIS.test(value) && (check.ok || !check.problems.some((problem) => problem.field === field))) {
        problems.push(`round ${index}: truncated ${field} ${show(value)} not refused by checkClaim`);
      }
    }
  });
  return problems;
}

function assertTap(input: unknown, limitMs: number, limits: WalkLimits = DEFAULT_LIMITS, counters?: Counters): void {
  const rounds = withinTime(limitMs, 'extractRounds', () => extractRounds(input, limits));
  counters?.add('cases');
  if (rounds.length > 0) counters?.add('with a round');
  if (rounds.some((round) => round.nonce !== undefined && (round.serverSeed !== undefined || round.commitment !== undefined))) counters?.add('with a seed and nonce');
  const problems = problemsOf(input, rounds, limits);
  if (problems.length > 0) throw new Error(problems.slice(0, 10).join('\n'));
}

const smallLimits = fc.record({
  maxDepth: fc.integer({ min: 0, max: 50 }),
  maxNodes: fc.integer({ min: 0, max: 2000 }),
  maxRounds: fc.integer({ min: 0, max: 50 }),
  maxKeysPerObject: fc.integer({ min: 0, max: 600 }),
  maxValueLength: fc.integer({ min: 0, max: 100 }),
  maxListLength: fc.integer({ min: 0, max: 45 }),
});

/** Objects JSON never makes but a page's world might hand over: cycles, getters, proxies that throw. */
const exotic = fc.tuple(jsonTree, fc.constantFrom('cycle', 'getter', 'proxy', 'revoked', 'null-proto', 'sparse')).map(([tree, kind]) => ({ exotic: kind, tree }));

/** Built inside the property: fast-check itself would trip over a revoked proxy. */
function buildExotic({ exotic: kind, tree }: { exotic: string; tree: unknown }): unknown {
  const round: Record<string, unknown> = { serverSeed: 'abc', nonce: 1, tree };
  switch (kind) {
    case 'cycle':
      round.self = round;
      round.list = [round, tree];
      return round;
    case 'getter':
      Object.defineProperty(round, 'clientSeed', { enumerable: true, get: () => { throw new Error('getter ran'); } });
      Object.defineProperty(round, 'child', { enumerable: true, get: () => ({ serverSeed: 'never read' }) });
      return { bets: [round] };
    case 'proxy':
      return { bets: [new Proxy(round, { ownKeys: () => { throw new Error('ownKeys'); }, getOwnPropertyDescriptor: () => { throw new Error('descriptor'); } }), { serverSeed: 'ok', nonce: 2 }] };
    case 'revoked': {
      const { proxy, revoke } = Proxy.revocable(round, {});
      revoke();
      return { a: proxy, b: [proxy], serverSeed: 'kept', nonce: 3 };
    }
    case 'null-proto':
      return Object.assign(Object.create(null), round);
    default: {
      const sparse: unknown[] = [];
      sparse[5] = round;
      sparse[100] = tree;
      return { hits: sparse, serverSeed: 's' };
    }
  }
}

describe('fuzz: extractRounds', () => {
  it(
    'never throws, and returns only strings and numbers the JSON holds (generated JSON)',
    () => {
      const counters = new Counters();
      runProperty(
        TARGET,
        'verbatim values',
        fc.property(fc.oneof(jsonTree, fc.jsonValue()), fc.boolean(), (tree, reparse) => {
          // As the page's fetch hands it over: parsed from text.
          const input = reparse ? JSON.parse(JSON.stringify(tree) ?? 'null') : tree;
          assertTap(input, CASE_MS, DEFAULT_LIMITS, counters);
        }),
        share(CASES, 0.55),
        counters,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'keeps to any limits it is given',
    () => {
      runProperty(
        TARGET,
        'limits',
        fc.property(jsonTree, smallLimits, (tree, limits) => assertTap(tree, CASE_MS, limits)),
        share(CASES, 0.25),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'survives deep nesting, huge arrays and odd objects',
    () => {
      runProperty(
        TARGET,
        'deep, wide and exotic',
        fc.property(fc.oneof({ weight: 12, arbitrary: exotic }, { weight: 3, arbitrary: deepTree }, { weight: 1, arbitrary: hugeTree }), (tree) => {
          const input = typeof tree === 'object' && tree !== null && 'exotic' in tree ? buildExotic(tree as { exotic: string; tree: unknown }) : tree;
          assertTap(input, CASE_MS);
        }),
        share(CASES, 0.2),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it('reads a round nested deeper than the limit as nothing, and one within it whole', () => {
    let value: unknown = { serverSeed: 'abc', nonce: 1 };
    for (let level = 0; level < DEFAULT_LIMITS.maxDepth; level++) value = { data: value };
    expect(extractRounds(value)).toEqual([{ serverSeed: 'abc', nonce: '1' }]);
    expect(extractRounds({ data: value })).toEqual([]);
  });

  /** 1 MB of JSON text: one huge list of rounds, a huge string, a deep chain. */
  const bigJson = fc.oneof(
    fc.tuple(hex64, hex64).map(([seed, commitment]) => {
      const one = JSON.stringify({ id: 'bet', game: { name: 'Keno' }, fairness: { serverSeed: seed, hashedServerSeed: commitment, clientSeed: 'c', nonce: 7 }, hits: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
      return `[${Array.from({ length: Math.ceil(MB / one.length) }, () => one).join(',')}]`;
    }),
    fc.constantFrom('a', '…', '\\u0000').map((unit) => JSON.stringify({ serverSeed: unit.repeat(MB / unit.length), nonce: 1, clientSeed: 'x' })),
    fc.constant(`${'{"a":'.repeat(MB / 10)}{"serverSeed":"s","nonce":1}${'}'.repeat(MB / 10)}`),
    fc.constant(`${'['.repeat(MB / 4)}${']'.repeat(MB / 4)}`),
    fc.constant(JSON.stringify({ serverSeed: 's', [`k${'x'.repeat(MB)}`]: 1, nonce: 2 })),
  );

  it(
    'handles 1 MB JSON in bounded time',
    () => {
      runProperty(
        TARGET,
        '1 MB inputs',
        fc.property(bigJson, (text) => {
          let input: unknown;
          try {
            input = JSON.parse(text);
          } catch {
            input = text; // V8 refuses nesting this deep; the tap then sees the text itself
          }
          assertTap(input, BIG_INPUT_MS);
        }),
        bigCases(1, 12),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
