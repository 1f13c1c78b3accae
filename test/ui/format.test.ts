// The statistics page's numbers in the UI language: percent signs and separators from Intl, a
// precision per kind of figure, and no "0.0000 %" for a chance that is small but real.
import { describe, expect, test } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import en from '../../src/_locales/en/messages.json';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { advertisedText, chanceText, integerText, multiplierText, pValueText, returnText } from '../../src/ui/format.js';

const english = translatorFrom(en as Record<string, LocaleEntry>);
const german = translatorFrom(de as Record<string, LocaleEntry>);

describe('statistics page numbers', () => {
  test('returns to the hundredth of a percent, advertised figures with the casino’s own decimals', () => {
    expect(returnText(english, 36 / 38)).toBe('94.74%');
    expect(returnText(german, 36 / 38)).toBe('94,74\u00a0%');
    expect(advertisedText(english, '97')).toBe('97%');
    expect(advertisedText(german, '97.30')).toBe('97,30\u00a0%');
  });

  test('chances to three significant digits; below 0.001 % a floor instead of a row of zeros', () => {
    expect(chanceText(english, 0.25)).toBe('25%');
    expect(chanceText(english, 1 / 43_303)).toBe('0.00231%');
    expect(chanceText(english, 1 / 847_660_528)).toBe('< 0.001%');
    expect(chanceText(german, 1 / 847_660_528)).toBe('< 0,001\u00a0%');
    expect(chanceText(english, 0)).toBe('0%');
  });

  test('counts grouped, multipliers as precise as they are, p-values to two digits', () => {
    expect(integerText(english, 847_660_528)).toBe('847,660,528');
    expect(integerText(german, 43_303.2)).toBe('43.303');
    expect(multiplierText(german, 0.25)).toBe('0,25×');
    expect(pValueText(english, 0.3123)).toBe('= 0.31');
    expect(pValueText(german, 0.00001)).toBe('< 0,0001');
  });
});
