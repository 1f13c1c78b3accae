// Reads a stake, payout or multiplier as the page shows it ("$1.50", "1,50 €", "1 234,50 €",
// "0.00012 BTC", "3.5×") into plain decimal text ("1.50", "0.00012", "3.5"). The digits are kept as shown; only
// a currency mark, a "×" and the decimal separator are normalised. A figure that could be read
// two ways ("1.500" is 1.5 in English and 1500 in German) is no value: missing, never guessed.

export type AmountKind = 'money' | 'multiplier';

/** The schema's shape for these fields (shared/messages.ts): decimal digits, one optional point. */
export const DECIMAL_AMOUNT = /^\d{1,20}(?:\.\d{1,20})?$/;
const MAX_SHOWN = 64;

// One currency mark before or after the number: a symbol (the casino's languages' own too: lira,
// real, forint, yen), or a code of 3–5 capital letters (USD, EUR, BTC, USDT). Anything else around
// the number makes it unreadable.
const CURRENCY_BEFORE = /^(?:[$€£¥₿₺]|R\$|[A-Z]{3,5})\s?(?=\d)/u;
const CURRENCY_AFTER = /(?<=\d)\s?(?:[$€£¥₿₺円]|Ft|[A-Z]{3,5})$/u;
const TIMES_BEFORE = /^[x×X]\s?(?=\d)/u;
const TIMES_AFTER = /(?<=\d)\s?[x×X]$/u;

const PLAIN = /^\d+(?:\.\d+)?$/;
const DECIMAL_COMMA = /^\d+,\d+$/;
/** "1.500" / "1,500": one separator, 3 digits after, a non-zero lead of 1–3 digits. */
const EITHER_WAY = /^[1-9]\d{0,2}[.,]\d{3}$/;
const EN_GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const DE_GROUPED = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;
/** French, Hungarian, Polish… group with a (narrow) no-break space, already made a plain one: a space is never the decimal separator. */
const SPACE_GROUPED = /^\d{1,3}(?: \d{3})+(?:[.,]\d+)?$/;

/** The separator-normalised number, or undefined when the text is not exactly one readable figure. */
function readNumber(text: string): string | undefined {
  if (EITHER_WAY.test(text)) return undefined;
  if (PLAIN.test(text)) return text;
  if (DECIMAL_COMMA.test(text)) return text.replace(',', '.');
  if (EN_GROUPED.test(text)) return text.replace(/,/g, '');
  if (DE_GROUPED.test(text)) return text.replace(/\./g, '').replace(',', '.');
  if (SPACE_GROUPED.test(text)) return text.replace(/ /g, '').replace(',', '.');
  return undefined;
}

/**
 * Decimal text for a shown amount, or undefined. JSON values are read strictly (a JSON number
 * always uses "." and never groups digits); page text may carry a currency mark and grouping.
 */
export function readAmount(shown: string, kind: AmountKind, source: 'dom' | 'json'): string | undefined {
  if (typeof shown !== 'string' || shown.length > MAX_SHOWN) return undefined;
  const spaced = shown.replace(/[\s\u00a0\u202f]+/gu, ' ').trim();
  const text = kind === 'money' ? spaced.replace(CURRENCY_BEFORE, '').replace(CURRENCY_AFTER, '') : spaced.replace(TIMES_BEFORE, '').replace(TIMES_AFTER, '');
  const number = source === 'json' ? (PLAIN.test(text) ? text : undefined) : readNumber(text);
  return number !== undefined && DECIMAL_AMOUNT.test(number) ? number : undefined;
}
