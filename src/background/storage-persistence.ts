// Whether the browser may delete the store to free disk space. Both browsers evict best-effort
// storage under pressure. The extension asks for `unlimitedStorage`: Chromium never picks an origin
// with it for eviction (its quota database skips "unlimited" origins), though it answers
// `persisted()` with false; Firefox grants such an extension persistent storage without a prompt,
// once `persist()` is asked (it can only be asked from a page with a window: Firefox's background
// page, the popup). `persist()` without the permission would prompt the player in Firefox.
import { hasPermission } from '../shared/browser.js';
import type { StoragePersistence } from '../shared/records.js';

type StorageLike = Partial<Pick<StorageManager, 'persisted' | 'persist'>>;

/**
 * The longest the storage manager is waited for: the worker's summary waits for this answer, so a
 * persist() or persisted() that never settles (a prompt, a busy profile) must not hang the popup.
 */
export const PERSIST_WAIT_MS = 2000;

/** `promise`, or `fallback` once PERSIST_WAIT_MS has passed. */
function within<T>(promise: Promise<T> | T, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), PERSIST_WAIT_MS)));
  return Promise.race([Promise.resolve(promise), late]).finally(() => clearTimeout(timer));
}

/** Asks for persistent storage where a window allows it; what holds afterwards. Never throws, never waits long. */
export async function ensurePersistent(storage: StorageLike | undefined = globalThis.navigator?.storage, unlimited = () => hasPermission('unlimitedStorage')): Promise<StoragePersistence> {
  try {
    if (await within(storage?.persisted?.(), false)) return 'persisted';
    // Asked once: persist() only with the permission (without it Firefox would prompt the player).
    const granted = await within(unlimited(), false);
    if (granted && typeof storage?.persist === 'function' && (await within(storage.persist(), false))) return 'persisted';
    return granted ? 'unlimited' : 'best-effort';
  } catch {
    return 'best-effort';
  }
}
