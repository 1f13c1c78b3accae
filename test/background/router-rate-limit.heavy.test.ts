// The router's per-tab rate limit on claims, through its one entry point with the real store
// (fake-indexeddb) and the real limiter: a flood is refused with a specific reason, counted and
// kept for the popup; honest re-sends and other tabs are never refused; the content script's
// outbox keeps what was refused for the budget and sends it again once the budget has refilled.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimBytes, DEFAULT_RATE_LIMIT, RATE_LIMITED, RATE_LIMITED_PACE, RATE_LIMITED_SHARED } from '../../src/background/rate-limit.js';
import { MAX_GAME_NAME_LENGTH, MAX_HASH_TEXT_LENGTH, MAX_LIST_LENGTH, MAX_RESULT_ITEM_LENGTH, MAX_SEED_LENGTH } from '../../src/core/index.js';
import { DATABASE_NAME } from '../../src/background/store.js';
import { claimOutbox } from '../../src/capture/session/outbox.js';
import { claimSender } from '../../src/capture/session/worker-send.js';
import type { MessageSender } from '../../src/shared/browser.js';
import type { ClaimsAck, PageResponses, Reply } from '../../src/shared/messages.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { EXTENSION_ID } from './quiet-browser.js';

vi.mock('../../src/shared/browser.js', () => import('./quiet-browser.js'));

/** What a tab's flood of new seed pairs gets through at once: its pairs (pace) budget binds before its claims budget. */
const TAB_CLAIMS = Math.min(DEFAULT_RATE_LIMIT.tabClaims.capacity, DEFAULT_RATE_LIMIT.tabPairs.capacity);
/** The reason a flood of new seed pairs is refused with: faster than anyone plays. */
const FLOOD_REASON = DEFAULT_RATE_LIMIT.tabPairs.capacity < DEFAULT_RATE_LIMIT.tabClaims.capacity ? RATE_LIMITED_PACE : RATE_LIMITED;

// The limiter lives as long as the router module (a worker's life): every test starts a worker of
// its own, on a store of its own.
let handleMessage: (typeof import('../../src/background/router.js'))['handleMessage'];
beforeEach(async () => {
  vi.resetModules();
  ({ handleMessage } = await import('../../src/background/router.js'));
});

let nextTab = 100;
function casinoTab(host = 'www.cloudbet.com'): MessageSender {
  const url = `https://${host}/en/casino/originals/roulette`;
  return { id: EXTENSION_ID, url, tab: { id: nextTab++, index: 0, active: true, highlighted: true, pinned: false, incognito: false, url } as MessageSender['tab'] };
}
const POPUP: MessageSender = { id: EXTENSION_ID, url: `chrome-extension://${EXTENSION_ID}/popup.html` };

let fresh = 0;
/** A never-seen seed pair's commitment: stored in the commitments store, never refunded. */
const newPair = (): CapturedClaim => ({ source: 'json', commitment: (++fresh).toString(16).padStart(64, '0'), observedAt: {} });
/** A played, unrevealed roulette round of its own (pending). */
const pendingRound = (n: number): CapturedClaim => ({
  source: 'json',
  game: 'European Roulette',
  commitment: n.toString(16).padStart(64, 'c'),
  clientSeed: 'client',
  nonce: String(n),
  result: '17',
  observedAt: {},
});

async function sendClaims(sender: MessageSender, claims: unknown[]): Promise<ClaimsAck> {
  const reply = (await handleMessage({ type: 'claims', claims }, sender)) as Reply<ClaimsAck>;
  if (!reply.ok) throw new Error(reply.error);
  return reply.value;
}

async function summary(): Promise<PageResponses['summary']> {
  const reply = (await handleMessage({ type: 'summary' }, POPUP)) as Reply<PageResponses['summary']>;
  if (!reply.ok) throw new Error(reply.error);
  return reply.value;
}

/** Sends `batches` batches of 200 new seed pairs; returns the acks. */
async function flood(sender: MessageSender, batches: number): Promise<ClaimsAck[]> {
  const acks: ClaimsAck[] = [];
  for (let i = 0; i < batches; i++) acks.push(await sendClaims(sender, Array.from({ length: 200 }, newPair)));
  return acks;
}

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

// The limiter's buckets refill by Date.now(): the clock stands still here unless a test moves it,
// so how long a test takes (seconds on a busy machine) refills nothing and changes no count. (Not
// a spy: one would record each of the hundreds of thousands of calls.)
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.UTC(2026, 0, 1));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the per-tab rate limit on claims', () => {
  it('stores a flood up to the tab’s budget and refuses the rest, each with the rate-limit reason', async () => {
    const tab = casinoTab();
    const acks = await flood(tab, TAB_CLAIMS / 200 + 2);
    const stored = acks.reduce((sum, ack) => sum + ack.stored, 0);
    const refused = acks.flatMap((ack) => ack.refused);
    // The clock stands still: exactly the budget, not a token more.
    expect(stored).toBe(TAB_CLAIMS);
    expect(stored + refused.length).toBe(acks.length * 200);
    expect(new Set(refused.map((item) => item.reason))).toEqual(new Set([FLOOD_REASON]));
    // The refused claims are the end of the batch they came in.
    const last = acks.at(-1)!;
    expect(last.refused.map((item) => item.index)).toEqual(Array.from({ length: 200 - last.stored }, (_, i) => last.stored + i));

    const notes = (await summary()).rateLimited;
    expect(notes).toEqual([{ tab: tab.tab!.id, host: 'www.cloudbet.com', claims: acks.length * 200, refused: refused.length, lastAt: expect.any(Number) }]);
  });

  it('still refuses malformed claims for their own reason, without spending the budget on them', async () => {
    const tab = casinoTab();
    const ack = await sendClaims(tab, [{ source: 'json', nonce: 'x1', observedAt: {} }, newPair()]);
    expect(ack.stored).toBe(1);
    expect(ack.refused).toEqual([{ index: 0, reason: expect.stringMatching(/^nonce: nonce must be decimal digits/) }]);
    expect((await summary()).rateLimited).toBeUndefined();
  });

  it('never refuses re-sent sightings of stored rounds, however often, and spares other tabs', async () => {
    const honest = casinoTab();
    const rounds = Array.from({ length: 200 }, (_, i) => pendingRound(i + 1));
    let refused = 0;
    // 40 × 200 = 8 000 claims, more than the budget: all but the first 200 change nothing.
    for (let read = 0; read < 40; read++) refused += (await sendClaims(honest, rounds)).refused.length;
    expect(refused).toBe(0);
    expect((await summary()).total).toBe(200);

    const flooding = casinoTab('cloudbet.com');
    await flood(flooding, TAB_CLAIMS / 200 + 1);
    // The honest tab's next new rounds are taken.
    const more = Array.from({ length: 200 }, (_, i) => pendingRound(1000 + i));
    expect(await sendClaims(honest, more)).toMatchObject({ stored: 200, refused: [], retryLater: [] });
    expect((await summary()).rateLimited?.map((note) => note.host)).toEqual(['cloudbet.com']);
  });

  it('keeps the budget and the counts in the store: a restarted worker (a fresh router) goes on refusing and reports them; "clear data" clears the counts', async () => {
    const tab = casinoTab();
    await flood(tab, TAB_CLAIMS / 200 + 1);
    const before = (await summary()).rateLimited!;
    expect(before[0]!.refused).toBe(200);

    vi.resetModules();
    const restarted = await import('../../src/background/router.js');
    const reply = (await restarted.handleMessage({ type: 'summary' }, POPUP)) as Reply<PageResponses['summary']>;
    expect(reply.ok && reply.value.rateLimited).toEqual(before);

    // The restarted worker goes on from the kept budget: the flood is still refused, every claim of
    // it, and the new refusals add to the stored counts.
    const acks: ClaimsAck[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = (await restarted.handleMessage({ type: 'claims', claims: Array.from({ length: 200 }, newPair) }, tab)) as Reply<ClaimsAck>;
      acks.push((answer as { ok: true; value: ClaimsAck }).value);
    }
    expect(acks.reduce((sum, ack) => sum + ack.stored, 0)).toBe(0);
    const refusedNow = acks.reduce((sum, ack) => sum + ack.refused.length, 0);
    expect(refusedNow).toBe(600);
    const after = ((await restarted.handleMessage({ type: 'summary' }, POPUP)) as { value: PageResponses['summary'] }).value.rateLimited!;
    expect(after[0]!.refused).toBe(before[0]!.refused + refusedNow);

    await restarted.handleMessage({ type: 'clear-data' }, POPUP);
    expect(((await restarted.handleMessage({ type: 'summary' }, POPUP)) as { value: PageResponses['summary'] }).value.rateLimited).toBeUndefined();
  });

  it('refused for the budget is not delivered: the outbox keeps those claims and sends them again later', async () => {
    const tab = casinoTab();
    const timers: (() => void)[] = [];
    const outbox = claimOutbox(
      async (batch) => (await claimSender((message) => handleMessage(message, tab))(batch)).retryLater,
      { setTimer: (callback) => timers.push(callback) },
    );
    const claims = Array.from({ length: TAB_CLAIMS + 1000 }, newPair);
    outbox.offer(claims);
    await outbox.flush();
    // Exactly the 1 000 over the budget wait for a retry.
    expect(outbox.pending).toBe(1000);
    expect(outbox.stats).toMatchObject({ sent: claims.length - outbox.pending, failures: 0, refused: 0 });
    // Refused by the worker: the first batch of 200 past the budget; the outbox then stops sending.
    expect(outbox.stats.deferred).toBe(200);
    expect((await summary()).rateLimited?.[0]?.refused).toBe(outbox.stats.deferred);
    // Once the budget has refilled (its slowest part: new seed pairs at the pace of play) the next flush delivers every one of them.
    const now = Date.now();
    const refill = Math.min(DEFAULT_RATE_LIMIT.tabClaims.refillPerSecond, DEFAULT_RATE_LIMIT.tabPairs.refillPerSecond);
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + (1000 / refill) * 1000 + 1000);
    try {
      await outbox.flush();
    } finally {
      clock.mockRestore();
    }
    expect(outbox.pending).toBe(0);
    expect(outbox.stats.sent).toBe(claims.length);
  });

  it('claims about rounds and seed pairs already stored are admitted while the tab is over its budget', async () => {
    const tab = casinoTab();
    const rounds = Array.from({ length: 100 }, (_, i) => pendingRound(5000 + i));
    await sendClaims(tab, rounds);
    // New rounds until the tab's pace budget is spent (and the batch after it).
    for (let batch = 0; batch < DEFAULT_RATE_LIMIT.tabRounds.capacity / 200 + 1; batch++) await sendClaims(tab, Array.from({ length: 200 }, (_, i) => pendingRound(100_000 + batch * 200 + i)));
    // The same rounds, now revealed with another display of their outcome: admitted, not refused.
    const again = rounds.map((round) => ({ ...round, roundSignature: undefined, stake: '1.00' }));
    const ack = await sendClaims(tab, again.map(({ roundSignature: _none, ...round }) => round));
    expect(ack).toMatchObject({ stored: 100, refused: [], retryLater: [] });
    // New rounds from that tab are still refused, every one, to be sent again.
    const fresh = await sendClaims(tab, Array.from({ length: 200 }, (_, i) => pendingRound(20_000 + i)));
    expect(fresh.stored).toBe(0);
    expect(fresh.retryLater).toEqual(fresh.refused.map((item) => item.index));
    expect(new Set(fresh.refused.map((item) => item.reason))).toEqual(new Set([RATE_LIMITED_PACE]));
  });

  it('stops a byte flood at the byte budget: claims as long as the limits allow, and again after a restart', async () => {
    const tab = casinoTab();
    let n = 0;
    const longRound = (): CapturedClaim => ({
      source: 'json',
      game: 'M'.repeat(MAX_GAME_NAME_LENGTH),
      commitment: (++n).toString(16).padStart(64, 'd'),
      clientSeed: 'c'.repeat(MAX_SEED_LENGTH),
      nonce: String(n),
      roundSignature: 'e'.repeat(MAX_HASH_TEXT_LENGTH),
      result: Array.from({ length: MAX_LIST_LENGTH }, (_, i) => String(i).padStart(MAX_RESULT_ITEM_LENGTH, '0')),
      picks: Array.from({ length: MAX_LIST_LENGTH }, (_, i) => String(i).padStart(MAX_RESULT_ITEM_LENGTH, '1')),
      observedAt: { result: 1, commitment: 1, game: 1, clientSeed: 1, nonce: 1, roundSignature: 1 },
    });
    const size = claimBytes(longRound());
    expect(size).toBeGreaterThan(3000);
    let stored = 0;
    for (let batch = 0; batch < 10; batch++) stored += (await sendClaims(tab, Array.from({ length: 200 }, longRound))).stored;
    const budget = DEFAULT_RATE_LIMIT.tabBytes.capacity;
    // Far fewer than the 5 000 claims the tab may send: as many whole claims as its byte budget holds.
    expect(stored).toBe(Math.floor(budget / size));
    vi.resetModules();
    const restarted = await import('../../src/background/router.js');
    const answer = (await restarted.handleMessage({ type: 'claims', claims: Array.from({ length: 200 }, longRound) }, tab)) as Reply<ClaimsAck>;
    expect(answer.ok && answer.value.stored).toBe(0);
  });

  it('shares one budget among all tabs: new tabs do not bring new bursts', async () => {
    const capacity = Math.min(DEFAULT_RATE_LIMIT.allClaims.capacity, DEFAULT_RATE_LIMIT.allPairs.capacity);
    let stored = 0;
    const reasons = new Set<string>();
    const lastTab = casinoTab('late.cloudbet.com');
    for (let tabs = 0; tabs < capacity / TAB_CLAIMS + 2; tabs++) {
      const acks = await flood(tabs === capacity / TAB_CLAIMS + 1 ? lastTab : casinoTab(), TAB_CLAIMS / 200);
      stored += acks.reduce((sum, ack) => sum + ack.stored, 0);
      for (const ack of acks) for (const item of ack.refused) reasons.add(item.reason);
    }
    expect(stored).toBe(capacity);
    // No tab sent more than its own budget: the refusals are the shared budget's, and say so.
    expect(reasons).toEqual(new Set([RATE_LIMITED_SHARED]));
    const notes = (await summary()).rateLimited!;
    expect(notes.find((note) => note.host === 'late.cloudbet.com')).toMatchObject({ refused: TAB_CLAIMS, shared: true });
    expect(notes.every((note) => note.shared === true)).toBe(true);
  });

  it('claims about stored rounds that keep changing them stop at the byte budget too: while it is in debt they wait', async () => {
    const tab = casinoTab();
    // An unsupported game: any outcome it shows is a whole one, so each new one is a conflict kept.
    const rounds = Array.from({ length: 1000 }, (_, i) => ({ ...pendingRound(40_000 + i), game: 'Mines', result: '1.5x' }));
    for (let from = 0; from < rounds.length; from += 200) await sendClaims(tab, rounds.slice(from, from + 200));
    const longList = (seed: number) => Array.from({ length: MAX_LIST_LENGTH }, (_, i) => `${seed}-${i}-`.padEnd(MAX_RESULT_ITEM_LENGTH, 'x'));
    // Each claim adds another long outcome to a stored round (a record keeps up to four).
    const growing = (batch: number) => rounds.slice((batch % 5) * 200, (batch % 5) * 200 + 200).map((round) => ({ ...round, result: longList(batch) }));
    const size = claimBytes(growing(0)[0]!);
    let storedKnown = 0;
    let deferred = 0;
    for (let batch = 0; batch < 20; batch++) {
      const ack = await sendClaims(tab, growing(batch));
      storedKnown += ack.stored;
      deferred += ack.retryLater.length;
    }
    const budget = DEFAULT_RATE_LIMIT.tabBytes;
    // The byte budget left after the 1 000 new rounds; batches pass while it is not in debt, each
    // charged in full, so the one that crosses into debt is the last; the rest wait.
    const left = budget.capacity - rounds.reduce((sum, round) => sum + claimBytes(round), 0);
    const passed = Math.floor(left / (200 * size)) + 1;
    expect(passed).toBeLessThan(20);
    expect(storedKnown).toBe(passed * 200);
    expect(deferred).toBe((20 - passed) * 200);
  });
});
