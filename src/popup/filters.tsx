// Filters of the round list: by game (the games the worker has seen) and by verdict.
import type { VerdictStatus } from '../core/index.js';
import type { RoundFilter } from '../shared/records.js';
import { useEnv } from './env.js';
import { GameOptions } from '../ui/bits.js';
import { STATUS_ORDER, statusLabel } from '../ui/labels.js';

export function Filters({ filter, games, onChange }: { filter: RoundFilter; games: string[]; onChange: (filter: RoundFilter) => void }) {
  const { t } = useEnv();
  const set = (change: RoundFilter) => {
    const next = { ...filter, ...change };
    // The worker's filter schema is strict: absent, not empty, means "any".
    onChange(Object.fromEntries(Object.entries(next).filter(([, value]) => value)) as RoundFilter);
  };
  return (
    <div class="filters" role="group" aria-label={t('filtersLabel')}>
      <label>
        <span>{t('filterGame')}</span>
        <select name="game" value={filter.gameId ?? ''} onChange={(event) => set({ gameId: event.currentTarget.value || undefined })}>
          <GameOptions ids={games} emptyLabel={t('filterAllGames')} />
        </select>
      </label>
      <label>
        <span>{t('filterStatus')}</span>
        <select
          name="status"
          value={filter.status ?? ''}
          onChange={(event) => set({ status: (event.currentTarget.value || undefined) as VerdictStatus | undefined })}
        >
          <option value="">{t('filterAllStatuses')}</option>
          {STATUS_ORDER.map((status) => (
            <option key={status} value={status}>
              {statusLabel(t, status)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
