// Renders the statistics page against a fake worker, for the stats page tests; unmounted after each test.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach } from 'vitest';
import { EnvContext, type UiEnv } from '../../src/ui/env.js';
import { StatsPage } from '../../src/stats/stats-page.js';
import type { FakeWorker } from '../popup/fake-worker.js';
import { settle, t } from '../popup/render.js';

let container: HTMLElement | undefined;
afterEach(() => {
  if (container) render(null, container);
  container?.remove();
  container = undefined;
});

export async function renderStats(worker: FakeWorker): Promise<HTMLElement> {
  const env: UiEnv = { client: worker.client, t, copyText: async () => {} };
  const root = document.createElement('div');
  container = root;
  document.body.append(root);
  await act(() => {
    render(
      <EnvContext.Provider value={env}>
        <StatsPage />
      </EnvContext.Provider>,
      root,
    );
  });
  await settle();
  return root;
}
