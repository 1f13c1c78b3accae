// Entry of stats.html. Shares the pages' kit (src/ui: env, strings, worker client); like popup.tsx it is
// the only module of its page that touches the extension API. It imports core/statistics.js (and
// so jStat) through its components: that library lands in this bundle only.
import { render } from 'preact';
import { message, sendToWorker } from '../shared/browser.js';
import { copyToClipboard } from '../ui/download.js';
import { EnvContext, type UiEnv } from '../ui/env.js';
import { substitutionList } from '../ui/i18n.js';
import { createWorkerClient } from '../ui/worker-client.js';
import { StatsPage } from './stats-page.js';

const env: UiEnv = {
  client: createWorkerClient(sendToWorker),
  t: (key, substitutions) => message(key, substitutionList(substitutions)),
  copyText: copyToClipboard,
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
