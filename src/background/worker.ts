// The background worker. It keeps no state in globals: every claim goes to IndexedDB before it is
// acknowledged, so the browser may stop this worker at any moment (MV3 does after ~30 s idle).
import { onInstalled, onMessage, onStartup } from '../shared/browser.js';
import { handleMessage, refreshBadge, selfTest } from './router.js';

// Listeners are registered synchronously at start-up, so a worker woken by a message receives it.
onMessage(handleMessage);

onInstalled(() => {
  void selfTest().then(refreshBadge);
});

onStartup(() => {
  void refreshBadge();
});
