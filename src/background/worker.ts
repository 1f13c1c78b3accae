// The background worker. It keeps no state in globals: every claim goes to IndexedDB before it is
// acknowledged, so the browser may stop this worker at any moment (MV3 does after ~30 s idle).
import { onInstalled, onMessage, onStartup, openExtensionPage } from '../shared/browser.js';
import { handleMessage, refreshBadge, selfTest } from './router.js';

// Listeners are registered synchronously at start-up, so a worker woken by a message receives it.
onMessage(handleMessage);

onInstalled((reason) => {
  void selfTest().then(refreshBadge);
  // Once, on a fresh install (not on updates or browser updates): what it does and how to use it.
  if (reason === 'install') void openExtensionPage('welcome.html');
});

onStartup(() => {
  void refreshBadge();
});
