// The casino tabs the worker watches, kept in the store: announced, counted by distinct round,
// bounded, forgotten on close, reload or a new browser session, and read back by a new worker.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_NAME, openStore } from '../../src/background/store.js';
import {
  announceTab,
  countTabRounds,
  forgetAllTabs,
  forgetTab,
  MAX_REMEMBERED_ROUNDS,
  MAX_TABS,
  tabContext,
  watchedTabIds,
} from '../../src/background/watched-tabs.js';

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

const HOST = 'www.cloudbet.com';
const key = (nonce: number) => `${'c'.repeat(64)}|client|${nonce}`;

describe('watched tabs', () => {
  it('a tab is not watched until its content script announces it; then with its host, time and no rounds', async () => {
    expect(await tabContext(5)).toEqual({ watched: false });
    await announceTab(5, HOST, 1000);
    expect(await tabContext(5)).toEqual({ watched: true, host: HOST, since: 1000, rounds: 0 });
    expect(await tabContext(6)).toEqual({ watched: false });
  });

  it('counts distinct rounds: the claims of one round, in one batch or several, count once', async () => {
    await announceTab(5, HOST);
    await countTabRounds(5, [key(1), key(1), key(2)]);
    await countTabRounds(5, [key(2), key(3)]);
    expect(await tabContext(5)).toMatchObject({ rounds: 3 });
  });

  it('counts each tab apart, and nothing for a tab never announced', async () => {
    await announceTab(5, HOST);
    await announceTab(6, 'cloudbet.com');
    await countTabRounds(5, [key(1)]);
    await countTabRounds(6, [key(1), key(2)]);
    await countTabRounds(7, [key(3)]);
    expect(await tabContext(5)).toMatchObject({ rounds: 1 });
    expect(await tabContext(6)).toMatchObject({ host: 'cloudbet.com', rounds: 2 });
    expect(await tabContext(7)).toEqual({ watched: false });
  });

  it('concurrent batches of one tab all count', async () => {
    await announceTab(5, HOST);
    await Promise.all(Array.from({ length: 20 }, (_, index) => countTabRounds(5, [key(index)])));
    expect(await tabContext(5)).toMatchObject({ rounds: 20 });
  });

  it('a new page in the tab (its hello again) starts the count anew, with the new host', async () => {
    await announceTab(5, HOST, 1000);
    await countTabRounds(5, [key(1), key(2)]);
    await announceTab(5, 'de.cloudbet.com', 2000);
    expect(await tabContext(5)).toEqual({ watched: true, host: 'de.cloudbet.com', since: 2000, rounds: 0 });
    // The same rounds shown again on the new page are seen there.
    await countTabRounds(5, [key(1)]);
    expect(await tabContext(5)).toMatchObject({ rounds: 1 });
  });

  it('forgets a tab that closed, and every tab when the browser starts anew', async () => {
    await announceTab(5, HOST);
    await announceTab(6, HOST);
    await forgetTab(5);
    await forgetTab(99);
    expect(await tabContext(5)).toEqual({ watched: false });
    expect(await watchedTabIds()).toEqual([6]);
    await forgetAllTabs();
    expect(await watchedTabIds()).toEqual([]);
  });

  it(`keeps at most ${MAX_TABS} tabs, dropping the one announced longest ago`, async () => {
    for (let tab = 1; tab <= MAX_TABS + 2; tab++) await announceTab(tab, HOST, tab);
    const ids = await watchedTabIds();
    expect(ids).toHaveLength(MAX_TABS);
    expect(ids[0]).toBe(MAX_TABS + 2);
    expect(ids).not.toContain(1);
    expect(ids).not.toContain(2);
    // A tab announced again moves to the front and is kept.
    await announceTab(3, HOST, 1000);
    await announceTab(1000, HOST, 1001);
    expect(await watchedTabIds()).toContain(3);
    expect(await watchedTabIds()).not.toContain(4);
  });

  it(`remembers at most ${MAX_REMEMBERED_ROUNDS} rounds a tab, and keeps counting past that`, async () => {
    await announceTab(5, HOST);
    const many = Array.from({ length: MAX_REMEMBERED_ROUNDS + 10 }, (_, index) => key(index));
    await countTabRounds(5, many);
    const kept = (await (await openStore()).get('meta', 'tabs')) as { seen: number[] }[];
    expect(kept[0]!.seen).toHaveLength(MAX_REMEMBERED_ROUNDS);
    // The newest rounds are still known: sent again, they do not count twice.
    await countTabRounds(5, many.slice(-5));
    expect(await tabContext(5)).toMatchObject({ rounds: MAX_REMEMBERED_ROUNDS + 10 });
  });

  it('survives the worker being stopped: a new worker reads the tabs from the store', async () => {
    await announceTab(5, HOST, 1000);
    await countTabRounds(5, [key(1), key(2)]);
    // A new worker: fresh modules, nothing in memory, its own connection to the store.
    vi.resetModules();
    const fresh = await import('../../src/background/watched-tabs.js');
    expect(await fresh.tabContext(5)).toEqual({ watched: true, host: HOST, since: 1000, rounds: 2 });
    // And it goes on counting the same rounds once.
    await fresh.countTabRounds(5, [key(2), key(3)]);
    expect(await fresh.tabContext(5)).toMatchObject({ rounds: 3 });
  });

  it('ignores what is kept when it is not a list of tabs, and drops malformed entries', async () => {
    const db = await openStore();
    await db.put('meta', 'junk', 'tabs');
    expect(await watchedTabIds()).toEqual([]);
    await db.put('meta', [{ tab: 4, host: HOST, since: 1, rounds: 2, seen: [1, 2] }, { tab: '5' }, null, { tab: 6, host: HOST, since: 1, rounds: 0, seen: ['x'] }], 'tabs');
    expect(await watchedTabIds()).toEqual([4]);
    await announceTab(7, HOST);
    expect(await watchedTabIds()).toEqual([7, 4]);
  });
});
