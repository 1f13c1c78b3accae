// @vitest-environment jsdom
// The keno board and the row strip: hits green (class is-hit), differences marked by kind, and the
// whole picture in words for screen readers.
import { afterEach, expect, test } from 'vitest';
import { KenoBoard } from '../../src/popup/keno-board.js';
import { KenoStrip, STRIP_MAX } from '../../src/popup/keno-strip.js';
import { kenoMarks } from '../../src/popup/keno-marks.js';
import { renderPicture } from './picture-render.js';

afterEach(() => document.body.replaceChildren());

const SEEDS = [2, 5, 9, 12, 14, 17, 22, 30, 33, 38];
const numbers = (root: ParentNode, selector: string) => Array.from(root.querySelectorAll(selector)).map((cell) => Number(cell.textContent));

test('the board: 40 numbers in 8 columns, drawn filled, picks ringed, hits green, with a legend of what is used', () => {
  const root = renderPicture(<KenoBoard marks={kenoMarks(SEEDS, SEEDS, [1, 5, 12])} />);
  const board = root.querySelector('.keno-board')!;
  expect(numbers(board, '.keno-cell')).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  expect(numbers(board, '.is-drawn')).toEqual(SEEDS);
  expect(numbers(board, '.is-picked')).toEqual([1, 5, 12]);
  expect(numbers(board, '.is-hit')).toEqual([5, 12]);
  expect(board.getAttribute('role')).toBe('img');
  expect(board.getAttribute('aria-label')).toContain('Hits: 5, 12 (2 of 3 picks).');
  const legend = root.querySelector('.keno-legend')!;
  expect(legend.getAttribute('aria-hidden')).toBe('true');
  expect(legend.textContent).toBe('drawnyour pickhit');
});

test('a mismatch board marks both kinds of difference, and its legend and words say which is which (German too)', () => {
  const shown = [2, 5, 9, 12, 14, 17, 22, 30, 33, 39];
  const root = renderPicture(<KenoBoard marks={kenoMarks(SEEDS, shown, undefined)} />, 'de');
  expect(numbers(root, '.keno-board .is-shown-only')).toEqual([39]);
  expect(numbers(root, '.keno-board .is-seeds-only')).toEqual([38]);
  expect(root.querySelector('.keno-legend')!.textContent).toBe('gezogenangezeigt, nicht gezogengezogen, nicht angezeigt');
  expect(root.querySelector('.keno-board')!.getAttribute('aria-label')).toBe(
    'Gezogen: 2, 5, 9, 12, 14, 17, 22, 30, 33, 38. Vom Casino angezeigt, aber von den Seeds nicht gezogen: 39. Von den Seeds gezogen, aber vom Casino nicht angezeigt: 38.',
  );
});

test('the strip: the drawn numbers (and any shown instead) in order, hits marked, with the same words', () => {
  const root = renderPicture(<KenoStrip marks={kenoMarks(SEEDS, [2, 5, 9, 12, 14, 17, 22, 30, 33, 39], [38, 39])} />);
  const strip = root.querySelector('.keno-strip')!;
  expect(numbers(strip, '.keno-cell')).toEqual([...SEEDS, 39]);
  expect(numbers(strip, '.is-hit')).toEqual([38]);
  expect(numbers(strip, '.is-shown-only')).toEqual([39]);
  expect(strip.getAttribute('aria-label')).toContain('Hits: 38 (1 of 2 picks).');
});

test('a strip that would not fit one line is left out', () => {
  const shown = Array.from({ length: 10 }, (_, i) => 40 - i).filter((n) => !SEEDS.includes(n));
  const marks = kenoMarks(SEEDS, shown, undefined);
  expect(marks.drawn.length + marks.shownOnly.length).toBeGreaterThan(STRIP_MAX);
  expect(renderPicture(<KenoStrip marks={marks} />).querySelector('.keno-strip')).toBeNull();
});
