// The popup (and, opened with ?view=tab, the history page): summary, round list, round detail,
// "Check a round". Everything comes through the worker client and strings from context.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { RoundFilter, Summary } from '../shared/records.js';
import { ErrorNote } from '../ui/bits.js';
import { useEnv, type ExportKind } from './env.js';
import { Filters } from './filters.js';
import { Findings } from './findings.js';
import { Header } from './header.js';
import { lazyModule, useLazyModule } from './lazy.js';
import { RoundDetailView } from './round-detail.js';
import { RoundList } from './round-list.js';
import { TabContext } from './tab-context.js';

type View = { kind: 'list' } | { kind: 'detail'; key: string } | { kind: 'check' } | { kind: 'more' };

export interface AppProps {
  /** Opened as a full tab (popup.html?view=tab) rather than the toolbar popup. */
  tab?: boolean;
  /** How often to look for new rounds, in ms; 0 turns it off. */
  refreshMs?: number;
  /** The export the toolbar popup handed to this page (popup.html?view=tab&export=json|csv). */
  exportOnOpen?: ExportKind;
  /** Which view shows first: the history page opened for an export or an import starts at "More". */
  startView?: 'list' | 'more';
}

/** The views the tabs under the header switch between (a round's detail opens from the list). */
const VIEWS: readonly [kind: 'list' | 'check' | 'more', label: string][] = [
  ['list', 'viewRounds'],
  ['check', 'viewCheck'],
  ['more', 'viewMore'],
];

/** Export, import, the sessions, the glossary and Clear: loaded when the "More" view first opens. */
const moreView = lazyModule(() => import('./more-view.js'));
/** "Check a round" and the core's verifier: loaded when the view first opens, then kept (its fields stay as typed). */
const checkView = lazyModule(() => import('./check-round.js'));

const fingerprint = (summary: Summary) => JSON.stringify([summary.total, summary.counts, summary.levels]);

export function App({ tab = false, refreshMs = 2000, exportOnOpen, startView = exportOnOpen ? 'more' : 'list' }: AppProps) {
  const { client, t, openTab, openPage, openCasino } = useEnv();
  const [summary, setSummary] = useState<Summary | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [games, setGames] = useState<string[]>([]);
  const [filter, setFilter] = useState<RoundFilter>({});
  const [view, setView] = useState<View>({ kind: startView });
  const [revision, setRevision] = useState(0);
  const [lastOpened, setLastOpened] = useState<string | undefined>(undefined);
  const [selfTestRunning, setSelfTestRunning] = useState(false);
  const seen = useRef<string | undefined>(undefined);
  const more = useLazyModule(moreView, view.kind === 'more');
  const check = useLazyModule(checkView, view.kind === 'check');

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

  const changed = () => {
    setRevision((n) => n + 1);
    void refresh();
  };

  const open = (key: string) => {
    setLastOpened(key);
    setView({ kind: 'detail', key });
  };

  return (
    <div class={`app ${tab ? 'app-tab' : 'app-popup'}`}>
      <header class="topbar">
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
      </header>
      {/* Hidden, not unmounted, behind a round's detail: coming back asks the worker for nothing again. */}
      <div class="summary-area" hidden={view.kind === 'detail'}>
        <Header summary={summary} onOpenCasino={openCasino}>
          {!tab && <TabContext />}
          {error !== undefined && <ErrorNote error={error} />}
          <Findings revision={revision} total={summary?.total ?? 0} />
        </Header>
        <nav class="views" aria-label={t('viewsLabel')}>
          {VIEWS.map(([kind, label]) => (
            <button key={kind} type="button" data-view={kind} aria-pressed={view.kind === kind} onClick={() => setView({ kind })}>
              {t(label)}
            </button>
          ))}
        </nav>
      </div>
      <main>
        <div class="list-view" hidden={view.kind !== 'list'}>
          <Filters filter={filter} games={games} onChange={setFilter} />
          <RoundList filter={filter} revision={revision} active={view.kind === 'list'} onOpen={open} focusKey={lastOpened} />
        </div>
        {view.kind === 'detail' && <RoundDetailView roundKey={view.key} onBack={() => setView({ kind: 'list' })} />}
        <div class="check-view" hidden={view.kind !== 'check'}>
          {check.error !== undefined && <ErrorNote error={check.error} />}
          {check.module && <check.module.CheckRound onOpenRound={open} />}
        </div>
        {view.kind === 'more' && (
          <div class="more-view">
            {more.error !== undefined && <ErrorNote error={more.error} />}
            {more.module && (
              <more.module.MoreView
                summary={summary}
                exportOnOpen={exportOnOpen}
                onChanged={changed}
                onRerunSelfTest={rerunSelfTest}
                selfTestRunning={selfTestRunning}
              />
            )}
          </div>
        )}
      </main>
    </div>
  );
}
