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
