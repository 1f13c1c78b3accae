// Budgets for new claims, kept in the worker where the page cannot reach them. A page can
// forge any claim the content script would send (its DOM and its JSON are the page's to write), so
// a flooding page could otherwise fill the store with millions of made-up rounds and bury the real
// ones. Real play is slow (a round every few seconds) and a history page is read once: token
// buckets per tab and for all tabs together, counting claims and their bytes, big enough for the
// largest history page at once, refilling faster than any game is played, refuse only floods.
// Claims about rounds and seed pairs already stored take no tokens when they pass (re-reading a
// known history costs nothing) and are charged when they changed something; new claims that
// changed nothing get their tokens back. The state is kept in the store (rate-limit-state.ts):
// a worker stopped after 30 s of silence goes on from it instead of starting every tab full.
import type { CapturedClaim } from '../shared/records.js';
import { isCommitmentSighting, isSeedReveal } from '../shared/claim-kinds.js';
import { roundKey } from './round-key.js';

/** A token bucket: how much may come at once, and how fast it comes back. */
export interface BucketSize {
  capacity: number;
  refillPerSecond: number;
}

export interface RateLimitOptions {
  /** New claims one tab may send (all its frames: the worker knows a sender by its tab). */
  tabClaims: BucketSize;
  /** Bytes of new claims one tab may send (a claim's JSON text in UTF-8). */
  tabBytes: BucketSize;
  /** The same for every tab together: a page that opens more tabs gets no more. */
  allClaims: BucketSize;
  allBytes: BucketSize;
  /** Every tab together over a day: a page flooding just below the rates above for hours cannot fill the store. */
  dayClaims: BucketSize;
  dayBytes: BucketSize;
  /** Tabs remembered; the least recently heard-from is forgotten first (it starts full again). */
  maxTabs: number;
}

const KIB = 1024;

/**
 * Claims: 5 000 at once, a history page of 1 000+ rounds read from its DOM and its JSON (two
 * claims a round) fits twice over; 50 a second afterwards, far above any game (an autobet plays a
 * few rounds a second), far below a page forging thousands a second. Bytes: a real claim is
 * 0.3–0.8 KB, so 4 MiB hold that history page; the longest claim the limits allow is ≈ 4 KB, so
 * a page sending only such claims gets ≈ 1 000 through, not 5 000. All tabs together: four tabs'
 * worth. A day: 200 000 new claims and 200 MiB, refilled over 24 hours — a round every two seconds
 * around the clock is ≈ 90 000 claims — so a page sending at the refill rates above would need ten
 * days of it to fill the store (store-capacity.ts), and is refused, noted and shown long before.
 */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = {
  tabClaims: { capacity: 5000, refillPerSecond: 50 },
  tabBytes: { capacity: 4096 * KIB, refillPerSecond: 40 * KIB },
  allClaims: { capacity: 20_000, refillPerSecond: 200 },
  allBytes: { capacity: 16_384 * KIB, refillPerSecond: 160 * KIB },
  dayClaims: { capacity: 200_000, refillPerSecond: 200_000 / 86_400 },
  dayBytes: { capacity: 200 * 1024 * KIB, refillPerSecond: (200 * 1024 * KIB) / 86_400 },
  maxTabs: 200,
};

/** The refusal reason of a claim over the budget; the content script keeps it and sends it again later (capture/session/outbox.ts). */
export const RATE_LIMITED = 'rate limited: this tab sent new claims faster than any real game';
/** The same when the budget all tabs share ran out while this tab's own still held: the tab did not flood. */
export const RATE_LIMITED_SHARED = 'rate limited: all tabs together sent new claims faster than any real game';

/** Which budget refused a batch: the tab's own, or one all tabs share (`all`, `day`) while the tab's own held. */
export type RefusalCause = 'tab' | 'shared';

/** What is left of a pair of budgets (claims and bytes) at a time. */
interface Tokens {
  claims: number;
  bytes: number;
  at: number;
}

interface TabBucket extends Tokens {
  /** Claims and refusals since the last report (see Admission.report). */
  counted: number;
  refused: number;
  /** Refused at least once: its counts are reported with every batch. */
  flagged: boolean;
}

/** The limiter's whole state as plain data, kept in the store so a restarted worker goes on from it. */
export interface RateLimitState {
  all: Tokens;
  day: Tokens;
  tabs: [tab: number, bucket: TabBucket][];
}

export interface Admission {
  /** How many of the batch's new claims (from the start) fit the budgets; the rest are refused. */
  admitted: number;
  /**
   * Whether its claims about stored rounds and pairs may pass: always, unless a budget is in debt
   * (known claims that changed the store were charged below zero), so they cannot grow records
   * without bound either.
   */
  knownAdmitted: boolean;
  /** For a tab that has been refused: claims and refusals to add to its stored counts. */
  report?: { claims: number; refused: number };
  /** When this batch had refusals: which budget refused them. */
  cause?: RefusalCause;
}

export class ClaimRateLimiter {
  private tabs = new Map<number, TabBucket>();
  private all: Tokens;
  private day: Tokens;

  constructor(
    private readonly options: RateLimitOptions = DEFAULT_RATE_LIMIT,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.all = { claims: options.allClaims.capacity, bytes: options.allBytes.capacity, at: now() };
    this.day = { claims: options.dayClaims.capacity, bytes: options.dayBytes.capacity, at: now() };
  }

  /**
   * Admits the batch's new claims (given by their sizes in bytes) from the start while every budget
   * holds, and its `known` claims about stored rounds unless a budget is in debt; counts what it refuses.
   */
  admit(tab: number, sizes: readonly number[], known = 0): Admission {
    const bucket = this.bucket(tab);
    this.refill(this.all, this.options.allClaims, this.options.allBytes);
    this.refill(this.day, this.options.dayClaims, this.options.dayBytes);
    const budgets = [bucket, this.all, this.day];
    const knownAdmitted = budgets.every((tokens) => tokens.claims >= 0 && tokens.bytes >= 0);
    let admitted = 0;
    // The tab's own budget decides the cause: while it holds, a refusal is the shared budgets'.
    let cause: RefusalCause | undefined = knownAdmitted || known === 0 ? undefined : bucket.claims >= 0 && bucket.bytes >= 0 ? 'shared' : 'tab';
    for (const size of sizes) {
      if (!budgets.every((tokens) => tokens.claims >= 1 && tokens.bytes >= size)) {
        cause = bucket.claims >= 1 && bucket.bytes >= size ? 'shared' : 'tab';
        break;
      }
      for (const tokens of budgets) {
        tokens.claims -= 1;
        tokens.bytes -= size;
      }
      admitted++;
    }
    const refused = sizes.length - admitted + (knownAdmitted ? 0 : known);
    bucket.counted += sizes.length + known;
    bucket.refused += refused;
    if (refused > 0) bucket.flagged = true;
    const caused = cause === undefined ? {} : { cause };
    if (!bucket.flagged) return { admitted, knownAdmitted, ...caused };
    const report = { claims: bucket.counted, refused: bucket.refused };
    bucket.counted = 0;
    bucket.refused = 0;
    return { admitted, knownAdmitted, report, ...caused };
  }

  /**
   * Takes tokens for claims admitted without them (about rounds and seed pairs already stored) that
   * changed what is stored: the budgets may go below zero (down to minus their capacity), and while
   * one is below zero the tab's claims wait, known ones too (see Admission.knownAdmitted).
   */
  charge(tab: number, claims: number, bytes: number): void {
    this.add(tab, -claims, -bytes);
  }

  /** Gives back the tokens of admitted claims that changed nothing stored. */
  refund(tab: number, claims: number, bytes: number): void {
    this.add(tab, claims, bytes);
  }

  snapshot(): RateLimitState {
    return { all: { ...this.all }, day: { ...this.day }, tabs: [...this.tabs].map(([tab, bucket]) => [tab, { ...bucket }]) };
  }

  /**
   * Goes on from a state kept before the worker stopped. Whatever this worker already spent
   * stays spent: each budget keeps the lower of the two, so restoring late never gives tokens.
   */
  restore(state: RateLimitState): void {
    const lower = (mine: Tokens, kept: Tokens) => {
      mine.claims = Math.min(mine.claims, kept.claims);
      mine.bytes = Math.min(mine.bytes, kept.bytes);
      mine.at = Math.max(mine.at, kept.at);
    };
    this.refill(this.all, this.options.allClaims, this.options.allBytes);
    lower(this.all, this.refilled(state.all, this.options.allClaims, this.options.allBytes));
    this.refill(this.day, this.options.dayClaims, this.options.dayBytes);
    lower(this.day, this.refilled(state.day, this.options.dayClaims, this.options.dayBytes));
    const tabs = new Map<number, TabBucket>();
    for (const [tab, kept] of state.tabs) tabs.set(tab, { ...kept, ...this.refilled(kept, this.options.tabClaims, this.options.tabBytes) });
    for (const [tab, mine] of this.tabs) {
      const kept = tabs.get(tab);
      tabs.delete(tab);
      if (kept) lower(mine, kept);
      tabs.set(tab, kept ? { ...mine, counted: mine.counted + kept.counted, refused: mine.refused + kept.refused, flagged: mine.flagged || kept.flagged } : mine);
    }
    this.tabs = tabs;
    this.forgetBeyondMax();
  }

  private add(tab: number, claims: number, bytes: number): void {
    const bucket = this.tabs.get(tab);
    if (!bucket || (claims === 0 && bytes === 0)) return;
    const bounded = (value: number, capacity: number) => Math.max(-capacity, Math.min(capacity, value));
    bucket.claims = bounded(bucket.claims + claims, this.options.tabClaims.capacity);
    bucket.bytes = bounded(bucket.bytes + bytes, this.options.tabBytes.capacity);
    this.all.claims = bounded(this.all.claims + claims, this.options.allClaims.capacity);
    this.all.bytes = bounded(this.all.bytes + bytes, this.options.allBytes.capacity);
    this.day.claims = bounded(this.day.claims + claims, this.options.dayClaims.capacity);
    this.day.bytes = bounded(this.day.bytes + bytes, this.options.dayBytes.capacity);
  }

  /** The tokens after the time since they were counted; a clock that went backwards refills nothing. */
  private refilled(tokens: Tokens, claims: BucketSize, bytes: BucketSize): Tokens {
    const time = this.now();
    const elapsed = Math.max(0, time - tokens.at) / 1000;
    return {
      claims: Math.min(claims.capacity, tokens.claims + elapsed * claims.refillPerSecond),
      bytes: Math.min(bytes.capacity, tokens.bytes + elapsed * bytes.refillPerSecond),
      at: Math.max(time, tokens.at),
    };
  }

  private refill(tokens: Tokens, claims: BucketSize, bytes: BucketSize): void {
    Object.assign(tokens, this.refilled(tokens, claims, bytes));
  }

  private bucket(tab: number): TabBucket {
    let bucket = this.tabs.get(tab);
    if (bucket) {
      // Re-inserted so the map's order is least recently used first.
      this.tabs.delete(tab);
      this.refill(bucket, this.options.tabClaims, this.options.tabBytes);
    } else {
      bucket = { claims: this.options.tabClaims.capacity, bytes: this.options.tabBytes.capacity, at: this.now(), counted: 0, refused: 0, flagged: false };
    }
    this.tabs.set(tab, bucket);
    this.forgetBeyondMax();
    return bucket;
  }

  private forgetBeyondMax(): void {
    while (this.tabs.size > this.options.maxTabs) this.tabs.delete(this.tabs.keys().next().value!);
  }
}

const utf8 = new TextEncoder();

/** A claim's size for the byte budgets: its JSON text in UTF-8, as it crossed from the page. */
export function claimBytes(claim: CapturedClaim): number {
  return utf8.encode(JSON.stringify(claim)).length;
}

/**
 * The stored claims that changed no round: round claims whose round is not among the changed keys.
 * Seed-pair claims (commitment sightings, reveals) never are: a flood of made-up seed pairs fills
 * the store as surely as made-up rounds.
 */
export function unchangedClaims<Item extends { claim: CapturedClaim }>(items: readonly Item[], changedKeys: readonly string[]): Item[] {
  const changed = new Set(changedKeys);
  return items.filter(({ claim }) => !isCommitmentSighting(claim) && !isSeedReveal(claim) && !changed.has(roundKey(claim)));
}
