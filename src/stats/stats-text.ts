// The statistics page's sentences, in the user's language. core/statistics.ts words its own
// messages in English for the CLI and tests; here the same verdicts are said through `t`.
import type { UniformityTest } from '../core/statistics.js';
import { UNUSUAL_P_VALUE } from '../core/statistics.js';
import type { Translate } from '../popup/i18n.js';

export function numberFormat(t: Translate, decimals: number): Intl.NumberFormat {
  return new Intl.NumberFormat(t('uiLanguage'), { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

export function pValueText(t: Translate, p: number): string {
  return p < 0.0001 ? `< ${numberFormat(t, 4).format(0.0001)}` : `= ${new Intl.NumberFormat(t('uiLanguage'), { maximumSignificantDigits: 2 }).format(p)}`;
}

/** One plain sentence on the chi-squared test, or why there is none yet. */
export function uniformitySentence(t: Translate, test: UniformityTest): string {
  if (!test.reliable) return t('statsTooFew', [String(test.rounds), String(test.roundsNeeded)]);
  const figures = [String(test.rounds), numberFormat(t, 1).format(test.statistic), String(test.degreesOfFreedom), pValueText(t, test.pValue!)];
  return test.pValue! >= UNUSUAL_P_VALUE ? t('statsEven', figures) : t('statsUneven', figures);
}
