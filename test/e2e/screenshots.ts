// Screenshots for people to look at, not a test: the popup's list, a witnessed round's proof, a
// `history` round's proof (with the reason for its level, and scrolled to what its client seed proves), a mismatched keno round's proof, the
// statistics page and the popup with the store-full notice, at the popup's size, in Chromium and
// Firefox, in English and German; the statistics page also whole, at that width and at a desktop window's.
// `npm run screenshots` (after `npm run build`) writes them to test-results/screenshots/. German Firefox needs its language pack
// (Debian: firefox-esr-l10n-de).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startDemoCasino, type DemoCasino } from '../../scripts/demo-casino/server.js';
import { newestCasinoTabInPage } from './support/capture-scenario.js';
import { chromiumDriver } from './support/chromium-driver.js';
import type { BrowserDriver } from './support/driver.js';
import { firefoxDriver } from './support/firefox-driver.js';
import { repoRoot } from './support/paths.js';

const SIZE = { width: 420, height: 600 };
/** The statistics page opens as a tab: also shot at a desktop window's width. */
const WIDE = { width: 1280, height: 800 };
const SPIN = 'button[data-action="bet"][data-game="roulette-european"]';
const ROTATE = 'button[data-action="rotate"]';

/** What a screenshot needs of an extension page, in either browser. */
interface Shown {
  click(selector: string): Promise<void>;
  waitFor(selector: string): Promise<void>;
  /** `fullPage`: the whole page, not only what the window shows. */
  shoot(file: string, fullPage?: boolean): Promise<void>;
  /** Scrolls the element into the middle of the window. */
  scrollTo(selector: string): Promise<void>;
  close(): Promise<void>;
}

/** What Playwright's and Puppeteer's pages both have. */
interface AnyPage {
  click(selector: string): Promise<unknown>;
  waitForSelector(selector: string, options: { timeout: number }): Promise<unknown>;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
  evaluate(fn: (selector: string) => void, selector: string): Promise<unknown>;
  close(): Promise<unknown>;
}

const shownIn = (page: AnyPage, dir: string): Shown => ({
  click: async (selector) => void (await page.click(selector)),
  waitFor: async (selector) => void (await page.waitForSelector(selector, { timeout: 10_000 })),
  shoot: async (file, fullPage = false) => void (await page.screenshot({ path: join(dir, file), fullPage })),
  scrollTo: async (selector) => void (await page.evaluate((wanted) => document.querySelector(wanted)?.scrollIntoView({ block: 'center' }), selector)),
  close: async () => void (await page.close()),
});

/** Plays: two witnessed spins, a rotation in the page, a spin after it (history), a wrong keno result, a pending spin. */
async function play(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  casino.rotateSeedPair();
  const roulette = await driver.openCasino('/casino/roulette?variant=european');
  await roulette.act(SPIN);
  await roulette.act(SPIN);
  await roulette.act(ROTATE);
  await roulette.act(SPIN);
  const keno = await driver.openCasino('/casino/keno');
  await keno.act('button[data-action="quick-pick"]');
  casino.setCheat('wrong-result');
  await keno.act('button[data-action="bet"][data-game="keno"]');
  casino.setCheat('none');
  await keno.act(ROTATE);
  await roulette.act(SPIN);
  // Long enough for the content scripts' last readings to reach the worker.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await roulette.close();
  await keno.close();
}

/** Opens the demo's history by column (values capture cannot group) and leaves it open: the id of its tab. */
async function openUngrouped(driver: BrowserDriver): Promise<number> {
  await driver.openCasino('/casino/history/columns');
  await new Promise((resolve) => setTimeout(resolve, 2500)); // the content script's tally reaches the worker
  return (await driver.inPopup(newestCasinoTabInPage))!;
}

/**
 * Runs in an extension page: notes in the store that 120 new rounds were refused for a full store,
 * as the worker does past its cap (src/background/store-capacity.ts), so the popup's notice shows
 * without storing two million rounds first.
 */
async function markStoreFullInPage(): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.open('fair-witness');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction('meta', 'readwrite');
      tx.objectStore('meta').put(120, 'storeFullRefused');
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

async function shootAll(open: (path: string, size?: typeof SIZE) => Promise<Shown>, prefix: string, markStoreFull: () => Promise<void>, captureTab: number): Promise<void> {
  // The popup over the history by column, its capture diagnostics opened and a report copied.
  const capture = await open(`popup.html?tab-id=${captureTab}`);
  await capture.waitFor('details.capture');
  await capture.click('details.capture > summary');
  await capture.waitFor('.capture-panel');
  await capture.click('[data-capture-report]');
  await capture.waitFor('textarea.capture-report:not([hidden])');
  await capture.shoot(`${prefix}-popup-capture.png`);
  await capture.close();
  const popup = await open('popup.html');
  await popup.waitFor('ul[data-ready="true"] [data-verdict]');
  await popup.shoot(`${prefix}-popup.png`);
  for (const level of ['witnessed', 'history']) {
    await popup.click(`[data-verdict="verified"][data-level="${level}"] button`);
    await popup.waitFor('.proof');
    await popup.shoot(`${prefix}-detail-${level}.png`);
    // What the client seed proves (the casino's own, here), with a fresh one to copy.
    if (level === 'history') {
      await popup.scrollTo('[data-field="clientSeedProof"]');
      await popup.shoot(`${prefix}-detail-client-seed.png`);
    }
    await popup.click('button.back');
  }
  // The More view: export and import, and whether the browser may delete the history.
  await popup.click('button[data-view="more"]');
  await popup.waitFor('[data-persistence]');
  await popup.shoot(`${prefix}-popup-more.png`);
  // The latest sessions, with the rounds read and folded.
  await popup.waitFor('.session-list li, .sessions-none');
  await popup.scrollTo('#more-sessions');
  await popup.shoot(`${prefix}-popup-more-sessions.png`);
  await popup.click('button[data-view="list"]');
  // The keno round shown with a wrong draw: its board marks what differs.
  await popup.click('[data-verdict="mismatch"][data-game="keno"] button');
  await popup.waitFor('.proof');
  await popup.shoot(`${prefix}-detail-mismatch.png`);
  await popup.click('button.back');
  await popup.close();
  const stats = await open('stats.html');
  await stats.waitFor('body');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await stats.shoot(`${prefix}-stats.png`);
  await stats.shoot(`${prefix}-stats-narrow-full.png`, true);
  await stats.close();
  const wideStats = await open('stats.html', WIDE);
  await wideStats.waitFor('.conclusion');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await wideStats.shoot(`${prefix}-stats-wide-full.png`, true);
  await wideStats.close();
  await markStoreFull();
  const full = await open('popup.html');
  await full.waitFor('[data-notice="store-fill"]');
  await full.shoot(`${prefix}-popup-store-full.png`);
  await full.close();
}

async function main(): Promise<void> {
  const dir = join(repoRoot, 'test-results', 'screenshots');
  await mkdir(dir, { recursive: true });
  for (const locale of ['en', 'de']) {
    for (const browser of ['chromium', 'firefox'] as const) {
      const casino = await startDemoCasino({ seed: `screenshots-${browser}-${locale}` });
      try {
        if (browser === 'chromium') {
          const driver = await chromiumDriver(casino.port, locale);
          try {
            await play(driver, casino);
            const captureTab = await openUngrouped(driver);
            await shootAll(async (path, size = SIZE) => {
              const page = await driver.session.context.newPage();
              await page.setViewportSize(size);
              await page.goto(`chrome-extension://${driver.session.extensionId}/${path}`);
              return shownIn(page, dir);
            }, `chromium-${locale}`, () => driver.inPopup(markStoreFullInPage), captureTab);
          } finally {
            await driver.close();
          }
        } else {
          const driver = await firefoxDriver(casino.port, locale);
          try {
            await play(driver, casino);
            const captureTab = await openUngrouped(driver);
            await shootAll(async (path, size = SIZE) => {
              const page = await driver.session.openExtensionPage(path);
              await driver.session.setViewport(page, size);
              return shownIn(page, dir);
            }, `firefox-${locale}`, () => driver.inPopup(markStoreFullInPage), captureTab);
          } finally {
            await driver.close();
          }
        }
      } finally {
        await casino.close();
      }
      console.log(`${browser} ${locale}: done`);
    }
  }
  console.log(`screenshots in ${dir}`);
}

await main();
