// Export JSON / CSV of every stored round, and clearing the store after a confirmation.
import { useState } from 'preact/hooks';
import { buildCsv, buildExportFile, exportFileName, exportJson, fetchAllExportRounds } from './export.js';
import { useEnv } from './env.js';

type Busy = { kind: 'idle' } | { kind: 'exporting'; done: number; total: number } | { kind: 'confirm-clear' } | { kind: 'clearing' };

export function DataActions({ total, onCleared }: { total: number; onCleared: () => void }) {
  const { client, t, download, now } = useEnv();
  const [busy, setBusy] = useState<Busy>({ kind: 'idle' });
  const [status, setStatus] = useState('');

  const exportAs = async (kind: 'json' | 'csv') => {
    setBusy({ kind: 'exporting', done: 0, total });
    setStatus('');
    try {
      const rounds = await fetchAllExportRounds(
        (offset, limit) => client.ask({ type: 'export-page', offset, limit }),
        (done, all) => setBusy({ kind: 'exporting', done, total: all }),
      );
      const at = now();
      if (kind === 'json') download(exportFileName('json', at), exportJson(buildExportFile(rounds, at)), 'application/json');
      else download(exportFileName('csv', at), buildCsv(rounds), 'text/csv;charset=utf-8');
      setStatus(t('exportDone', String(rounds.length)));
    } catch (error) {
      setStatus(t('errorWorker', error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy({ kind: 'idle' });
    }
  };

  const clear = async () => {
    setBusy({ kind: 'clearing' });
    try {
      const { cleared } = await client.ask({ type: 'clear-data' });
      setStatus(t('clearDone', String(cleared)));
      onCleared();
    } catch (error) {
      setStatus(t('errorWorker', error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy({ kind: 'idle' });
    }
  };

  const working = busy.kind === 'exporting' || busy.kind === 'clearing';
  return (
    <div class="data-actions">
      <div class="buttons">
        <button type="button" data-action="export-json" onClick={() => exportAs('json')} disabled={working || total === 0}>
          {t('exportJson')}
        </button>
        <button type="button" data-action="export-csv" onClick={() => exportAs('csv')} disabled={working || total === 0}>
          {t('exportCsv')}
        </button>
        <button type="button" class="danger" onClick={() => setBusy({ kind: 'confirm-clear' })} disabled={working || total === 0}>
          {t('clearData')}
        </button>
      </div>
      {busy.kind === 'confirm-clear' && (
        <div class="confirm" role="alertdialog" aria-labelledby="confirm-clear-text">
          <p id="confirm-clear-text">{t('clearConfirm', String(total))}</p>
          <button type="button" class="danger" onClick={clear}>
            {t('clearConfirmYes')}
          </button>
          <button type="button" onClick={() => setBusy({ kind: 'idle' })}>
            {t('cancel')}
          </button>
        </div>
      )}
      <p class="note" aria-live="polite">
        {busy.kind === 'exporting' ? t('exportProgress', [String(busy.done), String(busy.total)]) : status}
      </p>
    </div>
  );
}
