// Budgets for new claims, kept in the worker where the page cannot reach them. A page can
// forge any claim the content script would send (its DOM and its JSON are the page's to write), so
// a flooding page could otherwise fill the store with millions of made-up rounds and bury the real
// ones. Real play is slow (a round every few seconds) and a history page is read once: token
// buckets per tab and for all tabs together, counting claims and their bytes, big enough for the
// largest history page at once, refilling faster than any game is played, refuse only floods.
// Claims about rounds and seed pairs already stored take no tokens when they pass (re-reading a
// known history costs nothing) and are charged when they changed something; new claims that
// changed nothing get their tokens back. Besides claims and bytes, each tab has a budget of new
// rounds and one of new seed pairs whose refill is the fastest a person plays (FASTEST_PLAY): over
// any period T a page adds at most a history page plus T × that pace, however it paces its flood. The state is kept in the store (rate-limit-state.ts):
// a worker stopped after 30 s of silence goes on from it instead of starting every tab full.
import type { CapturedClaim } from '../shared/records.js';
import { isCommitmentSighting, isSeedReveal } from '../shared/claim-kinds.js';
import { commitmentOf, roundKey } from './round-key.js';

/** A token bucket: how much may come at once, and how fast it comes back. */
export interface BucketSize {
  capacity: number;
  refillPerSecond: number;
}

export interface RateLimitOptions {
  /** New rounds one tab may add: a history page at once, then the fastest play. */
  tabRounds: BucketSize;
  /** New seed pairs one tab may add (one per round at most in the casino's flow). */
  tabPairs: BucketSize;
  /** The same for every tab together: TABS_AT_ONCE played at the fastest pace. */
  allRounds: BucketSize;
  allPairs: BucketSize;
  /** New claims one tab may send (all its frames: the worker knows a sender by its tab). */
  tabClaims: BucketSize;
  /** Bytes of new claims one tab may send (a claim's JSON text in UTF-8). */
  tabBytes: BucketSize;
  /** The same for every tab together: a page that opens more tabs gets no more. */
  allClaims: BucketSize;
  allBytes: BucketSize;
  /** Every tab together over a day: the long-run claims and bytes of TABS_AT_ONCE tabs at the fastest play. */
  dayClaims: BucketSize;
  dayBytes: BucketSize;
  /** Tabs remembered; the least recently heard-from is forgotten first (it starts full again). */
  maxTabs: number;
}

const KIB = 1024;

/**
 * The fastest a person plays in one tab, in rounds a second: the casino's keno and roulette
 * auto-bet, with no animation at all. Measured: the demo casino's keno auto-bet, which waits for
 * nothing but its own round trips (no draw animation, unlike the real game's), plays 3.3–4.0
 * rounds a second in Chromium with the extension loaded (100 rounds, 25–30 s); 5 leaves room above it.
 */
export const FASTEST_PLAY = 5;
/** Tabs a player may run an auto-bet in at once, each at the fastest pace. */
export const TABS_AT_ONCE = 4;
/** Claims a round of real play costs at most: its DOM row, its JSON answer, its panel's sighting, its reveal. */
const CLAIMS_PER_ROUND = 4;
/** Bytes of those claims (a real claim is 0.3–0.8 KB). */
const BYTES_PER_ROUND = CLAIMS_PER_ROUND * KIB;
const DAY = 86_400;

/**
 * Rounds and seed pairs: 3 000 new ones at once, a history page of 1 000+ rounds (in the casino's
 * pair-per-round mode, as many pairs) fits with room; then FASTEST_PLAY a second, for ever: a
 * page can add no more rounds in a day, a week or a month than the fastest player could.
 * Claims: 5 000 at once, that history page read from its DOM and its JSON (two claims a round);
 * 50 a second afterwards, far above any game, far below a page forging thousands a second. Bytes: a
 * real claim is 0.3–0.8 KB, so 4 MiB hold that history page; the longest claim the limits allow is
 * ≈ 4 KB, so a page sending only such claims gets ≈ 1 000 through, not 5 000. All tabs together:
 * TABS_AT_ONCE tabs' worth. A day: the claims and bytes of TABS_AT_ONCE tabs at the fastest play
 * around the clock, so no honest pace is ever refused by it, with a day's worth of claims at once.
 */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = {
  tabRounds: { capacity: 3000, refillPerSecond: FASTEST_PLAY },
  tabPairs: { capacity: 3000, refillPerSecond: FASTEST_PLAY },
  allRounds: { capacity: TABS_AT_ONCE * 3000, refillPerSecond: TABS_AT_ONCE * FASTEST_PLAY },
  allPairs: { capacity: TABS_AT_ONCE * 3000, refillPerSecond: TABS_AT_ONCE * FASTEST_PLAY },
  tabClaims: { capacity: 5000, refillPerSecond: 50 },
  tabBytes: { capacity: 4096 * KIB, refillPerSecond: 40 * KIB },
  allClaims: { capacity: 20_000, refillPerSecond: 200 },
  allBytes: { capacity: 16_384 * KIB, refillPerSecond: 160 * KIB },
  dayClaims: { capacity: 200_000, refillPerSecond: TABS_AT_ONCE * FASTEST_PLAY * CLAIMS_PER_ROUND },
  dayBytes: { capacity: 200 * 1024 * KIB, refillPerSecond: TABS_AT_ONCE * FASTEST_PLAY * BYTES_PER_ROUND },
  maxTabs: 200,
};

/** Whether a new claim would add a record: the first claim of a round or seed pair the store does not hold. */
export type NewRecord = 'round' | 'pair' | undefined;

/** The refusal reason of a claim over the budget; the content script keeps it and sends it again later (capture/session/outbox.ts). */
export const RATE_LIMITED = 'rate limited: this tab sent new claims faster than any real game';
/** The same when the tab showed new rounds or seed pairs faster than anyone plays (its claim budget held). */
export const RATE_LIMITED_PACE = 'rate limited: this tab showed new rounds faster than anyone plays';
/** The same when the budget all tabs share ran out while this tab's own still held: the tab did not flood. */
export const RATE_LIMITED_SHARED = 'rate limited: all tabs together sent new claims faster than any real game';

/**
 * Which budget refused a batch: the tab's own claims or bytes, the tab's own new rounds or pairs
 * (`pace`: faster than anyone plays), or one all tabs share (`all`, `day`) while the tab's own held.
 */
export type RefusalCause = 'tab' | 'pace' | 'shared';

/** What is left of a set of budgets at a time; `rounds` and `pairs` for a tab and all tabs (not the day). */
interface Tokens {
  claims: number;
  bytes: number;
  /** Missing from a state kept before these budgets existed: then full. */
  rounds?: number;
  pairs?: number;
  at: number;
}

type Field = 'claims' | 'bytes' | 'rounds' | 'pairs';
type Sizes = Partial<Record<Field, BucketSize>>;

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
  private readonly tabSizes: Sizes;
  private readonly allSizes: Sizes;
  private readonly daySizes: Sizes;

  constructor(
    private readonly options: RateLimitOptions = DEFAULT_RATE_LIMIT,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.tabSizes = { claims: options.tabClaims, bytes: options.tabBytes, rounds: options.tabRounds, pairs: options.tabPairs };
    this.allSizes = { claims: options.allClaims, bytes: options.allBytes, rounds: options.allRounds, pairs: options.allPairs };
    this.daySizes = { claims: options.dayClaims, bytes: options.dayBytes };
    this.all = full(this.allSizes, now());
    this.day = full(this.daySizes, now());
  }

  /**
   * Admits the batch's new claims (given by their sizes in bytes, and by the record each would add:
   * `records`, in the same order) from the start while every budget holds, and its `known` claims
   * about stored rounds unless a budget is in debt; counts what it refuses.
   */
  admit(tab: number, sizes: readonly number[], known = 0, records: readonly NewRecord[] = []): Admission {
    const bucket = this.bucket(tab);
    this.refill(this.all, this.allSizes);
    this.refill(this.day, this.daySizes);
    const budgets = [bucket, this.all, this.day];
    const knownAdmitted = budgets.every((tokens) => tokens.claims >= 0 && tokens.bytes >= 0);
    let admitted = 0;
    // The tab's own budget decides the cause: while it holds, a refusal is the shared budgets'.
    let cause: RefusalCause | undefined = knownAdmitted || known === 0 ? undefined : bucket.claims >= 0 && bucket.bytes >= 0 ? 'shared' : 'tab';
    const fits = (tokens: Tokens, size: number, record: NewRecord) =>
      tokens.claims >= 1 && tokens.bytes >= size && (record === undefined || (tokens[record === 'round' ? 'rounds' : 'pairs'] ?? 1) >= 1);
    for (const [index, size] of sizes.entries()) {
      const record = records[index];
      if (!budgets.every((tokens) => fits(tokens, size, record))) {
        cause = !fits(bucket, size, undefined) ? 'tab' : !fits(bucket, size, record) ? 'pace' : 'shared';
        break;
      }
      for (const tokens of budgets) take(tokens, 1, size, record);
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
    this.add(tab, { claims: -claims, bytes: -bytes });
  }

  /** Gives back the tokens of admitted claims that changed nothing stored (and of the records they did not add). */
  refund(tab: number, claims: number, bytes: number, rounds = 0, pairs = 0): void {
    this.add(tab, { claims, bytes, rounds, pairs });
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
      for (const field of FIELDS) if (mine[field] !== undefined) mine[field] = Math.min(mine[field], kept[field] ?? Infinity);
      mine.at = Math.max(mine.at, kept.at);
    };
    this.refill(this.all, this.allSizes);
    lower(this.all, this.refilled(state.all, this.allSizes));
    this.refill(this.day, this.daySizes);
    lower(this.day, this.refilled(state.day, this.daySizes));
    const tabs = new Map<number, TabBucket>();
    for (const [tab, kept] of state.tabs) tabs.set(tab, { ...kept, ...this.refilled(kept, this.tabSizes) });
    for (const [tab, mine] of this.tabs) {
      const kept = tabs.get(tab);
      tabs.delete(tab);
      if (kept) lower(mine, kept);
      tabs.set(tab, kept ? { ...mine, counted: mine.counted + kept.counted, refused: mine.refused + kept.refused, flagged: mine.flagged || kept.flagged } : mine);
    }
    this.tabs = tabs;
    this.forgetBeyondMax();
  }

  private add(tab: number, amounts: Partial<Record<Field, number>>): void {
    const bucket = this.tabs.get(tab);
    if (!bucket || FIELDS.every((field) => !amounts[field])) return;
    const bounded = (value: number, capacity: number) => Math.max(-capacity, Math.min(capacity, value));
    for (const [tokens, sizes] of [
      [bucket, this.tabSizes],
      [this.all, this.allSizes],
      [this.day, this.daySizes],
    ] as const) {
      for (const field of FIELDS) {
        const size = sizes[field];
        const amount = amounts[field] ?? 0;
        if (size !== undefined && amount !== 0) tokens[field] = bounded((tokens[field] ?? size.capacity) + amount, size.capacity);
      }
    }
  }

  /** The tokens after the time since they were counted; a clock that went backwards refills nothing. */
  private refilled(tokens: Tokens, sizes: Sizes): Tokens {
    const time = this.now();
    const elapsed = Math.max(0, time - tokens.at) / 1000;
    const refilled: Tokens = { claims: 0, bytes: 0, at: Math.max(time, tokens.at) };
    for (const field of FIELDS) {
      const size = sizes[field];
      // A budget the kept state did not have yet (kept before it existed) starts full.
      if (size !== undefined) refilled[field] = Math.min(size.capacity, (tokens[field] ?? size.capacity) + elapsed * size.refillPerSecond);
    }
    return refilled;
  }

  private refill(tokens: Tokens, sizes: Sizes): void {
    Object.assign(tokens, this.refilled(tokens, sizes));
  }

  private bucket(tab: number): TabBucket {
    let bucket = this.tabs.get(tab);
    if (bucket) {
      // Re-inserted so the map's order is least recently used first.
      this.tabs.delete(tab);
      this.refill(bucket, this.tabSizes);
    } else {
      bucket = { ...full(this.tabSizes, this.now()), counted: 0, refused: 0, flagged: false };
    }
    this.tabs.set(tab, bucket);
    this.forgetBeyondMax();
    return bucket;
  }

  private forgetBeyondMax(): void {
    while (this.tabs.size > this.options.maxTabs) this.tabs.delete(this.tabs.keys().next().value!);
  }
}

const FIELDS: readonly Field[] = ['claims', 'bytes', 'rounds', 'pairs'];

function full(sizes: Sizes, at: number): Tokens {
  const tokens: Tokens = { claims: 0, bytes: 0, at };
  for (const field of FIELDS) if (sizes[field] !== undefined) tokens[field] = sizes[field].capacity;
  return tokens;
}

/** Spends one claim of `size` bytes, and the record it adds, from budgets that have them. */
function take(tokens: Tokens, claims: number, size: number, record: NewRecord): void {
  tokens.claims -= claims;
  tokens.bytes -= size;
  const field = record === 'round' ? 'rounds' : record === 'pair' ? 'pairs' : undefined;
  if (field !== undefined && tokens[field] !== undefined) tokens[field] -= 1;
}

/**
 * What record each new claim would add (in the order given): the first claim of a round, or of a
 * seed pair, that is not stored yet. Later claims of the same round or pair in the batch add none.
 */
export function newRecords(claims: readonly CapturedClaim[]): NewRecord[] {
  const seen = new Set<string>();
  return claims.map((claim) => {
    const pair = isCommitmentSighting(claim) || isSeedReveal(claim);
    const key = pair ? `pair\n${commitmentOf(claim) ?? ''}` : `round\n${roundKey(claim)}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    return pair ? 'pair' : 'round';
  });
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
