// The capture diagnostics end to end (issue #13): a page whose labelled values the scanner cannot
// group into rounds (the demo's history by column) shows them in the popup, by channel and by
// label and shape, and "Copy a capture report" names their labels and shapes but no value; the
// page's own key in its embedded JSON and its unlabelled 64-hex text are named and counted, and
// neither value appears.
import { expect } from 'vitest';
import type { CaptureTally } from '../../../src/shared/capture-channel.js';
import { UNGROUPED_EXTRAS } from '../../../scripts/demo-casino/ungrouped-page.js';
import { askInPage, type BrowserDriver } from './driver.js';
import { POPUP_SIZE } from './extension-page.js';

const PATH = '/casino/history/columns';

/**
 * Runs in an extension page: the id of the casino tab whose page announced itself last (the
 * extension cannot read tabs' addresses; the worker knows its casino tabs by their hello).
 */
export async function newestCasinoTabInPage(): Promise<number | undefined> {
  const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
  let newest: { id: number; since: number } | undefined;
  for (const tab of await api.tabs.query({})) {
    const reply = (await api.runtime.sendMessage({ type: 'tab-context', tabId: tab.id })) as { ok?: boolean; value?: { watched: boolean; since?: number } } | undefined;
    const since = reply?.ok && reply.value?.watched ? reply.value.since! : undefined;
    if (since !== undefined && (newest === undefined || since > newest.since)) newest = { id: tab.id!, since };
  }
  return newest?.id;
}

/**
 * What the worker's capture diagnostics say of the casino tab announced last, once `ready` holds
 * (the content script sends its tally a second after what it read last), or after 15 s as it is.
 */
export async function captureOfNewestTab(driver: BrowserDriver, ready: (capture: CaptureTally | undefined) => boolean): Promise<{ tabId: number; capture?: CaptureTally }> {
  const finder = await driver.openPage('popup.html?view=tab', POPUP_SIZE);
  try {
    const tabId = await finder.evaluate(newestCasinoTabInPage);
    expect(tabId, 'the casino tab').toBeTypeOf('number');
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [context] = await finder.evaluate(askInPage, [{ type: 'tab-context', tabId }]);
      expect(context).toMatchObject({ watched: true });
      if (ready(context.capture) || Date.now() > deadline) return { tabId: tabId!, capture: context.capture };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await finder.close();
  }
}

export async function ungroupedValuesInTheCaptureReport(driver: BrowserDriver): Promise<void> {
  const casino = await driver.openCasino(PATH);
  // Closed whatever happens: a page left open would be counted by the next test's tab checks.
  let popup: Awaited<ReturnType<BrowserDriver['openPage']>> | undefined;
  try {
    // The values as the page shows them: client seeds (64 hex digits), nonces, drawn numbers.
    const shown = await casino.evaluate(() => [...document.querySelectorAll('dd')].map((dd) => [...dd.children].map((chip) => chip.textContent).join(',') || dd.textContent!.trim()));
    expect(shown).toHaveLength(9);

    const { tabId, capture } = await captureOfNewestTab(driver, (seen) => (seen?.counts.dom?.[2] ?? 0) >= 6 && (seen?.keys?.length ?? 0) > 0);
    expect(capture).toMatchObject({ counts: { dom: [6, 0, 6] } });

    // The popup as it opens over that tab.
    popup = await driver.openPage(`popup.html?tab-id=${tabId}`, POPUP_SIZE);
    await popup.waitFor('details.capture[data-capture-unplaced="6"]');
    await popup.click('details.capture > summary');
    await popup.waitFor('.capture-panel tr[data-capture-channel="dom"]');
    const panel = await popup.evaluate(() => ({
      rows: [...document.querySelectorAll<HTMLElement>('.capture-counts tr[data-capture-channel]')].map((row) => ({ ...row.dataset })),
      kinds: [...document.querySelectorAll<HTMLElement>('.capture-kinds li[data-kind-key]')].map((item) => `${item.dataset.kindKey} ${item.dataset.shape}`),
      pageKeys: [...document.querySelectorAll<HTMLElement>('.capture-kinds li[data-page-key]')].map((item) => `${item.dataset.pageKey} ${item.dataset.shape} ${item.dataset.captureChannel}`),
      bare: document.querySelector<HTMLElement>('[data-capture-bare]')?.dataset.captureBare,
    }));
    expect(panel.rows[0]).toEqual({ captureChannel: 'dom', values: '6', rounds: '0', unplaced: '6' });
    // The demo's page script also fetches the active seed pair (/api/seed-pair): one round, through
    // fetch; and its refreshes carry the rounds earlier tests played (through xhr). All of it placed.
    expect(panel.rows.slice(1)).toContainEqual({ captureChannel: 'fetch', values: '3', rounds: '1', unplaced: '0' });
    for (const row of panel.rows.slice(1)) expect(row, 'a channel other than the page labels').toMatchObject({ unplaced: '0' });
    expect(panel.kinds).toEqual(['clientSeed h64', 'nonce i', 'result L10i']);
    // The page's own key in its embedded JSON, and its 64-hex text with no label (ungrouped-page.ts).
    expect(panel.pageKeys).toEqual([`${UNGROUPED_EXTRAS.key} h64 embedded`]);
    expect(panel.bare).toBe('1');

    // A trusted click; whether the clipboard takes it or not, the box shows the text copied.
    await popup.click('[data-capture-report]');
    await popup.waitFor('textarea.capture-report:not([hidden])');
    const report = await popup.evaluate(() => document.querySelector<HTMLTextAreaElement>('textarea.capture-report')!.value);
    console.log(`[capture report ${driver.name}]\n${report}`);
    expect(report).toContain('dom: fairness values 6, rounds 0, not placed 6');
    expect(report).toContain('fetch: fairness values 3, rounds 1, not placed 0');
    for (const line of ['  dom clientSeed: 64-hex', '  dom nonce: int', '  dom result: list of 10 ints']) expect(report).toContain(line);
    expect(report).toContain(`  embedded: key "${UNGROUPED_EXTRAS.key}" 64-hex ×1 (not placed)`);
    expect(report).toContain('64-hex texts with no label: 1');
    shown.push(UNGROUPED_EXTRAS.keyed, UNGROUPED_EXTRAS.unlabelled);
    // No value, nor any 6 characters of one (the nonces are two digits: shorter than any word of the report's own could hide).
    for (const value of shown.filter((text) => text.length >= 6)) {
      for (let start = 0; start + 6 <= value.length; start++) expect(report, value).not.toContain(value.slice(start, start + 6));
    }
    for (const nonce of shown.filter((text) => /^\d+$/.test(text))) expect(report).not.toMatch(new RegExp(`\\b${nonce}\\b`));
  } finally {
    await popup?.close();
    await casino.close();
  }
}

/**
 * A page in a language the extension has no vocabulary for (the demo's history by column with its
 * fairness labels in Polish, ?lang=pl): the capture report names the page's language and the
 * labels it could not read, as the page wrote them, and still no value.
 */
export async function unknownLanguageInTheCaptureReport(driver: BrowserDriver): Promise<void> {
  const casino = await driver.openCasino(`${PATH}?lang=pl`);
  let popup: Awaited<ReturnType<BrowserDriver['openPage']>> | undefined;
  try {
    const shown = await casino.evaluate(() => [...document.querySelectorAll('dd, code')].map((value) => value.textContent!.trim()));
    const { tabId, capture } = await captureOfNewestTab(driver, (seen) => seen?.unread?.includes('Ziarno klienta') === true);
    expect(capture).toMatchObject({ lang: 'pl', unread: ['Ziarno klienta'] });
    popup = await driver.openPage(`popup.html?tab-id=${tabId}`, POPUP_SIZE);
    await popup.waitFor('details.capture');
    await popup.click('details.capture > summary');
    await popup.waitFor('[data-capture-report]');
    await popup.click('[data-capture-report]');
    await popup.waitFor('textarea.capture-report:not([hidden])');
    const report = await popup.evaluate(() => document.querySelector<HTMLTextAreaElement>('textarea.capture-report')!.value);
    const lines = report.split('\n');
    expect(lines).toContain('page language: pl');
    // The three client seeds and the text with no label at all: four 64-hex texts, one label before them.
    expect(lines).toContain('64-hex texts with no label: 4');
    expect(lines.slice(lines.indexOf('text before them, not read as a label (as the page wrote it):') + 1)[0]).toBe('  "Ziarno klienta"');
    for (const value of shown.filter((text) => text.length >= 6)) {
      for (let start = 0; start + 6 <= value.length; start++) expect(report, value).not.toContain(value.slice(start, start + 6));
    }
  } finally {
    await popup?.close();
    await casino.close();
  }
}
