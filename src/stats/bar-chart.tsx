// A bar chart of counts as SVG drawn by Preact (no chart library: ~40 bars need none), with the
// same data as a <table> one toggle away, because a chart alone is no use to a screen reader or for
// reading exact values. The chart is focusable and named, so keyboard users reach and hear it
// (`tabindex` lower-case: on SVG Preact sets attributes as written, and SVG attributes are case-sensitive).
import { useState } from 'preact/hooks';
import { useEnv } from '../popup/env.js';

export interface BarChartProps {
  /** Names the chart and its table ("European roulette: how often each number came up"). */
  title: string;
  labels: string[];
  counts: number[];
  /** Drawn as a dashed line: the count every bar would have if the draws were perfectly even. */
  expected?: number;
}

const BAR = 16;
const GAP = 4;
const HEIGHT = 160;
const AXIS = 18;

export function BarChart({ title, labels, counts, expected }: BarChartProps) {
  const { t } = useEnv();
  const [asTable, setAsTable] = useState(false);
  const top = Math.max(1, expected ?? 0, ...counts);
  const y = (value: number) => HEIGHT - (value / top) * HEIGHT;
  const width = labels.length * (BAR + GAP);
  return (
    <figure class="chart">
      <button type="button" class="link" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
        {t('statsTableView')}
      </button>
      {asTable ? (
        <table class="chart-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('statsNumber')}</th>
              <th scope="col">{t('statsCount')}</th>
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
        <svg class="bars" role="img" tabindex={0} aria-label={t('statsChartLabel', [title, String(labels.length)])} viewBox={`0 0 ${width} ${HEIGHT + AXIS}`}>
          <title>{title}</title>
          {labels.map((label, i) => (
            <g key={label} data-label={label} data-count={counts[i]}>
              <rect class="bar" x={i * (BAR + GAP)} y={y(counts[i]!)} width={BAR} height={HEIGHT - y(counts[i]!)} />
              <text class="bar-label" x={i * (BAR + GAP) + BAR / 2} y={HEIGHT + AXIS - 4}>
                {label}
              </text>
            </g>
          ))}
          {expected !== undefined && expected > 0 && <line class="expected" x1={0} x2={width} y1={y(expected)} y2={y(expected)} />}
        </svg>
      )}
    </figure>
  );
}
