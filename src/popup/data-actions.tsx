// Export JSON / CSV of every stored round, and clearing the store after a confirmation.
//
// The file is made where it can outlive its save dialog: the toolbar popup closes as soon as the
// dialog (or any other window) takes the focus, and the Blob URL of a download started in it goes
// with it; Firefox then saves nothing. So the toolbar popup hands an export to the history page
// (popup.html?view=tab&export=json|csv), which makes it as it opens and stays open.
import { useEffect, useRef, useState } from 'preact/hooks';
import { buildCsv, buildExportFile, exportFileName, exportJson, fetchAllExportRounds } from './export.js';
import { useEnv, type ExportKind } from './env.js';

type Busy = { kind: 'idle' } | { kind: 'exporting'; done: number; total: number } | { kind: 'confirm-clear' } | { kind: 'clearing' };

export interface DataActionsProps {
  total: number;
  onCleared: () => void;
  /** Set once the summary has loaded: `exportOnOpen` waits for it. */
  ready?: boolean;
  /** Makes this export once, as soon as `ready` (the history page opened by the toolbar popup). */
  exportOnOpen?: ExportKind;
}

export function DataActions({ total, onCleared, ready = false, exportOnOpen }: DataActionsProps) {
  const { client, t, download, now, openTab } = useEnv();
  const [busy, setBusy] = useState<Busy>({ kind: 'idle' });
  const [status, setStatus] = useState('');
  const exportedOnOpen = useRef(false);

  const exportAs = async (kind: ExportKind) => {
    // The toolbar popup (the only view with openTab) cannot keep a download alive: see the top.
    if (openTab) return openTab(kind);
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

  useEffect(() => {
    if (!ready || !exportOnOpen || exportedOnOpen.current) return;
    exportedOnOpen.current = true;
    void exportAs(exportOnOpen);
  }, [ready, exportOnOpen]);

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
