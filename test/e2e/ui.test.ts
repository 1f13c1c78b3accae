// The UI as a player sees it (support/ui-scenario.ts), in Chromium and Firefox, in English and in
// German: a fresh profile each, so the welcome page opens on install and the store starts empty.
import { afterEach, describe, it } from 'vitest';
import { startDemoCasino, type DemoCasino } from '../../scripts/demo-casino/server.js';
import { chromiumDriver } from './support/chromium-driver.js';
import type { BrowserDriver } from './support/driver.js';
import { firefoxDriver } from './support/firefox-driver.js';
import { popupInEveryState } from './support/popup-states-scenario.js';
import { popupAsAPlayerSeesIt } from './support/ui-scenario.js';

const drivers = {
  chromium: chromiumDriver,
  firefox: firefoxDriver,
} satisfies Record<string, (port: number, locale?: string) => Promise<BrowserDriver>>;

describe.each(Object.keys(drivers) as (keyof typeof drivers)[])('%s: the UI as a player sees it', (browser) => {
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
    driver = await drivers[browser](casino.port, locale);
    await popupAsAPlayerSeesIt({ driver, casino, locale });
  }, 240_000);

  it.each(['en', 'de'])('in %s: the popup in every busy state (findings, the tab line, a flood, a full store, a storage problem) keeps 7 rows in view and cuts no text without an ellipsis', async (locale) => {
    casino = await startDemoCasino({ seed: `ui-states-${browser}-${locale}` });
    driver = await drivers[browser](casino.port, locale);
    await popupInEveryState(driver, casino, locale);
  }, 180_000);
});
