// A bar chart of counts as SVG drawn by Preact (no chart library: ~40 bars need none), with the
// same data as a <table> one toggle away, because a chart alone is no use to a screen reader or for
// reading exact values. The chart is focusable and named, so keyboard users reach and hear it
// (`tabindex` lower-case: on SVG Preact sets attributes as written, and SVG attributes are case-sensitive).
//
// It is drawn at the width it is shown at (measured), not scaled from a fixed drawing: scaled, the
// numbers under 40 bars shrank to a few pixels in a narrow window. Text stays at the stylesheet's
// size, and where the bars are too narrow for every number, every 2nd, 5th or 10th is named.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useEnv } from '../ui/env.js';
import { integerText, roughText } from '../ui/format.js';

export interface BarChartProps {
  /** Names the chart and its table ("European roulette: how often each number came up"). */
  title: string;
  labels: string[];
  counts: number[];
  /** Drawn as a dashed line: the count every bar would have if the draws were perfectly even. */
  expected?: number;
  /** The y-axis title ("Times it came up"). */
  countLabel: string;
}

const PLOT_HEIGHT = 170;
/** Room above the plot for the y-axis title, and below it for the numbers and the x-axis title. */
const TOP = 26;
const BOTTOM = 44;
const RIGHT = 4;
/** A digit's width at the chart's 12 px text (.chart text in popup.css), rounded up. */
const DIGIT = 7.5;
/** The width drawn before the first measurement, and in jsdom, which lays nothing out. */
const FALLBACK_WIDTH = 640;

/** A round step for about four gridlines: 1, 2, 5, 10, 20, 50… (counts are whole numbers). */
export function gridStep(top: number): number {
  const rough = Math.max(1, top / 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough)!;
}

/**
 * Which bars get their number written under them, `slot` pixels apart: all when they fit, else
 * every 2nd, 5th or 10th number (keeping "00", American roulette's last, in place of its neighbour).
 */
export function labelledBars(labels: string[], slot: number): number[] {
  const room = Math.max(...labels.map((label) => label.length)) * DIGIT + 6;
  const step = [1, 2, 5, 10].find((every) => every * slot >= room) ?? 20;
  const shown: number[] = [];
  labels.forEach((label, i) => {
    if (i !== 0 && Number(label) % step !== 0) return;
    const previous = shown.at(-1);
    if (previous !== undefined && (i - previous) * slot < room) {
      if (i === labels.length - 1) shown[shown.length - 1] = i;
      return;
    }
    shown.push(i);
  });
  return shown;
}

export function BarChart({ title, labels, counts, expected, countLabel }: BarChartProps) {
  const { t } = useEnv();
  const [asTable, setAsTable] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => element.clientWidth > 0 && setWidth(Math.floor(element.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const step = gridStep(Math.max(1, expected ?? 0, ...counts));
  const top = Math.ceil(Math.max(1, expected ?? 0, ...counts) / step) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const left = String(top).length * DIGIT + 10;
  const slot = (width - left - RIGHT) / labels.length;
  const bar = Math.max(1, Math.min(slot * 0.72, 28));
  const y = (value: number) => TOP + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT;
  const centre = (i: number) => left + i * slot + slot / 2;
  const named = new Set(labelledBars(labels, slot));
  const height = TOP + PLOT_HEIGHT + BOTTOM;
  return (
    <figure class="chart">
      <figcaption>
        <span>{title}</span>
        <button type="button" class="link" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {t('statsTableView')}
        </button>
      </figcaption>
      <div ref={box} class="chart-box">
        {asTable ? (
          <table class="chart-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('statsNumber')}</th>
                <th scope="col">{countLabel}</th>
              </tr>
            </thead>
            <tbody>
              {labels.map((label, i) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{counts[i]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <svg class="bars" role="img" tabindex={0} aria-label={t('statsChartLabel', [title, String(labels.length)])} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
            <title>{title}</title>
            <text class="axis-title" x={0} y={TOP - 12}>
              {countLabel}
            </text>
            {ticks.map((tick) => (
              <g key={tick} class="tick">
                <line class="grid" x1={left} x2={width - RIGHT} y1={y(tick)} y2={y(tick)} />
                <text class="tick-label" x={left - 6} y={y(tick)} dy="0.35em">
                  {integerText(t, tick)}
                </text>
              </g>
            ))}
            {labels.map((label, i) => (
              <g key={label} data-label={label} data-count={counts[i]}>
                <title>{`${label}: ${counts[i]}`}</title>
                <rect class="bar" x={centre(i) - bar / 2} y={y(counts[i]!)} width={bar} height={TOP + PLOT_HEIGHT - y(counts[i]!)} />
                {named.has(i) && (
                  <>
                    <line class="axis" x1={centre(i)} x2={centre(i)} y1={TOP + PLOT_HEIGHT} y2={TOP + PLOT_HEIGHT + 4} />
                    <text class="bar-label" x={centre(i)} y={TOP + PLOT_HEIGHT + 17}>
                      {label}
                    </text>
                  </>
                )}
              </g>
            ))}
            <line class="axis" x1={left} x2={left} y1={TOP} y2={TOP + PLOT_HEIGHT} />
            <line class="axis" x1={left} x2={width - RIGHT} y1={TOP + PLOT_HEIGHT} y2={TOP + PLOT_HEIGHT} />
            <text class="axis-title" x={left + (width - RIGHT - left) / 2} y={height - 6} text-anchor="middle">
              {t('statsNumber')}
            </text>
            {expected !== undefined && expected > 0 && <line class="expected" x1={left} x2={width - RIGHT} y1={y(expected)} y2={y(expected)} />}
          </svg>
        )}
      </div>
      {expected !== undefined && expected > 0 && <p class="hint chart-legend">{t('statsExpectedLegend', roughText(t, expected))}</p>}
    </figure>
  );
}
