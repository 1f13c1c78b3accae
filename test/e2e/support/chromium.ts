import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { browserBinary, builtExtension } from './paths.js';

export interface ChromiumSession {
  context: BrowserContext;
  extensionId: string;
  /** The extension's worker, started again if the browser had stopped it. */
  worker(): Promise<Worker>;
  /** Stops the extension's service worker the way the browser does when it is idle. */
  stopWorker(): Promise<void>;
  /** Every http(s) request the browser made, from the net log, with its initiator. */
  networkLog(): Promise<{ url: string; initiator?: string }[]>;
  close(): Promise<void>;
}

/**
 * Real Chromium (Debian's) with the production build loaded unpacked; www.cloudbet.com and
 * cloudbet.com resolve to the local demo casino, so the content script matches as on the real site.
 */
export async function launchChromium(casinoPort: number): Promise<ChromiumSession> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'fw-chromium-'));
  // Outside the profile, which close() deletes: the log is complete only once the browser has exited.
  const netLogDir = await mkdtemp(join(tmpdir(), 'fw-netlog-'));
  const netLog = join(netLogDir, 'netlog.json');
  const extension = builtExtension('chrome');
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: browserBinary('chromium'),
    headless: true,
    ignoreHTTPSErrors: true,
    viewport: { width: 1100, height: 1400 },
    args: [
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      `--host-resolver-rules=MAP www.cloudbet.com 127.0.0.1:${casinoPort}, MAP cloudbet.com 127.0.0.1:${casinoPort}`,
      `--log-net-log=${netLog}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const findWorker = async (): Promise<Worker> => {
    const running = context.serviceWorkers().find((w) => w.url().startsWith('chrome-extension://'));
    return running ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
  };
  const first = await findWorker();
  const extensionId = new URL(first.url()).host;

  return {
    context,
    extensionId,
    async worker() {
      const running = context.serviceWorkers().find((w) => w.url().startsWith(`chrome-extension://${extensionId}/`));
      if (running) return running;
      // Opening an extension page wakes the worker (the popup asks it for the summary).
      const waiting = context.waitForEvent('serviceworker', { timeout: 15_000 });
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/popup.html?view=tab`);
      const worker = await waiting;
      await page.close();
      return worker;
    },
    async stopWorker() {
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      const { targetInfos } = (await cdp.send('Target.getTargets')) as {
        targetInfos: { targetId: string; type: string; url: string }[];
      };
      const target = targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${extensionId}/`));
      if (target) await cdp.send('Target.closeTarget', { targetId: target.targetId });
      await cdp.detach();
    },
    async networkLog() {
      const requests = await readNetLog(netLog);
      await rm(netLogDir, { recursive: true, force: true });
      return requests;
    },
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Reads URL requests from Chromium's net log (complete only once the browser has closed, so it tolerates a cut-off file). */
async function readNetLog(path: string): Promise<{ url: string; initiator?: string }[]> {
  let text = await readFile(path, 'utf8');
  if (!text.trimEnd().endsWith('}')) text = `${text.replace(/,\s*$/, '')}]}`;
  const log = JSON.parse(text) as { events?: { params?: { url?: string; initiator?: string } }[] };
  return (log.events ?? [])
    .map((event) => event.params)
    .filter((params): params is { url: string; initiator?: string } => typeof params?.url === 'string' && /^(https?|wss?):/.test(params.url))
    .map(({ url, initiator }) => ({ url, initiator }));
}

export async function openPopup(session: ChromiumSession): Promise<Page> {
  const page = await session.context.newPage();
  await page.goto(`chrome-extension://${session.extensionId}/popup.html?view=tab`);
  return page;
}
