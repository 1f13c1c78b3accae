// Storage that fails: a full disk (QuotaExceededError), an open blocked by an older connection, a
// database from a newer version. Each gives a storage problem the popup shows, and loses nothing:
// a batch that was not stored is refused whole (so the content script keeps it and retries).
import 'fake-indexeddb/auto';
import { deleteDB, openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { roundKey } from '../../src/background/round-key.js';
import { MIGRATIONS, upgrade } from '../../src/background/schema.js';
import { DATABASE_NAME, DATABASE_VERSION, getRound, pageInSeenOrder, storeClaims, summarise } from '../../src/background/store.js';
import { revealedClaim, vector } from './fixtures.js';
import { badges, EXTENSION_ID } from './quiet-browser.js';

vi.mock('../../src/shared/browser.js', () => import('./quiet-browser.js'));
const { handleMessage } = await import('../../src/background/router.js');

const T = 1_700_000_000_000;
const casinoTab = { id: EXTENSION_ID, url: 'https://www.cloudbet.com/en/casino/originals/keno', tab: { id: 7, index: 0, active: true, highlighted: true, pinned: false, incognito: false } };
const POPUP = { id: EXTENSION_ID, url: `chrome-extension://${EXTENSION_ID}/popup.html` };
const claims = () => [0, 1, 2].map((i) => revealedClaim(vector(i), 'Keno', { commitment: T - 10, result: T }));

afterEach(async () => {
  vi.restoreAllMocks();
  await deleteDB(DATABASE_NAME);
});

/** Makes `put` into the rounds store throw as a full disk does, from its `nth` call on (1-based). */
function fillTheDiskAt(nth: number): void {
  const put = IDBObjectStore.prototype.put;
  let calls = 0;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
    if (this.name === 'rounds' && ++calls >= nth) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return put.apply(this, args);
  });
}

/** Makes every write of every object store throw as a full disk does (the tab's actions in `meta` too). */
function fillTheWholeDisk(): void {
  const refuse = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(refuse);
  vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(refuse);
}

describe('a full disk (QuotaExceededError)', () => {
  it('reports it wherever a write on the way meets it (the tab’s actions before the batch), and stores everything on the retry', async () => {
    await handleMessage({ type: 'hello' }, { ...casinoTab, frameId: 0 });
    fillTheWholeDisk();
    const action = await handleMessage({ type: 'action', at: T - 5, slots: [] }, { ...casinoTab, frameId: 0 });
    const refused = await handleMessage({ type: 'claims', claims: claims() }, { ...casinoTab, frameId: 0 });
    expect(refused).toMatchObject({ ok: false, storageProblem: { kind: 'quota' } });
    expect(refused.ok === false && refused.error).toMatch(/The disk is full/);
    expect((await summarise()).storageProblem).toEqual({ kind: 'quota' });
    expect(badges.at(-1)).toEqual(['!', '#b26a00', 'badgeTitleStorageProblem']);
    for (const claim of claims()) expect(await getRound(roundKey(claim))).toBeUndefined();
    // Whatever became of the action report, the claims sent again once there is room are all stored.
    expect(action).toBeDefined();
    vi.restoreAllMocks();
    const retried = await handleMessage({ type: 'claims', claims: claims() }, { ...casinoTab, frameId: 0 });
    expect(retried).toMatchObject({ ok: true, value: { stored: 3 } });
    expect((await summarise()).storageProblem).toBeUndefined();
  });

  it('stores nothing of the batch, not even the rounds written before the failure, and keeps the tally true', async () => {
    await storeClaims([revealedClaim(vector(9), 'Keno')], T);
    fillTheDiskAt(2);
    await expect(storeClaims(claims(), T)).rejects.toMatchObject({ name: 'QuotaExceededError' });
    vi.restoreAllMocks();
    expect((await pageInSeenOrder(0, 10)).records.map((r) => r.key)).toEqual([roundKey(revealedClaim(vector(9), 'Keno'))]);
    expect((await summarise()).total).toBe(1);
  });

  it('refuses the claims to the content script (no ack), shows the problem, and stores them all on the retry', async () => {
    fillTheDiskAt(1);
    const refused = await handleMessage({ type: 'claims', claims: claims() }, casinoTab);
    expect(refused.ok).toBe(false);
    // Not a permanent refusal (src/capture/session/worker-send.ts): the outbox keeps the claims and retries.
    expect(refused.ok === false && refused.error).toMatch(/storage quota exceeded/);
    expect(refused.ok === false && refused.failure).toBe('failed');
    const summary = await summarise();
    expect(summary.storageProblem).toEqual({ kind: 'quota' });
    for (const claim of claims()) expect(await getRound(roundKey(claim))).toBeUndefined();
    // The badge says so at once: an amber "!" (popup: what to do).
    expect(badges.at(-1)).toEqual(['!', '#b26a00', 'badgeTitleStorageProblem']);

    vi.restoreAllMocks(); // room again
    const retried = await handleMessage({ type: 'claims', claims: claims() }, casinoTab);
    expect(retried).toMatchObject({ ok: true, value: { stored: 3 } });
    for (const claim of claims()) expect(await getRound(roundKey(claim))).toBeDefined();
    expect((await summarise()).storageProblem).toBeUndefined();
    expect(badges.at(-1)?.[0]).toBe('3');
  });
});

describe('an open blocked by an older connection', () => {
  it('answers at once with the problem instead of waiting, then works once the old connection closes', async () => {
    // An older version's connection (version 1) that does not step aside when asked to.
    const old = await openDB(DATABASE_NAME, 1, { upgrade: (db, oldVersion, _n, tx) => upgrade(db as never, oldVersion, 1, tx as never) });
    old.addEventListener('versionchange', () => undefined);
    expect(DATABASE_VERSION).toBeGreaterThan(1);

    const summary = await summarise();
    expect(summary.storageProblem).toEqual({ kind: 'blocked' });
    expect(summary.total).toBe(0);
    // What the popup asks: an answer with the problem (for its banner), not an error or a wait.
    const answer = await handleMessage({ type: 'summary' }, POPUP);
    expect(answer).toMatchObject({ ok: true, value: { storageProblem: { kind: 'blocked' } } });
    await expect(storeClaims(claims(), T)).rejects.toThrow(/cannot be upgraded/);
    const refused = await handleMessage({ type: 'claims', claims: claims() }, casinoTab);
    expect(refused).toMatchObject({ ok: false });

    old.close();
    // The waiting open goes on: the next write stores, and the problem is gone.
    await vi.waitFor(async () => expect(await storeClaims(claims(), T)).toHaveLength(3));
    expect((await summarise()).storageProblem).toBeUndefined();
    const db = await openDB(DATABASE_NAME);
    expect(db.version).toBe(DATABASE_VERSION);
    db.close();
  });
});

describe('a database from a newer version', () => {
  it('shows that this version cannot read it, and deletes nothing', async () => {
    const newer = await openDB(DATABASE_NAME, MIGRATIONS.length + 1, {
      upgrade: (db) => {
        db.createObjectStore('rounds', { keyPath: 'key' }).put({ key: 'from-the-future' });
      },
    });
    newer.close();
    const summary = await summarise();
    expect(summary.storageProblem).toEqual({ kind: 'newer-version', databaseVersion: DATABASE_VERSION });
    expect(await handleMessage({ type: 'summary' }, POPUP)).toMatchObject({ ok: true, value: { storageProblem: { kind: 'newer-version' } } });
    await expect(storeClaims(claims(), T)).rejects.toThrow(/newer version/);
    const db = await openDB(DATABASE_NAME);
    expect(db.version).toBe(MIGRATIONS.length + 1);
    expect(await db.get('rounds', 'from-the-future')).toEqual({ key: 'from-the-future' });
    db.close();
  });
});
