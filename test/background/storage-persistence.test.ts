// Whether the browser may delete the store (storage-persistence.ts): persistent storage is asked for
// only with the unlimitedStorage permission (without it Firefox would prompt the player), and the
// answer says what holds.
import { describe, expect, it, vi } from 'vitest';
import { ensurePersistent } from '../../src/background/storage-persistence.js';

vi.mock('../../src/shared/browser.js', () => import('./quiet-browser.js'));

/** A StorageManager that records whether persist() was asked. */
function storage(persisted: boolean, grants?: boolean) {
  const asked: string[] = [];
  return {
    asked,
    manager: {
      persisted: async () => (asked.push('persisted'), persisted),
      ...(grants === undefined ? {} : { persist: async () => (asked.push('persist'), grants) }),
    },
  };
}

describe('ensurePersistent', () => {
  it('already persisted: says so, asks nothing more', async () => {
    const { asked, manager } = storage(true, true);
    expect(await ensurePersistent(manager, async () => true)).toBe('persisted');
    expect(asked).toEqual(['persisted']);
  });

  it('Firefox with unlimitedStorage: persist() is asked and granted', async () => {
    const { asked, manager } = storage(false, true);
    expect(await ensurePersistent(manager, async () => true)).toBe('persisted');
    expect(asked).toEqual(['persisted', 'persist']);
  });

  it('Chromium\'s service worker (no persist()) with unlimitedStorage: unlimited, never evicted', async () => {
    expect(await ensurePersistent(storage(false).manager, async () => true)).toBe('unlimited');
  });

  it('a persist() refused with the permission: still unlimited', async () => {
    expect(await ensurePersistent(storage(false, false).manager, async () => true)).toBe('unlimited');
  });

  it('without the permission persist() is never asked (Firefox would prompt): best effort', async () => {
    const { asked, manager } = storage(false, true);
    expect(await ensurePersistent(manager, async () => false)).toBe('best-effort');
    expect(asked).toEqual(['persisted']);
  });

  it('no storage manager, or one that throws: best effort, no exception', async () => {
    expect(await ensurePersistent(undefined, async () => false)).toBe('best-effort');
    expect(await ensurePersistent({ persisted: () => Promise.reject(new Error('denied')) }, async () => true)).toBe('best-effort');
  });
});
