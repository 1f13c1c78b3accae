// The content script's queue to the worker. A claim already sent unchanged is not sent again
// (pages re-render the same rounds constantly); a claim is kept until the worker has taken it,
// and a failed send (the worker may be stopped or restarting) is retried with backoff. So is a
// claim the worker refused for the tab's budget: refused is not delivered. While the tab is over
// its budget the newest claims go first (what the player just played, not the backlog of a page
// that flooded), and only the newest MAX_DEFERRED wait: a flooding page's backlog would otherwise
// trickle into the store for minutes. A full queue forgets its oldest claim for a new one. As the
// page is left, everything waiting goes at once (flushLeaving), whatever is already on its way.
import { MAX_CLAIMS_PER_MESSAGE } from '../../shared/message-limits.js';
import type { CapturedClaim } from '../../shared/records.js';

/** Claims per message: as many as the message schema takes. */
export const MAX_BATCH = MAX_CLAIMS_PER_MESSAGE;

/**
 * Claims kept while the worker refuses the tab's claims for its budget: the rounds of the last few
 * minutes of real play many times over, a few seconds of a flood.
 */
export const MAX_DEFERRED = 1000;

/** Thrown by a send function when the worker refused the batch for good (retrying cannot help). */
export class PermanentRefusal extends Error {}

export interface OutboxOptions {
  maxBatch?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Claims waiting at most; beyond that the oldest one is dropped for each new one, and counted (a flooding page). */
  maxQueued?: number;
  /** Wait before sending claims the worker refused for the tab's budget again (its budget refills with time). */
  budgetDelayMs?: number;
  /** Claims kept while the tab is over its budget; older ones are dropped, and counted. */
  maxDeferred?: number;
  /** Sent claims remembered for de-duplication. */
  maxRemembered?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
}

export interface OutboxStats {
  sent: number;
  duplicates: number;
  failures: number;
  refused: number;
  /** Claims the worker refused for the tab's budget, kept to be sent again. */
  deferred: number;
  dropped: number;
}

/** A claim's identity for de-duplication: its values, not when they were seen. */
export function claimKey(claim: CapturedClaim): string {
  const { observedAt: _times, actedAt: _acted, ...values } = claim;
  const ordered = Object.keys(values)
    .sort()
    .map((key) => [key, values[key as keyof typeof values]]);
  const text = JSON.stringify(ordered);
  // Two 32-bit FNV-1a hashes with different offsets and the length: a compact key whose
  // collisions are too rare to ever matter, so remembering thousands of rounds stays small.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}.${text.length}`;
}

export interface ClaimOutbox {
  readonly stats: OutboxStats;
  /** Claims waiting to be taken by the worker. */
  readonly pending: number;
  /** Queues the claims not yet sent or queued; returns how many were new. */
  offer(claims: readonly CapturedClaim[]): number;
  /** Sends everything queued now, one batch after another, until the queue is empty or a send fails. */
  flush(): Promise<void>;
  /**
   * The page is being left (pagehide): sends everything waiting at once, even while another batch
   * is on its way. A closing tab runs no timer and no later turn of flush's loop, so a claim left
   * waiting behind a send in progress would be lost with the page.
   */
  flushLeaving(): void;
}

/**
 * `send` resolves once the worker took the batch, with the indexes it refused for now (budget) and
 * wants again later. A closure rather than a class: its state stays out of the minified content
 * script's text (size budget).
 */
export function claimOutbox(send: (claims: CapturedClaim[]) => Promise<number[] | void>, options: OutboxOptions = {}): ClaimOutbox {
  const stats: OutboxStats = { sent: 0, duplicates: 0, failures: 0, refused: 0, deferred: 0, dropped: 0 };
  const maxBatch = Math.min(options.maxBatch ?? MAX_BATCH, MAX_BATCH);
  const baseDelay = options.baseDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 60_000;
  const budgetDelay = options.budgetDelayMs ?? 2000;
  const maxDeferred = options.maxDeferred ?? MAX_DEFERRED;
  const maxQueued = options.maxQueued ?? 20_000;
  const maxRemembered = options.maxRemembered ?? 50_000;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const queue = new Map<string, CapturedClaim>();
  const sent = new Set<string>();
  let sending = false;
  /** Keys of the claims in a batch sent and not yet answered. */
  const inFlight = new Set<string>();
  let timerPending = false;
  let delay = 0;
  /** The worker refused claims for the tab's budget and has not taken a whole batch since. */
  let overBudget = false;

  /** Queued claims not already on their way to the worker, oldest first. */
  const waiting = (): [string, CapturedClaim][] => Array.from(queue).filter(([key]) => !inFlight.has(key));

  /** Sends one batch and settles its claims: taken ones are remembered, the rest stay queued. */
  const sendBatch = async (batch: [string, CapturedClaim][]): Promise<'taken' | 'failed' | 'over-budget'> => {
    for (const [key] of batch) inFlight.add(key);
    let later = new Set<number>();
    try {
      later = new Set((await send(batch.map(([, claim]) => claim))) ?? []);
      stats.sent += batch.length - later.size;
      stats.deferred += later.size;
    } catch (error) {
      if (!(error instanceof PermanentRefusal)) {
        stats.failures++;
        return 'failed';
      }
      // Refused for good (a malformed claim): retrying would block every later round.
      stats.refused += batch.length;
    } finally {
      for (const [key] of batch) inFlight.delete(key);
    }
    batch.forEach(([key], index) => {
      if (later.has(index)) return;
      queue.delete(key);
      sent.add(key);
      if (sent.size > maxRemembered) sent.delete(sent.values().next().value!);
    });
    overBudget = later.size > 0;
    return overBudget ? 'over-budget' : 'taken';
  };

  const dropOldest = (count: number): void => {
    for (let i = 0; i < count; i++) {
      queue.delete(queue.keys().next().value!);
      stats.dropped++;
    }
  };

  /** Tries again later, waiting twice as long as last time (up to the maximum). */
  const backOff = (): void => {
    delay = delay === 0 ? baseDelay : Math.min(delay * 2, maxDelay);
    schedule(delay);
  };

  const schedule = (ms: number): void => {
    if (timerPending) return;
    timerPending = true;
    setTimer(() => {
      timerPending = false;
      void outbox.flush().catch(() => undefined);
    }, ms);
  };

  const outbox: ClaimOutbox = {
    stats,
    get pending() {
      return queue.size;
    },
    offer(claims) {
      let added = 0;
      for (const claim of claims) {
        const key = claimKey(claim);
        if (sent.has(key) || queue.has(key)) {
          stats.duplicates++;
        } else {
          dropOldest(queue.size + 1 - maxQueued);
          queue.set(key, claim);
          added++;
        }
      }
      if (added > 0) schedule(0);
      return added;
    },
    async flush() {
      if (sending) return;
      sending = true;
      try {
        for (;;) {
          const ready = waiting();
          if (ready.length === 0) return;
          const batch = overBudget ? ready.slice(-maxBatch).reverse() : ready.slice(0, maxBatch);
          const outcome = await sendBatch(batch);
          if (outcome === 'failed') return backOff();
          // Over the budget: the worker refills it with time, so wait before sending these again.
          if (outcome === 'over-budget') {
            dropOldest(queue.size - maxDeferred);
            return schedule(budgetDelay);
          }
          delay = 0;
        }
      } finally {
        sending = false;
      }
    },
    flushLeaving() {
      const ready = waiting();
      for (let start = 0; start < ready.length; start += maxBatch) {
        void sendBatch(ready.slice(start, start + maxBatch)).then((outcome) => {
          // The page stayed after all (kept in the back-forward cache): what failed is tried again as usual.
          if (outcome === 'failed') backOff();
          else if (outcome === 'over-budget') schedule(budgetDelay);
        });
      }
    },
  };
  return outbox;
}
