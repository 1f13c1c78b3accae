// A per-tab budget for new claims, kept in the worker where the page cannot reach it. A page can
// forge any claim the content script would send (its DOM and its JSON are the page's to write), so
// a flooding page could otherwise fill the store with millions of made-up rounds and bury the real
// ones. Real play is slow (a round every few seconds) and a history page is read once: a token
// bucket per tab, big enough for the largest history page at once, refilling faster than any game
// is played, refuses only floods. Claims that changed nothing (a re-sent sighting of a stored
// round) get their token back, so re-reading a known history costs nothing.
import type { CapturedClaim } from '../shared/records.js';
import { isCommitmentSighting, isSeedReveal } from '../shared/claim-kinds.js';
import { roundKey } from './round-key.js';

export interface RateLimitOptions {
  /** New claims a tab may send at once (the bucket's size). */
  capacity: number;
  /** Tokens a tab gets back per second. */
  refillPerSecond: number;
  /** Tabs remembered; the least recently heard-from is forgotten first (it starts full again). */
  maxTabs: number;
}

/**
 * 5 000 at once: a history page of 1 000+ rounds read from its DOM and its JSON (two claims a
 * round) fits twice over. 50 a second afterwards: far above any game (an autobet plays a few
 * rounds a second), far below a page forging thousands a second.
 */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { capacity: 5000, refillPerSecond: 50, maxTabs: 200 };

/** The refusal reason of a claim over the budget; the content script keeps it and sends it again later (capture/outbox.ts). */
export const RATE_LIMITED = 'rate limited: this tab sent new claims faster than any real game';

interface Bucket {
  tokens: number;
  at: number;
  /** Claims and refusals since the last report (see Admission.report). */
  claims: number;
  refused: number;
  /** Refused at least once in this worker's life: its counts are reported with every batch. */
  flagged: boolean;
}

export interface Admission {
  /** How many of the batch's claims (from the start) fit the tab's budget; the rest are refused. */
  admitted: number;
  /** For a tab that has been refused: claims and refusals to add to its stored counts. */
  report?: { claims: number; refused: number };
}

export class ClaimRateLimiter {
  private readonly tabs = new Map<number, Bucket>();

  constructor(
    private readonly options: RateLimitOptions = DEFAULT_RATE_LIMIT,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Takes one token per claim while the tab has any; counts what it refuses. */
  admit(tab: number, count: number): Admission {
    const bucket = this.bucket(tab);
    const admitted = Math.max(0, Math.min(count, Math.floor(bucket.tokens)));
    bucket.tokens -= admitted;
    bucket.claims += count;
    bucket.refused += count - admitted;
    if (admitted < count) bucket.flagged = true;
    if (!bucket.flagged) return { admitted };
    const report = { claims: bucket.claims, refused: bucket.refused };
    bucket.claims = 0;
    bucket.refused = 0;
    return { admitted, report };
  }

  /**
   * Takes tokens for claims admitted without them (about rounds and seed pairs already stored) that
   * changed what is stored: the tab's budget may go below zero, so its next new claims wait longer.
   * Such claims are never refused (a flood must not hide them), but they cannot come for free.
   */
  charge(tab: number, count: number): void {
    const bucket = this.tabs.get(tab);
    if (bucket && count > 0) bucket.tokens = Math.max(-this.options.capacity, bucket.tokens - count);
  }

  /** Gives back the tokens of admitted claims that changed nothing stored. */
  refund(tab: number, count: number): void {
    const bucket = this.tabs.get(tab);
    if (bucket && count > 0) bucket.tokens = Math.min(this.options.capacity, bucket.tokens + count);
  }

  private bucket(tab: number): Bucket {
    const time = this.now();
    let bucket = this.tabs.get(tab);
    if (bucket) {
      // Re-inserted so the map's order is least recently used first.
      this.tabs.delete(tab);
      // A clock that went backwards refills nothing.
      const elapsed = Math.max(0, time - bucket.at) / 1000;
      bucket.tokens = Math.min(this.options.capacity, bucket.tokens + elapsed * this.options.refillPerSecond);
      bucket.at = time;
    } else {
      bucket = { tokens: this.options.capacity, at: time, claims: 0, refused: 0, flagged: false };
    }
    this.tabs.set(tab, bucket);
    while (this.tabs.size > this.options.maxTabs) this.tabs.delete(this.tabs.keys().next().value!);
    return bucket;
  }
}

/**
 * How many stored claims changed no round: round claims whose round is not among the changed keys.
 * Seed-pair claims (commitment sightings, reveals) are never counted: a flood of made-up seed
 * pairs fills the store as surely as made-up rounds.
 */
export function unchangedClaims(claims: readonly CapturedClaim[], changedKeys: readonly string[]): number {
  const changed = new Set(changedKeys);
  let unchanged = 0;
  for (const claim of claims) {
    if (isCommitmentSighting(claim) || isSeedReveal(claim)) continue;
    if (!changed.has(roundKey(claim))) unchanged++;
  }
  return unchanged;
}
