import { describe, expect, it } from 'vitest';
import { kenoRtp, ratio } from '../../../src/core/index.js';
import type { VerifiedRound } from '../../../src/shared/records.js';
import { figuresOf } from '../../../src/background/game-figures.js';
import type { SupportedGameId } from '../../../src/core/index.js';
import { gameReturns as returnsOfFigures } from '../../../src/ui/luck/returns.js';

/** The returns of a list of verified rounds, through the figures the worker keeps of them. */
const gameReturns = (gameId: SupportedGameId, rounds: readonly VerifiedRound[]) => returnsOfFigures(gameId, figuresOf(gameId, rounds));

const ONE_PICK = { 0: 0, 1: 3.96 };
const TWO_PICKS = { 0: 0, 1: 1.9, 2: 4.5 };

function keno(picks: number, hits: number, stake: string, multiplier: string): VerifiedRound {
  const payout = String(Number(stake) * Number(multiplier));
  return { outcome: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], picks, hits, stake, payout, multiplier };
}

describe('gameReturns', () => {
  it('roulette: realised return over the rounds with both amounts, against 36/37 or 36/38', () => {
    const rounds: VerifiedRound[] = [
      { outcome: '1', stake: '1.00', payout: '2.00' },
      { outcome: '2', stake: '3', payout: '0' },
      { outcome: '3', stake: '1' }, // no payout: not counted
      { outcome: '4' },
      { outcome: '5', stake: '5', payout: '10', amountsDisputed: true },
    ];
    const european = gameReturns('roulette-european', rounds);
    expect(european.realised.rounds).toBe(2);
    expect(european.realised.rtp).toEqual(ratio(1n, 2n));
    expect(european.disputed).toBe(1);
    expect(european.theoretical).toEqual(ratio(36n, 37n));
    expect(gameReturns('roulette-american', rounds).theoretical).toEqual(ratio(36n, 38n));
    expect(gameReturns('roulette-european', []).realised.rounds).toBe(0);
  });

  it('keno: learns the table per picks count and weighs the exact RTPs by stake when every table is complete', () => {
    const rounds = [keno(1, 0, '1.00', '0'), keno(1, 1, '1.00', '3.96'), keno(2, 0, '3.00', '0'), keno(2, 1, '1.00', '1.9'), keno(2, 2, '1.00', '4.5')];
    const result = gameReturns('keno', rounds);
    expect(result.keno!.learnt.tables).toEqual([
      { picks: 1, multipliers: ONE_PICK },
      { picks: 2, multipliers: TWO_PICKS },
    ]);
    const one = kenoRtp(1, ONE_PICK);
    const two = kenoRtp(2, TWO_PICKS);
    expect(result.keno!.rtps).toEqual([one, two]);
    // Stakes: 2 on one pick, 5 on two picks.
    if (!one.complete || !two.complete) throw new Error('tables should be complete');
    const expected = (2 * one.rtp.value + 5 * two.rtp.value) / 7;
    expect(result.theoretical!.value).toBeCloseTo(expected, 12);
    expect(result.realised.rtp!.value).toBeCloseTo((3.96 + 1.9 + 4.5) / 7, 12);
  });

  it('keno: no theoretical figure while a table played is incomplete, and conflicts stay out of the table', () => {
    const rounds = [keno(1, 0, '1', '0'), keno(1, 1, '1', '3.96'), keno(3, 1, '1', '1'), keno(3, 1, '1', '1.1')];
    const result = gameReturns('keno', rounds);
    expect(result.theoretical).toBeUndefined();
    expect(result.keno!.learnt.conflicts).toMatchObject([{ picks: 3, hits: 1, multipliers: [1, 1.1] }]);
    const three = result.keno!.rtps.find((r) => r.picks === 3)!;
    expect(three.complete).toBe(false);
    if (!three.complete) expect(three.unknownHits).toEqual([0, 1, 2, 3]);
  });

  it('keno: a round without its multiplier or picks counts for the realised return but teaches no payout', () => {
    const result = gameReturns('keno', [{ outcome: [1], stake: '2', payout: '0' }, { outcome: [1], picks: 1, hits: 0, stake: '1', payout: '0' }]);
    expect(result.realised.rounds).toBe(2);
    expect(result.keno!.learnt.tables).toEqual([]);
    expect(result.theoretical).toBeUndefined();
  });
});
