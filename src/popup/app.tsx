// The popup (and, opened with ?view=tab, the history page): summary, round list, round detail,
// "Check a round". Everything comes through the worker client and strings from context.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { RoundFilter, Summary } from '../shared/records.js';
import { ErrorNote } from './bits.js';
import { CheckRound } from './check-round.js';
import { DataActions } from './data-actions.js';
import { useEnv, type ExportKind } from './env.js';
import { Filters } from './filters.js';
import { Findings } from './findings.js';
import { Header } from './header.js';
import { RoundDetailView } from './round-detail.js';
import { RoundList } from './round-list.js';

type View = { kind: 'list' } | { kind: 'detail'; key: string } | { kind: 'check' };

export interface AppProps {
  /** Opened as a full tab (popup.html?view=tab) rather than the toolbar popup. */
  tab?: boolean;
  /** How often to look for new rounds, in ms; 0 turns it off. */
  refreshMs?: number;
  /** The export the toolbar popup handed to this page (popup.html?view=tab&export=json|csv). */
  exportOnOpen?: ExportKind;
}

const fingerprint = (summary: Summary) => JSON.stringify([summary.total, summary.counts, summary.levels]);

export function App({ tab = false, refreshMs = 2000, exportOnOpen }: AppProps) {
  const { client, t, openTab, openPage } = useEnv();
  const [summary, setSummary] = useState<Summary | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [games, setGames] = useState<string[]>([]);
  const [filter, setFilter] = useState<RoundFilter>({});
  const [view, setView] = useState<View>({ kind: 'list' });
  const [revision, setRevision] = useState(0);
  const [lastOpened, setLastOpened] = useState<string | undefined>(undefined);
  const [selfTestRunning, setSelfTestRunning] = useState(false);
  const seen = useRef<string | undefined>(undefined);

  /** Reads the summary; when the stored rounds changed, the list and the game filter reload. */
  const refresh = useCallback(async () => {
    try {
      const next = await client.ask({ type: 'summary' });
      setSummary(next);
      setError(undefined);
      const print = fingerprint(next);
      if (print !== seen.current) {
        if (seen.current !== undefined) setRevision((n) => n + 1);
        seen.current = print;
        setGames(await client.ask({ type: 'games' }));
      }
    } catch (reason) {
      setError(reason);
    }
  }, [client]);

  useEffect(() => {
    void refresh();
    if (refreshMs <= 0) return;
    const timer = setInterval(() => document.visibilityState !== 'hidden' && void refresh(), refreshMs);
    return () => clearInterval(timer);
  }, [refresh, refreshMs]);

  const rerunSelfTest = async () => {
    setSelfTestRunning(true);
    try {
      const selfTest = await client.ask({ type: 'run-self-test' });
      setSummary((current) => current && { ...current, selfTest });
      await refresh();
    } catch (reason) {
      setError(reason);
    } finally {
      setSelfTestRunning(false);
    }
  };

  const open = (key: string) => {
    setLastOpened(key);
    setView({ kind: 'detail', key });
  };

  return (
    <div class={`app ${tab ? 'app-tab' : 'app-popup'}`}>
      <div class="topbar">
        <h1>{t('extensionName')}</h1>
        {openPage && (
          <button type="button" class="link" data-open-statistics onClick={() => openPage('stats.html')}>
            {t('openStatistics')}
          </button>
        )}
        {!tab && openTab && (
          <button type="button" class="link" onClick={() => openTab()}>
            {t('openInTab')}
          </button>
        )}
      </div>
      <Header summary={summary} onRerunSelfTest={rerunSelfTest} selfTestRunning={selfTestRunning} />
      {error !== undefined && <ErrorNote error={error} />}
      <Findings revision={revision} />
      <nav class="views" aria-label={t('viewsLabel')}>
        <button type="button" aria-pressed={view.kind !== 'check'} onClick={() => setView({ kind: 'list' })}>
          {t('viewRounds')}
        </button>
        <button type="button" aria-pressed={view.kind === 'check'} onClick={() => setView({ kind: 'check' })}>
          {t('viewCheck')}
        </button>
      </nav>
      <main>
        <div class="list-view" hidden={view.kind !== 'list'}>
          <Filters filter={filter} games={games} onChange={setFilter} />
          <DataActions
            total={summary?.total ?? 0}
            ready={summary !== undefined}
            exportOnOpen={exportOnOpen}
            onCleared={() => {
              setRevision((n) => n + 1);
              void refresh();
            }}
            onImported={() => {
              setRevision((n) => n + 1);
              void refresh();
            }}
          />
          <RoundList filter={filter} revision={revision} active={view.kind === 'list'} onOpen={open} focusKey={lastOpened} />
        </div>
        {view.kind === 'detail' && <RoundDetailView roundKey={view.key} onBack={() => setView({ kind: 'list' })} />}
        <div class="check-view" hidden={view.kind !== 'check'}>
          <CheckRound onOpenRound={open} />
        </div>
      </main>
    </div>
  );
}
