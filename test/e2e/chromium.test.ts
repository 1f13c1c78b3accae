import { afterAll, beforeAll, describe, it } from 'vitest';
import { startDemoCasino, type DemoCasino } from '../../scripts/demo-casino/server.js';
import { chromiumDriver, type ChromiumDriver } from './support/chromium-driver.js';
import { germanPage, honestAndWrongResult, roundsInsideAnIframe, swappedSeed } from './support/scenario.js';

describe('Chromium: the production build against the demo casino', () => {
  let casino: DemoCasino;
  let driver: ChromiumDriver;

  beforeAll(async () => {
    casino = await startDemoCasino({ seed: 'e2e-chromium' });
    driver = await chromiumDriver(casino.port);
  });
  afterAll(async () => {
    await driver?.close();
    await casino?.close();
  });

  it('verifies honest rounds as witnessed and flags a wrong displayed result', () => honestAndWrongResult(driver, casino));
  it('flags a revealed seed that does not match its commitment', () => swappedSeed(driver, casino));
  it('reads German labels', () => germanPage(driver, casino));
  it('reads rounds inside an iframe', () => roundsInsideAnIframe(driver, casino));
});
