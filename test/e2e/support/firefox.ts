import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { httpLogEnvironment, readHttpLog, type LoggedRequest } from './firefox-http-log.js';
import { browserBinary, builtExtension } from './paths.js';

export interface FirefoxSession {
  browser: Browser;
  addonId: string;
  /** moz-extension://UUID, fixed before the install (see launchFirefox). */
  extensionOrigin: string;
  /** Where Firefox saves downloads, without asking. */
  downloadDir: string;
  /** Opens an extension page in a new tab: `path` as in the extension, e.g. "popup.html?view=tab". */
  openExtensionPage(path: string): Promise<Page>;
  /** Sets a tab's viewport through BiDi itself (puppeteer's setViewport also sends an orientation command ESR 140 lacks). */
  setViewport(page: Page, size: { width: number; height: number }): Promise<void>;
  /** Reloads a tab showing an extension page and waits until it has loaded. */
  reload(page: Page): Promise<void>;
  /** The browsing contexts (tabs) whose address starts with `prefix`. */
  tabsAt(prefix: string): Promise<{ context: string; url: string }[]>;
  closeTab(context: string): Promise<void>;
  /** Every HTTP request Firefox made, from its HTTP log; complete once the browser has closed (close() first). */
  httpLog(): Promise<LoggedRequest[]>;
  /** Suspends the extension's event page, as about:debugging's "Terminate Background Script" does. */
  stopBackground(): Promise<string>;
  close(): Promise<void>;
}

/** The WebDriver BiDi connection of puppeteer's Firefox browser (BidiBrowser.connection in puppeteer-core). */
interface BidiConnection {
  send(method: string, params: object, timeout?: number): Promise<{ result: unknown }>;
}
const bidiOf = (browser: Browser): BidiConnection => (browser as unknown as { connection: BidiConnection }).connection;
/** A tab's BiDi browsing context id (BidiFrame._id in puppeteer-core). */
export const contextOf = (page: Page): string => (page.mainFrame() as unknown as { _id: string })._id;

/**
 * Debian's Firefox ESR over WebDriver BiDi, with the production build installed as a temporary
 * add-on; www.cloudbet.com and cloudbet.com reach the local demo casino, so the content script
 * matches as on the real site.
 *
 * - Host names: `network.dns.forceResolve` sends every name to 127.0.0.1. It maps names only, and
 *   the casino listens on an ephemeral port, so `network.socket.forcePort` ("443=PORT", Firefox's
 *   own port remapping for tests) sends https' port 443 to it. Nothing of the product changes.
 * - Extension pages: WebDriver BiDi refuses to navigate to moz-extension:// URLs unless Firefox
 *   runs with `--remote-allow-system-access` (chrome://remote/.../browsingContext.sys.mjs); with
 *   it the test opens popup.html?view=tab as Playwright opens chrome-extension:// pages. The
 *   add-on's UUID is fixed beforehand through `extensions.webextensions.uuids`, as Firefox reads
 *   it at install time. Puppeteer sees no navigation events in such a tab, so navigation and
 *   reload go to BiDi directly (`wait: "complete"`); evaluating and clicking in it work as usual.
 * - System access also lets the driver suspend the event page the way about:debugging does (from
 *   an about:debugging tab): the Firefox counterpart of stopping Chromium's service worker.
 */
/** `locale`: the browser's UI language (the extension's strings follow it), e.g. "de"; needs Firefox's language pack for it. */
export async function launchFirefox(casinoPort: number, { locale }: { locale?: string } = {}): Promise<FirefoxSession> {
  const extension = builtExtension('firefox');
  const manifest = JSON.parse(await readFile(join(extension, 'manifest.json'), 'utf8')) as {
    browser_specific_settings: { gecko: { id: string } };
  };
  const addonId = manifest.browser_specific_settings.gecko.id;
  const uuid = randomUUID();
  const downloadDir = await mkdtemp(join(tmpdir(), 'fw-firefox-downloads-'));
  // Outside the profile: the log is read after the browser has exited.
  const httpLogDir = await mkdtemp(join(tmpdir(), 'fw-firefox-http-'));

  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: browserBinary('firefox-esr'),
    headless: true,
    acceptInsecureCerts: true,
    defaultViewport: { width: 1100, height: 1400 },
    env: { ...process.env, ...httpLogEnvironment(httpLogDir) },
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'network.dns.forceResolve': '127.0.0.1',
      'network.socket.forcePort': `443=${casinoPort}`,
      'extensions.webextensions.uuids': JSON.stringify({ [addonId]: uuid }),
      // Downloads go to a folder of the test's, without a dialog.
      'browser.download.folderList': 2,
      'browser.download.dir': downloadDir,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
      'browser.download.start_downloads_in_tmp_dir': false,
      'browser.download.alwaysOpenPanel': false,
      ...(locale === undefined ? {} : { 'intl.locale.requested': locale }),
    },
  });
  const bidi = bidiOf(browser);
  const installed = await browser.installExtension(extension);
  if (installed !== addonId) throw new Error(`installed ${installed}, expected ${addonId}`);
  const extensionOrigin = `moz-extension://${uuid}`;

  const navigate = async (page: Page, url: string) => {
    await bidi.send('browsingContext.navigate', { context: contextOf(page), url, wait: 'complete' });
  };

  /** Suspends the add-on's event page from a privileged document's context; returns the state it was in. */
  const terminateIn = async (context: string): Promise<string> => {
    const { result } = (await bidi.send('script.evaluate', {
      target: { context },
      awaitPromise: true,
      expression: `(async () => {
        const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
        const id = ${JSON.stringify(addonId)};
        const before = WebExtensionPolicy.getByID(id).extension.backgroundState;
        if (before === 'running') await ExtensionParent.DebugUtils.terminateBackgroundScript(id);
        return before;
      })()`,
    })) as { result: { type: string; result?: { value?: string }; exceptionDetails?: { text: string } } };
    if (result.type !== 'success') throw new Error(`terminating the background failed: ${result.exceptionDetails?.text}`);
    return result.result?.value ?? '';
  };

  return {
    browser,
    addonId,
    extensionOrigin,
    downloadDir,
    async openExtensionPage(path) {
      // A window of its own, like the toolbar popup beside the casino's tab: both stay in front,
      // and Firefox clamps neither's timers as it does a background tab's (to 1 s).
      const page = await browser.newPage({ type: 'window' });
      await navigate(page, `${extensionOrigin}/${path}`);
      return page;
    },
    async setViewport(page, viewport) {
      await bidi.send('browsingContext.setViewport', { context: contextOf(page), viewport });
    },
    async reload(page) {
      await bidi.send('browsingContext.reload', { context: contextOf(page), wait: 'complete' });
    },
    async tabsAt(prefix) {
      const { contexts } = (await bidi.send('browsingContext.getTree', { maxDepth: 0 })).result as {
        contexts: { context: string; url: string }[];
      };
      return contexts.filter((context) => context.url.startsWith(prefix)).map(({ context, url }) => ({ context, url }));
    },
    async closeTab(context) {
      await bidi.send('browsingContext.close', { context });
    },
    async stopBackground() {
      // Run where about:debugging's own "Terminate Background Script" runs: in the about:debugging
      // page, a privileged (system principal) document where ChromeUtils exists. Firefox ESR 140
      // ignores BiDi's chrome scope (`moz:scope`), so a chrome window is not reachable there; a
      // tab showing about:debugging is, given --remote-allow-system-access. The tab is closed again
      // at once: while one is open, every extension page takes ~2 s longer to load.
      const page = await browser.newPage();
      try {
        await navigate(page, 'about:debugging');
        return await terminateIn(contextOf(page));
      } finally {
        await bidi.send('browsingContext.close', { context: contextOf(page) });
      }
    },
    async httpLog() {
      const requests = await readHttpLog(httpLogDir);
      await rm(httpLogDir, { recursive: true, force: true });
      return requests;
    },
    async close() {
      await browser.close();
      await rm(downloadDir, { recursive: true, force: true });
    },
  };
}
