// The UI as a player sees it (ui-scenario.ts, popup-states-scenario.ts), in English and in German,
// in one browser: a fresh profile each, so the welcome page opens on install and the store starts
// empty. One suite, driven by ui-chromium.test.ts and ui-firefox.test.ts (a file per browser, so the
// e2e project runs them beside the other browser's suite).
import { afterEach, describe, it } from 'vitest';
import { startDemoCasino, type DemoCasino } from '../../../scripts/demo-casino/server.js';
import type { BrowserDriver } from './driver.js';
import { popupInEveryState } from './popup-states-scenario.js';
import { popupAsAPlayerSeesIt } from './ui-scenario.js';

export function uiSuite(browser: string, startDriver: (port: number, locale?: string) => Promise<BrowserDriver>): void {
  describe(`${browser}: the UI as a player sees it`, () => {
    let casino: DemoCasino | undefined;
    let driver: BrowserDriver | undefined;
    afterEach(async () => {
      await driver?.close();
      await casino?.close();
      driver = undefined;
      casino = undefined;
    });

    it.each(['en', 'de'])('in %s: readable, nothing overflows, the headline agrees, 7 rows in view, no serious accessibility finding', async (locale) => {
      casino = await startDemoCasino({ seed: `ui-${browser}-${locale}` });
      driver = await startDriver(casino.port, locale);
      await popupAsAPlayerSeesIt({ driver, casino, locale });
    }, 240_000);

    it.each(['en', 'de'])('in %s: the popup in every busy state (findings, the tab line, a flood, a full store, a storage problem) keeps 7 rows in view and cuts no text without an ellipsis', async (locale) => {
      casino = await startDemoCasino({ seed: `ui-states-${browser}-${locale}` });
      driver = await startDriver(casino.port, locale);
      await popupInEveryState(driver, casino, locale);
    }, 180_000);
  });
}
