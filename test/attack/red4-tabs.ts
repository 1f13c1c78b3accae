// Red team 4: tab-session.ts's document of a tab, for any tab id (the cross-tab rule,
// tab-actions.ts mayBeBetOf): a real capture session on a jsdom document, its claims through the real
// claimSender and router, its action reports through the router, the real store on fake-indexeddb.
// Each test file must itself mock the browser module (vi.mock is hoisted per file):
//   vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));
import { expect, vi } from 'vitest';
import { handleMessage } from '../../src/background/router.js';
import { TAP_EVENT } from '../../src/capture/page-world/tap-channel.js';
import { startCapture, type CaptureSession } from '../../src/capture/session/capture-session.js';
import { claimSender } from '../../src/capture/session/worker-send.js';
import type { MessageSender } from '../../src/shared/browser.js';
import { EXTENSION_ID } from '../background/quiet-browser.js';
import { clock, later } from './tab-session.js';

export const senderOf = (tab: number, frameId = 0): MessageSender => ({
  id: EXTENSION_ID,
  url: 'https://www.cloudbet.com/en/casino/originals/keno',
  frameId,
  tab: { id: tab, index: 0, active: true, highlighted: true, pinned: false, incognito: false } as MessageSender['tab'],
});

/** A new document (an iframe's, so it has a window of its own) standing for one casino tab's page. */
export function tabDocument(): Document {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  return iframe.contentDocument!;
}

export interface CasinoTabPage {
  session: CaptureSession;
  /** One data message (the page tap) with these rounds, read now. */
  tap(rounds: object[]): void;
  /** A trusted pointerdown on a new button (not in the document) whose text is `text`. */
  press(text: string): void;
  /** A trusted pointerdown whose target is `element` (an element of the page: an overlay, a tile). */
  pressOn(element: Element): void;
  /** A trusted pointerdown on the page's background (the body: no control). */
  click(): void;
  /** A trusted keydown: its target is the element the page focused (or the body). */
  key(): void;
  /** Trusted keydowns of each of `keys` (KeyboardEvent.key values) on `element`, 20 ms apart. */
  typeInto(element: Element, keys: Iterable<string>): void;
  /** A trusted paste of `text` on `element`. */
  pasteInto(element: Element, text: string): void;
  /** Until every claim offered is answered (the worker's answer back in the round tracker) and every action report kept. */
  settled(): Promise<void>;
  unload(): void;
}

/** One document of the tab (frame `frameId`). */
export function casinoTab(tab: number, doc: Document, frameId = 0): CasinoTabPage {
  const win = doc.defaultView!;
  const addListener = vi.spyOn(win, 'addEventListener');
  const replies: Promise<unknown>[] = [];
  const session = startCapture({
    document: doc,
    send: claimSender((message) => handleMessage(message, senderOf(tab, frameId))),
    reportAction: (at, slots) => void replies.push(handleMessage({ type: 'action', at, slots }, senderOf(tab, frameId))),
    now: () => clock.time,
    scheduler: { minIntervalMs: 0, whenIdle: (callback: () => void) => callback() },
    outbox: { baseDelayMs: 1 },
  });
  const listener = (type: string) => addListener.mock.calls.filter(([name, , capture]) => name === type && capture === true).at(-1)![1] as (event: unknown) => void;
  const [onPointerDown, onKeyDown, onPaste] = [listener('pointerdown'), listener('keydown'), listener('paste')];
  addListener.mockRestore();
  const path = (target: Element): EventTarget[] => {
    const list: EventTarget[] = [];
    for (let node: Element | null = target; node; node = node.parentElement) list.push(node);
    return [...list, doc, win];
  };
  return {
    session,
    tap: (rounds) => void doc.dispatchEvent(new CustomEvent(TAP_EVENT, { detail: JSON.stringify({ rounds }) })),
    press: (text) => {
      const button = doc.createElement('button');
      button.textContent = text;
      onPointerDown({ isTrusted: true, type: 'pointerdown', composedPath: () => [button] });
    },
    pressOn: (element) => onPointerDown({ isTrusted: true, type: 'pointerdown', composedPath: () => path(element) }),
    click: () => onPointerDown({ isTrusted: true, type: 'pointerdown', composedPath: () => path(doc.body) }),
    key: () => onKeyDown({ isTrusted: true, type: 'keydown', composedPath: () => path(doc.activeElement ?? doc.body) }),
    typeInto: (element, keys) => {
      for (const key of keys) {
        onKeyDown({ isTrusted: true, type: 'keydown', key, ctrlKey: false, altKey: false, metaKey: false, composedPath: () => path(element) });
        later(20);
      }
    },
    pasteInto: (element, text) => onPaste({ isTrusted: true, type: 'paste', clipboardData: { getData: () => text }, composedPath: () => path(element) }),
    settled: async () => {
      await vi.waitFor(() => expect(session.outbox.pending).toBe(0), { timeout: 3000, interval: 2 });
      await Promise.all(replies);
    },
    unload: () => session.stop(),
  };
}

