// The kept figures against the statistics computed from the list of rounds: the same test of
// uniformity and the same realised return, whatever rounds come and go.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addRoundToFigures, emptyGameFigures, figuresOf } from '../../src/background/game-figures.js';
import { ratio } from '../../src/core/index.js';
import { kenoUniformity, realisedRtp, realisedRtpOfSums, rouletteUniformity, uniformityOfCounts } from '../../src/core/statistics.js';
import type { VerifiedRound } from '../../src/shared/records.js';
import { betSumsOf } from '../../src/ui/luck/returns.js';

const amount = fc.oneof(fc.constantFrom('0', '0.10', '1.00', '2.5', '36', '-1', 'x'), fc.integer({ min: 0, max: 5000 }).map((cents) => (cents / 100).toFixed(2)));
const rouletteRound = fc.record(
  { outcome: fc.oneof(fc.integer({ min: 0, max: 36 }).map(String), fc.constant('00'), fc.constant('99')), stake: amount, payout: amount, amountsDisputed: fc.constant(true) },
  { requiredKeys: ['outcome'] },
);
const kenoRound = fc.record(
  {
    outcome: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { minLength: 10, maxLength: 10 }).map((drawn) => drawn.sort((a, b) => a - b)),
    stake: amount,
    payout: amount,
    multiplier: fc.constantFrom('0', '1.8', '3.80', '3.8'),
    picks: fc.integer({ min: 1, max: 10 }),
    hits: fc.integer({ min: 0, max: 10 }),
  },
  { requiredKeys: ['outcome'] },
) as fc.Arbitrary<VerifiedRound>;


describe('figuresOf', () => {
  it('roulette: the same uniformity test and realised return as from the list', () => {
    fc.assert(
      fc.property(fc.array(rouletteRound as fc.Arbitrary<VerifiedRound>, { maxLength: 60 }), (rounds) => {
        const figures = figuresOf('roulette-american', rounds);
        expect(uniformityOfCounts('roulette-american', figures.counts, figures.rounds, figures.rejected)).toEqual(rouletteUniformity(rounds.map((r) => r.outcome), 'american'));
        const settled = rounds.filter((r) => r.stake !== undefined && r.payout !== undefined);
        expect(figures.settled).toBe(settled.length);
        const bets = settled.filter((r) => !r.amountsDisputed).map((r) => ({ stake: Number(r.stake), payout: Number(r.payout) }));
        const fromList = realisedRtp(bets, ratio(36n, 38n));
        const fromSums = realisedRtpOfSums(betSumsOf(figures), ratio(36n, 38n));
        // The message words the standard error too: at a rounding boundary (±93.75) the two sums may round it apart.
        const roundingApart = (message: string | undefined) => message?.replace(/±\d+(\.\d+)?/g, '±…');
        expect({ ...fromSums, standardError: undefined, message: roundingApart(fromSums.message) }).toEqual({ ...fromList, standardError: undefined, message: roundingApart(fromList.message) });
        if (fromList.standardError === undefined) expect(fromSums.standardError).toBeUndefined();
        else expect(fromSums.standardError).toBeCloseTo(fromList.standardError, 9);
      }),
    );
  });

  it('keno: the same uniformity test as from the list', () => {
    fc.assert(
      fc.property(fc.array(kenoRound, { maxLength: 30 }), (rounds) => {
        const figures = figuresOf('keno', rounds);
        expect(uniformityOfCounts('keno', figures.counts, figures.rounds, figures.rejected)).toEqual(kenoUniformity(rounds.map((r) => r.outcome)));
      }),
    );
  });

  it('a round taken out again leaves the figures as if it never came', () => {
    fc.assert(
      fc.property(fc.array(kenoRound, { maxLength: 20 }), fc.array(kenoRound, { maxLength: 10 }), (kept, passing) => {
        const figures = figuresOf('keno', [...kept, ...passing]);
        for (const round of passing) addRoundToFigures(figures, 'keno', round, -1);
        expect(figures).toEqual(figuresOf('keno', kept));
        for (const round of kept) addRoundToFigures(figures, 'keno', round, -1);
        expect(figures).toEqual(emptyGameFigures('keno'));
      }),
    );
  });
});

describe('the luck groups', () => {
  it('group the undisputed valid bets by picks and exact stake, summing the payouts, and leave nothing when rounds go', () => {
    fc.assert(
      fc.property(fc.array(kenoRound, { maxLength: 40 }), (rounds) => {
        const figures = figuresOf('keno', rounds);
        const counted = rounds.filter((r) => r.stake !== undefined && r.payout !== undefined && !r.amountsDisputed && Number(r.stake) > 0 && Number(r.payout) >= 0 && /^\d/.test(r.stake) && /^\d/.test(r.payout));
        const groups = Object.entries(figures.luck!);
        expect(groups.reduce((sum, [, g]) => sum + g.rounds, 0)).toBe(counted.length);
        for (const [key, group] of groups) {
          const [bet, stake] = key.split('|');
          const members = counted.filter((r) => String(r.picks ?? '?') === bet && Number(r.stake) === Number(stake));
          expect(group.rounds).toBe(members.length);
          expect(Number(group.payout.numerator) / Number(group.payout.denominator)).toBeCloseTo(members.reduce((s, r) => s + Number(r.payout), 0), 9);
        }
        for (const round of rounds) addRoundToFigures(figures, 'keno', round, -1);
        expect(figures.luck).toEqual({});
      }),
    );
  });
  it('"1.5" and "1.50" are one stake', () => {
    const round = (stake: string): VerifiedRound => ({ outcome: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], stake, payout: '0', multiplier: '0', picks: 3, hits: 0 });
    expect(figuresOf('keno', [round('1.5'), round('1.50')]).luck).toEqual({ '3|1.5': { rounds: 2, payout: { numerator: '0', denominator: '1' } } });
  });
});
