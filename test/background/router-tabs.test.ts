// The router's side of the watched tabs (watched-tabs.ts): the content script's hello, the rounds
// each tab's claims were about, the popup's `tab-context` question, and the badge on those tabs only.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleMessage } from '../../src/background/router.js';
import { DATABASE_NAME } from '../../src/background/store.js';
import type { MessageSender } from '../../src/shared/browser.js';
import type { Reply, TabContext } from '../../src/shared/messages.js';
import { commitmentSighting, pendingClaim, revealedClaim, vector } from './fixtures.js';
import { EXTENSION_ID, extensionUrl } from './quiet-browser.js';

const fake = vi.hoisted(() => ({ badges: [] as { text: string; tabs: readonly number[] | undefined }[] }));
vi.mock('../../src/shared/browser.js', async () => ({
  ...(await import('./quiet-browser.js')),
  setBadge: async (text: string, _color: string, _title: string, tabs?: readonly number[]) => {
    fake.badges.push({ text, tabs });
  },
}));

beforeEach(() => {
  fake.badges.length = 0;
});
afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

function casinoFrame(tab: number, frameId = 0, url = 'https://www.cloudbet.com/en/casino/originals/keno'): MessageSender {
  return { id: EXTENSION_ID, url, frameId, tab: { id: tab, index: 0, active: true, highlighted: true, pinned: false, incognito: false } as MessageSender['tab'] };
}
const POPUP: MessageSender = { id: EXTENSION_ID, url: extensionUrl('popup.html') };

async function contextOf(tabId: number): Promise<TabContext> {
  const reply = (await handleMessage({ type: 'tab-context', tabId }, POPUP)) as Reply<TabContext>;
  if (!reply.ok) throw new Error(reply.error);
  return reply.value;
}

describe('watched tabs through the router', () => {
  it('hello from a top frame: the tab is watched with its page’s host, and gets the badge', async () => {
    expect(await contextOf(3)).toEqual({ watched: false });
    expect(await handleMessage({ type: 'hello' }, casinoFrame(3, 0, 'https://de.cloudbet.com/de/casino'))).toEqual({ ok: true, value: true });
    expect(await contextOf(3)).toMatchObject({ watched: true, host: 'de.cloudbet.com', rounds: 0 });
    expect(fake.badges.at(-1)).toEqual({ text: '', tabs: [3] });
  });

  it('hello from a frame inside the page changes nothing (frames share the tab)', async () => {
    expect(await handleMessage({ type: 'hello' }, casinoFrame(3, 5))).toEqual({ ok: true, value: false });
    expect(await contextOf(3)).toEqual({ watched: false });
  });

  it('bye from the top frame (its page is left): the tab is no longer watched nor given the badge; a frame’s bye changes nothing', async () => {
    await handleMessage({ type: 'hello' }, casinoFrame(3));
    await handleMessage({ type: 'hello' }, casinoFrame(4));
    expect(await handleMessage({ type: 'bye' }, casinoFrame(3, 2))).toEqual({ ok: true, value: false });
    expect(await contextOf(3)).toMatchObject({ watched: true });
    expect(await handleMessage({ type: 'bye' }, casinoFrame(3))).toEqual({ ok: true, value: true });
    expect(await contextOf(3)).toEqual({ watched: false });
    await handleMessage({ type: 'claims', claims: [revealedClaim(vector(0), 'Keno')] }, casinoFrame(4));
    expect(fake.badges.at(-1)).toEqual({ text: '1', tabs: [4] });
  });

  it('hello from outside a casino tab is refused; a hello with more fields is invalid', async () => {
    expect(await handleMessage({ type: 'hello' }, { ...casinoFrame(3), url: 'https://example.org/' })).toEqual({ ok: false, failure: 'sender-not-allowed', error: 'sender not allowed' });
    const extra = await handleMessage({ type: 'hello', tab: 9 }, casinoFrame(3));
    expect(extra.ok).toBe(false);
    expect(await contextOf(3)).toEqual({ watched: false });
  });

  it('counts the distinct rounds a tab’s stored claims were about (from any frame), not seed-pair sightings', async () => {
    await handleMessage({ type: 'hello' }, casinoFrame(3));
    // One round in two claims (pending, then revealed), another round, and a seed pair shown before play.
    await handleMessage({ type: 'claims', claims: [commitmentSighting(vector(2), Date.now()), pendingClaim(vector(0), 'Keno')] }, casinoFrame(3));
    await handleMessage({ type: 'claims', claims: [revealedClaim(vector(0), 'Keno'), revealedClaim(vector(1), 'Keno')] }, casinoFrame(3, 7));
    expect(await contextOf(3)).toMatchObject({ watched: true, rounds: 2 });
    // The badge carries the verified count, on this tab only.
    expect(fake.badges.at(-1)).toEqual({ text: '2', tabs: [3] });
  });

  it('a refused claim is not counted', async () => {
    await handleMessage({ type: 'hello' }, casinoFrame(3));
    await handleMessage({ type: 'claims', claims: [{ ...revealedClaim(vector(0), 'Keno'), nonce: 'x' }] }, casinoFrame(3));
    expect(await contextOf(3)).toMatchObject({ rounds: 0 });
  });

  it('each tab has its own count; the badge goes on every watched tab, newest first', async () => {
    await handleMessage({ type: 'hello' }, casinoFrame(3));
    await handleMessage({ type: 'hello' }, casinoFrame(4));
    await handleMessage({ type: 'claims', claims: [revealedClaim(vector(0), 'Keno')] }, casinoFrame(4));
    expect(await contextOf(3)).toMatchObject({ rounds: 0 });
    expect(await contextOf(4)).toMatchObject({ rounds: 1 });
    expect(fake.badges.at(-1)).toEqual({ text: '1', tabs: [4, 3] });
  });

  it('claims from a tab that never said hello are stored but not counted, and it gets no badge', async () => {
    const reply = await handleMessage({ type: 'claims', claims: [revealedClaim(vector(0), 'Keno')] }, casinoFrame(8));
    expect(reply).toMatchObject({ ok: true, value: { stored: 1 } });
    expect(await contextOf(8)).toEqual({ watched: false });
    expect(fake.badges.at(-1)).toEqual({ text: '1', tabs: [] });
  });

  it('tab-context asks with a tab id: anything else is invalid', async () => {
    for (const tabId of [-1, 1.5, '3', undefined]) {
      const reply = await handleMessage({ type: 'tab-context', tabId }, POPUP);
      expect(reply.ok).toBe(false);
    }
  });
});
