// Real headless Chromium with the production build, launched exactly as the end-to-end tests do
// (test/e2e/support/chromium.ts), minus the net log, which would only add work to every request.
// This file runs under tsx (npm run bench:ext), so it imports the TypeScript launcher directly.
import { builtExtension, browserBinary } from '../../test/e2e/support/paths.ts';
import { launchChromium } from '../../test/e2e/support/chromium.ts';

export const extensionDir = builtExtension('chrome');
export const chromiumPath = () => browserBinary('chromium');

/**
 * A Chromium session on a copy of the build (a rebuild of dist/ mid-run cannot change what is
 * measured), once the worker has finished the self-test it runs on install.
 * @param {number} casinoPort
 */
export async function launchWithExtension(casinoPort) {
  const session = await launchChromium(casinoPort, { netLog: false, copyBuild: true });
  await (await session.worker()).evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  return session;
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

/**
 * A new page and its tab's id: the badge's text is set per casino tab (background/watched-tabs.ts),
 * and the extension API knows a tab by its id alone (no "tabs" permission): the one id new since.
 */
export async function newPageWithTabId(session) {
  const tabIds = async () => (await session.worker()).evaluate(async () => (await chrome.tabs.query({})).map((tab) => tab.id));
  const before = new Set(await tabIds());
  const page = await session.context.newPage();
  const added = (await tabIds()).filter((id) => !before.has(id));
  if (added.length !== 1) throw new Error(`expected one new tab, found ${added.length}`);
  return { page, tabId: added[0] };
}

export const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Samples the page's JS heap every 200 ms until `stop()`; resolves with the peak in bytes. A sample
 * the page cannot give (it is navigating or closing, as an export's page may) is skipped.
 */
export function sampleHeap(cdp) {
  let peak = 0;
  let running = true;
  const done = (async () => {
    await cdp.send('Performance.enable');
    while (running) {
      const { metrics } = await cdp.send('Performance.getMetrics').catch(() => ({ metrics: [] }));
      peak = Math.max(peak, metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0);
      await sleep(200);
    }
    return peak;
  })();
  return { stop: async () => ((running = false), done) };
}
