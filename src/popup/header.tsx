// The top of the popup: trouble first (storage, floods, a failed self-test), then one headline that
// says what matters (headline.ts), then the counts that are not zero. Definitions, the self-test's
// pass and the data buttons live in the "More" view, so the round list gets most of the popup.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import type { Summary } from '../shared/records.js';
import { useEnv } from './env.js';
import { headlineOf, HEADLINE_KEYS } from './headline.js';
import { countText } from '../ui/i18n.js';
import { STATUS_COUNT_KEYS, STATUS_ORDER, storageProblemText } from '../ui/labels.js';
import { RateLimitNotices } from './rate-limit-notice.js';
import { SelfTestAlert } from './self-test.js';
import { StoreFillNotice } from './store-fill-notice.js';

/** `children` (errors, the findings) share the summary's landmark. */
export function Header({ summary, onOpenCasino, children }: { summary?: Summary; onOpenCasino?: () => void; children?: ComponentChildren }) {
  const { t } = useEnv();
  const [explained, setExplained] = useState(false);
  const headline = summary && headlineOf(summary);
  const leveled = summary ? summary.levels.witnessed + summary.levels.history : 0;
  return (
    <section class="header" aria-label={t('summaryLabel')} data-headline={headline?.kind}>
      {summary?.storageProblem && (
        <p class="banner banner-error" role="alert" tabIndex={0} data-storage-problem>
          {t('storageProblem', storageProblemText(t, summary.storageProblem))}
        </p>
      )}
      <RateLimitNotices notes={summary?.rateLimited} />
      <StoreFillNotice fill={summary?.storeFill} />
      <SelfTestAlert selfTest={summary?.selfTest} />
      {summary && headline && (
        <>
          <p class={`headline headline-${headline.tone}`} data-count={headline.count}>
            {headline.kind === 'empty' ? t('headlineEmpty') : countText(t, HEADLINE_KEYS[headline.kind], headline.count)}
          </p>
          {headline.kind === 'empty' ? (
            <div class="first-run">
              <p>{t('emptyExplained')}</p>
              <p class="habit" data-habit>
                {t('firstRunHabit')}
              </p>
              {onOpenCasino && (
                <button type="button" class="primary" data-action="open-casino" onClick={onOpenCasino}>
                  {t('openCasino')}
                </button>
              )}
            </div>
          ) : (
            <div class="tallies">
              <ul class="counts" aria-label={t('countsLabel')}>
                {STATUS_ORDER.filter((status) => summary.counts[status] > 0).map((status) => (
                  <li key={status} class={`count count-${status}`} data-status={status} data-count={summary.counts[status]}>
                    {countText(t, STATUS_COUNT_KEYS[status], summary.counts[status])}
                  </li>
                ))}
              </ul>
              {leveled > 0 && (
                <p class="levels" data-levels>
                  {t('levelsLine', [summary.levels.witnessed, summary.levels.history])}
                  <button type="button" class="link help" aria-expanded={explained} onClick={() => setExplained(!explained)}>
                    {t('levelsWhat')}
                  </button>
                </p>
              )}
            </div>
          )}
          {explained && <p class="hint explained">{t('historyExplained')}</p>}
        </>
      )}
      {children}
    </section>
  );
}
