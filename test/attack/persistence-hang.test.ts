// Red team, storage-persistence.ts (quick look). The page has no way in: ensurePersistent reads only
// the browser's StorageManager and the extension's permissions. But the worker's summary (the
// popup's header and counts, router.ts 'summary') waits for it in a Promise.all: a persist() or
// persisted() that never settles (a browser that shows a prompt, a storage manager stuck behind a
// busy profile) would leave the popup loading forever, with nothing wrong shown.
// Closed: ensurePersistent answers within a few seconds whatever the storage manager does.
import { afterEach, expect, it, vi } from 'vitest';
import { ensurePersistent } from '../../src/background/storage-persistence.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

/** Longer than the popup should ever wait for a hint about eviction. */
const WAIT_MS = 5000;

afterEach(() => void vi.useRealTimers());

const never = () => new Promise<boolean>(() => undefined);

it('closed: a persist() that never settles: still an answer (unlimited: the permission holds)', async () => {
  vi.useFakeTimers();
  const answer = ensurePersistent({ persisted: async () => false, persist: never }, async () => true);
  await vi.advanceTimersByTimeAsync(WAIT_MS);
  await expect(answer).resolves.toBe('unlimited');
});

it('closed: a persisted() that never settles, no permission: best-effort', async () => {
  vi.useFakeTimers();
  const answer = ensurePersistent({ persisted: never }, async () => false);
  await vi.advanceTimersByTimeAsync(WAIT_MS);
  await expect(answer).resolves.toBe('best-effort');
});

it('held: a storage manager that answers: its answer, without waiting', async () => {
  await expect(ensurePersistent({ persisted: async () => true }, async () => false)).resolves.toBe('persisted');
  await expect(ensurePersistent({ persisted: async () => false, persist: async () => true }, async () => true)).resolves.toBe('persisted');
});
