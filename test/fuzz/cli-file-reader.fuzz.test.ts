// Fuzzes the CLI's streaming file reader (JsonArrayScanner) over generated files: plain arrays and
// export objects with random whitespace, a byte order mark, tricky strings, cut into random chunks
// (text, or bytes cut inside multi-byte characters); and corrupted versions of them. A valid file
// gives exactly its elements, members and positions; any other file either is read the same way
// JSON.parse reads it or is refused with a JsonScanError that says where ("line L, column C: …").
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonArrayScanner, JsonScanError } from '../../src/cli/json-scanner.js';
import { hex64 } from './arbitraries.js';
import { BIG_INPUT_MS, bigCases, CASE_MS, Counters, MB, PROPERTY_TIMEOUT, runProperty, share, show, targetCases, withinTime } from './harness.js';

const TARGET = 'cli-file-reader';
const CASES = targetCases(1500);

interface Scanned {
  shape?: 'array' | 'object';
  texts: string[];
  positions: [number, number][];
  members: [string, unknown][];
}

type Outcome = { ok: true; scanned: Scanned } | { ok: false; error: JsonScanError };

/** Scans the chunks; a JsonScanError is an outcome, anything else thrown fails the property. */
function scan(chunks: readonly (string | Uint8Array)[]): Outcome {
  const scanned: Scanned = { texts: [], positions: [], members: [] };
  const scanner = new JsonArrayScanner({
    start: (shape) => (scanned.shape = shape),
    element: (text, index, line, column) => {
      if (index !== scanned.texts.length) throw new Error(`element index ${index}, expected ${scanned.texts.length}`);
      scanned.texts.push(text);
      scanned.positions.push([line, column]);
    },
    member: (key, value) => scanned.members.push([key, value]),
  });
  try {
    for (const chunk of chunks) scanner.write(chunk);
    scanner.end();
  } catch (error) {
    if (error instanceof JsonScanError) return { ok: false, error };
    throw error;
  }
  if (scanner.count !== scanned.texts.length) throw new Error(`count ${scanner.count}, but ${scanned.texts.length} elements`);
  return { ok: true, scanned };
}

/** A small deterministic generator, so whitespace choices come from the generated seed. */
function prng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

const WHITESPACE = ['', '', '', ' ', '\n', '\r\n', '\t', '  \n    '];

/** JSON text with random whitespace between tokens (JSON.stringify for scalars). */
function serialize(value: unknown, random: () => number): string {
  const ws = () => WHITESPACE[Math.floor(random() * WHITESPACE.length)]!;
  if (Array.isArray(value)) return `[${ws()}${value.map((item) => serialize(item, random)).join(`${ws()},${ws()}`)}${ws()}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}${ws()}:${ws()}${serialize(item, random)}`);
    return `{${ws()}${members.join(`${ws()},${ws()}`)}${ws()}}`;
  }
  return JSON.stringify(value);
}

/** Strings that trip a scanner that looks at characters: brackets, quotes, escapes, multi-byte text. */
const trickyString = fc.oneof(
  fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', ',', ':', '\n', '\t', 'a', 'ü', '✓', '😀', '\u2028', '\u0000', '\ud800', '/'), maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

const element = fc.oneof(
  { weight: 3, arbitrary: fc.record({ game: fc.constantFrom('keno', 'American Roulette'), serverSeed: hex64, clientSeed: trickyString, nonce: fc.oneof(fc.nat(), fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String)), result: fc.oneof(fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 10 }), fc.constantFrom('00', '17')) }, { requiredKeys: ['game'] }) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: trickyString },
  { weight: 1, arbitrary: fc.dictionary(trickyString, fc.oneof(trickyString, fc.double(), fc.constant(null)), { maxKeys: 4 }) },
);

/** A file's value: a plain array of rounds, or an export object with the rounds among other members. */
const fileValue = fc.oneof(
  fc.array(element, { maxLength: 12 }),
  fc
    .tuple(
      fc.array(element, { maxLength: 12 }),
      fc.dictionary(fc.oneof(fc.constantFrom('format', 'version', 'exportedAt', '__proto__', 'round', 'Rounds'), trickyString), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
      fc.nat(),
    )
    .map(([rounds, members, at]) => {
      const entries = Object.entries(members).filter(([key]) => key !== 'rounds');
      entries.splice(at % (entries.length + 1), 0, ['rounds', rounds]);
      const object: Record<string, unknown> = {};
      for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
      return object;
    }),
);

/** A file: its value, written with random whitespace, maybe a byte order mark, and where to cut it. */
const file = fc.record({
  value: fileValue,
  whitespace: fc.integer(),
  bom: fc.boolean(),
  trailing: fc.constantFrom('', '\n', ' \r\n\t'),
  cuts: fc.array(fc.nat(), { maxLength: 12 }),
  asBytes: fc.boolean(),
});

const encoder = new TextEncoder();

function chunksOf(text: string | Uint8Array, cuts: readonly number[]): (string | Uint8Array)[] {
  const length = text.length;
  const offsets = [...new Set(cuts.map((cut) => (length === 0 ? 0 : cut % (length + 1))))].sort((a, b) => a - b);
  const edges = [0, ...offsets, length];
  return edges.slice(1).map((end, index) => text.slice(edges[index]!, end));
}

/** Where each line of `text` starts (a BOM is not a column, so line 1 starts after it). */
function lineStarts(text: string): number[] {
  const starts = [text.charCodeAt(0) === 0xfeff ? 1 : 0];
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

/** Checks a scanner position (1-based line and column, in UTF-16 units); returns its offset or a problem. */
function offsetAt(text: string, starts: readonly number[], line: number, column: number): number | string {
  if (!Number.isInteger(line) || !Number.isInteger(column) || line < 1 || column < 1) return `position ${line}:${column} is not 1-based`;
  const start = starts[line - 1];
  if (start === undefined) return `line ${line} is past the last line (${starts.length})`;
  const end = line < starts.length ? starts[line]! - 1 : text.length;
  if (start + column - 1 > end) return `column ${column} is past the end of line ${line}`;
  return start + column - 1;
}

/** JSON.parse's reading of the file, as the scanner must give it (undefined: not a file of rounds). */
function oracle(text: string): { elements: unknown[]; members: [string, unknown][]; shape: 'array' | 'object' } | 'not-json' | 'not-rounds' {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return 'not-json';
  }
  if (Array.isArray(value)) return { elements: value, members: [], shape: 'array' };
  if (typeof value !== 'object' || value === null) return 'not-rounds';
  // Keys as written (JSON.parse keeps only the last of a repeated key): "rounds" exactly once.
  const keys = keysInOrder(text);
  if (keys.filter((key) => key === 'rounds').length !== 1 || !Array.isArray((value as Record<string, unknown>).rounds)) return 'not-rounds';
  const members = keys.filter((key) => key !== 'rounds').map((key) => [key, undefined] as [string, unknown]);
  return { elements: (value as { rounds: unknown[] }).rounds, members, shape: 'object' };
}

/** The top-level member names of a JSON object text, in order, repeats included. */
function keysInOrder(text: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let expectKey = false;
  for (let index = 0; index < text.length; index++) {
    const c = text[index]!;
    if (c === '"') {
      let end = index + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (depth === 1 && expectKey) keys.push(JSON.parse(text.slice(index, end + 1)) as string);
      expectKey = false;
      index = end;
    } else if (c === '{' || c === '[') {
      depth++;
      expectKey = c === '{' && depth === 1;
    } else if (c === '}' || c === ']') depth--;
    else if (c === ',' && depth === 1) expectKey = true;
  }
  return keys;
}

/** Deep equality of two parsed JSON values, without recursion (files nest deeper than any stack). */
function sameJson(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null || Array.isArray(x) !== Array.isArray(y)) return false;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(y, key)) return false;
      stack.push([(x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key]]);
    }
  }
  return true;
}

/** Compares the scanner's outcome with JSON.parse's reading; returns the problems. */
function compare(text: string, outcome: Outcome): string[] {
  const expected = oracle(text);
  const problems: string[] = [];
  if (!outcome.ok) {
    const { error } = outcome;
    if (!/^line \d+, column \d+: \S/.test(error.message)) problems.push(`message does not say where: ${show(error.message)}`);
    if (error.problem.trim() === '') problems.push('empty problem');
    const where = offsetAt(text, lineStarts(text), error.line, error.column);
    if (typeof where === 'string') problems.push(`error ${where}: ${error.message}`);
    if (typeof expected === 'object') problems.push(`refused a valid file of rounds: ${error.message}`);
    return problems;
  }
  const { scanned } = outcome;
  if (expected === 'not-json' || expected === 'not-rounds') {
    // The scanner leaves elements to JSON.parse: an element that does not parse is the caller's refusal.
    const parses = scanned.texts.every((elementText) => {
      try {
        JSON.parse(elementText);
        return true;
      } catch {
        return false;
      }
    });
    if (parses) problems.push(`accepted a file JSON.parse calls ${expected}`);
    return problems;
  }
  if (scanned.shape !== expected.shape) problems.push(`shape ${scanned.shape}, expected ${expected.shape}`);
  let elements: unknown[] = [];
  try {
    elements = scanned.texts.map((elementText) => JSON.parse(elementText));
  } catch (error) {
    problems.push(`an element text does not parse: ${String(error)}`);
  }
  if (!sameJson(elements, expected.elements)) {
    problems.push(`elements differ: ${show(scanned.texts, 300)} vs ${show(expected.elements, 300)}`);
  }
  if (JSON.stringify(scanned.members.map(([key]) => key)) !== JSON.stringify(expected.members.map(([key]) => key))) {
    problems.push(`members ${show(scanned.members.map(([key]) => key))}, expected ${show(expected.members.map(([key]) => key))}`);
  }
  const starts = lineStarts(text);
  scanned.texts.forEach((elementText, index) => {
    const [line, column] = scanned.positions[index]!;
    const where = offsetAt(text, starts, line, column);
    if (typeof where === 'string') problems.push(`element ${index}: ${where}`);
    else if (!text.startsWith(elementText, where)) problems.push(`element ${index} is not at ${line}:${column}`);
  });
  return problems;
}

function textOf({ value, whitespace, bom, trailing }: { value: unknown; whitespace: number; bom: boolean; trailing: string }): string {
  return `${bom ? '\ufeff' : ''}${serialize(value, prng(whitespace))}${trailing}`;
}

function check(text: string, cuts: readonly number[], asBytes: boolean, limitMs: number, counters?: Counters): void {
  const chunks = asBytes ? chunksOf(encoder.encode(text), cuts) : chunksOf(text, cuts);
  const outcome = withinTime(limitMs, 'scan', () => scan(chunks));
  counters?.add(outcome.ok ? 'read' : 'refused');
  // Bytes of text with lone surrogates are decoded to U+FFFD: compare with what the file says
  // (every byte order mark kept, as the scanner's decoder keeps them).
  const decoded = asBytes ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(encoder.encode(text)) : text;
  const problems = compare(decoded, outcome);
  if (problems.length > 0) throw new Error(problems.slice(0, 6).join('\n'));
}

/** Corruptions: a slice deleted, characters inserted, a slice repeated, the file cut short. */
const corruption = fc.record({
  kind: fc.constantFrom('delete', 'insert', 'repeat', 'truncate', 'replace'),
  at: fc.nat(),
  length: fc.integer({ min: 1, max: 6 }),
  insert: fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', ',', ':', '\n', ' ', 'a', '1', '-', 'e', '.', 't', 'n', '\u0000', '\u00e9', '😀', '\ufeff'), minLength: 1, maxLength: 4 }),
});

function corrupt(text: string, { kind, at, length, insert }: { kind: string; at: number; length: number; insert: string }): string {
  const position = text.length === 0 ? 0 : at % (text.length + 1);
  switch (kind) {
    case 'delete':
      return text.slice(0, position) + text.slice(position + length);
    case 'insert':
      return text.slice(0, position) + insert + text.slice(position);
    case 'repeat':
      return text.slice(0, position + length) + text.slice(position);
    case 'truncate':
      return text.slice(0, position);
    default:
      return text.slice(0, position) + insert + text.slice(position + insert.length);
  }
}

describe('fuzz: JsonArrayScanner', () => {
  it(
    'reads every valid file exactly, however it is chunked',
    () => {
      const counters = new Counters();
      runProperty(
        TARGET,
        'valid files',
        fc.property(file, (generated) => check(textOf(generated), generated.cuts, generated.asBytes, CASE_MS, counters)),
        share(CASES, 0.4),
        counters,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'reads a corrupted file as JSON.parse does, or refuses it saying where',
    () => {
      const counters = new Counters();
      runProperty(
        TARGET,
        'corrupted files',
        fc.property(file, fc.array(corruption, { minLength: 1, maxLength: 3 }), (generated, corruptions) => {
          const text = corruptions.reduce(corrupt, textOf(generated));
          check(text, generated.cuts, generated.asBytes, CASE_MS, counters);
        }),
        share(CASES, 0.45),
        counters,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'refuses any text that is not a file of rounds, saying where, and never throws anything else',
    () => {
      runProperty(
        TARGET,
        'random text and bytes',
        fc.property(
          fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.json().map((json) => json), fc.uint8Array({ maxLength: 60 })),
          fc.array(fc.nat(), { maxLength: 6 }),
          (input, cuts) => {
            if (typeof input === 'string') return check(input, cuts, false, CASE_MS);
            // Arbitrary bytes (invalid UTF-8 too): only a JsonScanError may come out.
            const outcome = scan(chunksOf(input, cuts));
            if (!outcome.ok) expect(outcome.error.message).toMatch(/^line \d+, column \d+: \S/);
          },
        ),
        share(CASES, 0.15),
      );
    },
    PROPERTY_TIMEOUT,
  );

  /** 1 MB files: many rounds, one huge string element, deep nesting, a sea of whitespace, garbage. */
  const bigFile = fc.oneof(
    fc.tuple(hex64, fc.boolean()).map(([seed, exported]) => {
      const one = JSON.stringify({ game: 'keno', serverSeed: seed, clientSeed: 'ü"]}', nonce: 1, result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
      const rounds = `[\n${Array.from({ length: Math.ceil(MB / one.length) }, () => one).join(',\n')}\n]`;
      return exported ? `{"format":"fair-witness-export","version":1,"rounds":${rounds}}` : rounds;
    }),
    fc.constantFrom('a', '\\"', '😀', ']').map((unit) => `[${JSON.stringify(unit.repeat(MB / unit.length))}]`),
    fc.constant(`[${'['.repeat(MB / 2)}${']'.repeat(MB / 2)}]`),
    fc.constant(`${' \n'.repeat(MB / 2)}[]`),
    fc.constant(`[${'1,'.repeat(MB / 2)}1`),
    fc.constant(`[{"a":"${'x'.repeat(MB)}`),
  );

  it(
    'reads or refuses 1 MB files in bounded time',
    () => {
      runProperty(
        TARGET,
        '1 MB inputs',
        fc.property(bigFile, fc.array(fc.nat(), { maxLength: 20 }), fc.boolean(), (text, cuts, asBytes) => check(text, cuts, asBytes, BIG_INPUT_MS)),
        bigCases(1, 12),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
