// A session's start and percentile as words, the same on the statistics page and in the popup.
import { tooFewToCompare } from '../../core/luck/percentile.js';
import { chanceText } from '../format.js';
import type { Translate } from '../i18n.js';
import type { Luck } from './luck.js';

export function dateText(t: Translate, at: number): string {
  return new Intl.DateTimeFormat(t('uiLanguage'), { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

export function percentText(t: Translate, luck: Luck): string {
  const p = luck.percentile!;
  return p.atMost - p.atLeast > 0.0005 ? t('luckRange', [chanceText(t, p.atLeast), chanceText(t, p.atMost)]) : chanceText(t, p.atLeast);
}

/** A session's percentile as its table cell and popup line say it: the figure, too few rounds, or none at all (no round of known bet). */
export function percentileWords(t: Translate, luck: Luck | undefined): string {
  if (luck === undefined || (luck.percentile === undefined && !luck.tooFew)) return t('sessionsNoPercentile');
  return shown(luck) ? percentText(t, luck) : t('sessionsTooFew');
}

/** A percentile worth showing: there is one, over enough rounds with a spread. */
export const shown = (luck: Luck | undefined) => (luck?.percentile && !luck.tooFew && tooFewToCompare(luck.percentile) === undefined ? luck.percentile : undefined);
