// Small games listed outcome by outcome, for the luck tests: every draw of a small keno board,
// every pocket of a wheel, and the net result of every combination of rounds.
import { add, decimalRatio, multiply, ratio, subtract, type Ratio } from '../../../src/core/rtp/fraction.js';

export function* subsets(n: number, size: number, start = 0): Generator<number[]> {
  if (size === 0) {
    yield [];
    return;
  }
  for (let first = start; first <= n - size; first++) for (const rest of subsets(n, size - 1, first + 1)) yield [first, ...rest];
}

/** One round's net result per equally likely elementary outcome (a draw, a pocket). */
export type ElementaryRound = Ratio[];

/** A small keno round: every draw of `drawn` of `board` numbers against picks 0…picks−1, paid multipliers[hits] × stake. */
export function kenoDraws(board: number, drawn: number, picks: number, stake: string, multipliers: Record<number, string>): ElementaryRound {
  const s = decimalRatio(stake);
  return [...subsets(board, drawn)].map((draw) => {
    const hits = draw.filter((n) => n < picks).length;
    return subtract(multiply(s, decimalRatio(multipliers[hits]!)), s);
  });
}

/** A roulette bet covering `covered` pockets of `pockets`, paying r:1. */
export function wheelPockets(pockets: number, covered: readonly number[], payout: number, stake: string): ElementaryRound {
  const s = decimalRatio(stake);
  return Array.from({ length: pockets }, (_, pocket) => (covered.includes(pocket) ? multiply(s, ratio(BigInt(payout))) : subtract(ratio(0n), s)));
}

/** Every combination of the rounds' elementary outcomes: the exact law of the total as net text → chance. */
export function totalLaw(rounds: readonly ElementaryRound[]): Map<string, { net: Ratio; probability: number }> {
  let law = new Map<string, { net: Ratio; probability: number }>([['0/1', { net: ratio(0n), probability: 1 }]]);
  for (const round of rounds) {
    const next = new Map<string, { net: Ratio; probability: number }>();
    for (const { net, probability } of law.values()) {
      for (const outcome of round) {
        const total = add(net, outcome);
        const key = `${total.numerator}/${total.denominator}`;
        const entry = next.get(key) ?? { net: total, probability: 0 };
        entry.probability += probability / round.length;
        next.set(key, entry);
      }
    }
    law = next;
  }
  return law;
}

/** P(total ≤ net) from a listed law. */
export const atOrBelow = (law: Map<string, { net: Ratio; probability: number }>, net: Ratio): number =>
  [...law.values()].filter((entry) => entry.net.value <= net.value).reduce((sum, entry) => sum + entry.probability, 0);
