// Real headless Chromium (Debian's /usr/bin/chromium, or CHROMIUM_PATH) with the production build
// (dist/chrome, unmodified) loaded unpacked, and www.cloudbet.com mapped to the local demo casino so
// the content scripts match as on the real site. The launch flags are those of the end-to-end tests
// (test/e2e/support/chromium.ts) minus the net log, which would only add work to every request.
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const extensionDir = join(repoRoot, 'dist', 'chrome');

export function chromiumPath() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`Chromium not found at ${path}: apt-get install -y chromium, or set CHROMIUM_PATH.`);
  return path;
}

/**
 * @param {number} casinoPort
 * @param {string} [build] the unpacked extension to load (default dist/chrome)
 * @returns {Promise<{ context: import('playwright-core').BrowserContext, extensionId: string,
 *   worker(): Promise<import('playwright-core').Worker>, stopWorker(): Promise<void>, close(): Promise<void> }>}
 */
export async function launchWithExtension(casinoPort, build = extensionDir) {
  if (!existsSync(join(build, 'manifest.json'))) throw new Error(`No build at ${build}: run npm run build first.`);
  const userDataDir = await mkdtemp(join(tmpdir(), 'fw-bench-ext-'));
  // A copy of the build, byte for byte: a rebuild of dist/ during the run (Chromium reads the
  // popup's files when it opens) cannot change what is measured halfway.
  const extension = join(userDataDir, 'extension');
  await cp(build, extension, { recursive: true });
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath(),
    headless: true,
    ignoreHTTPSErrors: true,
    viewport: { width: 1100, height: 1400 },
    args: [
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      `--host-resolver-rules=MAP www.cloudbet.com 127.0.0.1:${casinoPort}, MAP cloudbet.com 127.0.0.1:${casinoPort}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const running = () => context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
  const first = running() ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  const extensionId = new URL(first.url()).host;
  // The worker runs the self-test on install and stores it; let it finish before anything is timed.
  await first.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));

  return {
    context,
    extensionId,
    async worker() {
      const live = context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${extensionId}/`));
      if (live) return live;
      const waiting = context.waitForEvent('serviceworker', { timeout: 15_000 });
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/popup.html?view=tab`);
      const worker = await waiting;
      await page.close();
      return worker;
    },
    /** Stops the extension's service worker as the browser does when it has been idle. */
    async stopWorker() {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      const { targetInfos } = await cdp.send('Target.getTargets');
      const target = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${extensionId}/`));
      if (target) await cdp.send('Target.closeTarget', { targetId: target.targetId });
      await cdp.detach();
      // closeTarget returns before the worker is gone; wait until Playwright has seen it close.
      for (let i = 0; i < 100 && context.serviceWorkers().some((w) => w.url().startsWith(`chrome-extension://${extensionId}/`)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The content script's isolated world in a casino page, through CDP: what runs there runs with the
 * content script's own `chrome.runtime`, so the worker sees a message from a casino tab exactly as
 * it sees content.js's own. Must be called before the page navigates.
 */
export async function contentScriptWorld(context, page, extensionId) {
  const cdp = await context.newCDPSession(page);
  const worlds = [];
  cdp.on('Runtime.executionContextCreated', ({ context: created }) => worlds.push(created));
  cdp.on('Runtime.executionContextsCleared', () => (worlds.length = 0));
  await cdp.send('Runtime.enable');
  return {
    /** Evaluates `expression` (may return a promise) in the main frame's content-script world. */
    async evaluate(expression) {
      const world = worlds.find((w) => w.auxData?.type === 'isolated' && w.origin === `chrome-extension://${extensionId}` && w.auxData?.isDefault === false);
      if (!world) throw new Error('the content script world of the page was not found');
      const answer = await cdp.send('Runtime.evaluate', { contextId: world.id, expression, awaitPromise: true, returnByValue: true });
      if (answer.exceptionDetails) throw new Error(`in the content script world: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
      return answer.result.value;
    },
    detach: () => cdp.detach(),
  };
}

export const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
