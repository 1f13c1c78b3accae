// The store's cap, through the worker's one entry point with the real store (fake-indexeddb) and
// caps made small: the popup is told before the cap is reached, new rounds and seed pairs past it
// are refused with a reason and counted (never dropped silently, never evicting stored rounds),
// what is already stored can still be completed, and "clear data" makes room again.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORE_FULL } from '../../src/background/store-capacity.js';
import { DATABASE_NAME } from '../../src/background/store.js';
import type { MessageSender } from '../../src/shared/browser.js';
import type { ClaimsAck, ImportReport, PageResponses, Reply } from '../../src/shared/messages.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { pendingClaim, revealedClaim, vector } from './fixtures.js';
import { EXTENSION_ID } from './quiet-browser.js';

vi.mock('../../src/shared/browser.js', () => import('./quiet-browser.js'));
vi.mock('../../src/background/store-capacity.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/background/store-capacity.js')>()),
  STORE_CAPS: { rounds: 10, pairs: 14 },
}));

let handleMessage: (typeof import('../../src/background/router.js'))['handleMessage'];
beforeEach(async () => {
  vi.resetModules();
  ({ handleMessage } = await import('../../src/background/router.js'));
});
afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

const url = 'https://www.cloudbet.com/en/casino/originals/keno';
const TAB: MessageSender = { id: EXTENSION_ID, url, tab: { id: 5, index: 0, active: true, highlighted: true, pinned: false, incognito: false, url } as MessageSender['tab'] };
const POPUP: MessageSender = { id: EXTENSION_ID, url: `chrome-extension://${EXTENSION_ID}/popup.html` };

async function ask<T>(message: unknown, sender: MessageSender): Promise<T> {
  const reply = (await handleMessage(message, sender)) as Reply<T>;
  if (!reply.ok) throw new Error(reply.error);
  return reply.value;
}
const send = (claims: CapturedClaim[]) => ask<ClaimsAck>({ type: 'claims', claims }, TAB);
const summary = () => ask<PageResponses['summary']>({ type: 'summary' }, POPUP);

describe('the store cap', () => {
  it('warns at 90 %, refuses new rounds past the cap with a reason (not to be sent again), and counts them', async () => {
    expect(await send([0, 1, 2, 3, 4, 5, 6, 7].map((i) => pendingClaim(vector(i), 'Keno')))).toMatchObject({ stored: 8, refused: [] });
    expect((await summary()).storeFill).toBeUndefined();
    await send([pendingClaim(vector(8), 'Keno')]);
    expect((await summary()).storeFill).toEqual({ share: 0.9, rounds: 9, pairs: 0, refused: 0 });

    const ack = await send([pendingClaim(vector(9), 'Keno'), pendingClaim(vector(10), 'Keno'), pendingClaim(vector(11), 'Keno')]);
    expect(ack).toEqual({ stored: 1, refused: [1, 2].map((index) => ({ index, reason: STORE_FULL })), retryLater: [], revealed: [] });
    const full = await summary();
    expect(full.total).toBe(10);
    expect(full.storeFill).toEqual({ share: 1, rounds: 10, pairs: 0, refused: 2 });

    // Stored rounds are still completed: the casino's reveal verifies them.
    expect(await send([revealedClaim(vector(3), 'Keno')])).toMatchObject({ stored: 1, refused: [] });
    expect((await summary()).counts.verified).toBe(1);

    await ask({ type: 'clear-data' }, POPUP);
    expect((await summary()).storeFill).toBeUndefined();
    expect(await send([pendingClaim(vector(11), 'Keno')])).toMatchObject({ stored: 1, refused: [] });
  });

  it('caps seed pairs too: a page cannot fill the store with commitments alone', async () => {
    const pair = (n: number): CapturedClaim => ({ source: 'dom', commitment: n.toString(16).padStart(64, 'a'), clientSeed: 'c', observedAt: { commitment: 1 } });
    const ack = await send(Array.from({ length: 20 }, (_, n) => pair(n)));
    expect(ack.stored).toBe(14);
    expect(ack.refused.map((item) => item.reason)).toEqual(Array.from({ length: 6 }, () => STORE_FULL));
    expect((await summary()).storeFill).toMatchObject({ share: 1, rounds: 0, pairs: 14, refused: 6 });
    // A pair already stored may still be shown again.
    expect(await send([pair(3)])).toMatchObject({ stored: 1, refused: [] });
  });

  it('refuses an import past the cap round by round, with the reason', async () => {
    await send([0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => pendingClaim(vector(i), 'Keno')));
    const rounds = [20, 21, 22].map((i) => ({ game: 'keno', commitment: vector(i).commitment, clientSeed: vector(i).clientSeed, nonce: String(vector(i).nonce), result: vector(i).keno }));
    const report = await ask<ImportReport>({ type: 'import-rounds', rounds }, POPUP);
    expect(report).toEqual({ added: 1, updated: 0, known: 0, refused: [1, 2].map((index) => ({ index, refusal: { code: 'store-full' } })) });
  });
});
