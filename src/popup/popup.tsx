// Entry of popup.html, the toolbar popup and (with ?view=tab) the history page. The only popup
// module that touches the extension API, which it hands to the components through context.
import { render } from 'preact';
import { parseFairnessText } from '../capture/text-parser.js';
import { message, openExtensionPage, sendToWorker } from '../shared/browser.js';
import { App } from './app.js';
import { copyToClipboard, downloadText } from './download.js';
import { EnvContext, type PopupEnv } from './env.js';
import { substitutionList } from './i18n.js';
import { createWorkerClient } from './worker-client.js';

const tab = new URLSearchParams(location.search).get('view') === 'tab';

const env: PopupEnv = {
  client: createWorkerClient(sendToWorker),
  t: (key, substitutions) => message(key, substitutionList(substitutions)),
  parseText: parseFairnessText,
  copyText: copyToClipboard,
  download: downloadText,
  openTab: tab ? undefined : () => void openExtensionPage('popup.html?view=tab').then(() => window.close()),
  now: () => new Date(),
};

// The language of the strings actually shown (the translation chosen), not the browser's.
document.documentElement.lang = message('uiLanguage');
document.documentElement.classList.toggle('tab', tab);
document.title = message('extensionName');

render(
  <EnvContext.Provider value={env}>
    <App tab={tab} />
  </EnvContext.Provider>,
  document.getElementById('app')!,
);
