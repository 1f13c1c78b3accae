import { describe, expect, it } from 'vitest';
import { KENO_PAYTABLE } from '../../../scripts/demo-casino/paytable.js';
import { exactDistribution, latticeOf, netAtStep } from '../../../src/core/luck/lattice.js';
import { EXACT_ERROR, luckPercentile, MIN_LUCK_ROUNDS, SADDLEPOINT_ERROR, tooFewToCompare } from '../../../src/core/luck/percentile.js';
import { drawRoundLaw, kenoRoundLaw, rouletteRoundLaw, type RoundLaw } from '../../../src/core/luck/round-law.js';
import { simulatePercentile } from '../../../src/core/luck/simulate.js';
import { decimalRatio, ratio, subtract, type Ratio } from '../../../src/core/rtp/fraction.js';
import { hitDistribution } from '../../../src/core/rtp/keno.js';
import { atOrBelow, kenoDraws, totalLaw, wheelPockets, type ElementaryRound } from './brute-force.js';

const demoTable = (picks: number): Record<number, string> => Object.fromEntries(KENO_PAYTABLE[picks]!.map((m, hits) => [hits, m]));
const money = (value: number): Ratio => decimalRatio(value.toFixed(2));

/** Compares the exact lattice law and the percentile at every net the listed law reaches (and between). */
function expectSameLaw(laws: RoundLaw[], rounds: ElementaryRound[]) {
  const listed = totalLaw(rounds);
  const lattice = latticeOf(laws);
  const probabilities = exactDistribution(lattice);
  let compared = 0;
  for (let k = 0; k < lattice.size; k++) {
    const net = netAtStep(lattice, k);
    const entry = [...listed.values()].find((e) => Math.abs(e.net.value - net) < 1e-9);
    expect(Math.abs(probabilities[k]! - (entry?.probability ?? 0))).toBeLessThan(1e-12);
    compared++;
  }
  expect(compared).toBe(lattice.size);
  // Every listed net is a lattice point: nothing of the law falls off the lattice.
  expect([...listed.values()].reduce((s, e) => s + e.probability, 0)).toBeCloseTo(1, 12);
  for (const { net } of listed.values()) {
    const half = ratio(1n, 200n);
    for (const at of [net, subtract(net, half)]) {
      const result = luckPercentile(laws, at)!;
      expect(result.method).toBe('exact');
      expect(Math.abs(result.atLeast - atOrBelow(listed, at))).toBeLessThan(EXACT_ERROR);
      expect(result.atMost).toBe(result.atLeast);
    }
  }
  return listed.size;
}

describe('the exact law of the total, against every draw listed', () => {
  it('three rounds of a small keno board (8 numbers, 3 drawn), two stakes', () => {
    const multipliers = { 0: '0', 1: '1.5', 2: '4.25' };
    const one = kenoDraws(8, 3, 2, '1.00', multipliers);
    const two = kenoDraws(8, 3, 2, '2.50', multipliers);
    const hits = hitDistribution(8, 3, 2);
    const laws = [drawRoundLaw(hits, decimalRatio('1.00'), multipliers, 2), drawRoundLaw(hits, decimalRatio('2.50'), multipliers, 1)];
    expect(expectSameLaw(laws, [one, one, two])).toBeGreaterThan(5);
  });

  it('two roulette rounds, red and a straight bet, every pocket of a European wheel', () => {
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
    const laws = [rouletteRoundLaw('european', 'red-black', decimalRatio('1'), 1), rouletteRoundLaw('european', 'straight', decimalRatio('0.5'), 1)];
    expect(expectSameLaw(laws, [wheelPockets(37, red, 1, '1'), wheelPockets(37, [17], 35, '0.5')])).toBe(4);
  });

  it('American top line pays 6:1 on 5 of 38 pockets', () => {
    const laws = [rouletteRoundLaw('american', 'top-line', decimalRatio('2'), 2)];
    const round = wheelPockets(38, [0, 37, 1, 2, 3], 6, '2');
    expect(expectSameLaw(laws, [round, round])).toBe(3);
  });
});

describe('a paytable with cells never seen', () => {
  it('gives a range: the listed law with the unknown pay at more than anything, and at nothing', () => {
    // 2 picks of 8, 3 drawn: the 2-hit pay is unknown. At or below a net, the rounds that never hit an unknown cell
    // count for sure; those that did may or may not.
    const hits = hitDistribution(8, 3, 2);
    const law = drawRoundLaw(hits, decimalRatio('1'), { 0: '0', 1: '2' }, 3);
    const pTwo = hits[2]!.probability.value;
    const listed = totalLaw([0, 1, 2].map(() => kenoDraws(8, 3, 2, '1', { 0: '0', 1: '2', 2: '1000' })));
    const result = luckPercentile([law], ratio(0n))!;
    // With the unknown pay at 1000 (no round at or below 0 hits it) the law gives exactly the lower end.
    expect(Math.abs(result.atLeast - atOrBelow(listed, ratio(0n)))).toBeLessThan(1e-12);
    // With it paying nothing, the highest the chance can be; never above the lower end plus the chance of hitting it.
    const paysNothing = totalLaw([0, 1, 2].map(() => kenoDraws(8, 3, 2, '1', { 0: '0', 1: '2', 2: '0' })));
    expect(Math.abs(result.atMost - atOrBelow(paysNothing, ratio(0n)))).toBeLessThan(1e-12);
    expect(result.atMost).toBeLessThanOrEqual(result.atLeast + 1 - (1 - pTwo) ** 3 + 1e-12);
    expect(result.atMost).toBeGreaterThan(result.atLeast);
  });
});

describe('exact against a seeded simulation', () => {
  const cases: [string, RoundLaw[], number][] = [
    ['120 rounds of 5-pick keno', [kenoRoundLaw(5, decimalRatio('1'), demoTable(5), 120)], -10],
    ['100 rounds of red at 2.00', [rouletteRoundLaw('european', 'red-black', decimalRatio('2'), 100)], -20],
    ['mixed keno picks and stakes', [kenoRoundLaw(2, decimalRatio('0.5'), demoTable(2), 60), kenoRoundLaw(8, decimalRatio('1.5'), demoTable(8), 15)], -20],
  ];
  it.each(cases)('%s', (_, laws, net) => {
    const exact = luckPercentile(laws, money(net))!;
    expect(exact.method).toBe('exact');
    const simulated = simulatePercentile(laws, money(net), 4_000, 26);
    expect(simulated.runs).toBe(4_000);
    expect(Math.abs(simulated.atLeast - exact.atLeast)).toBeLessThan(4 * simulated.standardError + 1e-3);
    // The same seed, the same figure.
    expect(simulatePercentile(laws, money(net), 500, 7).atLeast).toBe(simulatePercentile(laws, money(net), 500, 7).atLeast);
  });
});

describe('the saddlepoint approximation against the exact law, on smooth sums', () => {
  // The lumpy cases beyond the exact limit, where it is worst: saddlepoint.heavy.test.ts.
  const cases: [string, RoundLaw[]][] = [
    ['400 rounds of 1-pick keno', [kenoRoundLaw(1, decimalRatio('1'), demoTable(1), 400)]],
    ['5 000 rounds of red', [rouletteRoundLaw('european', 'red-black', decimalRatio('1'), 5000)]],
    ['2 000 straight-up bets', [rouletteRoundLaw('european', 'straight', decimalRatio('1'), 2000)]],
  ];
  it.each(cases)('%s', (_, laws) => {
    const exact = luckPercentile(laws, ratio(0n))!;
    let compared = 0;
    for (const z of [-2.5, -1, 0, 0.5, 2]) {
      const net = money(exact.expectedNet + z * exact.spread);
      const precise = luckPercentile(laws, net)!;
      const approximate = luckPercentile(laws, net, { exactPoints: 0 })!;
      expect([precise.method, approximate.method]).toEqual(['exact', 'saddlepoint']);
      expect(Math.abs(approximate.atLeast - precise.atLeast)).toBeLessThanOrEqual(SADDLEPOINT_ERROR / 2);
      compared++;
    }
    expect(compared).toBe(5);
  });
});

describe('the picture', () => {
  it('bins hold fair play’s chance and reach the actual result', () => {
    const laws = [rouletteRoundLaw('european', 'red-black', decimalRatio('1'), 500)];
    const far = money(-200);
    const result = luckPercentile(laws, far)!;
    expect(result.bins.length).toBeGreaterThan(10);
    expect(result.bins[0]!.from).toBeLessThanOrEqual(-200);
    const total = result.bins.reduce((s, b) => s + b.probability, 0);
    expect(total).toBeGreaterThan(0.999);
    expect(total).toBeLessThanOrEqual(1 + 1e-9);
    // The mean of a red bet: −1/37 per unit staked.
    expect(result.expectedNet).toBeCloseTo(-500 / 37, 6);
    expect(result.spread).toBeCloseTo(Math.sqrt(500 * (1 - (1 / 37) ** 2)), 6);
  });
  it('no rounds, no percentile', () => {
    expect(luckPercentile([], ratio(0n))).toBeUndefined();
  });
});

describe('too few to compare', () => {
  it('says so below the least number of rounds, and shows a percentile from it on', () => {
    const red = (rounds: number) => luckPercentile([rouletteRoundLaw('european', 'red-black', decimalRatio('1'), rounds)], ratio(0n))!;
    expect(tooFewToCompare(red(1))).toBe('rounds');
    expect(tooFewToCompare(red(MIN_LUCK_ROUNDS - 1))).toBe('rounds');
    expect(tooFewToCompare(red(MIN_LUCK_ROUNDS))).toBeUndefined();
  });
  it('says so when fair play gives (nearly) one result: one known pay of a learnt table, however many rounds', () => {
    // 10 picks, the table seen only at 0 hits: every known outcome loses the stake, the rest is of unknown pay.
    const point = luckPercentile([kenoRoundLaw(10, decimalRatio('1'), { 0: '0' }, 40)], money(-40))!;
    expect(point.spread).toBe(0);
    expect(tooFewToCompare(point)).toBe('spread');
    // Nearly a point: 1 000 rounds that all lose 1.00 but one in a million, which pays 0.01 more.
    const nearly = luckPercentile([{ rounds: 1000, outcomes: [{ net: money(-1), probability: 1 - 1e-6 }, { net: money(-0.99), probability: 1e-6 }], unknown: 0 }], money(-1000))!;
    expect(nearly.unit).toBeCloseTo(0.01, 12);
    expect(tooFewToCompare(nearly)).toBe('spread');
  });
});
