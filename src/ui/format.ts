// Numbers on the statistics page and in the popup, in the UI language (Intl: "97.30%" in English, "97,30 %" in
// German). Each kind of figure has its own precision: a return to the cent of a percent, a chance
// to three significant digits, a count in whole numbers.
import type { Translate } from './i18n.js';

const formats = new Map<string, Intl.NumberFormat>();

function format(t: Translate, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const language = t('uiLanguage');
  const key = `${language} ${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) formats.set(key, (found = new Intl.NumberFormat(language, options)));
  return found;
}

/** A return to player or another share of money, `fraction` 0.973 → "97.30%": two decimals tell 97.30 from 97.37. */
export function returnText(t: Translate, fraction: number): string {
  return format(t, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fraction);
}

/** An advertised return as the casino printed it ("97", "97.30"): a percentage with its decimals. */
export function advertisedText(t: Translate, advertised: string): string {
  const decimals = advertised.split('.')[1]?.length ?? 0;
  return format(t, { style: 'percent', minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(Number(advertised) / 100);
}

/** Chances below this show as "< 0.001%": a string of zeros says nothing, and the "1 in" figure beside them does. */
const SMALLEST_CHANCE = 0.00001;

/** A chance, three significant digits ("25%", "0.0612%"); a tiny one as "< 0.001%", never "0.0000%". */
export function chanceText(t: Translate, probability: number): string {
  if (probability === 0) return format(t, { style: 'percent' }).format(0);
  if (probability < SMALLEST_CHANCE) return `< ${format(t, { style: 'percent', maximumSignificantDigits: 1 }).format(SMALLEST_CHANCE)}`;
  return format(t, { style: 'percent', maximumSignificantDigits: 3 }).format(probability);
}

/** A whole number with the language's grouping ("1,234" / "1.234"). */
export function integerText(t: Translate, count: number): string {
  return format(t, { maximumFractionDigits: 0 }).format(count);
}

/** A number to one decimal at most (10.8, 75): an average count. */
export function roughText(t: Translate, value: number): string {
  return format(t, { maximumFractionDigits: 1 }).format(value);
}

/** A number with exactly `decimals` decimals. */
export function decimalText(t: Translate, value: number, decimals: number): string {
  return format(t, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** A test's p-value: two significant digits, and "< 0.0001" below that. */
export function pValueText(t: Translate, p: number): string {
  return p < 0.0001 ? `< ${decimalText(t, 0.0001, 4)}` : `= ${format(t, { maximumSignificantDigits: 2 }).format(p)}`;
}

/** A money amount as the casino showed it: at least two decimals, up to eight (crypto stakes). */
export function amountText(t: Translate, value: number): string {
  return format(t, { minimumFractionDigits: 2, maximumFractionDigits: 8 }).format(value);
}

/** A payout multiplier: as many decimals as it has (1.9 → "1.9"). */
export function multiplierText(t: Translate, value: number): string {
  return `${format(t, { maximumFractionDigits: 8 }).format(value)}×`;
}
