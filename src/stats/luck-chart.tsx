// Fair play's distribution of the net result as an SVG histogram, the player's result marked. Drawn
// in a viewBox scaled to the width shown (readable from 420 px up: few labels, large type); the
// numbers are in the figure's caption, which the picture is labelled by.
import type { LuckPercentile } from '../core/luck/percentile.js';
import { useEnv } from '../ui/env.js';
import { amountText, integerText } from '../ui/format.js';

const WIDTH = 600;
const HEIGHT = 220;
const PAD = { left: 10, right: 10, top: 28, bottom: 40 };

export function LuckChart({ percentile, captionId }: { percentile: LuckPercentile; captionId: string }) {
  const { t } = useEnv();
  const { bins } = percentile;
  const low = bins[0]!.from;
  const high = bins.at(-1)!.to;
  const span = high - low || 1;
  const x = (net: number) => PAD.left + ((net - low) / span) * (WIDTH - PAD.left - PAD.right);
  const top = Math.max(...bins.map((bin) => bin.probability)) || 1;
  const plot = HEIGHT - PAD.top - PAD.bottom;
  const actual = percentile.actualNet.value;
  const mark = x(Math.min(high, Math.max(low, actual)));
  const anchor = mark < WIDTH * 0.2 ? 'start' : mark > WIDTH * 0.8 ? 'end' : 'middle';
  return (
    <svg class="luck-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={captionId} preserveAspectRatio="xMidYMid meet">
      {bins.map((bin, i) => {
        const left = x(bin.from);
        const right = i + 1 < bins.length ? x(bins[i + 1]!.from) : x(bin.to) + 1;
        const h = (bin.probability / top) * plot;
        return <rect key={i} class="luck-bar" x={left} y={PAD.top + plot - h} width={Math.max(1, right - left - 1)} height={h} />;
      })}
      <line class="luck-axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={PAD.top + plot} y2={PAD.top + plot} />
      <line class="luck-mark" x1={mark} x2={mark} y1={PAD.top - 6} y2={PAD.top + plot} data-net={actual} />
      <text class="luck-mark-label" x={mark} y={PAD.top - 10} text-anchor={anchor}>
        {t('luckYours')}: {amountText(t, actual)}
      </text>
      <text x={PAD.left} y={HEIGHT - 20} text-anchor="start">
        {amountText(t, low)}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 20} text-anchor="end">
        {amountText(t, high)}
      </text>
      <text x={WIDTH / 2} y={HEIGHT - 4} text-anchor="middle">
        {t('luckAxis')} ({integerText(t, percentile.rounds)})
      </text>
    </svg>
  );
}
