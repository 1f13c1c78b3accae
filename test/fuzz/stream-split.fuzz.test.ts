// Fuzzes the streamed-answer splitter (page-world/stream-split.ts): a JSON array, JSON lines or one
// document, cut into pieces anywhere (inside strings and escapes too), gives exactly its complete
// object and array values; junk text cut anywhere never throws and gives only bracketed slices of
// the text no longer than the bound; a megabyte answer in 64 KB pieces is split in time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streamSplitter } from '../../src/capture/page-world/stream-split.js';
import { BIG_INPUT_MS, bigCases, CASE_MS, Counters, MB, PROPERTY_TIMEOUT, runProperty, share, targetCases, withinTime } from './harness.js';
import { betValue, jsonValue, junkText } from './tap-text-arbitraries.js';

const TARGET = 'stream-split';
const CASES = targetCases(2000);

function feed(text: string, cuts: readonly number[], max?: number): string[] {
  const split = streamSplitter(max);
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const point of [...points, text.length]) {
    out.push(...split(text.slice(from, point)));
    from = point;
  }
  return out;
}
const container = (value: unknown): boolean => value !== null && typeof value === 'object';

describe('stream-split: answers read as they stream', () => {
  it('gives exactly the complete values, wherever the pieces break', () => {
    const counters = new Counters();
    runProperty(
      TARGET,
      'values',
      fc.property(fc.array(jsonValue, { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 12 }), fc.constantFrom('array', 'lines', 'indented'), (values, cuts, layout) => {
        const plain = JSON.parse(JSON.stringify(values)) as unknown[];
        const text = layout === 'lines' ? plain.map((value) => JSON.stringify(value)).join('\n') : JSON.stringify(plain, null, layout === 'indented' ? 2 : undefined);
        const expected = layout === 'lines' ? plain.flatMap((value) => (Array.isArray(value) ? value.filter(container) : container(value) ? [value] : [])) : plain.filter(container);
        const got = withinTime(CASE_MS, 'split', () => feed(text, cuts));
        counters.add(`${layout} values`, got.length);
        expect(got.map((element) => JSON.parse(element) as unknown)).toEqual(expected);
      }),
      share(CASES, 0.6),
      counters,
    );
  }, PROPERTY_TIMEOUT);

  it('survives any text: only bracketed slices of it, none over the bound', () => {
    runProperty(
      TARGET,
      'junk',
      fc.property(fc.array(fc.oneof(junkText, betValue.map((bet) => JSON.stringify(bet))), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 8 }), fc.integer({ min: 1, max: 200 }), (parts, cuts, max) => {
        const text = parts.join(parts.length % 2 ? '\n' : '');
        const got = withinTime(CASE_MS, 'split', () => feed(text, cuts, max));
        for (const element of got) {
          expect(element.length).toBeLessThanOrEqual(max);
          expect(text.includes(element)).toBe(true);
          expect(/^[[{]/.test(element) && /[\]}]$/.test(element)).toBe(true);
        }
      }),
      share(CASES, 0.4),
    );
  }, PROPERTY_TIMEOUT);

  it('splits a megabyte array in 64 KB pieces in time', () => {
    runProperty(
      TARGET,
      'big',
      fc.property(betValue, (bet) => {
        const line = JSON.stringify(bet);
        const count = Math.ceil(MB / (line.length + 1));
        const text = `[${Array.from({ length: count }, () => line).join(',')}]`;
        const cuts = Array.from({ length: Math.ceil(text.length / 65536) }, (_, index) => index * 65536);
        const got = withinTime(BIG_INPUT_MS, 'split of 1 MB', () => feed(text, cuts));
        expect(got.length).toBe(count);
      }),
      bigCases(),
    );
  }, PROPERTY_TIMEOUT);
});
