import { describe, expect, it } from 'vitest';
import { add, multiply, ratio, type Ratio } from '../../../src/core/rtp/fraction.js';
import { binomial, hitDistribution, kenoHitDistribution, kenoRtp, learnKenoPaytable } from '../../../src/core/rtp/keno.js';

const sum = (rs: Ratio[]) => rs.reduce(add, ratio(0n));
const parts = (r: Ratio) => [r.numerator, r.denominator];

/** Every `size`-subset of 0…n−1, in lexicographic order. */
function* subsets(n: number, size: number, start = 0): Generator<number[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let first = start; first <= n - size; first++) {
    for (const rest of subsets(n, size - 1, first + 1)) yield [first, ...rest];
  }
}

/** Counts hits over every possible draw: the definition, with no formula in between. */
function bruteForce(board: number, drawn: number, picks: number): Ratio[] {
  const picked = new Set(Array.from({ length: picks }, (_, i) => i));
  const counts = new Array<number>(Math.min(picks, drawn) + 1).fill(0);
  let draws = 0;
  for (const draw of subsets(board, drawn)) {
    counts[draw.filter((n) => picked.has(n)).length]!++;
    draws++;
  }
  return counts.map((c) => ratio(BigInt(c), BigInt(draws)));
}

describe('binomial', () => {
  it('is exact', () => {
    expect(binomial(40, 10)).toBe(847660528n);
    expect(binomial(5, 0)).toBe(1n);
    expect(binomial(5, 6)).toBe(0n);
    expect(binomial(60, 30)).toBe(118264581564861424n);
  });
});

describe('hit distribution', () => {
  it.each([
    [8, 3, 2],
    [8, 3, 3],
    [10, 4, 5],
    [12, 5, 1],
    [12, 5, 7],
    [9, 9, 4],
    [7, 0, 3],
  ])('board %i, %i drawn, %i picks: equals enumerating every draw', (board, drawn, picks) => {
    const exact = hitDistribution(board, drawn, picks);
    expect(exact.map((h) => h.hits)).toEqual(exact.map((_, i) => i));
    expect(exact.map((h) => parts(h.probability))).toEqual(bruteForce(board, drawn, picks).map(parts));
  });

  it('refuses impossible boards', () => {
    expect(() => hitDistribution(8, 9, 2)).toThrow(RangeError);
    expect(() => hitDistribution(8, 3, 1.5)).toThrow(RangeError);
  });

  it.each(Array.from({ length: 10 }, (_, i) => i + 1))('keno, %i picks: sums to exactly 1 and the mean is picks·10/40', (picks) => {
    const distribution = kenoHitDistribution(picks);
    expect(distribution).toHaveLength(picks + 1);
    expect(parts(sum(distribution.map((h) => h.probability)))).toEqual([1n, 1n]);
    const mean = sum(distribution.map((h) => multiply(h.probability, ratio(BigInt(h.hits)))));
    expect(mean).toEqual(ratio(BigInt(picks) * 10n, 40n));
  });

  it('keno probabilities pinned: 1 pick hits 1/4; 10 picks hit all ten 1 in C(40,10)', () => {
    expect(kenoHitDistribution(1).map((h) => parts(h.probability))).toEqual([[3n, 4n], [1n, 4n]]);
    expect(parts(kenoHitDistribution(2)[2]!.probability)).toEqual([3n, 52n]);
    expect(parts(kenoHitDistribution(10)[10]!.probability)).toEqual([1n, 847660528n]);
  });

  it('refuses picks outside 1…10', () => {
    for (const picks of [0, 11, 2.5, Number.NaN]) expect(() => kenoHitDistribution(picks)).toThrow(RangeError);
  });
});

describe('learnKenoPaytable', () => {
  it('collects hits → multiplier per number of picks, sorted', () => {
    const learnt = learnKenoPaytable([
      { picks: 2, hits: 2, multiplier: 9 },
      { picks: 1, hits: 1, multiplier: 3.96 },
      { picks: 2, hits: 0, multiplier: 0 },
      { picks: 1, hits: 1, multiplier: 3.96 },
      { picks: 2, hits: 1, multiplier: 1.5 },
    ]);
    expect(learnt).toEqual({
      tables: [
        { picks: 1, multipliers: { 1: 3.96 } },
        { picks: 2, multipliers: { 0: 0, 1: 1.5, 2: 9 } },
      ],
      conflicts: [],
      rejected: [],
    });
  });

  it('reports the same picks and hits paid two ways, and leaves that entry out', () => {
    const learnt = learnKenoPaytable([
      { picks: 3, hits: 2, multiplier: 2 },
      { picks: 3, hits: 2, multiplier: 2.5 },
      { picks: 3, hits: 3, multiplier: 30 },
    ]);
    expect(learnt.tables).toEqual([{ picks: 3, multipliers: { 3: 30 } }]);
    expect(learnt.conflicts).toEqual([
      { picks: 3, hits: 2, multipliers: [2, 2.5], message: 'With 3 picks, 2 hits paid 2× and 2.5× in different rounds.' },
    ]);
  });

  it('rejects impossible observations with a reason', () => {
    const bad = [
      { picks: 0, hits: 0, multiplier: 0 },
      { picks: 3, hits: 4, multiplier: 1 },
      { picks: 3, hits: 1, multiplier: -1 },
      { picks: 3, hits: 1, multiplier: Number.NaN },
      null,
    ];
    const learnt = learnKenoPaytable(bad as never);
    expect(learnt.tables).toEqual([]);
    expect(learnt.rejected.map((r) => r.reason)).toEqual([
      'picks must be 1…10',
      'hits must be 0…3',
      'multiplier must be a number ≥ 0',
      'multiplier must be a number ≥ 0',
      'not an object with picks, hits and multiplier',
    ]);
  });
});

describe('kenoRtp', () => {
  it('is exact when every hit count is known: 1 pick paying 3.96× returns 99 %', () => {
    const result = kenoRtp(1, { 0: 0, 1: 3.96 });
    expect(result.complete).toBe(true);
    if (!result.complete) return;
    expect(parts(result.rtp)).toEqual([99n, 100n]);
    expect(result.rtpPercent).toBe('99.0000');
    expect(parts(result.houseEdge)).toEqual([1n, 100n]);
    expect(result.advertised).toMatchObject({ verdict: 'matches', advertised: '99' });
    expect(result.message).toBe('Under the payouts seen in your rounds, keno with 1 pick returns 99.0000 %, which is the advertised 99 %.');
  });

  it('sums P(h)·multiplier exactly for a learnt table', () => {
    // 2 picks: P = 29/52, 20/52, 3/52. 0×, 1.5×, 9× → (30 + 27)/52 = 57/52.
    const { tables } = learnKenoPaytable([
      { picks: 2, hits: 0, multiplier: 0 },
      { picks: 2, hits: 1, multiplier: 1.5 },
      { picks: 2, hits: 2, multiplier: 9 },
    ]);
    const result = kenoRtp(2, tables[0]!);
    expect(result.complete && parts(result.rtp)).toEqual([57n, 52n]);
    expect(result.complete && result.advertised.verdict).toBe('above');
  });

  it('says which hit counts are unknown, with the return of the known ones as a floor', () => {
    const result = kenoRtp(3, { 0: 0, 3: 50 });
    expect(result).toMatchObject({ complete: false, unknownHits: [1, 2] });
    if (result.complete) return;
    // P(3 hits) = 3/247; 50 × 3/247 = 150/247.
    expect(parts(result.atLeast)).toEqual([150n, 247n]);
    expect(result.message).toBe(
      'The keno return with 3 picks cannot be computed yet: the payout for 1 hit and 2 hits has not been seen (the known payouts alone return at least 60.7287 %).',
    );
  });

  it('refuses a table learnt for another number of picks', () => {
    expect(() => kenoRtp(2, { picks: 3, multipliers: {} })).toThrow(RangeError);
  });
});
