// @vitest-environment jsdom
// The toolbar popup's line about the tab it was opened over (src/popup/tab-context.tsx): what the
// worker saw on a watched Cloudbet tab, a plain "not reading this tab" elsewhere, nothing in a full tab.
import { afterEach, describe, expect, test } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { mixedClaims } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { renderApp, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

const line = (root: ParentNode) => root.querySelector<HTMLElement>('[data-tab-context]');

function workerWith(tabId: number, rounds?: number): FakeWorker {
  const worker = new FakeWorker(mixedClaims());
  if (rounds !== undefined) worker.tabs.set(tabId, { watched: true, host: 'www.cloudbet.com', since: 1, rounds });
  return worker;
}

describe('the active tab’s line', () => {
  test('a watched Cloudbet tab: its host and the rounds seen there, in the summary under the headline', async () => {
    const worker = workerWith(7, 3);
    rendered = await renderApp(worker.client, {}, { activeTabId: async () => 7 });
    const shown = line(rendered.container)!;
    expect(shown.textContent).toBe('This tab: www.cloudbet.com · 3 rounds seen here');
    expect(shown.dataset).toMatchObject({ tabContext: 'watched', rounds: '3' });
    expect(shown.title).toBe('');
    expect(shown.closest('section.header'), 'in the summary, under the headline').not.toBeNull();
    expect(worker.log).toContainEqual({ type: 'tab-context', tabId: 7 });
  });

  test('one round, and none: the plural follows the count', async () => {
    rendered = await renderApp(workerWith(7, 1).client, {}, { activeTabId: async () => 7 });
    expect(line(rendered.container)!.textContent).toBe('This tab: www.cloudbet.com · 1 round seen here');
    rendered.unmount();
    rendered = await renderApp(workerWith(7, 0).client, {}, { activeTabId: async () => 7 });
    expect(line(rendered.container)!.textContent).toBe('This tab: www.cloudbet.com · 0 rounds seen here');
  });

  test('any other tab: Fair Witness does not read it', async () => {
    rendered = await renderApp(workerWith(7, 3).client, {}, { activeTabId: async () => 8 });
    const shown = line(rendered.container)!;
    expect(shown.dataset.tabContext).toBe('other');
    expect(shown.textContent).toBe('Fair Witness doesn’t read this tab, only Cloudbet pages.');
    // Why a Cloudbet tab may be among them, on hover.
    expect(shown.title).toBe('A Cloudbet page that was open before Fair Witness was installed or updated is read once you reload it.');
  });

  test('in German', async () => {
    const t = translatorFrom(de as Record<string, LocaleEntry>);
    rendered = await renderApp(workerWith(7, 2).client, {}, { activeTabId: async () => 7, t });
    expect(line(rendered.container)!.textContent).toBe('Dieser Tab: www.cloudbet.com · 2 Runden hier gesehen');
    rendered.unmount();
    rendered = await renderApp(workerWith(7, 1).client, {}, { activeTabId: async () => 9, t });
    expect(line(rendered.container)!.textContent).toBe('Fair Witness liest diesen Tab nicht, nur Cloudbet-Seiten.');
  });

  test('nothing in the full-tab view, and the worker is not asked', async () => {
    const worker = workerWith(7, 3);
    rendered = await renderApp(worker.client, { tab: true }, { activeTabId: async () => 7 });
    expect(rendered.container.querySelector('header')).not.toBeNull();
    expect(line(rendered.container)).toBeNull();
    expect(worker.log.some((message) => message.type === 'tab-context')).toBe(false);
  });

  test('nothing when no tab id is known or the worker fails', async () => {
    rendered = await renderApp(workerWith(7, 3).client, {}, { activeTabId: async () => undefined });
    expect(line(rendered.container)).toBeNull();
    rendered.unmount();
    rendered = await renderApp(workerWith(7, 3).client, {}, { activeTabId: () => Promise.reject(new Error('no tabs')) });
    expect(line(rendered.container)).toBeNull();
  });
});
