// "Import JSON" end to end: export, clear, import the file back (same rows and verdicts, and, the
// file being sealed by this browser, the same trust levels), import it again (no duplicates), and
// the file without its seal (trust level history). The file is chosen through the page's real
// <input type=file>: Playwright's setInputFiles in Chromium, Puppeteer's uploadFile (WebDriver
// BiDi input.setFiles) in Firefox, each in an extension page opened as a tab.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect } from 'vitest';
import { openPopup } from './chromium.js';
import type { ChromiumDriver } from './chromium-driver.js';
import { readCountsInPage, waitForRows, type BrowserDriver, type PopupRow } from './driver.js';
import type { FirefoxDriver } from './firefox-driver.js';

/** The history page's data actions, driven the same way in both browsers. */
export interface DataPage {
  click(selector: string): Promise<void>;
  /** Chooses a file in a file input, as the file dialog does. */
  chooseFile(selector: string, path: string): Promise<void>;
  /** The element's data-* attributes and text, or null when there is none. */
  read(selector: string): Promise<{ data: Record<string, string>; text: string } | null>;
  /** The header's count per verdict, as this page shows it now. */
  counts(): Promise<Record<string, number>>;
  close(): Promise<void>;
}

function readInPage(selector: string): { data: Record<string, string>; text: string } | null {
  const element = document.querySelector<HTMLElement>(selector);
  return element ? { data: { ...element.dataset } as Record<string, string>, text: element.textContent ?? '' } : null;
}

export function chromiumDataPage(driver: ChromiumDriver): () => Promise<DataPage> {
  return async () => {
    const page = await openPopup(driver.session);
    await page.waitForSelector('ul[data-ready="true"]', { timeout: 10_000 });
    await page.click('button[data-view="more"]');
    return {
      click: (selector) => page.click(selector),
      chooseFile: (selector, path) => page.setInputFiles(selector, path),
      read: (selector) => page.evaluate(readInPage, selector),
      counts: () => page.evaluate(readCountsInPage),
      close: () => page.close(),
    };
  };
}

export function firefoxDataPage(driver: FirefoxDriver): () => Promise<DataPage> {
  return async () => {
    // Opened for an import, as the toolbar popup's "Import JSON" does: at the data section.
    const page = await driver.session.openExtensionPage('popup.html?view=tab&show=data');
    await page.waitForSelector('button[data-action="clear-data"]', { timeout: 10_000 });
    return {
      click: (selector) => page.click(selector),
      async chooseFile(selector, path) {
        const input = await page.$(selector);
        if (!input) throw new Error(`firefox: no ${selector}`);
        await (input as unknown as { uploadFile(...paths: string[]): Promise<void> }).uploadFile(path);
      },
      read: (selector) => page.evaluate(readInPage, selector),
      counts: () => page.evaluate(readCountsInPage),
      close: () => page.close(),
    };
  };
}

async function waitFor<T>(what: string, read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!accept(value)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

/** Each row's trust level, by key. */
const levels = (rows: PopupRow[]) => Object.fromEntries(rows.map((row) => [row.key, row.level ?? '']));

/** What a row says about its round that an export carries (its trust level is the store's own). */
const facts = (rows: PopupRow[]) =>
  rows.map(({ key, verdict, game, nonce, failures }) => ({ key, verdict, game, nonce, failures })).sort((a, b) => a.key.localeCompare(b.key));

export async function exportClearImport(driver: BrowserDriver, openDataPage: () => Promise<DataPage>): Promise<void> {
  const before = await driver.popupRows();
  expect(before.length).toBeGreaterThan(3);
  const text = await driver.exportJson();
  const exported = JSON.parse(text) as { rounds: unknown[] };
  expect(exported.rounds).toHaveLength(before.length);
  const file = join(await mkdtemp(join(tmpdir(), 'fw-import-')), 'export.json');
  await writeFile(file, text);

  const page = await openDataPage();
  try {
    await page.click('button[data-action="clear-data"]');
    await page.click('button[data-action="confirm-clear"]');
    // (The drivers' list reads wait for a visible list, which an empty store does not have.)
    await waitFor('the data cleared', () => page.read('[data-clear-status]'), (shown) => shown?.text === `Deleted rounds: ${before.length}.`);
    await waitFor('zero counts after clearing', () => page.counts(), (counts) => Object.values(counts).length > 0 && Object.values(counts).every((n) => n === 0));

    await page.chooseFile('input[data-import-file]', file);
    const first = await waitFor('the first import', () => page.read('[data-import-result]'), (shown) => shown !== null);
    expect(first!.data).toMatchObject({ added: String(before.length), updated: '0', known: '0', refused: '0', restored: String(before.length) });
    // Sealed by this browser (its key in IndexedDB, non-extractable) and unchanged: each round as it was.
    expect(await page.read('[data-seal]')).toMatchObject({ data: { seal: 'this-install' } });
    const after = await waitForRows(driver, (rows) => rows.length === before.length, 'the imported rounds listed');
    expect(facts(after)).toEqual(facts(before));
    expect(levels(after)).toEqual(levels(before));
    expect(before.some((row) => row.level === 'witnessed')).toBe(true);
    const expectedCounts = Object.fromEntries(['verified', 'pending', 'mismatch'].map((status) => [status, before.filter((r) => r.verdict === status).length]));
    // (Polled: a header read can come back empty while the background is busy waking up.)
    await waitFor('the header counts after the import', () => driver.counts(), (counts) => Object.entries(expectedCounts).every(([status, n]) => counts[status] === n));

    // The same file again: every round already known, nothing added.
    await page.chooseFile('input[data-import-file]', file);
    const second = await waitFor('the second import', () => page.read('[data-import-result]'), (shown) => shown?.data.known === String(before.length));
    expect(second!.data).toMatchObject({ added: '0', updated: '0', refused: '0' });
    expect(facts(await driver.popupRows())).toEqual(facts(before));

    // The file without its seal (as a file of an earlier release, or of another browser): no trust, what was witnessed comes back as history.
    const unsealed = join(dirname(file), 'unsealed.json');
    const { seal: _seal, ...plain } = JSON.parse(text) as { seal?: unknown };
    await writeFile(unsealed, JSON.stringify(plain));
    await page.click('button[data-action="clear-data"]');
    await page.click('button[data-action="confirm-clear"]');
    await waitFor('zero counts after clearing again', () => page.counts(), (counts) => Object.values(counts).length > 0 && Object.values(counts).every((n) => n === 0));
    await page.chooseFile('input[data-import-file]', unsealed);
    const third = await waitFor('the unsealed import', () => page.read('[data-import-result]'), (shown) => shown?.data.added === String(before.length));
    expect(third!.data).toMatchObject({ restored: '0' });
    const fileOnly = await waitForRows(driver, (rows) => rows.length === before.length, 'the unsealed rounds listed');
    expect(facts(fileOnly)).toEqual(facts(before));
    for (const row of fileOnly.filter((r) => r.verdict === 'verified')) expect(row.level).toBe('history');
    console.log(`[import ${driver.name}] exported ${before.length} rounds (sealed), cleared, imported ${first!.data.added} with ${first!.data.restored} restored; again: ${second!.data.known} already known, 0 added; unsealed: ${third!.data.added} added, all history`);
  } finally {
    await page.close();
  }
}
