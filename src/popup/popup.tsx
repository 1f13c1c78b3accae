// Entry of popup.html, the toolbar popup and (with ?view=tab) the history page. The only popup
// module that touches the extension API, which it hands to the components through context.
import { render } from 'preact';
import { activeTabId, extensionVersion, message, openExtensionPage, openWebPage, sendToWorker } from '../shared/browser.js';
import { CASINO_URL } from '../shared/casino.js';
import { App } from './app.js';
import { copyToClipboard, downloadText } from '../ui/download.js';
import { EnvContext, type PopupEnv } from './env.js';
import { substitutionList } from '../ui/i18n.js';
import { createWorkerClient } from '../ui/worker-client.js';
import { withEarlyAsks } from './early-asks.js';

const params = new URLSearchParams(location.search);
const tab = params.get('view') === 'tab';
// The toolbar popup hands its exports to this page (src/popup/data-actions.tsx): ?export=json|csv
// makes that export once. Only the extension can open its pages (none is web-accessible), and the
// result is a file of the user's own rounds in their downloads. The parameter is taken off the
// address at once, so reloading the page does not download again.
const exportParam = params.get('export');
const exportOnOpen = tab && (exportParam === 'json' || exportParam === 'csv') ? exportParam : undefined;
// ?show=data: opened for an import, at the data section.
const startView = exportOnOpen || (tab && params.get('show') === 'data') ? 'more' : 'list';
if (params.has('export')) {
  params.delete('export');
  const rest = params.toString();
  history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}`);
}

// ?tab-id=N: the popup is about tab N, not the active tab (the end-to-end tests open it in a tab of its own).
const askedTab = Number(params.get('tab-id') ?? NaN);

const env: PopupEnv = {
  // popup-boot.js asked the first questions already: their answers are taken from there.
  client: createWorkerClient(withEarlyAsks(sendToWorker)),
  t: (key, substitutions) => message(key, substitutionList(substitutions)),
  // The reader of pasted text is a chunk of its own: only "Check a round" needs it.
  parseText: async (text) => (await import('./paste-parser.js')).parseFairnessText(text),
  copyText: copyToClipboard,
  download: downloadText,
  openTab: tab
    ? undefined
    : (purpose) =>
        void openExtensionPage(`popup.html?view=tab${purpose === 'data' ? '&show=data' : purpose ? `&export=${purpose}` : ''}`).then(() => window.close()),
  openCasino: () => void openWebPage(CASINO_URL).then(() => window.close()),
  now: () => new Date(),
  openPage: (path) => void openExtensionPage(path),
  activeTabId: tab ? undefined : Number.isInteger(askedTab) ? async () => askedTab : activeTabId,
  version: extensionVersion(),
};

// The language of the strings actually shown (the translation chosen), not the browser's.
document.documentElement.lang = message('uiLanguage');
document.documentElement.classList.toggle('tab', tab);
document.title = message('extensionName');

render(
  <EnvContext.Provider value={env}>
    <App tab={tab} exportOnOpen={exportOnOpen} startView={startView} />
  </EnvContext.Provider>,
  document.getElementById('app')!,
);
