// The summary at the top: counts by verdict and by trust level, the self-test, storage trouble.
import type { Summary } from '../shared/records.js';
import { useEnv } from './env.js';
import { levelLabel, STATUS_ORDER, statusLabel, storageProblemText } from './labels.js';
import { RateLimitNotices } from './rate-limit-notice.js';
import { StoreFillNotice } from './store-fill-notice.js';

export function witnessedShare(levels: Summary['levels']): number | undefined {
  const all = levels.witnessed + levels.history;
  return all === 0 ? undefined : Math.round((levels.witnessed / all) * 100);
}

function SelfTest({ selfTest, onRerun, running }: { selfTest: Summary['selfTest']; onRerun: () => void; running: boolean }) {
  const { t } = useEnv();
  const failed = selfTest?.checks.filter((check) => !check.ok) ?? [];
  return (
    <div class={`self-test ${selfTest ? (selfTest.ok ? 'self-test-ok' : 'self-test-failed') : ''}`} data-self-test={selfTest ? String(selfTest.ok) : 'none'}>
      <p role={selfTest && !selfTest.ok ? 'alert' : undefined}>
        {selfTest === undefined ? t('selfTestNotRun') : selfTest.ok ? t('selfTestOk', String(selfTest.checks.length)) : t('selfTestFailed')}
      </p>
      {failed.length > 0 && (
        <ul>
          {failed.map((check) => (
            <li key={check.name}>
              {check.name}
              {check.detail ? `: ${check.detail}` : ''}
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={onRerun} disabled={running}>
        {running ? t('selfTestRunning') : t('selfTestRerun')}
      </button>
    </div>
  );
}

export function Header({ summary, onRerunSelfTest, selfTestRunning }: { summary?: Summary; onRerunSelfTest: () => void; selfTestRunning: boolean }) {
  const { t } = useEnv();
  const share = summary ? witnessedShare(summary.levels) : undefined;
  return (
    <header class="header">
      {summary?.storageProblem && (
        <p class="banner banner-error" role="alert" data-storage-problem>
          {t('storageProblem', storageProblemText(t, summary.storageProblem))}
        </p>
      )}
      <RateLimitNotices notes={summary?.rateLimited} />
      <StoreFillNotice fill={summary?.storeFill} />
      {summary && (
        <>
          <ul class="counts" aria-label={t('countsLabel')}>
            {STATUS_ORDER.map((status) => (
              <li key={status} class={`count count-${status}`} data-status={status}>
                <span class="count-number">{summary.counts[status]}</span> <span class="count-label">{statusLabel(t, status)}</span>
              </li>
            ))}
          </ul>
          <p class="levels" data-levels>
            {levelLabel(t, 'witnessed')}: {summary.levels.witnessed} · {levelLabel(t, 'history')}: {summary.levels.history}
            {share !== undefined && ` · ${t('witnessedShare', String(share))}`}
          </p>
          <p class="hint">{t('historyExplained')}</p>
        </>
      )}
      {summary && <SelfTest selfTest={summary.selfTest} onRerun={onRerunSelfTest} running={selfTestRunning} />}
    </header>
  );
}
