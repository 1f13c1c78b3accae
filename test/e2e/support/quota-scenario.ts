// A full disk for real (issue #24): the browser refuses the extension's writes for quota while the
// player goes on playing. Nothing captured meanwhile is lost: the worker refuses the batches whole,
// the casino tab's outbox keeps them and retries, the popup says the disk is full and what to do,
// the badge shows "!", and once there is room again every round is stored and verified.
//
// Chromium only, and the full disk is a fault put into the running worker through the DevTools
// protocol (its IndexedDB writes throw QuotaExceededError, as Chromium's do on a full disk), not a
// quota: Storage.overrideQuotaForOrigin binds an https origin's IndexedDB (a 100 MB write fails
// 6 s after it) but not the extension's, with or without unlimitedStorage (a 50 MB write passes
// under a 1 000-byte override; quotaOverrideIgnored below keeps that checked). Firefox's remote
// protocol has no such command and reads its quota prefs once at start: it cannot take room away
// and give it back during a run, nor put a fault into the background page.
import { expect } from 'vitest';
import en from '../../../src/_locales/en/messages.json';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import type { ChromiumSession } from './chromium.js';
import type { BrowserDriver } from './driver.js';
import { KENO, KENO_BET, onFreshPair, QUICK_PICK, ROTATE, storedRounds, waitForStored, withPages } from './witness-scenario.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const keyOf = (round: { commitment: string; clientSeed: string; nonce: number }) => `${round.commitment}|${round.clientSeed}|${round.nonce}`;

/**
 * Chromium's IndexedDB checks a write against the space left as it last asked the quota manager,
 * for a few seconds (measured on an https origin: a write at once after the override passed, one 6 s after failed).
 */
const QUOTA_CACHE_MS = 6000;

/** Runs in the popup: the storage banner's text, or null when there is none. */
function storageBannerInPage(): string | null {
  return document.querySelector('[data-storage-problem]')?.textContent ?? null;
}

export async function fullDiskThenRoom(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  if (!driver.fillDisk) throw new Error(`${driver.name} cannot fill its disk`);
  const fillDisk = driver.fillDisk.bind(driver);
  const before = casino.state().rounds.length;
  await onFreshPair(casino, {}, () =>
    withPages(driver, [KENO], async ([keno]) => {
      await keno!.act(QUICK_PICK);
      await keno!.act(KENO_BET);
      const [first] = casino.state().rounds.slice(before);
      await waitForStored(driver, [first!], (round) => round.status === 'pending', 'the first round, stored before the disk fills');

      // No room.
      await fillDisk(true);
      let restored = false;
      try {
        for (let bet = 0; bet < 3; bet++) await keno!.act(KENO_BET);
        await keno!.act(ROTATE);
        const during = casino.state().rounds.slice(before + 1);
        expect(during).toHaveLength(3);

        // The popup says the disk is full and what to do; the badge says something is wrong.
        const quotaText = en.storageProblemQuota.message;
        let banner: string | null = null;
        for (const deadline = Date.now() + 30_000; !banner?.includes(quotaText) && Date.now() < deadline; ) {
          banner = await driver.inPopup(storageBannerInPage);
          if (!banner?.includes(quotaText)) await sleep(500);
        }
        expect(banner).toContain(quotaText);
        expect(banner).toContain('free some disk space');
        const badges = await driver.badges();
        expect(badges.casino).toEqual({ text: '!', title: en.badgeTitleStorageProblem.message });
        // None of the rounds played meanwhile is stored (nor revealed: the first stays pending).
        expect(await storedRounds(driver, during.map(keyOf))).toEqual([null, null, null]);
        expect((await storedRounds(driver, [keyOf(first!)]))[0]).toMatchObject({ status: 'pending' });

        // Room again: the tab's outbox retries (its backoff reaches 16–32 s by now) and stores them all.
        const roomAt = Date.now();
        await fillDisk(false);
        restored = true;
        const stored = await waitForStored(driver, [first!, ...during], (round) => round.status === 'verified', 'every round once there is room', 90_000);
        console.log(
          `${driver.name} full disk: ${during.length} rounds played while the disk was full, stored ${((Date.now() - roomAt) / 1000).toFixed(1)} s after room came back; levels ${stored.map((round) => round.level).join(', ')}`,
        );
        expect(stored.map((round) => round.failures)).toEqual([[], [], [], []]);
        expect(await driver.inPopup(storageBannerInPage)).toBeNull();
        expect((await driver.badges()).casino?.text).not.toBe('!');
      } finally {
        if (!restored) await fillDisk(false);
      }
    }),
  );
}

/**
 * Why the scenario above puts a fault into the worker: Chromium does not hold the extension's
 * IndexedDB to a quota set through the DevTools protocol. Should this fail one day, Chromium does,
 * and the scenario can use the real quota instead.
 */
export async function quotaOverrideIgnored(session: ChromiumSession): Promise<void> {
  const page = await session.context.newPage();
  await page.goto(`chrome-extension://${session.extensionId}/popup.html?view=tab`);
  const cdp = await session.context.newCDPSession(page);
  const origin = `chrome-extension://${session.extensionId}`;
  try {
    await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1000 });
    await sleep(QUOTA_CACHE_MS);
    const outcome = await page.evaluate(
      (bytes) =>
        new Promise<string>((resolve) => {
          const request = indexedDB.open('quota-probe', 1);
          request.onupgradeneeded = () => request.result.createObjectStore('probe');
          request.onerror = () => resolve(`open failed: ${request.error?.name}`);
          request.onsuccess = () => {
            const db = request.result;
            const tx = db.transaction('probe', 'readwrite');
            // Random bytes: no compression makes them small.
            tx.objectStore('probe').put(crypto.getRandomValues(new Uint8Array(bytes)), 'probe');
            tx.oncomplete = () => (db.close(), indexedDB.deleteDatabase('quota-probe'), resolve('stored'));
            tx.onabort = () => (db.close(), resolve(`refused: ${tx.error?.name}`));
          };
        }),
      60_000,
    );
    expect(outcome).toBe('stored');
  } finally {
    await cdp.send('Storage.overrideQuotaForOrigin', { origin }).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
    await page.close();
  }
}
