// Renders the popup into jsdom with a fake worker client and the real English strings.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterAll } from 'vitest';
import en from '../../src/_locales/en/messages.json';
import { App, type AppProps } from '../../src/popup/app.js';
import { EnvContext, type PopupEnv } from '../../src/popup/env.js';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { loadProofView } from '../../src/popup/proof-loader.js';
import type { WorkerClient } from '../../src/ui/worker-client.js';

// Preact schedules effects with requestAnimationFrame and a 100 ms timer; let those fire while
// jsdom still exists, or they throw after the file's environment is torn down.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 150)));

// The proof view is a chunk the popup loads on first use; loaded here once, so views show it at once.
await loadProofView();

export const t = translatorFrom(en as Record<string, LocaleEntry>);

export interface Rendered {
  container: HTMLElement;
  env: PopupEnv;
  downloads: { fileName: string; content: string; mimeType: string }[];
  copies: string[];
  unmount: () => void;
}

/** Lets pending promises, effects and re-renders run. */
export async function settle(rounds = 12): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

export async function renderApp(client: WorkerClient, props: AppProps = {}, overrides: Partial<PopupEnv> = {}): Promise<Rendered> {
  const downloads: Rendered['downloads'] = [];
  const copies: string[] = [];
  const env: PopupEnv = {
    client,
    t,
    parseText: () => ({}),
    copyText: async (text) => {
      copies.push(text);
    },
    // An export comes as a Blob (made of a part per page): its text is filled in once read.
    download: (fileName, content, mimeType) => {
      const entry = { fileName, content: typeof content === 'string' ? content : '', mimeType };
      downloads.push(entry);
      if (typeof content !== 'string') void content.text().then((text) => (entry.content = text));
    },
    now: () => new Date('2024-05-01T12:30:00Z'),
    ...overrides,
  };
  const container = document.createElement('div');
  document.body.append(container);
  await act(() => {
    render(
      <EnvContext.Provider value={env}>
        <App refreshMs={0} {...props} />
      </EnvContext.Provider>,
      container,
    );
  });
  await settle();
  return {
    container,
    env,
    downloads,
    copies,
    unmount: () => {
      render(null, container);
      container.remove();
    },
  };
}

export async function click(element: Element | null | undefined): Promise<void> {
  if (!element) throw new Error('nothing to click');
  await act(() => {
    (element as HTMLElement).click();
  });
  await settle();
}

/** Sets a form control's value the way typing or choosing does (input, then change). */
export async function setValue(element: Element | null | undefined, value: string): Promise<void> {
  if (!element) throw new Error('no such control');
  const control = element as HTMLInputElement;
  await act(() => {
    control.value = value;
    control.dispatchEvent(new Event('input', { bubbles: true }));
    control.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

export function buttonByText(root: ParentNode, text: string): HTMLButtonElement | undefined {
  return Array.from(root.querySelectorAll('button')).find((button) => button.textContent?.trim() === text);
}

export const rowsOf = (root: ParentNode) => Array.from(root.querySelectorAll<HTMLLIElement>('li[data-verdict]'));

/** Switches the popup to one of its views, as a click on its tab does; "More" loads on first use, so it waits for it. */
export async function openView(root: ParentNode, view: 'list' | 'check' | 'more'): Promise<void> {
  await click(root.querySelector(`button[data-view="${view}"]`));
  const deadline = Date.now() + 5000;
  while (view === 'more' && !root.querySelector('.more-view .more')) {
    if (Date.now() > deadline) throw new Error('the More view did not load');
    await new Promise((resolve) => setTimeout(resolve, 10));
    await settle(2);
  }
}
