// The keno board of the round detail: the 40 numbers as the casino lays them out, with the
// draw, the picks, the hits and any differences marked (keno-strip.tsx has the marks), a legend,
// and the whole picture in words for screen readers.
import { useEnv } from './env.js';
import { kenoMarksText, type KenoMarks } from './keno-marks.js';
import { cellClass } from './keno-strip.js';

/** The board as the casino lays it out (8 columns × 5 rows), with a legend of the marks in use. */
export function KenoBoard({ marks }: { marks: KenoMarks }) {
  const { t } = useEnv();
  const legend: [string, string][] = [['is-drawn', t('kenoLegendDrawn')]];
  if (marks.picks.length > 0) legend.push(['is-picked', t('kenoLegendPicked')], ['is-drawn is-picked is-hit', t('kenoLegendHit')]);
  if (marks.shownOnly.length > 0) legend.push(['is-shown-only', t('kenoLegendShownOnly')]);
  if (marks.seedsOnly.length > 0) legend.push(['is-drawn is-seeds-only', t('kenoLegendSeedsOnly')]);
  return (
    <figure class="keno">
      <div class="keno-board" role="img" aria-label={kenoMarksText(marks, t)}>
        {marks.cells.map((mark) => (
          <span key={mark.number} class={cellClass(mark)} data-number={mark.number}>
            {mark.number}
          </span>
        ))}
      </div>
      <figcaption class="keno-legend" aria-hidden="true">
        {legend.map(([kind, label]) => (
          <span key={kind} class="keno-legend-item">
            <span class={`keno-cell keno-swatch ${kind}`} />
            {label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
