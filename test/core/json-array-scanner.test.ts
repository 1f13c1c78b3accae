// The scanner over text, as the popup's import runs it (no Node decoder): an export cut into chunks
// anywhere gives the same elements and members as JSON.parse of the whole. The byte side and the
// error positions are tested with the CLI's scanner (test/cli/json-scanner.test.ts).
import { describe, expect, it } from 'vitest';
import { JsonArrayScanner } from '../../src/core/json-array-scanner.js';
import { JsonScanError } from '../../src/core/json-error.js';

const FILE = JSON.stringify(
  {
    format: 'fair-witness-export',
    version: 2,
    rounds: [{ game: 'keno', clientSeed: 'a]b}c[d{e "q" \\', result: [1, 2, 3] }, { game: 'roulette', result: '17', note: 'ü ✓ 😀' }, 7, 'x'],
    after: { nested: [1, { a: [] }] },
  },
  null,
  1,
);

function scanIn(chunks: string[]) {
  const elements: unknown[] = [];
  const members: Record<string, unknown> = {};
  const scanner = new JsonArrayScanner({ element: (text) => elements.push(JSON.parse(text)), member: (key, value) => (members[key] = value) });
  for (const chunk of chunks) scanner.write(chunk);
  scanner.end();
  return { elements, members };
}

describe('JsonArrayScanner over text', () => {
  it('gives the elements and members of JSON.parse, however the text is cut', () => {
    const whole = JSON.parse(FILE) as Record<string, unknown>;
    const { rounds, ...members } = whole;
    for (const size of [1, 2, 3, 7, 64, FILE.length]) {
      const chunks = Array.from({ length: Math.ceil(FILE.length / size) }, (_, i) => FILE.slice(i * size, (i + 1) * size));
      expect(scanIn(chunks), `chunks of ${size}`).toEqual({ elements: rounds, members });
    }
  });

  it('throws when the text stops short', () => {
    expect(() => scanIn([FILE.slice(0, FILE.length - 5)])).toThrow(/unexpected end of file/);
  });

  it('fails on a value longer than maxValueLength, in one chunk or carried over many, where it starts', () => {
    const text = `[1, "${'y'.repeat(100)}", 3]`;
    for (const size of [text.length, 7]) {
      const scanner = new JsonArrayScanner({ element: () => undefined }, { maxValueLength: 50 });
      let caught: unknown;
      try {
        for (let i = 0; i < text.length; i += size) scanner.write(text.slice(i, i + size));
        scanner.end();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(JsonScanError);
      expect(caught).toMatchObject({ kind: 'too-long', line: 1, column: 5, problem: 'element 1 is longer than 50 characters' });
    }
    // Without a limit the same text reads whole.
    expect(scanIn([text]).elements).toEqual([1, 'y'.repeat(100), 3]);
  });
});
