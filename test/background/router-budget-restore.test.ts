// A worker that cannot read its kept budgets stores nothing rather than admitting on full budgets
// (and then saving those over the kept ones); the content script sends the batch again.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import type { MessageSender } from '../../src/shared/browser.js';
import type { ClaimsAck, Reply } from '../../src/shared/messages.js';
import { EXTENSION_ID } from './quiet-browser.js';

vi.mock('../../src/shared/browser.js', () => import('./quiet-browser.js'));
const kept = vi.hoisted(() => ({ failures: 1, saved: 0 }));
vi.mock('../../src/background/rate-limit-state.js', () => ({
  loadRateLimitState: async () => {
    if (kept.failures-- > 0) throw new Error('the database is blocked');
    return undefined;
  },
  saveRateLimitState: async () => {
    kept.saved++;
  },
}));

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

const url = 'https://www.cloudbet.com/en/casino/originals/roulette';
const TAB: MessageSender = { id: EXTENSION_ID, url, tab: { id: 9, index: 0, active: true, highlighted: true, pinned: false, incognito: false, url } as MessageSender['tab'] };
const claim = { source: 'json', game: 'European Roulette', commitment: 'c'.repeat(64), clientSeed: 'x', nonce: '1', result: '17', observedAt: {} };

describe('restoring the kept budgets', () => {
  it('fails the batch when they cannot be read, saves nothing over them, and goes on once they can', async () => {
    const { handleMessage } = await import('../../src/background/router.js');
    const failed = (await handleMessage({ type: 'claims', claims: [claim] }, TAB)) as Reply<ClaimsAck>;
    expect(failed.ok).toBe(false);
    expect(kept.saved).toBe(0);
    const stored = (await handleMessage({ type: 'claims', claims: [claim] }, TAB)) as Reply<ClaimsAck>;
    expect(stored).toEqual({ ok: true, value: { stored: 1, refused: [], retryLater: [], revealed: [] } });
    expect(kept.saved).toBe(1);
  });
});
