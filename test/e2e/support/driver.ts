import type { ExtensionPage, PageSize } from './extension-page.js';

/** What a scenario needs from a browser: the same steps run in Chromium (Playwright) and Firefox (Puppeteer). */
export interface PopupRow {
  verdict: string;
  game: string;
  nonce: string;
  /** `${commitment}|${clientSeed}|${nonce}`: names the round exactly. */
  key: string;
  level: string;
  /** Why the level (data-level-reason): `bound-before-bet` for witnessed, another code for history. */
  levelReason: string;
  failures: string;
  text: string;
}

/** One finding of the popup's "Findings" section, by its contract attributes (src/popup/findings.tsx). */
export interface PopupFinding {
  kind: string;
  commitment: string;
  /** Comma-separated nonce ranges, as the item's data-nonces ("" when none). */
  nonces: string;
  roundKeys: string[];
  text: string;
}

export interface CasinoTab {
  /** Clicks and waits until the demo page has finished the action (body[data-busy] cleared). */
  act(selector: string): Promise<void>;
  /**
   * Finds the element now (in the same-origin frame `frame` selects, when given); the returned
   * function clicks its place with the real mouse at once, without waiting for the page first (it
   * may be busy: the click then waits in the browser's queue).
   */
  aim(selector: string, frame?: string): Promise<() => Promise<void>>;
  /** Types `text` into the field with real (trusted) key presses, replacing what it held. */
  type(selector: string, text: string): Promise<void>;
  /** Runs `fn` in the page's own world (the hostile scenario reads what the page saw and set). */
  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  close(): Promise<void>;
}

export interface BrowserDriver {
  readonly name: string;
  /** Opens https://www.cloudbet.com + path in a new tab and waits for it to load. */
  openCasino(path: string): Promise<CasinoTab>;
  /** The round rows as the popup shows them (fresh each call). */
  popupRows(): Promise<PopupRow[]>;
  /** Opens the popup's "Findings" section and reads its items once the audit has answered. */
  findings(): Promise<PopupFinding[]>;
  /** The counts by verdict in the popup's header. */
  counts(): Promise<Record<string, number>>;
  /** Clicks "Export JSON" in the popup and returns the file's text. */
  exportJson(): Promise<string>;
  /** Opens an extension page (e.g. "popup.html") in a tab of its own at `size`. */
  openPage(path: string, size: PageSize): Promise<ExtensionPage>;
  /** The addresses of the open tabs that show an extension page (e.g. the welcome page opened on install). */
  extensionTabs(): Promise<string[]>;
  /**
   * The toolbar badge's text and title as shown on the casino tab whose page announced itself last
   * (undefined when none did), and on a tab that is no casino page (the driver's extension page).
   */
  badges(): Promise<ToolbarBadges>;
  /** Reloads the popup (as the other reads do), waits for its list, then runs `fn` in it. */
  inPopup<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  /**
   * Stops the extension's background the way the browser does when it is idle: Chromium's service
   * worker, Firefox's event page (suspended as about:debugging's "Terminate Background Script" does).
   */
  stopWorker?(): Promise<void>;
  /**
   * Makes the worker's IndexedDB writes fail as a full disk does (QuotaExceededError), or work
   * again: a fault put into the running worker through the DevTools protocol. Chromium only (see
   * quota-scenario.ts for why not Storage.overrideQuotaForOrigin, and not Firefox).
   */
  fillDisk?(full: boolean): Promise<void>;
  close(): Promise<void>;
}

export interface ToolbarBadge {
  text: string;
  title: string;
}

export interface ToolbarBadges {
  casino?: ToolbarBadge;
  elsewhere: ToolbarBadge;
}

/**
 * Runs in an extension page open in a tab: the badge on the casino tab announced last (the worker
 * is asked about every open tab, as the popup asks about the active one) and on this page's own
 * tab. (Self-contained: a function run in the page is sent as its source.)
 */
export async function readBadgesInPage(): Promise<ToolbarBadges> {
  const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
  const read = async (tabId: number) => ({ text: await api.action.getBadgeText({ tabId }), title: await api.action.getTitle({ tabId }) });
  let latest: { tabId: number; since: number } | undefined;
  for (const tab of await api.tabs.query({})) {
    const reply = (await api.runtime.sendMessage({ type: 'tab-context', tabId: tab.id })) as { ok?: boolean; value?: { watched: boolean; since?: number } } | undefined;
    const since = reply?.ok && reply.value?.watched ? reply.value.since! : undefined;
    if (since !== undefined && (latest === undefined || since > latest.since)) latest = { tabId: tab.id!, since };
  }
  const here = (await api.tabs.getCurrent())!.id!;
  return { casino: latest && (await read(latest.tabId)), elsewhere: await read(here) };
}

/** Polls until `accept` holds for the popup's rows, or fails with what it saw last. */
export async function waitForRows(
  driver: BrowserDriver,
  accept: (rows: PopupRow[]) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<PopupRow[]> {
  const deadline = Date.now() + timeoutMs;
  let rows: PopupRow[] = [];
  while (Date.now() < deadline) {
    rows = await driver.popupRows();
    if (accept(rows)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${driver.name}: timed out waiting for ${what}; popup rows were:\n${JSON.stringify(rows, null, 1)}`);
}

/** Selector used by the popup: every round row carries these attributes (docs/design.md, contracts). */
export const ROW_SELECTOR = '[data-verdict][data-game]';

/** Runs in the popup page: reads every row's contract attributes. */
export function readRowsInPage(selector: string): PopupRow[] {
  return [...document.querySelectorAll<HTMLElement>(selector)].map((row) => ({
    verdict: row.dataset.verdict ?? '',
    game: row.dataset.game ?? '',
    nonce: row.dataset.nonce ?? '',
    key: row.dataset.key ?? '',
    level: row.dataset.level ?? '',
    levelReason: row.dataset.levelReason ?? '',
    failures: row.dataset.failures ?? '',
    text: row.textContent ?? '',
  }));
}

/** Shown once the summary arrived: the header carries its headline's kind (src/popup/header.tsx). */
export const HEADER_LOADED = '[data-headline]';

/**
 * Runs in the popup page: the header's count per verdict. The header shows only counts that are
 * not zero, so once it has loaded every verdict it does not show is 0; before that, `{}`.
 */
export function readCountsInPage(): Record<string, number> {
  if (!document.querySelector('[data-headline]')) return {};
  const counts: Record<string, number> = { verified: 0, pending: 0, mismatch: 0, invalid: 0, unsupported: 0 };
  for (const item of document.querySelectorAll<HTMLElement>('.counts [data-status]')) counts[item.dataset.status!] = Number(item.dataset.count ?? NaN);
  return counts;
}

/** The popup's findings section; `data-findings` is the count once the audit answered, "loading" before. */
export const FINDINGS_SELECTOR = 'details.findings';
export const FINDINGS_LOADED = 'details.findings:not([data-findings="loading"])';

/** Runs in the popup page: opens the findings section, as a click on its summary does (the audit runs only when open). */
export function openFindingsInPage(selector: string): void {
  const details = document.querySelector<HTMLDetailsElement>(selector);
  if (!details) throw new Error(`no ${selector} in the popup`);
  details.open = true;
}

/** Runs in the popup page: reads every finding item's contract attributes. */
export function readFindingsInPage(selector: string): PopupFinding[] {
  return [...document.querySelectorAll<HTMLElement>(`${selector} li[data-kind]`)].map((item) => ({
    kind: item.dataset.kind ?? '',
    commitment: item.dataset.commitment ?? '',
    nonces: item.dataset.nonces ?? '',
    roundKeys: item.dataset.roundKeys ? (JSON.parse(item.dataset.roundKeys) as string[]) : [],
    text: item.textContent ?? '',
  }));
}

/** Polls the findings until `accept` holds, or fails with what it saw last. */
export async function waitForFindings(
  driver: BrowserDriver,
  accept: (findings: PopupFinding[]) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<PopupFinding[]> {
  const deadline = Date.now() + timeoutMs;
  let findings: PopupFinding[] = [];
  while (Date.now() < deadline) {
    findings = await driver.findings();
    if (accept(findings)) return findings;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${driver.name}: timed out waiting for ${what}; popup findings were:\n${JSON.stringify(findings, null, 1)}`);
}

/**
 * Runs in an extension page: asks the worker each message as the popup does, retrying while it
 * restarts; the answers in order. (Self-contained: a function run in the page is sent as its source.)
 */
export async function askInPage(messages: unknown[]): Promise<any[]> {
  const ask = async (message: unknown): Promise<any> => {
    const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
    let last: unknown;
    for (let attempt = 0; attempt < 8; attempt++) {
      try {
        const reply = (await api.runtime.sendMessage(message)) as { ok: boolean; value?: unknown; error?: string } | undefined;
        if (reply?.ok) return reply.value;
        last = reply?.error ?? 'no reply';
      } catch (error) {
        last = error;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(`the worker did not answer ${JSON.stringify(message)}: ${String(last)}`);
  };
  return Promise.all(messages.map(ask));
}

/**
 * Runs in the casino page: the centre of the element `target` selects, scrolled into view, in the
 * page's coordinates; inside the same-origin frame `frame` selects when given. (Self-contained: it
 * is sent as its source.)
 */
export function centreInPage({ target, frame }: { target: string; frame?: string }): { x: number; y: number } {
  const frameElement = frame === undefined ? null : document.querySelector<HTMLIFrameElement>(frame);
  const root = frameElement ? frameElement.contentDocument! : document;
  const element = root.querySelector(target);
  if (!element) throw new Error(`no ${target}${frame ? ` in ${frame}` : ''}`);
  element.scrollIntoView({ block: 'center' });
  const rect = element.getBoundingClientRect();
  const offset = frameElement ? frameElement.getBoundingClientRect() : { x: 0, y: 0 };
  return { x: offset.x + rect.x + rect.width / 2, y: offset.y + rect.y + rect.height / 2 };
}
