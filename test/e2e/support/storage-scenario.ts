// The store is exempt from eviction (src/background/storage-persistence.ts), read in the browser
// itself: Firefox grants persistent storage to the extension with unlimitedStorage once asked (the
// background page asks at start), so navigator.storage.persisted() is true; Chromium answers
// persisted() with false but never evicts an origin with unlimitedStorage, which the worker reports
// as `unlimited`. The popup's More view words either (test/popup/storage-persistence.test.tsx).
import { expect } from 'vitest';
import { askInPage, type BrowserDriver } from './driver.js';

export async function storageKept(driver: BrowserDriver, expected: 'persisted' | 'unlimited'): Promise<void> {
  const persisted = await driver.inPopup(() => navigator.storage.persisted(), undefined);
  const [summary] = (await driver.inPopup(askInPage, [{ type: 'summary' }])) as [{ persistence?: string }];
  expect({ persisted, persistence: summary.persistence }).toEqual({ persisted: expected === 'persisted', persistence: expected });
}
