import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import {
  centreInPage,
  FINDINGS_LOADED,
  HEADER_LOADED,
  FINDINGS_SELECTOR,
  openFindingsInPage,
  readBadgesInPage,
  readCountsInPage,
  readFindingsInPage,
  readRowsInPage,
  ROW_SELECTOR,
  type BrowserDriver,
  type CasinoTab,
} from './driver.js';
import { launchFirefox, type FirefoxSession } from './firefox.js';

export interface FirefoxDriver extends BrowserDriver {
  session: FirefoxSession;
  /** The history page (popup.html?view=tab) the driver reads, reloaded so it shows the store as it is now. */
  freshPopup(what?: string): Promise<Page>;
}

const LIST_LOADED = 'ul[data-ready="true"]';

const BACKGROUND_ERROR = '.banner-error';

/** `locale`: the browser's UI language (screenshots in German; needs Firefox's language pack); the system's by default. */
export async function firefoxDriver(casinoPort: number, locale?: string): Promise<FirefoxDriver> {
  const session = await launchFirefox(casinoPort, locale === undefined ? {} : { locale });
  let popup: Page | undefined;
  /**
   * Reloads the history page until `what` shows (the list, the header's counts), at most four
   * times. A request the page sends while the event page is being suspended fails ("Could not
   * establish connection") or, now and then, is never answered; the page then shows an error or
   * nothing, so the driver asks again, as a user would by reopening the popup. After the last try
   * it reads what is there (as the Chromium driver always does).
   */
  const freshPopup = async (what = LIST_LOADED): Promise<Page> => {
    for (let attempt = 1; ; attempt++) {
      if (popup) {
        // In front, as for a user reading it: Firefox clamps the timers of a background tab to
        // 1 s, which made every read of a page behind a casino tab ~2 s slower than the page is.
        await popup.bringToFront();
        await session.reload(popup);
      } else popup = await session.openExtensionPage('popup.html?view=tab');
      const shown = (await pollPage(popup, (wanted: string, error: string) => (document.querySelector(wanted) ? 'shown' : document.querySelector(error) ? 'error' : ''), [what, BACKGROUND_ERROR], 5_000)) === 'shown';
      if (shown || attempt === 4) return popup;
    }
  };
  return {
    name: 'firefox',
    session,
    freshPopup,
    async openCasino(path) {
      const page = await session.browser.newPage();
      await page.goto(`https://www.cloudbet.com${path}`);
      return casinoTab(page);
    },
    async popupRows() {
      return (await freshPopup()).evaluate(readRowsInPage, ROW_SELECTOR);
    },
    async counts() {
      // The header renders when the summary arrives, which can be well after the list: a woken
      // event page runs its self-test first, and a busy one answers late.
      return (await freshPopup(HEADER_LOADED)).evaluate(readCountsInPage);
    },
    async findings() {
      // The section is part of the page once the list has loaded; opening it asks the background
      // for the audit (an error there shows in the section and leaves it "loading": read again later).
      const page = await freshPopup();
      await page.evaluate(openFindingsInPage, FINDINGS_SELECTOR);
      await page.waitForSelector(FINDINGS_LOADED, { timeout: 10_000 });
      return page.evaluate(readFindingsInPage, FINDINGS_SELECTOR);
    },
    /**
     * Exports as a user does from the toolbar popup: popup.html without ?view=tab is the toolbar
     * popup's view (a test cannot click Firefox's toolbar button). Its "Export JSON" opens the
     * history page, which exports as it opens; Firefox saves the file into the session's download
     * folder, and this reads the file Firefox wrote.
     */
    async exportJson() {
      const before = new Set(await readdir(session.downloadDir));
      const toolbarView = await session.openExtensionPage('popup.html');
      // Export lives in the "More" view.
      await toolbarView.waitForSelector(HEADER_LOADED, { timeout: 10_000 });
      await toolbarView.click('button[data-view="more"]');
      await toolbarView.waitForSelector('button[data-action="export-json"]:not([disabled])', { timeout: 10_000 });
      // The toolbar view closes itself (window.close()) as the real popup does; the history page
      // it opened stays open, as it does for a user. The close can land while the click's input
      // actions are still being answered, which fails the click for a page that did its job: the
      // download below is what shows the export happened.
      await toolbarView.click('button[data-action="export-json"]').catch((error: unknown) => {
        if (!/BrowsingContext does no longer exist|no such frame|Target closed/i.test(String(error))) throw error;
      });
      return waitForDownload(session.downloadDir, before, '.json');
    },
    async openPage(path, size) {
      const page = await session.openExtensionPage(path);
      await session.setViewport(page, size);
      const evaluate = <T, A>(fn: (arg: A) => T | Promise<T>, arg?: A) => page.evaluate(fn as (arg: unknown) => never, arg) as Promise<T>;
      return {
        evaluate,
        runScript: async (source) => void (await page.evaluate(source)),
        async click(selector) {
          await page.bringToFront();
          await page.click(selector);
        },
        press: (key) => page.keyboard.press(key as never),
        async waitFor(selector) {
          const found = await pollPage(page, (wanted: string) => document.querySelector(wanted) !== null, [selector], 10_000);
          if (!found) throw new Error(`firefox: timed out waiting for ${selector}`);
        },
        async chooseFile(selector, file) {
          const input = await page.$(selector);
          if (!input) throw new Error(`firefox: no ${selector}`);
          await (input as unknown as { uploadFile(...paths: string[]): Promise<void> }).uploadFile(file);
        },
        shoot: async (file) => void (await page.screenshot({ path: file })),
        close: () => page.close(),
      };
    },
    async extensionTabs() {
      return (await session.tabsAt('moz-extension://')).map((tab) => tab.url);
    },
    stopWorker: async () => {
      await session.stopBackground();
    },
    async inPopup(fn, arg) {
      return (await freshPopup()).evaluate(fn as (arg: unknown) => never, arg);
    },
    async badges() {
      // Read where the extension's API is: in its own page (Firefox has no worker target to evaluate in).
      return (await freshPopup()).evaluate(readBadgesInPage);
    },
    close: () => session.close(),
  };
}

/**
 * Evaluates `probe` in the page every 50 ms until it returns something truthy or `timeoutMs` pass;
 * returns the last answer. Used instead of Puppeteer's waitForFunction, whose waiting code builds
 * its predicate with Function(): the MV3 pages' and the casino's CSP (no 'unsafe-eval') block that
 * in Firefox ESR 140.
 */
export async function pollPage<A extends unknown[], R>(page: Page, probe: (...args: A) => R, args: A, timeoutMs: number): Promise<R | undefined> {
  const deadline = Date.now() + timeoutMs;
  let answer: R | undefined;
  while (Date.now() < deadline) {
    answer = await page.evaluate(probe as (...args: unknown[]) => R, ...args).catch(() => undefined);
    if (answer) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return answer;
}

/** Waits for a new, complete file ending in `extension` in `dir` (Firefox writes NAME.part, then renames). */
async function waitForDownload(dir: string, before: Set<string>, extension: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let seen: string[] = [];
  while (Date.now() < deadline) {
    seen = (await readdir(dir)).filter((name) => !before.has(name));
    const done = seen.filter((name) => name.endsWith(extension));
    if (done.length > 1) throw new Error(`more than one download: ${done.join(', ')}`);
    if (done.length === 1 && !seen.some((name) => name.endsWith('.part'))) {
      // Firefox may write under a temporary name and rename it as it finishes: gone, then look again.
      const text = await readFile(join(dir, done[0]!), 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return '';
        throw error;
      });
      // Firefox creates the final name empty before the data arrives.
      if (text.length > 0) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`firefox: no ${extension} download within ${timeoutMs} ms; new files: ${JSON.stringify(seen)}`);
}

function casinoTab(page: Page): CasinoTab {
  return {
    async act(selector) {
      // A user clicks in the tab in front (see freshPopup on background tabs' timers).
      await page.bringToFront();
      await page.click(selector);
      const idle = await pollPage(page, () => document.body.dataset.busy !== 'true', [], 10_000);
      if (!idle) throw new Error(`firefox: the casino page stayed busy after clicking ${selector}`);
    },
    async aim(selector, frame) {
      await page.bringToFront();
      const box = await page.evaluate(centreInPage, { target: selector, ...(frame === undefined ? {} : { frame }) });
      return () => page.mouse.click(box.x, box.y);
    },
    async type(selector, text) {
      // Focused and selected from the driver (no click), then typed: only the key presses are the player's.
      await page.bringToFront();
      await page.focus(selector);
      await page.evaluate((field) => (document.querySelector(field) as HTMLInputElement).select(), selector);
      await page.keyboard.type(text);
    },
    evaluate: (fn, arg) => page.evaluate(fn as (arg: unknown) => never, arg),
    close: () => page.close(),
  };
}
