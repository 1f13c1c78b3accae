// The statistics page's sentences, in the user's language. core/statistics.ts words its own
// messages in English for the CLI and tests; here the same verdicts are said through `t`.
import { gameById, type GameShape, type RouletteRtp, type SupportedGameId } from '../core/index.js';
import type { UniformityTest } from '../core/statistics.js';
import { UNUSUAL_P_VALUE } from '../core/statistics.js';
import { countText, type Translate } from '../ui/i18n.js';
import { advertisedText, decimalText, integerText, pValueText, returnText } from '../ui/format.js';

/**
 * The suffix of a game's statistics words in _locales by its shape ("statsFairEvenKeno",
 * "statsChartRoulette"): a game that is neither a wheel nor a draw gets the neutral "…Game" words.
 */
const SHAPE_WORDS: Record<GameShape['kind'], string> = { wheel: 'Roulette', draw: 'Keno', other: 'Game' };

/** A game's statistics word: the prefix and its shape's suffix. */
export const shapeWordKey = (prefix: string, gameId: SupportedGameId): string => prefix + SHAPE_WORDS[gameById(gameId).shape.kind];

/** What the uniformity test says about a game's outcomes, as the conclusion's `data-fairness`. */
export type Fairness = 'none' | 'too-few' | 'even' | 'uneven';

export function fairnessOf(test: UniformityTest): Fairness {
  if (test.rounds === 0) return 'none';
  if (!test.reliable) return 'too-few';
  return test.pValue! >= UNUSUAL_P_VALUE ? 'even' : 'uneven';
}

/** The conclusion a player reads first: is what the rounds show consistent with a fair wheel or draw? */
export function fairnessSentence(t: Translate, test: UniformityTest): string {
  const key = (prefix: string) => shapeWordKey(prefix, test.game);
  const rounds = integerText(t, test.rounds);
  switch (fairnessOf(test)) {
    case 'none':
      return t(key('statsFairNone'));
    case 'too-few':
      // Fewer rounds than the test needs (at most a few hundred): the count needs no digit grouping.
      return countText(t, key('statsFairTooFew'), test.rounds, [integerText(t, test.roundsNeeded)]);
    case 'even':
      return t(key('statsFairEven'), rounds);
    case 'uneven':
      return t(key('statsFairUneven'), rounds);
  }
}

/** The test's own figures, for those who want them; or why there is no test yet. */
export function testDetail(t: Translate, test: UniformityTest): string {
  if (!test.reliable) return t('statsNeeded', integerText(t, test.roundsNeeded));
  return t('statsTestResult', [decimalText(t, test.statistic, 1), String(test.degreesOfFreedom), pValueText(t, test.pValue!), decimalText(t, UNUSUAL_P_VALUE, 2)]);
}

const BET_KEYS: Record<string, string> = {
  straight: 'rtpBetStraight',
  split: 'rtpBetSplit',
  street: 'rtpBetStreet',
  corner: 'rtpBetCorner',
  'first-four': 'rtpBetFirstFour',
  'top-line': 'rtpBetTopLine',
  'six-line': 'rtpBetSixLine',
  column: 'rtpBetColumn',
  dozen: 'rtpBetDozen',
  'red-black': 'rtpBetRedBlack',
  'odd-even': 'rtpBetOddEven',
  'high-low': 'rtpBetHighLow',
};

/** A roulette bet's name in the UI language. */
export function betName(t: Translate, bet: { id: string; label: string }): string {
  const key = BET_KEYS[bet.id];
  return key === undefined ? bet.label : t(key);
}

/**
 * What roulette's published payouts give back beside what the casino advertises: for the American
 * wheel the gap (advertised 97 %, the rules 94.74 %), and the one bet that gives back even less.
 */
export function rouletteRulesSentences(t: Translate, rtp: RouletteRtp): string[] {
  const common = rtp.bets.find((bet) => bet.id === 'straight')!;
  if (rtp.supportsAdvertised) return [t('statsRulesMatch', returnText(t, common.rtp.value))];
  const gap = Number(rtp.advertised) - common.rtp.value * 100;
  const sentences = [t('statsRulesBelow', [advertisedText(t, rtp.advertised), returnText(t, common.rtp.value), decimalText(t, gap, 2)])];
  const worst = rtp.bets.reduce((low, bet) => (bet.rtp.value < low.rtp.value ? bet : low));
  if (worst.rtp.value < common.rtp.value) sentences.push(t('statsRulesWorstBet', [betName(t, worst), returnText(t, worst.rtp.value)]));
  return sentences;
}
