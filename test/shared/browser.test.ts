// The browser wrapper's badge and tab calls, over a fake extension API: the badge's text goes on
// the watched tabs only (every other tab shows none), and a tab that closed meanwhile is skipped.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ log: [] as unknown[][], removed: [] as ((tabId: number) => void)[], closedTabs: new Set<number>() }));
vi.mock('webextension-polyfill', () => ({
  default: {
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
  },
}));

const { activeTabId, onTabClosed, setBadge } = await import('../../src/shared/browser.js');

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
