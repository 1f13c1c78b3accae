// Every uint32 read from SHAKE256(round signature), with what rejection sampling did with it.
import type { DrawStep } from '../core/index.js';
import { useEnv } from './env.js';

export function DrawTable({ draws }: { draws: DrawStep[] }) {
  const { t } = useEnv();
  return (
    <div class="table-scroll" role="region" aria-label={t('drawsCaption')} tabIndex={0}>
      <table class="draws">
        <caption>{t('drawsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('drawIndex')}</th>
            <th scope="col">{t('drawValue')}</th>
            <th scope="col">{t('drawOutcomes')}</th>
            <th scope="col">{t('drawLimit')}</th>
            <th scope="col">{t('drawStatus')}</th>
            <th scope="col">{t('drawSampled')}</th>
            <th scope="col">{t('drawPicked')}</th>
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
              <td>{draw.picked ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
