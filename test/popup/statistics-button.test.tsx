// @vitest-environment jsdom
// The popup's "Statistics" button opens stats.html through the env (the extension API stays in popup.tsx).
import { afterEach, expect, test } from 'vitest';
import { FakeWorker } from './fake-worker.js';
import { click, renderApp, t, type Rendered } from './render.js';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

test('opens the statistics page, and is absent without openPage', async () => {
  const opened: string[] = [];
  rendered = await renderApp(new FakeWorker([]).client, {}, { openPage: (path) => opened.push(path) });
  const button = rendered.container.querySelector('[data-open-statistics]')!;
  expect(button.textContent).toBe(t('openStatistics'));
  await click(button);
  expect(opened).toEqual(['stats.html']);
  rendered.unmount();
  rendered = await renderApp(new FakeWorker([]).client);
  expect(rendered.container.querySelector('[data-open-statistics]')).toBeNull();
});
