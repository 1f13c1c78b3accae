import { pickUniquePositions } from '../sampling.js';
import type { GameDefinition, Outcome, ParsedDisplay } from './game.js';

export const KENO_BOARD = 40;
export const KENO_DRAWS = 10;
/** A player picks 1…10 numbers. */
export const KENO_MAX_PICKS = 10;

/** Reads 10 distinct numbers of 1…40 from an array, chips or text like "4, 8, 15"; any order. */
export function parseKenoNumbers(shown: unknown, label = 'drawn numbers'): ParsedDisplay {
  let items: unknown[];
  if (Array.isArray(shown)) items = shown;
  else if (typeof shown === 'string') items = shown.trim() === '' ? [] : shown.trim().split(/[\s,;|/]+/).filter(Boolean);
  else return { ok: false, reason: `${label} must be a list of numbers`, code: 'not-list' };

  const numbers: number[] = [];
  for (const item of items) {
    let value: number;
    // A JSON number needs no text check: an integer of 0…99 is what /^\d{1,2}$/ accepts of its text.
    if (typeof item === 'number' && Number.isInteger(item) && item >= 0 && item <= 99) value = item;
    else {
      const text = typeof item === 'number' ? String(item) : typeof item === 'string' ? item.trim() : '';
      if (!/^\d{1,2}$/.test(text)) {
        const shown = typeof item === 'string' || typeof item === 'number' ? String(item).slice(0, 20) : item === null ? 'null' : typeof item;
        return { ok: false, reason: `${label}: "${shown}" is not a number of 1…${KENO_BOARD}`, code: 'not-number', value: shown, limit: KENO_BOARD };
      }
      value = Number(text);
    }
    if (value < 1 || value > KENO_BOARD) {
      return { ok: false, reason: `${label}: ${value} is not on the board (1…${KENO_BOARD})`, code: 'off-board', value: String(value), limit: KENO_BOARD };
    }
    numbers.push(value);
  }
  if (numbers.length !== KENO_DRAWS) {
    return { ok: false, reason: `${label}: expected ${KENO_DRAWS} numbers, got ${numbers.length}`, code: 'count', value: String(numbers.length), limit: KENO_DRAWS };
  }
  const sorted = numbers.sort((a, b) => a - b);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] === sorted[i - 1]) return { ok: false, reason: `${label}: ${sorted[i]} appears twice`, code: 'repeated', value: String(sorted[i]) };
  }
  return { ok: true, outcome: sorted };
}

export const keno: GameDefinition = {
  id: 'keno',
  label: 'Keno',
  names: ['originals keno', 'cloudbet keno'],
  shape: { kind: 'draw', drawn: KENO_DRAWS, board: KENO_BOARD, maxPicks: KENO_MAX_PICKS },
  cli: { names: ['keno'], range: `${KENO_DRAWS} of 1…${KENO_BOARD}` },
  usualDraws: KENO_DRAWS,
  // The seeds: pick 10 unique positions of 40, add 1, sort ascending.
  draw(source, steps) {
    const numbers = pickUniquePositions(KENO_DRAWS, KENO_BOARD, source, steps);
    // +1 and an insertion sort in place: ten numbers, every round of a large file.
    for (let i = 0; i < numbers.length; i++) {
      const value = numbers[i]! + 1;
      let j = i;
      for (; j > 0 && numbers[j - 1]! > value; j--) numbers[j] = numbers[j - 1]!;
      numbers[j] = value;
    }
    return numbers;
  },
  parseDisplayed: (shown) => parseKenoNumbers(shown),
  format: (outcome: Outcome) => (Array.isArray(outcome) ? outcome.join(' ') : String(outcome)),
  // Each drawn number − 1.
  bins: KENO_BOARD,
  outcomeBins: (outcome) => (Array.isArray(outcome) ? outcome.map((number) => number - 1) : undefined),
  binLabel: (bin) => String(bin + 1),
};
