// What fair play gives for one round of a known bet: each possible net result (what was paid back
// minus the stake, exact) with its probability. Outcomes whose pay is not known (a keno cell never
// seen in the player's rounds, or seen paying two different amounts) are left out, their chance
// kept as `unknown`: the percentile is then a range, never a guess (percentile.ts).
import { KENO_MAX_PICKS } from '../games/keno.js';
import { decimalRatio, multiply, ratio, subtract, type Ratio } from '../rtp/fraction.js';
import { kenoHitDistribution, type HitProbability } from '../rtp/keno.js';
import { rouletteRtp, type RouletteBetId, type RouletteVariant } from '../rtp/roulette.js';

export interface RoundLaw {
  /** How many rounds of exactly this bet (same stake, same bet) were played. */
  rounds: number;
  /** The net result of one round per outcome whose pay is known, with its chance. */
  outcomes: { net: Ratio; probability: number }[];
  /** The chance of an outcome whose pay is not known (0 when every pay is known). */
  unknown: number;
  /** The net result of such an outcome if it paid the least any can (nothing back): −stake. */
  leastNet?: Ratio;
}

/** One keno round: `picks` numbers, `stake`, paid `multipliers[hits]` × stake (the table learnt from the rounds, core/rtp/keno.ts). */
export function kenoRoundLaw(picks: number, stake: Ratio, multipliers: Readonly<Record<number, number | string>>, rounds = 1): RoundLaw {
  if (!Number.isInteger(picks) || picks < 1 || picks > KENO_MAX_PICKS) throw new RangeError(`keno: picks must be 1…${KENO_MAX_PICKS}, got ${picks}`);
  return drawRoundLaw(kenoHitDistribution(picks), stake, multipliers, rounds);
}

/** A draw game's round from its law of hits (open, so tests can list every draw of a small board). */
export function drawRoundLaw(hitChances: readonly HitProbability[], stake: Ratio, multipliers: Readonly<Record<number, number | string>>, rounds = 1): RoundLaw {
  const outcomes: RoundLaw['outcomes'] = [];
  let unknown = 0;
  for (const { hits, probability } of hitChances) {
    const multiplier = multipliers[hits];
    if (multiplier === undefined) unknown += probability.value;
    else outcomes.push({ net: subtract(multiply(stake, decimalRatio(multiplier)), stake), probability: probability.value });
  }
  return unknown > 0 ? { rounds, outcomes, unknown, leastNet: subtract(ratio(0n), stake) } : { rounds, outcomes, unknown };
}

/** One roulette bet of `stake` on the published table (core/rtp/roulette.ts): covers k of N pockets, pays r:1. */
export function rouletteRoundLaw(variant: RouletteVariant, bet: RouletteBetId, stake: Ratio, rounds = 1): RoundLaw {
  const table = rouletteRtp(variant);
  const rule = table.bets.find((entry) => entry.id === bet);
  if (rule === undefined) throw new RangeError(`roulette: no ${bet} bet in ${variant} roulette`);
  const win = rule.numbersCovered / table.outcomes;
  return {
    rounds,
    outcomes: [
      { net: multiply(stake, ratio(BigInt(rule.payout))), probability: win },
      { net: subtract(ratio(0n), stake), probability: 1 - win },
    ],
    unknown: 0,
  };
}
