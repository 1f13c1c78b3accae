// Whether the browser may delete the store to free disk space. Both browsers evict best-effort
// storage under pressure. The extension asks for `unlimitedStorage`: Chromium never picks an origin
// with it for eviction (its quota database skips "unlimited" origins), though it answers
// `persisted()` with false; Firefox grants such an extension persistent storage without a prompt,
// once `persist()` is asked (it can only be asked from a page with a window: Firefox's background
// page, the popup). `persist()` without the permission would prompt the player in Firefox.
import { hasPermission } from '../shared/browser.js';
import type { StoragePersistence } from '../shared/records.js';

type StorageLike = Partial<Pick<StorageManager, 'persisted' | 'persist'>>;

/** Asks for persistent storage where a window allows it; what holds afterwards. Never throws. */
export async function ensurePersistent(storage: StorageLike | undefined = globalThis.navigator?.storage, unlimited = () => hasPermission('unlimitedStorage')): Promise<StoragePersistence> {
  try {
    if (await storage?.persisted?.()) return 'persisted';
    if (typeof storage?.persist === 'function' && (await unlimited()) && (await storage.persist())) return 'persisted';
    return (await unlimited()) ? 'unlimited' : 'best-effort';
  } catch {
    return 'best-effort';
  }
}
