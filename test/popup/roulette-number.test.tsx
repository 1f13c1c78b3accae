// @vitest-environment jsdom
// A roulette number chip: its wheel colour as a class and in words, in both languages.
import { afterEach, expect, test } from 'vitest';
import { RouletteNumber } from '../../src/popup/roulette-number.js';
import { renderPicture } from './picture-render.js';

afterEach(() => document.body.replaceChildren());

test.each([
  ['0', 'green', '0, green', '0, grün'],
  ['00', 'green', '00, green', '00, grün'],
  ['1', 'red', '1, red', '1, rot'],
  ['2', 'black', '2, black', '2, schwarz'],
  ['36', 'red', '36, red', '36, rot'],
])('%s is %s, named "%s" / "%s"', (pocket, colour, english, german) => {
  for (const [language, name] of [['en', english], ['de', german]] as const) {
    const chip = renderPicture(<RouletteNumber pocket={pocket} />, language).querySelector<HTMLElement>('.pocket')!;
    expect(chip.textContent).toBe(pocket);
    expect(chip.classList.contains(`pocket-${colour}`)).toBe(true);
    expect(chip.dataset.colour).toBe(colour);
    expect(chip.getAttribute('role')).toBe('img');
    expect(chip.getAttribute('aria-label')).toBe(name);
  }
});

test('the casino\'s differing number is crossed out, not only coloured', () => {
  const chip = renderPicture(<RouletteNumber pocket="5" struck />).querySelector('.pocket')!;
  expect(chip.classList.contains('pocket-struck')).toBe(true);
});
