// The self-test: the core recomputes the reference vectors when the worker starts. A failure is
// shown at the top of the popup (nothing it says can be trusted then); a pass, and the button to
// run it again, live in the "More" view.
import type { Summary } from '../shared/records.js';
import { useEnv } from './env.js';
import { selfTestCheckText } from './self-test-text.js';

type SelfTestResult = Summary['selfTest'];

/** The failed checks, as an alert: shown in the header whenever the last self-test failed. */
export function SelfTestAlert({ selfTest }: { selfTest: SelfTestResult }) {
  const { t } = useEnv();
  if (!selfTest || selfTest.ok) return null;
  return (
    <div class="banner banner-error self-test-failed" role="alert" data-self-test="false">
      <p>{t('selfTestFailed')}</p>
      <ul>
        {selfTest.checks
          .filter((check) => !check.ok)
          .map((check, index) => (
            <li key={index}>{selfTestCheckText(t, check)}</li>
          ))}
      </ul>
    </div>
  );
}

/** The last result in a sentence, and the button to run it again. */
export function SelfTestPanel({ selfTest, onRerun, running }: { selfTest: SelfTestResult; onRerun: () => void; running: boolean }) {
  const { t } = useEnv();
  return (
    <div class={`self-test ${selfTest ? (selfTest.ok ? 'self-test-ok' : 'self-test-bad') : ''}`} data-self-test-panel={selfTest ? String(selfTest.ok) : 'none'}>
      <p>{selfTest === undefined ? t('selfTestNotRun') : selfTest.ok ? t('selfTestOk', String(selfTest.checks.length)) : t('selfTestFailed')}</p>
      <button type="button" onClick={onRerun} disabled={running}>
        {running ? t('selfTestRunning') : t('selfTestRerun')}
      </button>
    </div>
  );
}
