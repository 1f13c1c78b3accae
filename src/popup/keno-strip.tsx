// Keno numbers in a round's row: the drawn numbers in one line. Hits are green; a number the seeds
// and the casino disagree on is marked by kind (struck through: shown but not drawn; dashed: drawn
// but not shown), never by colour alone; the strip carries its text equivalent for screen readers.
import { useEnv } from './env.js';
import { kenoMarksText, type KenoMark, type KenoMarks } from './keno-marks.js';

/** The classes of one number, shared with the board (popup.css draws them). */
export function cellClass(mark: KenoMark): string {
  let name = 'keno-cell';
  if (mark.drawn) name += ' is-drawn';
  if (mark.picked) name += ' is-picked';
  if (mark.hit) name += ' is-hit';
  if (mark.difference) name += ` is-${mark.difference}`;
  return name;
}

/** At most this many numbers fit one row line at the popup's width beside a short note. */
export const STRIP_MAX = 12;

/** The drawn numbers (and any shown in their place) in one line, or nothing when they do not fit. */
export function KenoStrip({ marks }: { marks: KenoMarks }) {
  const { t } = useEnv();
  const numbers = marks.cells.filter((mark) => mark.drawn || mark.difference);
  if (numbers.length === 0 || numbers.length > STRIP_MAX) return null;
  return (
    <span class="keno-strip" role="img" aria-label={kenoMarksText(marks, t)}>
      {numbers.map((mark) => (
        <span key={mark.number} class={cellClass(mark)} data-number={mark.number}>
          {mark.number}
        </span>
      ))}
    </span>
  );
}
