// The statistics page's sessions: the latest ones listed with net result, rounds, witnessed share
// and percentile, and a luck-over-time line through their percentiles. A long history lists only
// the latest (a table of 100 000 rows would hold the page for seconds); a date range reaches any.
import type { Session } from '../core/luck/sessions.js';
import { useEnv } from '../ui/env.js';
import { amountText, chanceText, integerText } from '../ui/format.js';
import type { Luck } from '../ui/luck/luck.js';
import { dateText, percentileWords, percentText, shown } from '../ui/luck/session-text.js';

function LuckOverTime({ sessions, lucks }: { sessions: readonly Session[]; lucks: readonly (Luck | undefined)[] }) {
  const { t } = useEnv();
  const points = lucks.flatMap((luck, i) => {
    const percentile = shown(luck);
    return percentile ? [{ i, p: percentile.atLeast }] : [];
  });
  if (points.length < 2) return null;
  const width = 600;
  const height = 160;
  const x = (i: number) => 10 + (i / Math.max(1, sessions.length - 1)) * (width - 20);
  const y = (p: number) => 10 + (1 - p) * (height - 30);
  const values = points.map((point) => point.p);
  const first = dateText(t, sessions[points[0]!.i]!.start);
  const last = dateText(t, sessions[points.at(-1)!.i]!.start);
  return (
    <figure class="luck-over-time">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="luck-over-time-caption" class="luck-line">
        <line class="luck-axis" x1={10} x2={width - 10} y1={y(0.5)} y2={y(0.5)} stroke-dasharray="4 4" />
        <polyline class="luck-trend" fill="none" points={points.map(({ i, p }) => `${x(i)},${y(p)}`).join(' ')} />
        {points.map(({ i, p }) => (
          <circle key={i} class="luck-dot" cx={x(i)} cy={y(p)} r={3} />
        ))}
        <text x={10} y={height - 4}>{first}</text>
        <text x={width - 10} y={height - 4} text-anchor="end">
          {last}
        </text>
      </svg>
      <figcaption id="luck-over-time-caption">
        {t('luckOverTime')}. {t('luckOverTimeCaption', [integerText(t, points.length), first, last, chanceText(t, Math.min(...values)), chanceText(t, Math.max(...values))])}
      </figcaption>
    </figure>
  );
}

/** `sessions`: the latest ones listed, `offset` the index of the first among all; `lucks` theirs, as far as computed. */
export function SessionsTable({ sessions, offset, lucks }: { sessions: readonly Session[]; offset: number; lucks: readonly (Luck | undefined)[] }) {
  const { t } = useEnv();
  return (
    <>
      <LuckOverTime sessions={sessions} lucks={lucks} />
      <div class="table-scroll" role="region" tabindex={0} aria-label={t('sessionsHeading')}>
        <table class="sessions">
          <thead>
            <tr>
              <th scope="col">{t('sessionsStart')}</th>
              <th scope="col">{t('sessionsRounds')}</th>
              <th scope="col">{t('sessionsNet')}</th>
              <th scope="col">{t('sessionsWitnessed')}</th>
              <th scope="col">{t('sessionsPercentile')}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session, i) => {
              const luck = lucks[i];
              return (
                <tr key={offset + i} data-session={offset + i} data-rounds={session.rounds} data-net={session.net.value} data-witnessed={session.witnessed} data-at-least={shown(luck)?.atLeast}>
                  <td>{dateText(t, session.start)}</td>
                  <td>{integerText(t, session.rounds)}</td>
                  <td>{amountText(t, session.net.value)}</td>
                  <td>{chanceText(t, session.witnessed / session.rounds)}</td>
                  <td>{percentileWords(t, luck)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
