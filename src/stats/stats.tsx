// Entry of stats.html. Shares the popup's env, strings and worker client; like popup.tsx it is
// the only module of its page that touches the extension API. It imports core/statistics.js (and
// so jStat) through its components: that library lands in this bundle only.
import { render } from 'preact';
import { message, sendToWorker } from '../shared/browser.js';
import { copyToClipboard, downloadText } from '../popup/download.js';
import { EnvContext, type PopupEnv } from '../popup/env.js';
import { substitutionList } from '../popup/i18n.js';
import { createWorkerClient } from '../popup/worker-client.js';
import { StatsPage } from './stats-page.js';

const env: PopupEnv = {
  client: createWorkerClient(sendToWorker),
  t: (key, substitutions) => message(key, substitutionList(substitutions)),
  // This page has no paste box; the text parser stays out of its bundle.
  parseText: () => ({}),
  copyText: copyToClipboard,
  download: downloadText,
  now: () => new Date(),
};

document.documentElement.lang = message('uiLanguage');
document.documentElement.classList.add('tab');
document.title = message('statsTitle');

render(
  <EnvContext.Provider value={env}>
    <StatsPage />
  </EnvContext.Provider>,
  document.getElementById('app')!,
);
