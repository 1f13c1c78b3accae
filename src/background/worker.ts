// The background worker. It keeps no state in globals: every claim goes to IndexedDB before it is
// acknowledged, so the browser may stop this worker at any moment (MV3 does after ~30 s idle).
import { onInstalled, onMessage, onStartup, onTabClosed, openExtensionPage } from '../shared/browser.js';
import { handleMessage, refreshBadge, selfTest } from './router.js';
import { ensurePersistent } from './storage-persistence.js';
import { forgetAllTabActions, forgetTabActions } from './tab-actions.js';
import { forgetAllTabs, forgetTab } from './watched-tabs.js';

// Listeners are registered synchronously at start-up, so a worker woken by a message receives it.
onMessage(handleMessage);
// The store must not be deleted to free disk space (Firefox grants it here, in its background page).
void ensurePersistent();

onInstalled((reason) => {
  // An update cuts the old content scripts off (Chrome does not inject the new ones into open
  // tabs): no tab is watched until its page loads again.
  const forgotten = reason === 'update' ? forgetAllTabs().catch(() => undefined) : Promise.resolve();
  void forgotten.then(selfTest).then(() => refreshBadge());
  // Once, on a fresh install (not on updates or browser updates): what it does and how to use it.
  if (reason === 'install') void openExtensionPage('welcome.html');
});

onStartup(() => {
  // A new browser session: the tabs kept from the last one are gone (their ids are reused).
  void Promise.all([forgetAllTabs(), forgetAllTabActions()])
    .catch(() => undefined)
    .then(() => refreshBadge());
});

onTabClosed((tab) => {
  void forgetTab(tab).catch(() => undefined);
  // Only a closed tab forgets its open actions: a page left and come back to must not forget the bet.
  void forgetTabActions(tab).catch(() => undefined);
});
