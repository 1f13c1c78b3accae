// Amounts and times in the UI language, as the casino shows them: money with at least two decimals
// ("1.00", German "1,00"), the multiplier with a "×" ("0.00×"). The stored decimal text is
// formatted as it is (Intl reads a numeric string exactly), never through a float.
import type { Translate } from '../ui/i18n.js';

function decimal(t: Translate, value: string): string {
  try {
    return new Intl.NumberFormat(t('uiLanguage'), { minimumFractionDigits: 2, maximumFractionDigits: 20 }).format(value as `${number}`);
  } catch {
    return value;
  }
}

export const moneyText = (t: Translate, value: string): string => decimal(t, value);

export const multiplierText = (t: Translate, value: string): string => `${decimal(t, value)}×`;

/** Date and time in the UI language ("1 May 2024, 14:30:05"). */
export function dateTimeText(t: Translate, at: number): string {
  return new Intl.DateTimeFormat(t('uiLanguage'), { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(at));
}
