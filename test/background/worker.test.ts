// The worker's start-up wiring: a closed tab is forgotten, a new browser session or an update
// forgets every tab (their ids and content scripts are gone), and the badge is set again after.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { announceTab, tabContext, watchedTabIds } from '../../src/background/watched-tabs.js';

const fake = vi.hoisted(() => ({
  listeners: {} as { installed?: (reason: string) => void; startup?: () => void; closed?: (tab: number) => void },
  badges: [] as (readonly number[] | undefined)[],
}));
vi.mock('../../src/shared/browser.js', async () => ({
  ...(await import('./quiet-browser.js')),
  onMessage: () => undefined,
  onInstalled: (listener: (reason: string) => void) => (fake.listeners.installed = listener),
  onStartup: (listener: () => void) => (fake.listeners.startup = listener),
  onTabClosed: (listener: (tab: number) => void) => (fake.listeners.closed = listener),
  openExtensionPage: async () => undefined,
  setBadge: async (_text: string, _color: string, _title: string, tabs?: readonly number[]) => void fake.badges.push(tabs),
}));

beforeAll(async () => {
  await import('../../src/background/worker.js');
});
afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

/** Waits until `check` holds: the listeners start their work without returning it. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await check()).toBe(true);
}

describe('the worker’s listeners', () => {
  it('registers them at start-up', () => {
    expect(Object.keys(fake.listeners).sort()).toEqual(['closed', 'installed', 'startup']);
  });

  it('a closed tab is forgotten; other tabs stay', async () => {
    await announceTab(3, 'www.cloudbet.com');
    await announceTab(4, 'www.cloudbet.com');
    fake.listeners.closed!(3);
    await eventually(async () => !(await tabContext(3)).watched);
    expect(await watchedTabIds()).toEqual([4]);
  });

  it('a new browser session forgets every tab, then sets the badge on none', async () => {
    await announceTab(3, 'www.cloudbet.com');
    fake.badges.length = 0;
    fake.listeners.startup!();
    await eventually(async () => fake.badges.length > 0);
    expect(await watchedTabIds()).toEqual([]);
    expect(fake.badges).toEqual([[]]);
  });

  it('an update forgets every tab; a browser update does not', async () => {
    await announceTab(3, 'www.cloudbet.com');
    fake.badges.length = 0;
    fake.listeners.installed!('browser_update');
    await eventually(async () => fake.badges.length > 0);
    expect(await watchedTabIds()).toEqual([3]);
    fake.badges.length = 0;
    fake.listeners.installed!('update');
    await eventually(async () => fake.badges.length > 0);
    expect(await watchedTabIds()).toEqual([]);
  });
});
