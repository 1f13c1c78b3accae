// One line under the toolbar popup's header about the tab it was opened over: a Cloudbet page the
// content script announced, with how many rounds the worker saw there, or a tab Fair Witness does
// not read. The worker knows the tab by the hello its content script sent (no "tabs" permission).
// Under it, what capture saw on the page (capture-panel.tsx, loaded when opened).
import { useEffect, useState } from 'preact/hooks';
import type { TabContext as Context } from '../shared/messages.js';
import { useEnv } from './env.js';
import { countText } from '../ui/i18n.js';
import { lazyModule, useLazyModule } from './lazy.js';

const capturePanel = lazyModule(() => import('./capture-panel.js'));

export function TabContext() {
  const env = useEnv();
  const { client, t, activeTabId } = env;
  const [context, setContext] = useState<Context | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const panel = useLazyModule(capturePanel, open);
  useEffect(() => {
    if (!activeTabId) return;
    let live = true;
    void (async () => {
      const tabId = await activeTabId();
      const answer = tabId === undefined ? undefined : await client.ask({ type: 'tab-context', tabId });
      if (live) setContext(answer);
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, activeTabId]);
  // Nothing until the worker answered (and nothing if it could not: the header shows its error).
  if (!context) return null;
  const capture = context.watched ? context.capture : undefined;
  const unplaced = capture ? Object.values(capture.counts).reduce((sum, counts) => sum + counts[2], 0) : 0;
  return (
    <>
      <p
        class="hint tab-context"
        data-tab-context={context.watched ? 'watched' : 'other'}
        data-rounds={context.watched ? context.rounds : undefined}
        title={context.watched ? undefined : t('tabContextNotWatchedWhy')}
      >
        {context.watched ? countText(t, 'tabContextWatched', context.rounds, [context.host]) : t('tabContextNotWatched')}
      </p>
      {capture && context.watched && (
        <details class="capture" data-capture-unplaced={unplaced} onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}>
          <summary>
            {t('captureSeen')}
            {unplaced > 0 && ` · ${countText(t, 'captureUnplaced', unplaced)}`}
          </summary>
          {panel.module && <panel.module.CapturePanel tally={capture} host={context.host} env={env} />}
        </details>
      )}
    </>
  );
}
