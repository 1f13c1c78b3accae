// The notice for a store nearly full, or full and refusing new rounds (src/background/store-capacity.ts):
// shown before the cap is reached, asking for an export only (a sealed export keeps each round's
// trust level), and after, so a refusal is never silent: only then is clearing, after an export, the remedy.
import type { StoreFillNote } from '../shared/records.js';
import { useEnv } from './env.js';
import { countText } from '../ui/i18n.js';

export function StoreFillNotice({ fill }: { fill?: StoreFillNote }) {
  const { t } = useEnv();
  if (!fill) return null;
  const percent = String(Math.min(100, Math.floor(fill.share * 100)));
  const full = fill.refused > 0;
  return (
    <p
      class={`banner ${full ? 'banner-error' : 'banner-warning'}`}
      role="status"
      tabIndex={0}
      data-notice="store-fill"
      data-percent={percent}
      data-refused={fill.refused}
    >
      {full ? countText(t, 'storeFullNotice', fill.refused) : t('storeNearlyFullNotice', [percent, String(fill.rounds), String(fill.pairs)])}
    </p>
  );
}
