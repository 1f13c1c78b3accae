// The saddlepoint approximation where the page uses it: lattices just beyond the exact limit
// (EXACT_LATTICE_POINTS), where its error is worst (few, lumpy keno rounds on a fine lattice). The
// exact law is computed here with the limit raised, which takes seconds: hence heavy.
import { describe, expect, it } from 'vitest';
import { KENO_PAYTABLE } from '../../../scripts/demo-casino/paytable.js';
import { latticeOf } from '../../../src/core/luck/lattice.js';
import { EXACT_LATTICE_POINTS, luckPercentile, SADDLEPOINT_ERROR } from '../../../src/core/luck/percentile.js';
import { kenoRoundLaw, rouletteRoundLaw, type RoundLaw } from '../../../src/core/luck/round-law.js';
import { decimalRatio } from '../../../src/core/rtp/fraction.js';

const table = (picks: number): Record<number, string> => Object.fromEntries(KENO_PAYTABLE[picks]!.map((m, hits) => [hits, m]));
const one = (value: string) => decimalRatio(value);
const raised = { exactPoints: 2 ** 22, exactWork: 2 ** 40 };

const cases: [string, RoundLaw[]][] = [
  ['140 rounds of 10-pick keno', [kenoRoundLaw(10, one('1'), table(10), 140)]],
  ['50 rounds of 7-pick keno', [kenoRoundLaw(7, one('1'), table(7), 50)]],
  ['400 rounds of 5-pick keno', [kenoRoundLaw(5, one('1'), table(5), 400)]],
  ['6 000 rounds of 2-pick keno', [kenoRoundLaw(2, one('1'), table(2), 6000)]],
  ['300 000 rounds of red', [rouletteRoundLaw('european', 'red-black', one('1'), 300_000)]],
  ['keno and roulette, three stakes', [kenoRoundLaw(3, one('2'), table(3), 300), rouletteRoundLaw('european', 'dozen', one('1'), 300), kenoRoundLaw(10, one('0.5'), table(10), 20)]],
];

describe('saddlepoint against exact beyond the exact limit', () => {
  let worst = 0;
  it.each(cases)('%s', (_, laws) => {
    expect(latticeOf(laws).size).toBeGreaterThan(EXACT_LATTICE_POINTS);
    const centre = luckPercentile(laws, one('0'), raised)!;
    let compared = 0;
    for (const z of [-2.5, -1.5, -1, -0.5, 0, 0.5, 1, 2]) {
      const net = one((centre.expectedNet + z * centre.spread).toFixed(2));
      const exact = luckPercentile(laws, net, raised)!;
      const approximate = luckPercentile(laws, net)!;
      expect([exact.method, approximate.method]).toEqual(['exact', 'saddlepoint']);
      const miss = Math.abs(exact.atLeast - approximate.atLeast);
      worst = Math.max(worst, miss);
      expect(miss).toBeLessThanOrEqual(SADDLEPOINT_ERROR);
      compared++;
    }
    expect(compared).toBe(8);
  });
  it('prints the worst miss', () => {
    console.log(`saddlepoint beyond the exact limit: worst miss ${(worst * 100).toFixed(3)} percentage points (bound ${SADDLEPOINT_ERROR * 100})`);
    expect(worst).toBeGreaterThan(0);
  });
});
