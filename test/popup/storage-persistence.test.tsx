// @vitest-environment jsdom
// The More view says whether the browser may delete the history (the worker's summary.persistence).
import { afterEach, expect, test } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import type { StoragePersistence } from '../../src/shared/records.js';
import { claimFor } from './claims.js';
import { FakeWorker } from './fake-worker.js';
import { openView, renderApp, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

async function lineFor(persistence: StoragePersistence | undefined, german = false) {
  const worker = new FakeWorker([claimFor('keno', 1)], persistence ? { persistence } : {});
  rendered = await renderApp(worker.client, {}, german ? { t: translatorFrom(de as Record<string, LocaleEntry>) } : {});
  await openView(rendered.container, 'more');
  return rendered.container.querySelector('[data-persistence]');
}

test('kept (persistent, or unlimited storage): says the browser does not delete it', async () => {
  for (const persistence of ['persisted', 'unlimited'] as const) {
    const line = await lineFor(persistence);
    expect([persistence, line?.textContent]).toEqual([persistence, 'Kept: the browser does not delete this history to free disk space.']);
    rendered!.unmount();
    rendered = undefined;
  }
});

test('best effort: says it may be deleted, and what to do; in German too', async () => {
  expect((await lineFor('best-effort'))?.textContent).toBe('The browser may delete this history when the disk runs low: export it now and then.');
  rendered!.unmount();
  expect((await lineFor('best-effort', true))?.textContent).toMatch(/^Der Browser darf diesen Verlauf löschen/);
});

test('not known (an older worker): no line', async () => {
  expect(await lineFor(undefined)).toBeNull();
});
