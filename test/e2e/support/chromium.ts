import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
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
  /** Every http(s) request the browser made, from the net log, with its initiator (throws when launched without it). */
  networkLog(): Promise<{ url: string; initiator?: string }[]>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Record Chromium's net log (the privacy test reads it); benchmarks leave it off, it adds work to every request. */
  netLog?: boolean;
  /**
   * Load a byte-for-byte copy of the build instead of dist/chrome itself, so a rebuild of dist/
   * during a long run (Chromium reads the popup's files when it opens) cannot change what is measured.
   */
  copyBuild?: boolean;
  /** The browser's UI language (the extension's strings follow it), e.g. "de"; the system's by default. */
  locale?: string;
}

/**
 * Real Chromium (Debian's) with the production build loaded unpacked; www.cloudbet.com and
 * cloudbet.com resolve to the local demo casino, so the content script matches as on the real site.
 * The benchmarks (scripts/bench/) launch through this too.
 */
export async function launchChromium(casinoPort: number, { netLog: withNetLog = true, copyBuild = false, locale }: LaunchOptions = {}): Promise<ChromiumSession> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'fw-chromium-'));
  // Outside the profile, which close() deletes: the log is complete only once the browser has exited.
  const netLogDir = withNetLog ? await mkdtemp(join(tmpdir(), 'fw-netlog-')) : undefined;
  const netLog = netLogDir && join(netLogDir, 'netlog.json');
  let extension = builtExtension('chrome');
  if (copyBuild) {
    const copy = join(userDataDir, 'extension');
    await cp(extension, copy, { recursive: true });
    extension = copy;
  }
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: browserBinary('chromium'),
    headless: true,
    ignoreHTTPSErrors: true,
    viewport: { width: 1100, height: 1400 },
    ...(locale === undefined ? {} : { env: { ...process.env, LANGUAGE: locale } }),
    args: [
      ...(locale === undefined ? [] : [`--lang=${locale}`]),
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      `--host-resolver-rules=MAP www.cloudbet.com 127.0.0.1:${casinoPort}, MAP cloudbet.com 127.0.0.1:${casinoPort}`,
      ...(netLog ? [`--log-net-log=${netLog}`] : []),
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
      const workerTarget = async () => {
        const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
        return targetInfos.find((t) => t.type === 'service_worker' && t.url.startsWith(`chrome-extension://${extensionId}/`));
      };
      try {
        const target = await workerTarget();
        if (target) await cdp.send('Target.closeTarget', { targetId: target.targetId });
        // closeTarget returns before the worker is gone (and Playwright's worker list never drops
        // it): wait, up to 2 s, until the browser no longer lists the target.
        for (let i = 0; i < 100 && target && (await workerTarget())?.targetId === target.targetId; i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      } finally {
        await cdp.detach();
      }
    },
    async networkLog() {
      if (!netLog || !netLogDir) throw new Error('this Chromium was launched without a net log');
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
