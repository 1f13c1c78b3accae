// Every uint32 read from SHAKE256(round signature), with what rejection sampling did with it, and
// what each column means in words.
import { gameShapeOf, pocketOf, type DrawStep } from '../core/index.js';
import { useEnv } from './env.js';

/** The column headings' keys, each with the key of its explanation. */
const COLUMNS: [heading: string, term?: string][] = [
  ['drawIndex'],
  ['drawValue', 'termValue'],
  ['drawOutcomes', 'termOutcomes'],
  ['drawLimit', 'termLimit'],
  ['drawStatus', 'termStatus'],
  ['drawSampled', 'termSampled'],
  ['drawPicked', 'termPicked'],
];

/** What an accepted draw gave: a draw's board number, or a wheel's number (37 is "00"); nothing the table can name for another game. */
function resultOf(draw: DrawStep, gameId: string): string {
  if (draw.picked !== undefined) return String(draw.picked);
  if (draw.sampled !== undefined && gameShapeOf(gameId).kind === 'wheel') return pocketOf(draw.sampled);
  return '—';
}

export function DrawTable({ draws, gameId }: { draws: DrawStep[]; gameId: string }) {
  const { t } = useEnv();
  return (
    <>
      <div class="table-scroll" role="region" aria-label={t('drawsCaption')} tabIndex={0}>
        <table class="draws">
          <caption>{t('drawsCaption')}</caption>
          <thead>
            <tr>
              {COLUMNS.map(([heading]) => (
                <th key={heading} scope="col">
                  {t(heading)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {draws.map((draw) => (
              <tr key={draw.index} class={draw.accepted ? '' : 'rejected'} data-accepted={String(draw.accepted)}>
                <td>{draw.index}</td>
                <td>{draw.value}</td>
                <td>{draw.outcomes}</td>
                <td>{draw.limit}</td>
                <td>{draw.accepted ? t('drawAccepted') : t('drawRejected')}</td>
                <td>{draw.sampled ?? '—'}</td>
                <td>{draw.accepted ? resultOf(draw, gameId) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl class="draw-terms">
        {COLUMNS.filter(([, term]) => term !== undefined).map(([heading, term]) => (
          <div key={heading}>
            <dt>{t(heading)}</dt>
            <dd>{t(term!)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
