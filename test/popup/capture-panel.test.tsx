// @vitest-environment jsdom
// What capture read on the active tab (src/popup/tab-context.tsx, src/popup/capture-panel.tsx):
// a folded line under the tab's line, the counts per channel and the values in no round when
// opened, and "Copy a capture report", which copies labels and shapes, never a value.
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, test } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import type { CaptureTally } from '../../src/shared/capture-channel.js';
import { mixedClaims } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { click, renderApp, settle, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

const SEED = 'ebdd47f05399c7427e5b8814db8217ebb8fe8383523675731ea7bff0dbd9466f';
const TALLY: CaptureTally = {
  counts: { dom: [6, 0, 6], fetch: [4, 2, 0] },
  seen: [
    ['dom', 'clientSeed', 'h64', 0],
    ['dom', 'nonce', 'i', 0],
    ['dom', 'result', 'L10i', 0],
    ['fetch', 'serverSeed', 'h64', 1],
  ],
};

function workerWith(capture?: CaptureTally): FakeWorker {
  const worker = new FakeWorker(mixedClaims());
  worker.tabs.set(7, { watched: true, host: 'www.cloudbet.com', since: 1, rounds: 2, ...(capture ? { capture } : {}) });
  return worker;
}

const fold = (root: ParentNode) => root.querySelector<HTMLDetailsElement>('details.capture');

async function open(details: HTMLDetailsElement): Promise<void> {
  await act(() => {
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
  });
  // The panel is a chunk loaded on first use: its first import takes a moment.
  const deadline = Date.now() + 5000;
  while (!details.querySelector('.capture-panel') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await settle(1);
  }
}

describe('capture diagnostics in the popup', () => {
  test('folded under the tab’s line, saying how many values are in no round', async () => {
    rendered = await renderApp(workerWith(TALLY).client, {}, { activeTabId: async () => 7 });
    const details = fold(rendered.container)!;
    expect(details.open).toBe(false);
    expect(details.dataset.captureUnplaced).toBe('6');
    expect(details.querySelector('summary')!.textContent).toBe('What Fair Witness read on this page · 6 values in no round');
    expect(details.querySelector('.capture-panel'), 'loaded only when opened').toBeNull();
  });

  test('nothing to fold out when capture has sent nothing yet', async () => {
    rendered = await renderApp(workerWith().client, {}, { activeTabId: async () => 7 });
    expect(rendered.container.querySelector('[data-tab-context="watched"]')).not.toBeNull();
    expect(fold(rendered.container)).toBeNull();
  });

  test('opened: counts per channel, and the values in no round by label and kind', async () => {
    rendered = await renderApp(workerWith(TALLY).client, {}, { activeTabId: async () => 7 });
    await open(fold(rendered.container)!);
    const rows = [...rendered.container.querySelectorAll<HTMLElement>('.capture-counts tr[data-capture-channel]')];
    expect(rows.map((row) => ({ ...row.dataset }))).toEqual([
      { captureChannel: 'dom', values: '6', rounds: '0', unplaced: '6' },
      { captureChannel: 'fetch', values: '4', rounds: '2', unplaced: '0' },
    ]);
    expect(rows[0]!.querySelector('th')!.textContent).toBe('Page labels');
    const kinds = [...rendered.container.querySelectorAll('.capture-kinds li')].map((item) => item.textContent);
    expect(kinds).toEqual(['Client seed · 64 hex digits (Page labels)', 'Nonce · whole number (Page labels)', 'Result shown · list of numbers, length 10 (Page labels)']);
  });

  test('lists binary frames it could not read, by first byte and size, with their count', async () => {
    rendered = await renderApp(workerWith({ ...TALLY, frames: [['websocket', 'x89b8', 4]] }).client, {}, { activeTabId: async () => 7 });
    await open(fold(rendered.container)!);
    const item = rendered.container.querySelector<HTMLElement>('li[data-frame-shape]')!;
    expect(item.dataset).toMatchObject({ frameShape: 'x89b8', captureChannel: 'websocket' });
    expect(item.textContent).toMatch(/^First byte 0x89, up to 8 bytes ×4 \(.+\)$/);
    expect(item.closest('ul')!.previousElementSibling!.textContent).toBe('Binary frames that capture could read as neither MessagePack nor CBOR:');
  });

  test('names the web components closed to it (one, several), and nothing when there are none', async () => {
    for (const [closed, text] of [[1, '1 web component on this page is closed to extensions: what it shows cannot be read.'], [3, '3 web components on this page are closed to extensions: what they show cannot be read.']] as const) {
      rendered = await renderApp(workerWith({ ...TALLY, closed }).client, {}, { activeTabId: async () => 7 });
      await open(fold(rendered.container)!);
      expect(rendered.container.querySelector('[data-capture-closed]')?.textContent).toBe(text);
      rendered.unmount();
    }
    rendered = await renderApp(workerWith(TALLY).client, {}, { activeTabId: async () => 7 });
    await open(fold(rendered.container)!);
    expect(rendered.container.querySelector('.capture-panel [data-capture-closed]')).toBeNull();
  });

  test('lists the page’s own keys not placed, quoted, with shape and sightings, and the 64-hex texts no label named', async () => {
    const keys: CaptureTally['keys'] = [
      ['websocket', 'srvSeedHashV2', 'h64', 0, 12],
      ['websocket', 'nonce', 'i', 1, 3],
    ];
    rendered = await renderApp(workerWith({ ...TALLY, keys, bare: 2 }).client, {}, { activeTabId: async () => 7 });
    await open(fold(rendered.container)!);
    const listed = [...rendered.container.querySelectorAll('[data-page-key]')].map((item) => item.textContent);
    expect(listed).toEqual(['“srvSeedHashV2” · 64 hex digits ×12 (Live connection (WebSocket))']);
    expect(rendered.container.querySelector('[data-capture-bare]')?.textContent).toBe('2 texts of 64 hex digits on this page have no label capture knows.');
    await click(rendered.container.querySelector('[data-capture-report]'));
    expect(rendered.copies[0]).toContain('  websocket: key "srvSeedHashV2" 64-hex ×12 (not placed)');
    expect(rendered.copies[0]).toContain('  websocket: key "nonce" int ×3');
  });

  test('“Copy a capture report” copies labels and shapes, shows what it copied, and holds no value', async () => {
    rendered = await renderApp(workerWith(TALLY).client, {}, { activeTabId: async () => 7, version: '9.9.9' });
    await open(fold(rendered.container)!);
    await click(rendered.container.querySelector('[data-capture-report]'));
    expect(rendered.copies).toHaveLength(1);
    const report = rendered.copies[0]!;
    expect(report.split('\n').slice(1, 3)).toEqual(['page: www.cloudbet.com', 'version: 9.9.9']);
    expect(report).toContain('version: 9.9.9');
    expect(report).toContain('dom: fairness values 6, rounds 0, not placed 6');
    expect(report).toContain('  dom clientSeed: 64-hex');
    expect(report).toContain('  dom result: list of 10 ints');
    expect(report).not.toContain(SEED.slice(0, 6));
    const box = rendered.container.querySelector<HTMLTextAreaElement>('textarea.capture-report')!;
    expect(box.hidden).toBe(false);
    expect(box.value).toBe(report);
    expect(rendered.container.querySelector('.capture-panel [aria-live]')!.textContent).toBe('Copied');
  });

  test('says when the clipboard refused', async () => {
    rendered = await renderApp(workerWith(TALLY).client, {}, { activeTabId: async () => 7, copyText: () => Promise.reject(new Error('denied')) });
    await open(fold(rendered.container)!);
    await click(rendered.container.querySelector('[data-capture-report]'));
    expect(rendered.container.querySelector('.capture-panel [aria-live]')!.textContent).toBe('Copy failed');
    expect(rendered.container.querySelector<HTMLTextAreaElement>('textarea.capture-report')!.value).toContain('dom nonce: int');
  });

  test('in German', async () => {
    const t = translatorFrom(de as Record<string, LocaleEntry>);
    rendered = await renderApp(workerWith(TALLY).client, {}, { activeTabId: async () => 7, t });
    expect(fold(rendered.container)!.querySelector('summary')!.textContent).toBe('Was Fair Witness auf dieser Seite gelesen hat · 6 Werte in keiner Runde');
    await open(fold(rendered.container)!);
    expect(rendered.container.querySelector('.capture-kinds li')!.textContent).toBe('Client-Seed · 64 Hex-Zeichen (Beschriftungen der Seite)');
  });

  test('the round detail shows the page’s context too', async () => {
    rendered = await renderApp(workerWith(TALLY).client, {}, { activeTabId: async () => 7 });
    await click(rendered.container.querySelector('[data-verdict]'));
    const detail = rendered.container.querySelector('section.detail')!;
    expect(detail.querySelector('[data-tab-context="watched"]')).not.toBeNull();
    expect(detail.querySelector('details.capture')).not.toBeNull();
  });
});
