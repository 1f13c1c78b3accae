// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, expect, test } from 'vitest';
import type { PageMessage, PageResponses } from '../../src/shared/messages.js';
import type { RoundRow } from '../../src/shared/records.js';
import { ROW_HEIGHT } from '../../src/popup/round-row.js';
import type { WorkerClient } from '../../src/ui/worker-client.js';
import { renderApp, rowsOf, settle, type Rendered } from './render.js';

const TOTAL = 100_000;

/** A worker with 100 000 rounds, made up on demand; it records which pages were asked for. */
function bigWorker() {
  const requests: { offset: number; limit: number }[] = [];
  const row = (index: number): RoundRow => ({
    key: `key-${index}`,
    game: 'Keno',
    gameId: 'keno',
    nonce: String(index),
    status: index < 10 ? 'mismatch' : 'verified',
    level: 'witnessed',
    updatedAt: index,
  });
  const client: WorkerClient = {
    async ask(message: PageMessage) {
      const answer = (): PageResponses[keyof PageResponses] => {
        switch (message.type) {
          case 'summary':
            return { total: TOTAL, counts: { verified: TOTAL - 10, pending: 0, mismatch: 10, unsupported: 0, invalid: 0 }, levels: { witnessed: TOTAL, history: 0 } };
          case 'games':
            return ['keno'];
          case 'rounds': {
            requests.push({ offset: message.offset, limit: message.limit });
            const end = Math.min(TOTAL, message.offset + message.limit);
            return { total: TOTAL, rows: Array.from({ length: Math.max(0, end - message.offset) }, (_, i) => row(message.offset + i)) };
          }
          default:
            throw new Error(`unexpected ${message.type}`);
        }
      };
      return answer() as never;
    },
  };
  return { client, requests };
}

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

async function scrollTo(viewport: HTMLElement, top: number) {
  await act(() => {
    viewport.scrollTop = top;
    viewport.dispatchEvent(new Event('scroll'));
  });
  await settle();
}

test('100 000 rounds: only the visible window is in the DOM, pages are fetched on demand', async () => {
  const { client, requests } = bigWorker();
  rendered = await renderApp(client);
  const { container } = rendered;
  const list = container.querySelector<HTMLElement>('ul.rows')!;
  expect(list.style.height).toBe(`${TOTAL * ROW_HEIGHT}px`);
  let rows = rowsOf(container);
  expect(rows.length).toBeGreaterThan(5);
  expect(rows.length).toBeLessThan(30);
  expect(rows[0]!.dataset.nonce).toBe('0');
  expect(rows[0]!.getAttribute('aria-setsize')).toBe(String(TOTAL));
  expect(requests).toEqual([{ offset: 0, limit: 50 }]);

  const viewport = container.querySelector<HTMLElement>('.viewport')!;
  await scrollTo(viewport, 50_000 * ROW_HEIGHT);
  rows = rowsOf(container);
  expect(rows.length).toBeLessThan(30);
  const nonces = rows.map((row) => Number(row.dataset.nonce));
  expect(nonces).toContain(50_000);
  expect(Math.min(...nonces)).toBeGreaterThan(49_980);
  // Each row sits where its index says.
  expect(rows.find((row) => row.dataset.nonce === '50000')!.style.top).toBe(`${50_000 * ROW_HEIGHT}px`);
  expect(requests).toEqual([
    { offset: 0, limit: 50 },
    { offset: 49_950, limit: 50 },
    { offset: 50_000, limit: 50 },
  ]);

  // Back to the top: served from the cache, nothing fetched again.
  await scrollTo(viewport, 0);
  expect(rowsOf(container)[0]!.dataset.nonce).toBe('0');
  expect(requests).toHaveLength(3);

  await scrollTo(viewport, (TOTAL - 1) * ROW_HEIGHT);
  expect(rowsOf(container).at(-1)!.dataset.nonce).toBe(String(TOTAL - 1));
  // The rows in the DOM, not the time taken, show the list stays a window (a clock on a shared
  // machine says little): at most 30 however far it scrolls.
  expect(rowsOf(container).length).toBeLessThan(30);
});

test('arrow keys move focus row by row, scrolling the list', async () => {
  const { client } = bigWorker();
  rendered = await renderApp(client);
  const { container } = rendered;
  const first = container.querySelector<HTMLButtonElement>('button[data-index="0"]')!;
  first.focus();
  const press = async (key: string) => {
    await act(() => {
      (document.activeElement as HTMLElement).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    });
    await settle();
  };
  await press('ArrowDown');
  expect((document.activeElement as HTMLElement).dataset.index).toBe('1');
  await press('End');
  expect((document.activeElement as HTMLElement).dataset.index).toBe(String(TOTAL - 1));
  expect(container.querySelector<HTMLElement>('.viewport')!.scrollTop).toBeGreaterThan((TOTAL - 10) * ROW_HEIGHT);
  await press('Home');
  expect((document.activeElement as HTMLElement).dataset.index).toBe('0');
});
