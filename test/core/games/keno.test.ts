import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keno, KENO_BOARD, KENO_DRAWS, parseKenoNumbers } from '../../../src/core/games/keno.js';
import type { DrawStep } from '../../../src/core/sampling.js';
import { computeRound } from '../../../src/core/verify.js';
import { PROPERTY_RUNS, seedsArb } from '../arbitraries.js';
import { referenceKeno } from '../reference-oracle.js';
import { constantSource, fixedSource } from '../synthetic-source.js';

const DRAW = [4, 8, 15, 21, 23, 24, 30, 35, 36, 40];

function expectTenDistinctAscending(numbers: unknown): void {
  expect(Array.isArray(numbers)).toBe(true);
  const list = numbers as number[];
  expect(list).toHaveLength(10);
  for (const n of list) expect(Number.isInteger(n) && n >= 1 && n <= 40).toBe(true);
  for (let i = 1; i < list.length; i++) expect(list[i]!).toBeGreaterThan(list[i - 1]!);
}

describe('keno definition', () => {
  it('draws 10 of 40', () => {
    expect([keno.id, keno.label, keno.usualDraws, KENO_DRAWS, KENO_BOARD]).toEqual(['keno', 'Keno', 10, 10, 40]);
  });
});

describe('keno draw on a synthetic stream', () => {
  it('all zeros draw 1…10', () => {
    expect(keno.draw(constantSource(0))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('a constant 39 draws 40, 1, 3, 5, … 17 (hand-computed), shown ascending', () => {
    expect(keno.draw(constantSource(39))).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 40]);
  });

  it('rejects at every pool size 40…31 and records each pick 1-based in draw order', () => {
    // For each P: the limit itself (rejected; P = 32 has none, its limit is 2^32), then
    // limit − 1 ≡ P − 1, i.e. the last position still available: 40, 39, …, 31.
    const limits: Record<number, number> = {
      40: 4294967280, 39: 4294967274, 38: 4294967290, 37: 4294967289, 36: 4294967292,
      35: 4294967285, 34: 4294967278, 33: 4294967292, 32: 4294967296, 31: 4294967292,
    };
    const values: number[] = [];
    for (let P = 40; P >= 31; P--) {
      const limit = limits[P]!;
      if (limit < 2 ** 32) values.push(limit);
      values.push(limit - 1);
    }
    const steps: DrawStep[] = [];
    const source = fixedSource(values);
    expect(keno.draw(source, steps)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(source.taken).toBe(19);
    expect(steps).toHaveLength(19);
    expect(steps.map((s) => s.index)).toEqual(Array.from({ length: 19 }, (_, i) => i));
    const rejected = steps.filter((s) => !s.accepted);
    expect(rejected.map((s) => s.outcomes)).toEqual([40, 39, 38, 37, 36, 35, 34, 33, 31]);
    expect(rejected.every((s) => s.value === s.limit && s.sampled === undefined && s.picked === undefined)).toBe(true);
    const accepted = steps.filter((s) => s.accepted);
    expect(accepted.map((s) => s.picked)).toEqual([40, 39, 38, 37, 36, 35, 34, 33, 32, 31]);
    expect(accepted.map((s) => s.sampled)).toEqual([39, 38, 37, 36, 35, 34, 33, 32, 31, 30]);
  });

  it('a rejection at the start shifts the stream by one', () => {
    const source = fixedSource([0xffffffff, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(keno.draw(source)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(source.taken).toBe(11);
  });
});

describe('keno draw (properties)', () => {
  it('from arbitrary seeds and nonces: 10 distinct ascending numbers of 1…40, as the reference program', () => {
    fc.assert(
      fc.property(seedsArb, ({ serverSeed, clientSeed, nonce }) => {
        const { outcome } = computeRound(keno, serverSeed, clientSeed, nonce);
        expectTenDistinctAscending(outcome);
        expect(outcome).toEqual(referenceKeno(serverSeed, clientSeed, nonce));
      }),
      PROPERTY_RUNS,
    );
  });

  it('from any synthetic uint32 stream: 10 distinct ascending numbers of 1…40', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 10, maxLength: 30 }), (values) => {
        expectTenDistinctAscending(keno.draw(fixedSource([...values, ...Array(10).fill(0)])));
      }),
      PROPERTY_RUNS,
    );
  });
});

describe('keno parseDisplayed: accepted forms', () => {
  it.each([
    ['an ascending array of numbers', DRAW],
    ['an array in any order', [40, 4, 36, 8, 35, 15, 30, 21, 24, 23]],
    ['chips as strings with whitespace', [' 4', '8 ', '15', '21', '23', '\n24', '30', '35', '36', '40']],
    ['comma-separated text', '4, 8, 15, 21, 23, 24, 30, 35, 36, 40'],
    ['space-separated text in any order', '40 36 35 30 24 23 21 15 8 4'],
    ['text with semicolons and pipes', '4;8;15|21|23 / 24, 30 35 36 40'],
    ['mixed numbers and strings', [4, '8', 15, '21', 23, 24, 30, '35', 36, 40]],
  ])('%s', (_what, shown) => {
    expect(keno.parseDisplayed(shown)).toEqual({ ok: true, outcome: DRAW });
  });

  it('any permutation of a draw reads back ascending (property)', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(Array.from({ length: 40 }, (_, i) => i + 1), { minLength: 10, maxLength: 10 }), (numbers) => {
        const sorted = [...numbers].sort((a, b) => a - b);
        expect(parseKenoNumbers(numbers)).toEqual({ ok: true, outcome: sorted });
        expect(parseKenoNumbers(numbers.join(', '))).toEqual({ ok: true, outcome: sorted });
      }),
      PROPERTY_RUNS,
    );
  });
});

describe('keno parseDisplayed: rejected forms', () => {
  it.each([
    ['a duplicate', [4, 4, 15, 21, 23, 24, 30, 35, 36, 40], /\b4\b.*twice/],
    ['a duplicate in text', '4, 8, 15, 21, 23, 24, 30, 35, 36, 36', /\b36\b.*twice/],
    ['9 numbers', DRAW.slice(0, 9), /\b9\b/],
    ['11 numbers', [...DRAW, 1], /\b11\b/],
    ['9 numbers as text', '4 8 15 21 23 24 30 35 36', /\b9\b/],
    ['0', [0, 8, 15, 21, 23, 24, 30, 35, 36, 40], /\b0\b/],
    ['41', [4, 8, 15, 21, 23, 24, 30, 35, 36, 41], /\b41\b/],
    ['41 in text', '4 8 15 21 23 24 30 35 36 41', /\b41\b/],
    ['a negative number', [-4, 8, 15, 21, 23, 24, 30, 35, 36, 40], /-4/],
    ['a fraction', [4.5, 8, 15, 21, 23, 24, 30, 35, 36, 40], /4\.5/],
    ['a word', ['4', 'eight', '15', '21', '23', '24', '30', '35', '36', '40'], /eight/],
    ['a null chip', [null, 8, 15, 21, 23, 24, 30, 35, 36, 40], /null/],
    ['empty text', '', /\b0\b/],
    ['an empty array', [], /\b0\b/],
    ['a single number', 4, /list/],
    ['an object', { numbers: DRAW }, /list/],
    ['null', null, /list/],
  ])('%s', (_what, shown, reason) => {
    const parsed = keno.parseDisplayed(shown);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });

  it('names the field it read in its reasons', () => {
    const parsed = parseKenoNumbers([1, 2], 'your picks');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(/^your picks/);
  });
});

describe('keno format', () => {
  it('joins the numbers with spaces', () => {
    expect(keno.format(DRAW)).toBe('4 8 15 21 23 24 30 35 36 40');
  });
});
