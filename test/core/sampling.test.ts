import { describe, expect, it } from 'vitest';
import { pickUniquePositions, rejectionLimit, sample, type DrawStep } from '../../src/core/sampling.js';
import { constantSource, fixedSource } from './synthetic-source.js';

const MAX_U32 = 0xffffffff;
const TWO_POW_32 = 4294967296;

// floor(2^32 / P) · P, worked out independently (Python: (2**32 // P) * P) for every pool size keno
// goes through (40 down to 31) and both roulette wheels. 2^32 mod P values are what gets rejected.
const LIMITS: ReadonlyArray<readonly [P: number, limit: number]> = [
  [31, 4294967292],
  [32, 4294967296], // 32 divides 2^32: nothing is ever rejected
  [33, 4294967292],
  [34, 4294967278],
  [35, 4294967285],
  [36, 4294967292],
  [37, 4294967289], // European roulette: 2^32 − 7
  [38, 4294967290], // American roulette: 2^32 − 6
  [39, 4294967274],
  [40, 4294967280],
];

describe('rejectionLimit', () => {
  it.each(LIMITS)('P = %i → %i', (P, limit) => {
    expect(rejectionLimit(P)).toBe(limit);
  });

  it('is 2^32 for powers of two and for P = 1 (no value is rejected)', () => {
    expect(rejectionLimit(1)).toBe(TWO_POW_32);
    expect(rejectionLimit(4)).toBe(TWO_POW_32);
  });
});

describe('sample: the limit value is rejected, limit − 1 accepted', () => {
  const rejecting = LIMITS.filter(([, limit]) => limit < TWO_POW_32);

  it.each(rejecting)('P = %i: draws at the limit %i and at 2^32−1 are thrown away', (P, limit) => {
    const source = fixedSource([limit, MAX_U32, limit - 1]);
    // limit − 1 is the largest accepted value; it is ≡ P − 1 (mod P) because limit ≡ 0.
    expect(sample(P, source)).toBe(P - 1);
    expect(source.taken).toBe(3);
  });

  it.each(LIMITS)('P = %i: a value just below the limit is taken at once', (P, limit) => {
    const source = fixedSource([limit - 1, 0]);
    expect(sample(P, source)).toBe(P - 1);
    expect(source.taken).toBe(1);
  });

  it('P = 32 never rejects: 2^32−1 gives 31', () => {
    const source = fixedSource([MAX_U32]);
    expect(sample(32, source)).toBe(31);
    expect(source.taken).toBe(1);
  });

  it('P = 37: every value from the limit up to 2^32−1 is rejected, in a row', () => {
    // The seven biased values 4294967289…4294967295, then 100 → 100 mod 37 = 26.
    const biased = [4294967289, 4294967290, 4294967291, 4294967292, 4294967293, 4294967294, 4294967295];
    const source = fixedSource([...biased, 100]);
    expect(sample(37, source)).toBe(26);
    expect(source.taken).toBe(8);
  });

  it('P = 38: the six biased values are rejected; 4294967289 (rejected for 37) is accepted as 37', () => {
    expect(sample(38, fixedSource([4294967290, 4294967295, 4294967289]))).toBe(37);
    expect(sample(37, fixedSource([4294967289, 37 * 5 + 3]))).toBe(3);
  });

  it('takes value mod P for ordinary values', () => {
    expect(sample(37, fixedSource([0]))).toBe(0);
    expect(sample(37, fixedSource([36]))).toBe(36);
    expect(sample(37, fixedSource([37]))).toBe(0);
    expect(sample(38, fixedSource([2147483648]))).toBe(22);
    expect(sample(40, fixedSource([1_000_000_007]))).toBe(7); // 1_000_000_000 is a multiple of 40
  });
});

describe('sample: argument checks', () => {
  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, TWO_POW_32 + 1])('refuses P = %s without drawing', (P) => {
    const source = fixedSource([]);
    expect(() => sample(P, source)).toThrow(RangeError);
    expect(source.taken).toBe(0);
  });

  it('P = 1 always gives 0', () => {
    expect(sample(1, fixedSource([MAX_U32]))).toBe(0);
  });
});

describe('sample: DrawStep records', () => {
  it('records rejected and accepted draws with their stream index', () => {
    const steps: DrawStep[] = [];
    expect(sample(37, fixedSource([4294967289, 4294967295, 40]), steps)).toBe(3);
    expect(steps).toStrictEqual([
      { index: 0, value: 4294967289, outcomes: 37, limit: 4294967289, accepted: false },
      { index: 1, value: 4294967295, outcomes: 37, limit: 4294967289, accepted: false },
      { index: 2, value: 40, outcomes: 37, limit: 4294967289, accepted: true, sampled: 3 },
    ]);
  });

  it('continues the index across several samples sharing one step list', () => {
    const steps: DrawStep[] = [];
    const source = fixedSource([5, 4294967290, 77]);
    sample(37, source, steps);
    sample(38, source, steps);
    expect(steps.map((s) => [s.index, s.outcomes, s.accepted, s.sampled])).toEqual([
      [0, 37, true, 5],
      [1, 38, false, undefined],
      [2, 38, true, 1],
    ]);
  });
});

describe('pickUniquePositions', () => {
  it('gives the hand-computed picks for a stream with rejections', () => {
    // P=5 (limit 2^32−1): 2^32−1 rejected, 7 → 7 mod 5 = 2 → available [0 1 2 3 4][2] = 2
    // P=4 (limit 2^32):   2^32−1 accepted → 3 → available [0 1 3 4][3] = 4
    // P=3 (limit 2^32−1): 2^32−1 rejected, 4 → 1 → available [0 1 3][1] = 1
    const steps: DrawStep[] = [];
    const source = fixedSource([MAX_U32, 7, MAX_U32, MAX_U32, 4]);
    expect(pickUniquePositions(3, 5, source, steps)).toEqual([2, 4, 1]);
    expect(source.taken).toBe(5);
    expect(steps).toStrictEqual([
      { index: 0, value: MAX_U32, outcomes: 5, limit: 4294967295, accepted: false },
      { index: 1, value: 7, outcomes: 5, limit: 4294967295, accepted: true, sampled: 2, picked: 3 },
      { index: 2, value: MAX_U32, outcomes: 4, limit: 4294967296, accepted: true, sampled: 3, picked: 5 },
      { index: 3, value: MAX_U32, outcomes: 3, limit: 4294967295, accepted: false },
      { index: 4, value: 4, outcomes: 3, limit: 4294967295, accepted: true, sampled: 1, picked: 2 },
    ]);
  });

  it('an all-zero stream always takes the first available position', () => {
    expect(pickUniquePositions(10, 40, constantSource(0))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a constant stream of 39 walks the shrinking pool (hand-computed)', () => {
    // 39 mod 40 = 39 → 39; 39 mod 39 = 0 → 0; then 39 mod P = 1,2,…,8 over [1 2 3 …], [1 3 4 …], …
    expect(pickUniquePositions(10, 40, constantSource(39))).toEqual([39, 0, 2, 4, 6, 8, 10, 12, 14, 16]);
  });

  it('picking all positions gives a permutation', () => {
    const picks = pickUniquePositions(6, 6, constantSource(123456789));
    expect([...picks].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('picking none draws nothing', () => {
    const source = fixedSource([]);
    expect(pickUniquePositions(0, 40, source)).toEqual([]);
    expect(source.taken).toBe(0);
  });

  it.each([
    [11, 10],
    [-1, 40],
    [1.5, 40],
    [10, 40.5],
  ])('refuses to pick %s of %s', (count, total) => {
    expect(() => pickUniquePositions(count, total, fixedSource([]))).toThrow(RangeError);
  });
});
