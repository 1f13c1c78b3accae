// The browser wrapper's badge, tab and message calls, over a fake extension API (the browser's own
// `chrome` namespace, as in Chrome): the badge's text goes on the watched tabs only (every other
// tab shows none), a tab that closed meanwhile is skipped, and the worker's reply goes back through
// sendResponse.
import { beforeEach, describe, expect, it, vi } from 'vitest';

type MessageListener = (message: unknown, sender: unknown, sendResponse: (reply: unknown) => void) => unknown;
const calls = vi.hoisted(() => ({ log: [] as unknown[][], removed: [] as ((tabId: number) => void)[], messages: [] as MessageListener[], closedTabs: new Set<number>() }));
vi.stubGlobal('chrome', {
  action: {
    setBadgeText: async (details: { text: string; tabId?: number }) => {
      if (details.tabId !== undefined && calls.closedTabs.has(details.tabId)) throw new Error(`No tab with id: ${details.tabId}.`);
      calls.log.push(['text', details]);
    },
    setBadgeBackgroundColor: async (details: unknown) => void calls.log.push(['color', details]),
    setTitle: async (details: unknown) => void calls.log.push(['title', details]),
  },
  tabs: {
    query: async (query: unknown) => {
      calls.log.push(['query', query]);
      return [{ id: 42, index: 0 }];
    },
    onRemoved: { addListener: (listener: (tabId: number) => void) => calls.removed.push(listener) },
  },
  runtime: { onMessage: { addListener: (listener: MessageListener) => calls.messages.push(listener) } },
});

const { activeTabId, onMessage, onTabClosed, setBadge } = await import('../../src/shared/browser.js');

beforeEach(() => {
  calls.log.length = 0;
  calls.closedTabs.clear();
});

describe('setBadge', () => {
  it('no text for all tabs, the text on each watched tab; colour and title for all', async () => {
    await setBadge('3', '#c62828', 'Fair Witness: 3', [5, 9]);
    expect(calls.log).toEqual(
      expect.arrayContaining([
        ['text', { text: '' }],
        ['text', { tabId: 5, text: '3' }],
        ['text', { tabId: 9, text: '3' }],
        ['color', { color: '#c62828' }],
        ['title', { title: 'Fair Witness: 3' }],
      ]),
    );
    expect(calls.log).toHaveLength(5);
  });

  it('a tab that closed meanwhile is skipped, the others are set', async () => {
    calls.closedTabs.add(5);
    await setBadge('3', '#c62828', 'Fair Witness: 3', [5, 9]);
    expect(calls.log).toContainEqual(['text', { tabId: 9, text: '3' }]);
  });
});

describe('tabs', () => {
  it('activeTabId asks for the active tab of the current window', async () => {
    expect(await activeTabId()).toBe(42);
    expect(calls.log).toEqual([['query', { active: true, currentWindow: true }]]);
  });

  it('onTabClosed hands the closed tab’s id on', () => {
    const closed: number[] = [];
    onTabClosed((tab) => closed.push(tab));
    calls.removed.at(-1)!(17);
    expect(closed).toEqual([17]);
  });
});

describe('onMessage', () => {
  it('answers through sendResponse once the handler resolves, and tells the browser it will (returns true)', async () => {
    onMessage(async (message, sender) => ({ ok: true, value: [message, sender] }));
    const replies: unknown[] = [];
    const kept = calls.messages.at(-1)!({ type: 'games' }, { id: 'x' }, (reply) => replies.push(reply));
    expect(kept).toBe(true);
    expect(replies).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(replies).toEqual([{ ok: true, value: [{ type: 'games' }, { id: 'x' }] }]);
  });

  it('a handler that fails still answers, with the failure', async () => {
    onMessage(() => Promise.reject(new Error('boom')));
    const replies: unknown[] = [];
    calls.messages.at(-1)!({}, {}, (reply) => replies.push(reply));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(replies).toEqual([{ ok: false, error: 'Error: boom' }]);
  });
});
