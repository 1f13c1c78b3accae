// Export JSON / CSV of every stored round, and Import JSON of such an export (clearing the store
// is clear-data.tsx, kept away from these).
//
// The file is made where it can outlive its save dialog: the toolbar popup closes as soon as the
// dialog (or any other window) takes the focus, and the Blob URL of a download started in it goes
// with it; Firefox then saves nothing. So the toolbar popup hands an export to the history page
// (popup.html?view=tab&export=json|csv), which makes it as it opens and stays open.
import { useEffect, useRef, useState } from 'preact/hooks';
import { exportFileName, writeExport } from './export.js';
import { useEnv, type ExportKind } from './env.js';
import { countText } from '../ui/i18n.js';
import { workerErrorText } from '../ui/labels.js';
import type { ImportTotals } from './import-file.js';
import type { MAX_IMPORT_ROUNDS_PER_MESSAGE as IMPORT_CHUNK } from '../shared/message-limits.js';
import type { ImportReportView } from './import-result.js';

type Busy =
  | { kind: 'idle' }
  | { kind: 'exporting'; done: number; total: number }
  | { kind: 'importing'; done: number; percent: number };

export interface DataActionsProps {
  total: number;
  /** After an import stored something (the list and counts reload). */
  onImported?: () => void;
  /** Set once the summary has loaded: `exportOnOpen` waits for it. */
  ready?: boolean;
  /** Makes this export once, as soon as `ready` (the history page opened by the toolbar popup). */
  exportOnOpen?: ExportKind;
}

export function DataActions({ total, onImported, ready = false, exportOnOpen }: DataActionsProps) {
  const { client, t, download, now, openTab } = useEnv();
  const [busy, setBusy] = useState<Busy>({ kind: 'idle' });
  const [status, setStatus] = useState('');
  /** The last import's totals, with the view that words them (loaded with the import). */
  const [imported, setImported] = useState<{ totals: ImportTotals; View: typeof ImportReportView } | undefined>(undefined);
  const exportedOnOpen = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const exportAs = async (kind: ExportKind) => {
    // The toolbar popup (the only view with openTab) cannot keep a download alive: see the top.
    if (openTab) return openTab(kind);
    setBusy({ kind: 'exporting', done: 0, total });
    setStatus('');
    try {
      // Each page's text becomes a Blob part as it comes: the browser holds the file, not this page's heap.
      const parts: Blob[] = [];
      const at = now();
      const count = await writeExport(
        kind,
        (after, limit) => client.ask(after === undefined ? { type: 'export-page', limit } : { type: 'export-page', after, limit }),
        at,
        (text) => parts.push(new Blob([text])),
        (done, all) => setBusy({ kind: 'exporting', done, total: all }),
        // A worker that cannot seal (no key could be kept) still exports: the file is then file-only evidence.
        (count, exportedAt, chain) => client.ask({ type: 'seal-export', count, exportedAt, chain }).catch(() => undefined),
      );
      const type = kind === 'json' ? 'application/json' : 'text/csv;charset=utf-8';
      download(exportFileName(kind, at), new Blob(parts, { type }), type);
      setStatus(t('exportDone', String(count)));
    } catch (error) {
      setStatus(workerErrorText(t, error));
    } finally {
      setBusy({ kind: 'idle' });
    }
  };

  useEffect(() => {
    if (!ready || !exportOnOpen || exportedOnOpen.current) return;
    exportedOnOpen.current = true;
    void exportAs(exportOnOpen);
  }, [ready, exportOnOpen]);

  /** Streams the chosen file's rounds to the worker in chunks (import-file.ts) and shows what became of them. */
  const importChosen = async (file: File) => {
    setStatus('');
    setImported(undefined);
    setBusy({ kind: 'importing', done: 0, percent: 0 });
    let stored = false;
    try {
      // Loaded on demand: the file reader, its JSON scanner and the report's words are a tenth of the popup's code.
      const { importFile, ImportReportView: View, importProblemText } = await import('./import-file.js');
      const outcome = await importFile(
        file,
        (rounds, sealed) => client.ask(sealed === undefined ? { type: 'import-rounds', rounds } : { type: 'import-rounds', rounds, sealed }),
        (sofar) => {
          stored ||= sofar.added + sofar.updated > 0;
          setBusy({ kind: 'importing', done: sofar.done, percent: Math.floor(sofar.read * 100) });
        },
        {
          check: (seal, rounds, states, chunkSize) => client.ask({ type: 'seal-check', seal, rounds, states, chunkSize: chunkSize as typeof IMPORT_CHUNK }),
          done: (ticket) => client.ask({ type: 'seal-done', ticket }),
        },
      );
      const { totals } = outcome;
      stored ||= totals.added + totals.updated > 0;
      if (totals.done > 0) setImported({ totals, View });
      if (!outcome.ok) {
        const reason = 'problem' in outcome ? importProblemText(t, outcome.problem) : workerErrorText(t, outcome.workerError);
        // Nothing sent: the file's problem alone. Something sent: where it stopped, and that it is kept.
        setStatus(totals.done === 0 && 'problem' in outcome ? reason : countText(t, 'importFailed', totals.done, [reason]));
      }
    } catch (error) {
      setStatus(workerErrorText(t, error));
    } finally {
      setBusy({ kind: 'idle' });
      // The same file chosen again must fire `change` again.
      if (fileInput.current) fileInput.current.value = '';
      if (stored) onImported?.();
    }
  };

  const working = busy.kind !== 'idle';
  return (
    <div class="data-actions">
      <div class="buttons">
        <button type="button" data-action="export-json" onClick={() => exportAs('json')} disabled={working || total === 0}>
          {t('exportJson')}
        </button>
        <button type="button" data-action="export-csv" onClick={() => exportAs('csv')} disabled={working || total === 0}>
          {t('exportCsv')}
        </button>
        {/* The toolbar popup closes while a file dialog has the focus, so it hands the import to the history page. */}
        <button
          type="button"
          data-action="import-json"
          onClick={() => (openTab ? openTab('data') : fileInput.current?.click())}
          title={openTab ? t('importInTab') : undefined}
          disabled={working}
        >
          {t('importJson')}
        </button>
        <input
          type="file"
          accept="application/json,.json"
          data-import-file
          hidden
          ref={fileInput}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) void importChosen(file);
          }}
        />
      </div>
      <p class="note" aria-live="polite" data-data-status>
        {busy.kind === 'exporting'
          ? countText(t, 'exportProgress', busy.total, [busy.done])
          : busy.kind === 'importing'
            ? countText(t, 'importProgress', busy.done, [busy.percent])
            : status}
      </p>
      {imported && busy.kind === 'idle' && <imported.View t={t} totals={imported.totals} />}
    </div>
  );
}
