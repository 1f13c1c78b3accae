// One page of the extension (popup, statistics, welcome) opened by a driver at a given size, with
// what the UI checks need, the same in Chromium (Playwright) and Firefox (Puppeteer over BiDi).

export interface ExtensionPage {
  evaluate<T, A = undefined>(fn: (arg: A) => T | Promise<T>, arg?: A): Promise<T>;
  /** Runs a script's source in the page (axe-core), outside the page's CSP as a driver's evaluation is. */
  runScript(source: string): Promise<void>;
  /** A trusted click from the driver. */
  click(selector: string): Promise<void>;
  /** A trusted key press (e.g. "Escape") to the focused element. */
  press(key: string): Promise<void>;
  /** Waits until `selector` matches (10 s), or fails naming it. */
  waitFor(selector: string): Promise<void>;
  chooseFile(selector: string, path: string): Promise<void>;
  shoot(path: string): Promise<void>;
  close(): Promise<void>;
}

export interface PageSize {
  width: number;
  height: number;
}

/** The toolbar popup's size in both browsers (they cap a popup at 800×600; ours sets 420×600). */
export const POPUP_SIZE: PageSize = { width: 420, height: 600 };

/** Polls `probe` in the page until it returns true (CSP-safe: no Function() as waitForFunction builds). */
export async function waitInPage(evaluate: (probe: (selector: string) => boolean, selector: string) => Promise<boolean>, selector: string, what = selector): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await evaluate((wanted) => document.querySelector(wanted) !== null, selector).catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
