import { describe, expect, it } from 'vitest';
import { ratio } from '../../../src/core/rtp/fraction.js';
import { betRtp, ROULETTE_ADVERTISED_RTP, rouletteRtp, type RouletteBetId } from '../../../src/core/rtp/roulette.js';

const european = rouletteRtp('european');
const american = rouletteRtp('american');
const bet = (table: typeof european, id: RouletteBetId) => table.bets.find((b) => b.id === id)!;

describe('roulette RTP = k·(r + 1)/N from the seeds page', () => {
  it('European: every bet returns 36/37 = 97.2973 %, house edge 2.7027 %', () => {
    expect(european.outcomes).toBe(37);
    expect(european.bets).toHaveLength(11);
    for (const b of european.bets) {
      expect([b.id, b.rtp.numerator, b.rtp.denominator]).toEqual([b.id, 36n, 37n]);
      expect(b.rtpPercent).toBe('97.2973');
      expect(b.houseEdgePercent).toBe('2.7027');
    }
  });

  it('American: 36/38 = 94.7368 % on every bet but the five-number top line, 35/38 = 92.1053 %', () => {
    expect(american.outcomes).toBe(38);
    for (const b of american.bets.filter((b) => b.id !== 'top-line')) {
      expect([b.id, b.rtp.numerator, b.rtp.denominator, b.rtpPercent, b.houseEdgePercent]).toEqual([b.id, 18n, 19n, '94.7368', '5.2632']);
    }
    const topLine = bet(american, 'top-line');
    expect([topLine.numbersCovered, topLine.payout, topLine.covers]).toEqual([5, 6, '0, 00, 1, 2, 3']);
    expect([topLine.rtp.numerator, topLine.rtp.denominator, topLine.rtpPercent, topLine.houseEdgePercent]).toEqual([35n, 38n, '92.1053', '7.8947']);
  });

  it('the payout table is the one on the seeds page', () => {
    const table = european.bets.map((b) => [b.id, b.numbersCovered, b.payout]);
    expect(table).toEqual([
      ['straight', 1, 35], ['split', 2, 17], ['street', 3, 11], ['corner', 4, 8], ['first-four', 4, 8], ['six-line', 6, 5],
      ['column', 12, 2], ['dozen', 12, 2], ['red-black', 18, 1], ['odd-even', 18, 1], ['high-low', 18, 1],
    ]);
    expect(american.bets.map((b) => b.id)).toEqual(european.bets.map((b) => (b.id === 'first-four' ? 'top-line' : b.id)));
    expect(bet(european, 'first-four').covers).toBe('0, 1, 2, 3');
  });

  it('betRtp is exact', () => {
    expect(betRtp(1, 35, 37)).toEqual(ratio(36n, 37n));
    expect(betRtp(5, 6, 38)).toEqual(ratio(35n, 38n));
  });
});

describe('against the advertised figures (97.30 % European, 97 % American)', () => {
  it('European payouts support 97.30 % at its two decimals', () => {
    expect(ROULETTE_ADVERTISED_RTP).toEqual({ european: '97.30', american: '97' });
    expect(european.supportsAdvertised).toBe(true);
    const straight = bet(european, 'straight').advertised;
    expect(straight).toMatchObject({ verdict: 'matches', advertised: '97.30', computedAtAdvertisedPrecision: '97.30', computed: '97.2973' });
    expect(european.message).toBe("European roulette's published payouts return 97.2973 % on every bet, as advertised (97.30 %).");
  });

  it('American payouts do not support 97 %: 94.7368 % (2.2632 points below), top line 92.1053 %', () => {
    expect(american.supportsAdvertised).toBe(false);
    const straight = bet(american, 'straight').advertised;
    expect(straight).toMatchObject({ verdict: 'below', computedAtAdvertisedPrecision: '95', computed: '94.7368' });
    // 94.7368… − 97 = −43/19 points exactly.
    expect(straight.differencePoints).toEqual(ratio(-43n, 19n));
    expect(straight.message).toContain('below the advertised 97 % by 2.2632 percentage points');
    expect(bet(american, 'top-line').advertised).toMatchObject({ verdict: 'below', computed: '92.1053' });
    expect(american.message).toBe(
      "American roulette's published payouts return 94.7368 % on every bet except the top line (92.1053 %), so the advertised 97 % is not what the published payouts give.",
    );
  });
});

describe('cross-check: every bet laid out on the table, every outcome enumerated', () => {
  // The layout: 1…36 in 12 rows of 3 (row i = 3i+1, 3i+2, 3i+3), 0 (and 00) above row 1.
  const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
  const one = (n: number) => [String(n)];
  const sample: Record<RouletteBetId, string[]> = {
    straight: one(17),
    split: ['17', '20'],
    street: ['16', '17', '18'],
    corner: ['17', '18', '20', '21'],
    'first-four': ['0', '1', '2', '3'],
    'top-line': ['0', '00', '1', '2', '3'],
    'six-line': ['13', '14', '15', '16', '17', '18'],
    column: Array.from({ length: 12 }, (_, i) => String(3 * i + 2)),
    dozen: Array.from({ length: 12 }, (_, i) => String(13 + i)),
    'red-black': [...RED].map(String),
    'odd-even': Array.from({ length: 18 }, (_, i) => String(2 * i + 1)),
    'high-low': Array.from({ length: 18 }, (_, i) => String(19 + i)),
  };

  it.each(['european', 'american'] as const)('%s: the mean return over all outcomes equals the formula', (variant) => {
    const table = variant === 'european' ? european : american;
    const wheel = [...Array.from({ length: 37 }, (_, i) => String(i)), ...(variant === 'american' ? ['00'] : [])];
    for (const b of table.bets) {
      const covered = new Set(sample[b.id]);
      expect(covered.size).toBe(b.numbersCovered);
      const returned = wheel.reduce((sum, outcome) => sum + (covered.has(outcome) ? b.payout + 1 : 0), 0);
      expect(ratio(BigInt(returned), BigInt(wheel.length))).toEqual(b.rtp);
    }
  });
});
