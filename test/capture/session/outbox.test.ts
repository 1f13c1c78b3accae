import { describe, expect, it, vi } from 'vitest';
import { claimKey, claimOutbox, MAX_BATCH, PermanentRefusal } from '../../../src/capture/session/outbox.js';
import type { CapturedClaim } from '../../../src/shared/records.js';
import { SEED } from '../dom.js';

const claim = (nonce: number, result = '5', at = 1): CapturedClaim => ({ source: 'dom', serverSeed: SEED, nonce: String(nonce), result, observedAt: { nonce: at } });

/** A timer queue the test runs by hand. */
function manualTimers() {
  const timers: { callback: () => void; ms: number }[] = [];
  return {
    timers,
    setTimer: (callback: () => void, ms: number) => void timers.push({ callback, ms }),
    async runNext() {
      const timer = timers.shift();
      timer?.callback();
      await vi.waitFor(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 0));
      return timer?.ms;
    },
  };
}

/** An outbox on manual timers whose first send stays unanswered until `release()`; the nonces of each batch sent. */
function outboxWithFirstSendHeld(maxBatch?: number) {
  const timers = manualTimers();
  const batches: number[][] = [];
  let answer: (() => void) | undefined;
  const outbox = claimOutbox(
    (claims) => {
      batches.push(claims.map((item) => Number(item.nonce)));
      return batches.length === 1 ? new Promise<void>((resolve) => (answer = resolve)) : Promise.resolve();
    },
    { setTimer: timers.setTimer, ...(maxBatch === undefined ? {} : { maxBatch }) },
  );
  return { timers, batches, outbox, release: () => answer!() };
}

describe('claimKey', () => {
  it('depends on values, not on when they were seen or key order', () => {
    expect(claimKey(claim(1, '5', 1))).toBe(claimKey(claim(1, '5', 99)));
    expect(claimKey({ source: 'dom', nonce: '1', serverSeed: SEED, observedAt: {} })).toBe(claimKey({ source: 'dom', serverSeed: SEED, nonce: '1', observedAt: {} }));
    expect(claimKey(claim(1, '5'))).not.toBe(claimKey(claim(1, '6')));
    expect(claimKey({ ...claim(1), source: 'json' })).not.toBe(claimKey(claim(1)));
  });
});

describe('ClaimOutbox', () => {
  it('sends new claims once, and never re-sends one unchanged', async () => {
    const timers = manualTimers();
    const sent: CapturedClaim[][] = [];
    const outbox = claimOutbox(async (claims) => void sent.push(claims), { setTimer: timers.setTimer });
    expect(outbox.offer([claim(1), claim(2)])).toBe(2);
    expect(outbox.offer([claim(1), claim(2, '5', 50)])).toBe(0);
    await timers.runNext();
    expect(sent).toEqual([[claim(1), claim(2)]]);
    expect(outbox.offer([claim(1), claim(2)])).toBe(0);
    expect(outbox.offer([claim(2, '7')])).toBe(1); // changed: sent again
    await timers.runNext();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual([claim(2, '7')]);
    expect(outbox.stats).toMatchObject({ sent: 3, duplicates: 4 });
  });

  it('sends at most 200 claims per message, the schema\'s limit', async () => {
    const timers = manualTimers();
    const sizes: number[] = [];
    const outbox = claimOutbox(async (claims) => void sizes.push(claims.length), { setTimer: timers.setTimer });
    outbox.offer(Array.from({ length: 450 }, (_, nonce) => claim(nonce)));
    await timers.runNext();
    expect(sizes).toEqual([200, 200, 50]);
    expect(outbox.pending).toBe(0);
  });

  it('keeps claims queued and retries with growing delays while the worker is away', async () => {
    const timers = manualTimers();
    let up = false;
    const sent: CapturedClaim[][] = [];
    const outbox = claimOutbox(
      async (claims) => {
        if (!up) throw new Error('Could not establish connection. Receiving end does not exist.');
        sent.push(claims);
      },
      { setTimer: timers.setTimer, baseDelayMs: 100, maxDelayMs: 350 },
    );
    outbox.offer([claim(1)]);
    expect(await timers.runNext()).toBe(0);
    expect(await timers.runNext()).toBe(100);
    expect(await timers.runNext()).toBe(200);
    outbox.offer([claim(2)]); // arrives while backing off: waits for the pending retry
    expect(timers.timers).toHaveLength(1);
    expect(await timers.runNext()).toBe(350);
    up = true;
    expect(timers.timers[0]!.ms).toBe(350);
    await timers.runNext();
    expect(sent).toEqual([[claim(1), claim(2)]]);
    expect(outbox.pending).toBe(0);
    expect(outbox.stats.failures).toBe(4);
    outbox.offer([claim(3)]);
    expect(timers.timers[0]!.ms).toBe(0); // back to sending at once
  });

  it('drops a batch the worker refuses for good, so later rounds are not blocked', async () => {
    const timers = manualTimers();
    let calls = 0;
    const outbox = claimOutbox(
      async () => {
        calls++;
        if (calls === 1) throw new PermanentRefusal('invalid message: claims.0.nonce');
      },
      { setTimer: timers.setTimer },
    );
    outbox.offer([claim(1)]);
    await timers.runNext();
    expect(outbox.stats.refused).toBe(1);
    expect(outbox.offer([claim(1)])).toBe(0);
    outbox.offer([claim(2)]);
    await timers.runNext();
    expect(outbox.stats.sent).toBe(1);
  });

  it('keeps the claims the worker refused for its budget and sends them again after a while, newest first', async () => {
    const timers = manualTimers();
    const batches: string[][] = [];
    let overBudget = true;
    const outbox = claimOutbox(
      async (claims) => {
        batches.push(claims.map((c) => c.nonce!));
        // The worker took the first claim; the other two only once its budget refilled.
        return overBudget ? [1, 2] : [];
      },
      { setTimer: timers.setTimer, baseDelayMs: 500, budgetDelayMs: 1500 },
    );
    outbox.offer([claim(1), claim(2), claim(3)]);
    await timers.runNext();
    expect(outbox.pending).toBe(2);
    expect(outbox.stats).toMatchObject({ sent: 1, deferred: 2, failures: 0, refused: 0 });
    // A fixed wait, not a growing one: the budget refills at a steady rate.
    expect(timers.timers.map((timer) => timer.ms)).toEqual([1500]);
    overBudget = false;
    await timers.runNext();
    // What the page showed last (the player's latest round, after a flood's backlog) goes first.
    expect(batches).toEqual([['1', '2', '3'], ['3', '2']]);
    expect(outbox.pending).toBe(0);
    expect(outbox.stats.sent).toBe(3);
    // Delivered now: never sent again.
    expect(outbox.offer([claim(2), claim(3)])).toBe(0);
  });

  it('keeps only the newest claims while the tab is over its budget, counting the others as dropped', async () => {
    const timers = manualTimers();
    const batches: string[][] = [];
    let refuse = true;
    const outbox = claimOutbox(
      async (claims) => {
        batches.push(claims.map((c) => c.nonce!));
        return refuse ? claims.map((_, index) => index) : [];
      },
      { setTimer: timers.setTimer, maxBatch: 2, maxDeferred: 3 },
    );
    outbox.offer(Array.from({ length: 6 }, (_, nonce) => claim(nonce)));
    await timers.runNext();
    expect(outbox.pending).toBe(3);
    expect(outbox.stats.dropped).toBe(3);
    refuse = false;
    await timers.runNext();
    expect(batches).toEqual([['0', '1'], ['5', '4'], ['3']]);
  });

  it('bounds the queue against a flooding page: the oldest claims make room for new ones, counted as dropped', async () => {
    const sent: string[] = [];
    const timers = manualTimers();
    const outbox = claimOutbox(
      async (claims) => {
        sent.push(...claims.map((c) => c.nonce!));
      },
      { setTimer: timers.setTimer, maxQueued: 3 },
    );
    outbox.offer(Array.from({ length: 5 }, (_, nonce) => claim(nonce)));
    expect(outbox.pending).toBe(3);
    expect(outbox.stats.dropped).toBe(2);
    await timers.runNext();
    expect(sent).toEqual(['2', '3', '4']);
  });

  it('forgets the oldest sent claims beyond its memory', async () => {
    const timers = manualTimers();
    let count = 0;
    const outbox = claimOutbox(async (claims) => void (count += claims.length), { setTimer: timers.setTimer, maxRemembered: 2 });
    outbox.offer([claim(1), claim(2), claim(3)]);
    await timers.runNext();
    expect(outbox.offer([claim(1)])).toBe(1);
    expect(outbox.offer([claim(3)])).toBe(0);
  });

  it('one flush at a time: claims offered during a send go in the next batch', async () => {
    const { timers, batches, outbox, release } = outboxWithFirstSendHeld();
    outbox.offer([claim(1)]);
    timers.timers.shift()!.callback();
    outbox.offer([claim(2)]);
    await timers.runNext(); // a second flush while the first is sending does nothing
    release();
    await vi.waitFor(() => expect(batches).toEqual([[1], [2]]));
  });

  it('as the page is left, sends what waits at once, even behind a send still under way, and nothing twice', async () => {
    const { timers, batches, outbox, release } = outboxWithFirstSendHeld(2);
    outbox.offer([claim(1)]);
    timers.timers.shift()!.callback(); // claim 1 is on its way; its answer has not come
    outbox.offer([claim(2), claim(3), claim(4)]);
    // A closing tab runs no timer again: the claims must be handed over in the pagehide handler itself.
    outbox.flushLeaving();
    expect(batches).toEqual([[1], [2, 3], [4]]);
    await vi.waitFor(() => expect(outbox.stats.sent).toBe(3));
    expect(outbox.pending).toBe(1);
    release();
    await vi.waitFor(() => expect(outbox.pending).toBe(0));
    // The page stayed (back-forward cache): the timers run, and no claim goes a second time.
    while (timers.timers.length > 0) await timers.runNext();
    outbox.flushLeaving();
    await outbox.flush();
    expect(batches).toEqual([[1], [2, 3], [4]]);
    expect(outbox.stats.sent).toBe(4);
  });

  it('a send made as the page is left that fails is tried again if the page stays', async () => {
    const timers = manualTimers();
    const batches: number[][] = [];
    const outbox = claimOutbox(
      async (claims) => {
        batches.push(claims.map((item) => Number(item.nonce)));
        if (batches.length === 1) throw new Error('worker restarting');
      },
      { setTimer: timers.setTimer },
    );
    outbox.offer([claim(1)]);
    outbox.flushLeaving();
    await vi.waitFor(() => expect(outbox.stats.failures).toBe(1));
    while (timers.timers.length > 0) await timers.runNext();
    expect(batches).toEqual([[1], [1]]);
    expect(outbox.pending).toBe(0);
  });
});
