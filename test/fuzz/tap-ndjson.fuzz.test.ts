// Fuzzes the JSON-lines reading of the page tap (tap-text.ts jsonValues): bodies of JSON values one
// per line, with LF or CRLF, blank lines, foreign lines and torn JSON lines between them. Every
// whole line comes back, in order, and nothing else; junk never throws and stays within time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonValues, MAX_JSON_LINES, WORTH_PARSING } from '../../src/capture/page-world/tap-text.js';
import { BIG_INPUT_MS, bigCases, CASE_MS, MB, PROPERTY_TIMEOUT, runProperty, share, targetCases, withinTime } from './harness.js';
import { betValue, jsonValue, junkText, tornJson } from './tap-text-arbitraries.js';

const TARGET = 'tap-ndjson';
const CASES = targetCases(2000);

const foreignLine = fc.oneof(fc.constant(''), fc.constant('   '), tornJson, fc.string({ maxLength: 30 }).filter((line) => !/^\s*[[{]/.test(line) && !line.includes('\n')));

describe('tap-ndjson: JSON lines', () => {
  it('gives every whole line\'s value, in order, skipping blank, foreign and torn lines', () => {
    const body = fc.tuple(
      fc.array(fc.oneof({ weight: 3, arbitrary: jsonValue.map((value) => ({ value })) }, { weight: 2, arbitrary: foreignLine.map((junk) => ({ junk })) }), { minLength: 2, maxLength: 12 }),
      fc.constantFrom('\n', '\r\n'),
      fc.boolean(),
    );
    runProperty(
      TARGET,
      'lines',
      fc.property(body, ([lines, newline, trailing]) => {
        // A value printed on one line (JSON.stringify without indent has no newline).
        const texts = lines.map((line) => ('value' in line ? JSON.stringify(line.value) : line.junk));
        const text = texts.join(newline) + (trailing ? newline : '');
        const values = lines.filter((line) => 'value' in line && /^[[{]/.test(JSON.stringify(line.value))).map((line) => JSON.parse(JSON.stringify((line as { value: unknown }).value)) as unknown);
        const got = withinTime(CASE_MS, 'jsonValues', () => jsonValues(text));
        let whole: unknown[] | undefined;
        try {
          whole = [JSON.parse(text)];
        } catch {
          whole = undefined;
        }
        const expected = !WORTH_PARSING.test(text) ? [] : (whole ?? values);
        expect(got).toEqual(expected);
      }),
      share(CASES, 0.7),
    );
  }, PROPERTY_TIMEOUT);

  it('survives any text, returning only parsed JSON', () => {
    runProperty(
      TARGET,
      'junk',
      fc.property(fc.array(fc.oneof(junkText, betValue.map((bet) => JSON.stringify(bet))), { maxLength: 8 }), (parts) => {
        const values = withinTime(CASE_MS, 'jsonValues', () => jsonValues(parts.join('\n')));
        expect(Array.isArray(values)).toBe(true);
        for (const value of values) expect(JSON.parse(JSON.stringify(value))).toEqual(value);
      }),
      share(CASES, 0.3),
    );
  }, PROPERTY_TIMEOUT);

  it('reads at most MAX_JSON_LINES lines of a megabyte body, in time', () => {
    runProperty(
      TARGET,
      'big',
      fc.property(betValue, (bet) => {
        const line = JSON.stringify(bet);
        const text = `${line}\n`.repeat(Math.ceil(MB / (line.length + 1)));
        const values = withinTime(BIG_INPUT_MS, 'jsonValues of 1 MB', () => jsonValues(text));
        expect(values.length).toBe(Math.min(MAX_JSON_LINES, text.split('\n').length - 1));
      }),
      bigCases(),
    );
  }, PROPERTY_TIMEOUT);
});
