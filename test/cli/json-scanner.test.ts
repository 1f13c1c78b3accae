import { describe, expect, it } from 'vitest';
import { JsonArrayScanner, JsonScanError } from '../../src/cli/json-scanner.js';
import { parseJsonAt } from '../../src/core/json-error.js';

interface Scanned {
  texts: string[];
  positions: Array<[line: number, column: number]>;
  members: Record<string, unknown>;
  shape?: 'array' | 'object';
}

/** Scans `chunks` in order (text or bytes) and collects what the scanner reports. */
function scan(chunks: Array<string | Uint8Array>, options?: { arrayKey?: string }): Scanned {
  const out: Scanned = { texts: [], positions: [], members: {} };
  // Elements numbered other than in order, checked once per scan (also when the scan throws).
  const misnumbered: { index: number; expected: number }[] = [];
  const scanner = new JsonArrayScanner(
    {
      start: (shape) => (out.shape = shape),
      element: (text, index, line, column) => {
        if (index !== out.texts.length) misnumbered.push({ index, expected: out.texts.length });
        out.texts.push(text);
        out.positions.push([line, column]);
      },
      member: (key, value) => (out.members[key] = value),
    },
    options,
  );
  try {
    for (const chunk of chunks) scanner.write(chunk);
    scanner.end();
  } finally {
    expect(misnumbered).toEqual([]);
  }
  return out;
}

function scanError(chunks: Array<string | Uint8Array>): JsonScanError {
  try {
    scan(chunks);
  } catch (error) {
    if (error instanceof JsonScanError) return error;
    throw error;
  }
  throw new Error('expected a JsonScanError');
}

const encoder = new TextEncoder();

/** `bytes` cut at the given offsets. */
function cut(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const edges = [0, ...offsets, bytes.length];
  return edges.slice(1).map((end, i) => bytes.subarray(edges[i]!, end));
}

// Every trap for a scanner that finds element ends by looking at characters: brackets and braces
// in strings, escaped quotes, an escaped backslash before a closing quote, \u escapes, multi-byte
// UTF-8 (2, 3 and 4 bytes), nesting, scalars, and whitespace of every kind between tokens.
const TRICKY = [
  '[',
  ' {"game": "keno", "clientSeed": "a]b}c[d{e", "note": "say \\"hi\\" ]", "result": [4, 8, 15]},',
  '\t{"clientSeed": "ends in a backslash \\\\", "nested": [[1, [2, [3]]], {"a": {"b": []}}]},',
  '\r\n  {"clientSeed": "ü ✓ 😀 \\u00fc \\ud83d\\ude00", "x": "\\/\\b\\f\\n\\r\\t"} ,',
  '  [1, 2, ["]"]],',
  '  "a string element with } and ]",',
  '  -12.5e3 , true,null,false,',
  '  {}',
  ']',
].join('\n');
const TRICKY_ELEMENTS = JSON.parse(TRICKY) as unknown[];

describe('JsonArrayScanner', () => {
  it('splits an array into its element texts', () => {
    const result = scan(['[{"a":1},{"b":[2,3]}]']);
    expect(result.shape).toBe('array');
    expect(result.texts).toEqual(['{"a":1}', '{"b":[2,3]}']);
  });

  it('is not fooled by brackets, braces and escaped quotes in strings, nesting or scalars', () => {
    const result = scan([TRICKY]);
    expect(result.texts.map((text) => JSON.parse(text))).toEqual(TRICKY_ELEMENTS);
    expect(result.texts[5]).toBe('-12.5e3');
    expect(result.texts[8]).toBe('false');
  });

  it('reports the line and column where each element starts', () => {
    const result = scan([TRICKY]);
    expect(result.positions.slice(0, 5)).toEqual([
      [2, 2],
      [3, 2],
      [5, 3], // line 4 is a lone "\r": a carriage return does not end a line, the "\n" after it does
      [6, 3],
      [7, 3],
    ]);
    expect(result.positions[6]).toEqual([8, 13]);
  });

  it('gives the same elements and positions for every place a single cut can fall, bytes included', () => {
    const bytes = encoder.encode(TRICKY);
    const whole = JSON.stringify(scan([bytes]));
    // The cuts whose scan differs, in one assertion (an expect per cut was most of the time).
    const wrong: number[] = [];
    for (let offset = 0; offset <= bytes.length; offset++) if (JSON.stringify(scan(cut(bytes, [offset]))) !== whole) wrong.push(offset);
    expect(wrong, 'cuts at these bytes').toEqual([]);
  });

  it('survives one-byte chunks (inside every escape and every multi-byte character)', () => {
    const bytes = encoder.encode(TRICKY);
    const chunks = Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
    expect(scan(chunks)).toEqual(scan([TRICKY]));
  });

  it('survives random chunkings, in text and in bytes', () => {
    const bytes = encoder.encode(TRICKY);
    let seed = 12345;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const whole = JSON.stringify(scan([TRICKY]));
    const wrong: { bytesCutAt?: number[]; textCutAt?: number[] }[] = [];
    for (let round = 0; round < 200; round++) {
      const offsets = Array.from({ length: 1 + random(12) }, () => random(bytes.length)).sort((a, b) => a - b);
      if (JSON.stringify(scan(cut(bytes, offsets))) !== whole) wrong.push({ bytesCutAt: offsets });
      const textOffsets = Array.from({ length: 1 + random(12) }, () => random(TRICKY.length)).sort((a, b) => a - b);
      const edges = [0, ...textOffsets, TRICKY.length];
      if (JSON.stringify(scan(edges.slice(1).map((end, i) => TRICKY.slice(edges[i], end)))) !== whole) wrong.push({ textCutAt: textOffsets });
    }
    expect(wrong).toEqual([]);
  });

  it('accepts an empty array, with or without whitespace, and a byte order mark', () => {
    expect(scan(['[]']).texts).toEqual([]);
    expect(scan([' \n [ \r\n\t ] \n ']).texts).toEqual([]);
    expect(scan(['\ufeff[{"a":1}]']).positions).toEqual([[1, 2]]);
  });

  it('streams the rounds of an export object and hands over its other members', () => {
    const text = '{"format": "fair-witness-export", "version": 1,\n "rounds": [\n  {"game": "keno"},\n  {"game": "roulette"}\n ],\n "exportedAt": "2025-01-01T00:00:00Z"}';
    const result = scan([text]);
    expect(result.shape).toBe('object');
    expect(result.texts).toEqual(['{"game": "keno"}', '{"game": "roulette"}']);
    expect(result.positions).toEqual([
      [3, 3],
      [4, 3],
    ]);
    expect(result.members).toEqual({ format: 'fair-witness-export', version: 1, exportedAt: '2025-01-01T00:00:00Z' });
  });

  it('gives the span of each element in its chunk, or none when it spans chunks', () => {
    const spans: Array<string | undefined> = [];
    const scanner = new JsonArrayScanner({
      element(text) {
        const span = scanner.elementSpan;
        spans.push(span === undefined ? undefined : span.source.slice(span.start, span.end));
        if (span !== undefined) expect(span.source.slice(span.start, span.end)).toBe(text);
      },
    });
    scanner.write('[{"a": 1}, {"b": ');
    scanner.write('2}, {"c": 3}]');
    scanner.end();
    expect(spans).toEqual(['{"a": 1}', undefined, '{"c": 3}']);
    expect(scanner.elementSpan).toBeUndefined();
  });

  it('streams a differently named array when asked', () => {
    expect(scan(['{"items": [1, 2]}'], { arrayKey: 'items' }).texts).toEqual(['1', '2']);
  });

  describe('errors carry the line and column', () => {
    const cases: Array<[name: string, text: string, line: number, column: number, message: RegExp]> = [
      ['trailing garbage', '[{"a": 1}]\n\n  x', 3, 3, /unexpected 'x' after the closing '\]'/],
      ['a second top-level value', '[1] [2]', 1, 5, /after the closing/],
      ['a trailing comma', '[1,\n 2,\n]', 3, 1, /trailing comma/],
      ['a missing comma', '[{"a":1}\n {"b":2}]', 2, 2, /expected ',' or '\]' after element 0/],
      ['a top-level number', '  42', 1, 3, /expected a JSON array of rounds or a fair-witness export/],
      ['an empty file', '', 1, 1, /the file is empty/],
      ['a file of whitespace', '\n\n', 3, 1, /the file is empty/],
      ['an unclosed array', '[{"a":1},\n{"b":2}', 2, 8, /array of rounds is not closed/],
      ['an unclosed element', '[{"a":1},\n {"b":[2', 2, 9, /inside element 1, which starts at line 2, column 2/],
      ['an unterminated string', '[{"a":"abc]', 1, 12, /inside element 0/],
      ['an object without rounds', '{"format": "fair-witness-export"}', 1, 33, /no "rounds" array/],
      ['rounds that are not an array', '{"rounds": {"a": 1}}', 1, 12, /"rounds" must be an array/],
      ['rounds twice', '{"rounds": [], "rounds": []}', 1, 26, /appears twice/],
      ['a member without a colon', '{"rounds" []}', 1, 11, /expected ':'/],
      ['a bad member value', '{"format": fair, "rounds": []}', 1, 12, /malformed JSON in "format": expected a value/],
    ];
    for (const [name, text, line, column, message] of cases) {
      it(name, () => {
        const error = scanError([text]);
        expect(error.problem).toMatch(message);
        expect([error.line, error.column]).toEqual([line, column]);
        expect(error.message).toBe(`line ${line}, column ${column}: ${error.problem}`);
      });
    }

    it('are the same whichever way the input is cut', () => {
      const text = '[{"a":1},\n {"b":"ü"}\n\n  oops';
      const bytes = encoder.encode(text);
      const whole = scanError([text]);
      for (let offset = 0; offset <= bytes.length; offset++) {
        const error = scanError(cut(bytes, [offset]));
        expect([error.line, error.column, error.problem]).toEqual([whole.line, whole.column, whole.problem]);
      }
    });
  });

  it('leaves element syntax to JSON.parse: a broken element is one text, located by parseJsonAt', () => {
    const result = scan(['[\n {"game": "keno",\n  "nonce": 1,,\n  "x": 2}\n]']);
    expect(result.texts).toHaveLength(1);
    const [line, column] = result.positions[0]!;
    try {
      parseJsonAt(result.texts[0]!, line, column, 'element 0');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(JsonScanError);
      const scanError = error as JsonScanError;
      expect(scanError.problem).toBe("malformed JSON in element 0: expected a member name in double quotes, found ','");
      expect([scanError.line, scanError.column]).toEqual([3, 14]);
    }
  });
});
