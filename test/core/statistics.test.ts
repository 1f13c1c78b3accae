import { describe, expect, it } from 'vitest';
import { ratio } from '../../src/core/rtp/fraction.js';
import {
  chiSquaredPValue,
  kenoUniformity,
  realisedRtp,
  rouletteUniformity,
  roundsNeededFor,
  uniformityStatistic,
} from '../../src/core/statistics.js';

// Module bindings, not global lookups: in vitest's vmThreads pool every read of a global (`Math`)
// goes through the context's interceptor, and the keno simulation below makes millions of them.
const { floor, imul } = Math;

/** A small seeded PRNG (mulberry32), so the simulations are the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `d` distinct numbers of 0…n−1, uniformly (partial Fisher–Yates). */
function drawDistinct(random: () => number, n: number, d: number): number[] {
  const pool: number[] = [];
  for (let i = 0; i < n; i++) pool.push(i);
  for (let i = 0; i < d; i++) {
    const j = i + floor(random() * (n - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, d);
}

function* subsets(n: number, size: number, start = 0): Generator<number[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let first = start; first <= n - size; first++) for (const rest of subsets(n, size - 1, first + 1)) yield [first, ...rest];
}

describe('chiSquaredPValue (upper tail, from jStat)', () => {
  it('matches the closed form for 2 degrees of freedom, exp(−x/2)', () => {
    for (const x of [0.1, 1, 5.991464547107979, 20, 100]) expect(chiSquaredPValue(x, 2)).toBeCloseTo(Math.exp(-x / 2), 14);
  });

  it.each([
    [3.841458820694124, 1],
    [50.99846, 36],
    [52.19232, 37],
    [54.57223, 39],
  ])('table critical value %f on %i degrees of freedom gives p = 0.05', (x, df) => {
    expect(chiSquaredPValue(x, df)).toBeCloseTo(0.05, 6);
  });

  it('gives small tails, and 0 (never a negative value) for tails below double precision', () => {
    const small = chiSquaredPValue(100, 36);
    expect(small).toBeGreaterThan(1e-9);
    expect(small).toBeLessThan(1e-6);
    expect(chiSquaredPValue(400, 36)).toBe(0);
  });

  it('is 1 at 0 and NaN for nonsense', () => {
    expect(chiSquaredPValue(0, 36)).toBe(1);
    expect(chiSquaredPValue(Number.NaN, 36)).toBeNaN();
    expect(chiSquaredPValue(3, 0)).toBeNaN();
  });
});

describe('uniformityStatistic', () => {
  it('with one number per round it is Pearson’s sum Σ(O − E)²/E', () => {
    const counts = [12, 8, 10, 10];
    expect(uniformityStatistic(counts, 40, 1)).toBeCloseTo((4 + 4 + 0 + 0) / 10, 12);
  });

  it('with 10 of 40 drawn it is 39/30 = 1.3 times Pearson’s sum (the draws exclude each other)', () => {
    const counts = Array.from({ length: 40 }, (_, i) => 25 + (i % 5) - 2);
    const pearson = counts.reduce((s, c) => s + (c - 25) ** 2 / 25, 0);
    expect(uniformityStatistic(counts, 100, 10)).toBeCloseTo(1.3 * pearson, 10);
  });

  it.each([
    [6, 2, 1],
    [6, 2, 2],
    [5, 3, 2],
    [7, 3, 1],
  ])('its mean over every history (board %i, %i drawn, %i rounds) is exactly board − 1', (board, drawn, rounds) => {
    // E[Σ(X − μ)²] is the trace of the counts' covariance: if the variance used is right, the mean is N − 1.
    const draws = [...subsets(board, drawn)];
    let total = 0;
    let histories = 0;
    const walk = (left: number, counts: number[]) => {
      if (left === 0) {
        total += uniformityStatistic(counts, rounds, drawn);
        histories++;
        return;
      }
      for (const draw of draws) {
        const next = [...counts];
        for (const n of draw) next[n]!++;
        walk(left - 1, next);
      }
    };
    walk(rounds, new Array<number>(board).fill(0));
    expect(total / histories).toBeCloseTo(board - 1, 10);
  });

  it('on simulated fair keno, p-values are uniform: about 5 % fall below 0.05 (Pearson’s sum would give far fewer)', () => {
    const random = prng(20240611);
    const histories = 2000;
    let below = 0;
    let pearsonBelow = 0;
    for (let h = 0; h < histories; h++) {
      const counts = new Array<number>(40).fill(0);
      for (let r = 0; r < 40; r++) for (const n of drawDistinct(random, 40, 10)) counts[n]!++;
      const statistic = uniformityStatistic(counts, 40, 10);
      if (chiSquaredPValue(statistic, 39) < 0.05) below++;
      if (chiSquaredPValue(statistic / 1.3, 39) < 0.05) pearsonBelow++;
    }
    // Binomial(2000, 0.05): mean 100, sd ≈ 9.7. Pearson's sum rejects well under 1 %.
    expect(below).toBeGreaterThan(65);
    expect(below).toBeLessThan(135);
    expect(pearsonBelow).toBeLessThan(20);
  });
});

describe('roundsNeededFor', () => {
  it('expects every number at least 5 times: 185 European spins, 190 American, 20 keno rounds', () => {
    expect(roundsNeededFor(37, 1)).toBe(185);
    expect(roundsNeededFor(38, 1)).toBe(190);
    expect(roundsNeededFor(40, 10)).toBe(20);
  });
});

describe('rouletteUniformity', () => {
  it('counts European numbers in 37 bins and rejects what is not a winning number', () => {
    const test = rouletteUniformity(['0', '17', 17, '17 Red', '00', 'x', '36'], 'european');
    expect(test.labels).toHaveLength(37);
    expect(test.counts[0]).toBe(1);
    expect(test.counts[17]).toBe(3);
    expect(test.counts[36]).toBe(1);
    expect([test.rounds, test.rejected]).toEqual([5, 2]);
  });

  it('American has 38 bins with "00" last', () => {
    const test = rouletteUniformity(['00', '00', '0'], 'american');
    expect(test.labels.at(-1)).toBe('00');
    expect(test.counts[37]).toBe(2);
    expect([test.game, test.degreesOfFreedom, test.roundsNeeded]).toEqual(['roulette-american', 37, 190]);
  });

  it('says plainly when there are too few spins, and draws no conclusion', () => {
    const test = rouletteUniformity(['1', '2', '3'], 'european');
    expect(test.reliable).toBe(false);
    expect(test.message).toBe(
      '3 spins are too few to judge whether the 37 numbers of the wheel come up equally often: that needs at least 185 (so each number is expected to come up 5 times).',
    );
  });

  it('a fair-looking history', () => {
    const random = prng(7);
    const spins = Array.from({ length: 3700 }, () => String(Math.floor(random() * 37)));
    const test = rouletteUniformity(spins, 'european');
    expect(test.reliable).toBe(true);
    expect(test.pValue).toBeGreaterThan(0.01);
    expect(test.expectedPerBin).toBe(100);
    expect(test.message).toMatch(/^Over 3700 spins, the 37 numbers of the wheel came up about as evenly as fair draws do \(chi-squared [\d.]+ on 36 degrees of freedom, p = [\d.]+\)\.$/);
  });

  it('a wheel that favours 0 is called out, without calling it proof', () => {
    const spins = Array.from({ length: 370 }, (_, i) => (i % 5 === 0 ? '0' : String(i % 37)));
    const test = rouletteUniformity(spins, 'european');
    expect(test.pValue).toBeLessThan(0.0001);
    expect(test.message).toContain('came up less evenly than fair draws usually do');
    expect(test.message).toContain('p < 0.0001');
    expect(test.message).toContain('not proof');
  });

  it('with no spins there is no p-value', () => {
    const test = rouletteUniformity([], 'european');
    expect(test.pValue).toBeUndefined();
    expect(test.reliable).toBe(false);
  });
});

describe('kenoUniformity', () => {
  it('counts each drawn number and rejects malformed draws', () => {
    const draw = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const test = kenoUniformity([draw, '1 2 3 4 5 6 7 8 9 40', [1, 2, 3], 'nonsense']);
    expect([test.rounds, test.rejected]).toEqual([2, 2]);
    expect(test.counts.reduce((a, b) => a + b, 0)).toBe(20);
    expect(test.counts[0]).toBe(2);
    expect(test.counts[39]).toBe(1);
    expect([test.degreesOfFreedom, test.roundsNeeded, test.expectedPerBin]).toEqual([39, 20, 0.5]);
  });

  it('needs 20 rounds', () => {
    const random = prng(3);
    const draws = (n: number) => Array.from({ length: n }, () => drawDistinct(random, 40, 10).map((x) => x + 1));
    expect(kenoUniformity(draws(19)).reliable).toBe(false);
    expect(kenoUniformity(draws(19)).message).toBe('19 keno rounds are too few to judge whether the 40 keno numbers come up equally often: that needs at least 20 (so each number is expected to be drawn 5 times).');
    const enough = kenoUniformity(draws(400));
    expect(enough.reliable).toBe(true);
    expect(enough.pValue).toBeGreaterThan(0.01);
    expect(enough.message).toContain('Over 400 keno rounds, the 40 keno numbers came up about as evenly as fair draws do');
  });

  it('a draw that avoids 31…40 is called out', () => {
    const random = prng(11);
    const draws = Array.from({ length: 200 }, () => drawDistinct(random, 30, 10).map((x) => x + 1));
    expect(kenoUniformity(draws).pValue).toBeLessThan(1e-10);
  });
});

describe('realisedRtp', () => {
  it('sums stakes and payouts exactly', () => {
    const result = realisedRtp([
      { stake: 0.1, payout: 0 },
      { stake: 0.2, payout: 0.6 },
    ]);
    expect(result.totalStake).toEqual(ratio(3n, 10n));
    expect(result.rtp).toEqual(ratio(2n, 1n));
    expect(result.rtpPercent).toBe('200.00');
    expect(result.message).toBe('Over 2 bets you got back 200.00 % of what you staked.');
  });

  it('compares with the theoretical return and says how much is luck', () => {
    // 370 one-unit straight-up bets, ten wins at 36×: 360/370 = 97.30 %.
    const bets = Array.from({ length: 370 }, (_, i) => ({ stake: 1, payout: i < 10 ? 36 : 0 }));
    const result = realisedRtp(bets, ratio(36n, 37n));
    expect(result.rtpPercent).toBe('97.30');
    expect(result.theoreticalPercent).toBe('97.30');
    expect(result.differencePoints).toBeCloseTo(0, 10);
    expect(result.standardError).toBeGreaterThan(0.2);
    expect(result.message).toMatch(/^Over 370 bets you got back 97\.30 % of what you staked; the rules give 97\.30 % in the long run\. That is within the usual swing of luck for so few bets \(about ±\d+\.\d points\)\.$/);
  });

  it('flags a return far outside the swing', () => {
    const bets = Array.from({ length: 1000 }, (_, i) => ({ stake: 1, payout: i % 2 === 0 ? 1.5 : 0 }));
    const result = realisedRtp(bets, ratio(36n, 37n));
    expect(result.rtpPercent).toBe('75.00');
    expect(result.message).toContain('more than the usual swing of luck');
  });

  it('skips bets without a real stake and says when there is nothing', () => {
    expect(realisedRtp([])).toMatchObject({ rounds: 0, message: 'No settled bets with a stake yet, so there is no realised return to show.' });
    const result = realisedRtp([{ stake: 0, payout: 1 }, { stake: -1, payout: 0 }, { stake: 1, payout: Number.NaN }, { stake: 2, payout: 1 }]);
    expect([result.rounds, result.rejected, result.rtpPercent]).toEqual([1, 3, '50.00']);
    expect(realisedRtp([{ stake: 2, payout: 1 }], ratio(36n, 37n)).message).toContain('Too few bets to say how much of the difference is luck.');
  });
});
