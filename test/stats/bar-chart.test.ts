// The chart's axes: round gridline steps, and which numbers are written under the bars when they
// are too narrow for all of them (a 420 px window gives each of 37 bars about 9 px).
import { describe, expect, test } from 'vitest';
import { gridStep, labelledBars } from '../../src/stats/bar-chart.js';

const roulette = Array.from({ length: 37 }, (_, i) => String(i));
const american = [...roulette, '00'];
const keno = Array.from({ length: 40 }, (_, i) => String(i + 1));

describe('bar chart axes', () => {
  test('gridlines at 1, 2, 5 × a power of ten, about four of them', () => {
    expect(gridStep(1)).toBe(1);
    expect(gridStep(3)).toBe(1);
    expect(gridStep(18)).toBe(5);
    expect(gridStep(90)).toBe(50);
    expect(gridStep(400)).toBe(100);
  });

  test('every number when the bars are wide enough', () => {
    expect(labelledBars(roulette, 24)).toEqual(roulette.map((_, i) => i));
  });

  test('every 5th number on narrow bars, never two labels closer than their width', () => {
    expect(labelledBars(roulette, 9.3).map((i) => roulette[i])).toEqual(['0', '5', '10', '15', '20', '25', '30', '35']);
    expect(labelledBars(keno, 8.6).map((i) => keno[i])).toEqual(['1', '5', '10', '15', '20', '25', '30', '35', '40']);
    // American roulette's last number, 00, takes the place of 35 beside it.
    expect(labelledBars(american, 9).map((i) => american[i])).toEqual(['0', '5', '10', '15', '20', '25', '30', '00']);
    expect(labelledBars(roulette, 12).map((i) => roulette[i])).toEqual(['0', '2', '4', '6', '8', '10', '12', '14', '16', '18', '20', '22', '24', '26', '28', '30', '32', '34', '36']);
  });
});
