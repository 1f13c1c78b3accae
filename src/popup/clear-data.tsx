// Deleting every stored round, after a confirmation that says how many and that it cannot be
// undone. Kept apart from export and import, at the end of the "More" view.
import { useState } from 'preact/hooks';
import { useEnv } from './env.js';
import { countText } from '../ui/i18n.js';
import { workerErrorText } from '../ui/labels.js';

export function ClearData({ total, onCleared }: { total: number; onCleared: () => void }) {
  const { client, t } = useEnv();
  const [step, setStep] = useState<'idle' | 'confirm' | 'clearing'>('idle');
  const [status, setStatus] = useState('');

  const clear = async () => {
    setStep('clearing');
    try {
      const { cleared } = await client.ask({ type: 'clear-data' });
      setStatus(t('clearDone', String(cleared)));
      onCleared();
    } catch (error) {
      setStatus(workerErrorText(t, error));
    } finally {
      setStep('idle');
    }
  };

  return (
    <div class="clear-data">
      {step === 'confirm' ? (
        <div class="confirm" role="alertdialog" aria-labelledby="confirm-clear-text">
          <p id="confirm-clear-text">{countText(t, 'clearConfirm', total)}</p>
          <button type="button" class="danger" data-action="confirm-clear" onClick={clear}>
            {t('clearConfirmYes')}
          </button>
          <button type="button" onClick={() => setStep('idle')}>
            {t('cancel')}
          </button>
        </div>
      ) : (
        <button type="button" class="danger" data-action="clear-data" onClick={() => setStep('confirm')} disabled={step === 'clearing' || total === 0}>
          {t('clearData')}
        </button>
      )}
      <p class="note" aria-live="polite" data-clear-status>
        {status}
      </p>
    </div>
  );
}
