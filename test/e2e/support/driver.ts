/** What a scenario needs from a browser: the same steps run in Chromium (Playwright) and Firefox (Puppeteer). */
export interface PopupRow {
  verdict: string;
  game: string;
  nonce: string;
  level: string;
  failures: string;
  text: string;
}

export interface CasinoTab {
  /** Clicks and waits until the demo page has finished the action (body[data-busy] cleared). */
  act(selector: string): Promise<void>;
  close(): Promise<void>;
}

export interface BrowserDriver {
  readonly name: string;
  /** Opens https://www.cloudbet.com + path in a new tab and waits for it to load. */
  openCasino(path: string): Promise<CasinoTab>;
  /** The round rows as the popup shows them (fresh each call). */
  popupRows(): Promise<PopupRow[]>;
  /** The toolbar badge's text and title. */
  badge(): Promise<{ text: string; title: string }>;
  close(): Promise<void>;
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

/** Selector used by the popup: every round row carries these attributes (DESIGN.md contract). */
export const ROW_SELECTOR = '[data-verdict][data-game]';

/** Runs in the popup page: reads every row's contract attributes. */
export function readRowsInPage(selector: string): PopupRow[] {
  return [...document.querySelectorAll<HTMLElement>(selector)].map((row) => ({
    verdict: row.dataset.verdict ?? '',
    game: row.dataset.game ?? '',
    nonce: row.dataset.nonce ?? '',
    level: row.dataset.level ?? '',
    failures: row.dataset.failures ?? '',
    text: row.textContent ?? '',
  }));
}
