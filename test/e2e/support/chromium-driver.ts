import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { launchChromium, openPopup, type ChromiumSession, type LaunchOptions } from './chromium.js';
import {
  centreInPage,
  FINDINGS_LOADED,
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

export interface ChromiumDriver extends BrowserDriver {
  session: ChromiumSession;
}

/** `locale`: the browser's UI language (screenshots in German); the system's by default. `options`: more of the launch's (launchChromium). */
export async function chromiumDriver(casinoPort: number, locale?: string, options: Omit<LaunchOptions, 'locale'> = {}): Promise<ChromiumDriver> {
  const session = await launchChromium(casinoPort, locale === undefined ? options : { ...options, locale });
  let popup: Page | undefined;
  /** The popup as a tab, reloaded so it shows the store as it is now. */
  const freshPopup = async (): Promise<Page> => {
    popup ??= await openPopup(session);
    await popup.reload();
    // The list renders after the worker answers; an empty store renders no rows at all.
    await popup.waitForSelector('ul[data-ready="true"]', { timeout: 10_000 });
    return popup;
  };
  return {
    name: 'chromium',
    session,
    async openCasino(path) {
      const page = await session.context.newPage();
      await page.goto(`https://www.cloudbet.com${path}`);
      return casinoTab(page);
    },
    async popupRows() {
      return (await freshPopup()).evaluate(readRowsInPage, ROW_SELECTOR);
    },
    async counts() {
      return (await freshPopup()).evaluate(readCountsInPage);
    },
    async findings() {
      const page = await freshPopup();
      await page.evaluate(openFindingsInPage, FINDINGS_SELECTOR);
      await page.waitForSelector(FINDINGS_LOADED, { timeout: 10_000 });
      return page.evaluate(readFindingsInPage, FINDINGS_SELECTOR);
    },
    async exportJson() {
      const page = await freshPopup();
      // Export lives in the "More" view.
      await page.click('button[data-view="more"]');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('button[data-action="export-json"]')]);
      return readFile(await download.path(), 'utf8');
    },
    async inPopup(fn, arg) {
      return (await freshPopup()).evaluate(fn as (arg: unknown) => never, arg);
    },
    async openPage(path, size) {
      const page = await session.context.newPage();
      await page.setViewportSize(size);
      await page.goto(`chrome-extension://${session.extensionId}/${path}`);
      return {
        evaluate: (fn, arg) => page.evaluate(fn as (arg: unknown) => never, arg),
        runScript: async (source) => void (await page.evaluate(source)),
        click: async (selector) => void (await page.click(selector)),
        press: (key) => page.keyboard.press(key),
        waitFor: async (selector) => void (await page.waitForSelector(selector, { state: 'attached', timeout: 10_000 })),
        chooseFile: (selector, file) => page.setInputFiles(selector, file),
        shoot: async (file) => void (await page.screenshot({ path: file })),
        close: () => page.close(),
      };
    },
    async extensionTabs() {
      return session.context.pages().map((page) => page.url()).filter((url) => url.startsWith(`chrome-extension://${session.extensionId}/`));
    },
    stopWorker: () => session.stopWorker(),
    async fillDisk(full) {
      const worker = await session.worker();
      await worker.evaluate((fill) => {
        // Every write of an object store throws as Chromium's IndexedDB does when the disk is full.
        const proto = IDBObjectStore.prototype as IDBObjectStore & { __fairWitnessWrites?: Pick<IDBObjectStore, 'put' | 'add'> };
        proto.__fairWitnessWrites ??= { put: proto.put, add: proto.add };
        const writes = proto.__fairWitnessWrites;
        const refuse = () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
        proto.put = fill ? refuse : writes.put;
        proto.add = fill ? refuse : writes.add;
      }, full);
    },
    async badges() {
      return (await freshPopup()).evaluate(readBadgesInPage);
    },
    close: () => session.close(),
  };
}

function casinoTab(page: Page): CasinoTab {
  return {
    async act(selector) {
      await page.click(selector);
      await page.waitForFunction(() => document.body.dataset.busy !== 'true');
    },
    async aim(selector, frame) {
      const box = await page.evaluate(centreInPage, { target: selector, ...(frame === undefined ? {} : { frame }) });
      return () => page.mouse.click(box.x, box.y);
    },
    async type(selector, text) {
      // Focused and selected from the driver (no click), then typed: only the key presses are the player's.
      await page.focus(selector);
      await page.evaluate((field) => (document.querySelector(field) as HTMLInputElement).select(), selector);
      await page.keyboard.type(text);
    },
    evaluate: (fn, arg) => page.evaluate(fn as (arg: unknown) => never, arg),
    close: () => page.close(),
  };
}
