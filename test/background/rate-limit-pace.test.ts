// The pace budgets (rate-limit.ts): a tab adds new rounds and seed pairs no faster than the fastest
// play, over any period — a history page at once, then FASTEST_PLAY a second — while an honest
// auto-bet at that pace, in TABS_AT_ONCE tabs, is never refused, not by the day budget either.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClaimRateLimiter, DEFAULT_RATE_LIMIT, FASTEST_PLAY, newRecords, TABS_AT_ONCE, type NewRecord, type RateLimitState } from '../../src/background/rate-limit.js';
import { roundKey } from '../../src/background/round-key.js';
import { BYTES_PER_ROUND, STORE_BYTES, STORE_CAPS } from '../../src/background/store-capacity.js';
import { commitmentSighting, pendingClaim, revealedClaim, vector } from './fixtures.js';

const { floor } = Math;

function limiterAt() {
  const clock = { now: 1_000_000 };
  return { limiter: new ClaimRateLimiter(DEFAULT_RATE_LIMIT, () => clock.now), clock };
}

const ROUNDS = DEFAULT_RATE_LIMIT.tabRounds;

/**
 * One auto-bet round as the router hands it to the limiter in pair-per-round mode (the most records
 * a round makes): the panel's sighting of a new pair, the round's DOM row and its JSON answer (the
 * same round: no second record), each ≈ 500 bytes.
 */
const ROUND_SIZES = [500, 500, 500];
const ROUND_RECORDS: NewRecord[] = ['pair', 'round', undefined];

/** `rounds` rounds of that shape in one batch. */
function batchOf(rounds: number): { sizes: number[]; records: NewRecord[] } {
  const sizes: number[] = [];
  const records: NewRecord[] = [];
  for (let round = 0; round < rounds; round++) {
    sizes.push(...ROUND_SIZES);
    records.push(...ROUND_RECORDS);
  }
  return { sizes, records };
}

describe('the pace budgets', () => {
  it('assume the fastest play is 5 rounds a second a tab (above the demo auto-bet’s 3.3–4.0, which has no animation)', () => {
    expect(FASTEST_PLAY).toBe(5);
    expect(ROUNDS.refillPerSecond).toBe(FASTEST_PLAY);
    expect(DEFAULT_RATE_LIMIT.tabPairs.refillPerSecond).toBe(FASTEST_PLAY);
    expect(DEFAULT_RATE_LIMIT.allRounds.refillPerSecond).toBe(TABS_AT_ONCE * FASTEST_PLAY);
  });

  it(`never refuse ${TABS_AT_ONCE} tabs auto-betting at the fastest pace for a day, a new seed pair every round`, () => {
    const { limiter, clock } = limiterAt();
    // Every 10 s each tab sends its 50 rounds (150 claims): the content script batches what it read.
    const batch = batchOf(10 * FASTEST_PLAY);
    let refused = 0;
    let batches = 0;
    for (let tick = 0; tick < 86_400 / 10; tick++) {
      clock.now += 10_000;
      for (let tab = 0; tab < TABS_AT_ONCE; tab++) {
        const admission = limiter.admit(tab, batch.sizes, 0, batch.records);
        refused += batch.sizes.length - admission.admitted;
        batches++;
      }
    }
    expect(batches).toBe(TABS_AT_ONCE * 8640);
    expect(refused).toBe(0);
  });

  it('refuse a tab adding new rounds just faster than anyone plays, as pace, and admit at most a history page plus the pace over every period', () => {
    const { limiter, clock } = limiterAt();
    // One new round a claim, 6 a second (20 % above the fastest play) for a day, sent every second.
    const perSecond = FASTEST_PLAY + 1;
    const admittedBySecond: number[] = [];
    const causes = new Set<string | undefined>();
    for (let second = 0; second < 86_400; second++) {
      const admission = limiter.admit(1, Array(perSecond).fill(400), 0, Array(perSecond).fill('round'));
      admittedBySecond.push(admission.admitted);
      if (admission.admitted < perSecond) causes.add(admission.cause);
      clock.now += 1000;
    }
    expect(causes).toEqual(new Set(['pace']));
    const prefix = [0];
    for (const admitted of admittedBySecond) prefix.push(prefix.at(-1)! + admitted);
    // Every window of a minute, an hour, six hours and the whole day, at every second it can start.
    let windows = 0;
    let worst = -Infinity;
    for (const length of [60, 3600, 6 * 3600, 86_400]) {
      for (let start = 0; start + length <= 86_400; start += 1) {
        const admitted = prefix[start + length]! - prefix[start]!;
        worst = Math.max(worst, admitted - (ROUNDS.capacity + length * ROUNDS.refillPerSecond));
        windows++;
      }
    }
    expect(windows).toBe(86_341 + 82_801 + 64_801 + 1);
    expect(worst).toBeLessThanOrEqual(0);
    // The flood got through its head start and the pace, no more: a sixth of what it sent was refused.
    expect(prefix.at(-1)).toBe(ROUNDS.capacity + 86_399 * FASTEST_PLAY);
  });

  it('hold over any period whatever the pacing: bursts, pauses and trickles (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ gapMs: fc.integer({ min: 0, max: 7_200_000 }), rounds: fc.integer({ min: 0, max: 3000 }) }), { minLength: 1, maxLength: 40 }), (steps) => {
        const { limiter, clock } = limiterAt();
        const start = clock.now;
        const events: { at: number; admitted: number }[] = [];
        for (const { gapMs, rounds } of steps) {
          clock.now += gapMs;
          const admission = limiter.admit(1, Array(rounds).fill(300), 0, Array(rounds).fill('round'));
          events.push({ at: clock.now - start, admitted: admission.admitted });
        }
        // Every window from one batch to a later one (both included).
        for (let first = 0; first < events.length; first++) {
          let admitted = 0;
          for (let last = first; last < events.length; last++) {
            admitted += events[last]!.admitted;
            const seconds = (events[last]!.at - events[first]!.at) / 1000;
            if (admitted > ROUNDS.capacity + seconds * ROUNDS.refillPerSecond + 1e-6) return false;
          }
        }
        return true;
      }),
      { numRuns: 200 },
    );
    expect(ROUNDS.capacity).toBe(3000);
  });

  it('count the tab’s own pace apart from claims that add nothing: a re-read history and second claims of a round are free of it', () => {
    const { limiter } = limiterAt();
    // A history page's worth of new rounds at once, then only claims that add no record.
    const page = ROUNDS.capacity;
    expect(limiter.admit(1, Array(page).fill(300), 0, Array(page).fill('round')).admitted).toBe(page);
    expect(limiter.admit(1, [300], 0, ['round'])).toMatchObject({ admitted: 0, cause: 'pace' });
    expect(limiter.admit(1, Array(100).fill(300), 0, Array(100).fill(undefined)).admitted).toBe(100);
    // New seed pairs have their own budget: the tab has not added any yet.
    expect(limiter.admit(1, [300], 0, ['pair']).admitted).toBe(1);
  });

  it('all tabs together: more tabs at the fastest pace than a player runs are refused as shared', () => {
    const { limiter, clock } = limiterAt();
    const tabs = 2 * TABS_AT_ONCE;
    // An hour, every tab at the fastest pace: the tabs' own budgets hold, the shared one runs out.
    const causes = new Set<string | undefined>();
    let admitted = 0;
    for (let second = 0; second < 3600; second++) {
      clock.now += 1000;
      for (let tab = 0; tab < tabs; tab++) {
        const admission = limiter.admit(tab, Array(FASTEST_PLAY).fill(300), 0, Array(FASTEST_PLAY).fill('round'));
        admitted += admission.admitted;
        if (admission.admitted < FASTEST_PLAY) causes.add(admission.cause);
      }
    }
    expect(causes).toEqual(new Set(['shared']));
    expect(admitted).toBeLessThanOrEqual(DEFAULT_RATE_LIMIT.allRounds.capacity + 3600 * DEFAULT_RATE_LIMIT.allRounds.refillPerSecond);
  });

  it('gives back the records of claims the store did not take (a failed write)', () => {
    const { limiter } = limiterAt();
    limiter.admit(1, Array(ROUNDS.capacity).fill(300), 0, Array(ROUNDS.capacity).fill('round'));
    limiter.refund(1, 10, 3000, 10, 0);
    expect(limiter.admit(1, Array(20).fill(300), 0, Array(20).fill('round')).admitted).toBe(10);
  });

  it('start full from a state kept before they existed (no rounds or pairs in it), and keep what was spent after', () => {
    const { limiter, clock } = limiterAt();
    const old = { claims: 10, bytes: 5000, at: clock.now };
    const kept = { all: old, day: old, tabs: [[1, { ...old, counted: 0, refused: 0, flagged: false }]] } as RateLimitState;
    limiter.restore(kept);
    // Ten claims left of the tab's claims; its rounds budget full.
    expect(limiter.admit(1, Array(20).fill(300), 0, Array(20).fill('round')).admitted).toBe(10);
    const state = limiter.snapshot();
    expect(state.tabs[0]![1].rounds).toBe(ROUNDS.capacity - 10);
    const restarted = new ClaimRateLimiter(DEFAULT_RATE_LIMIT, () => clock.now);
    restarted.restore(state);
    expect(floor(restarted.snapshot().tabs[0]![1].rounds!)).toBe(ROUNDS.capacity - 10);
  });
});

describe('newRecords', () => {
  it('names the first claim of each round and seed pair; later claims of the same add none', () => {
    const round = vector(0);
    const other = vector(1);
    const sighting = commitmentSighting(round, 1);
    const claims = [sighting, pendingClaim(round, 'Keno'), revealedClaim(round, 'Keno'), commitmentSighting(round, 2), pendingClaim(other, 'Keno')];
    expect(roundKey(claims[1]!)).toBe(roundKey(claims[2]!));
    expect(newRecords(claims)).toEqual(['pair', 'round', undefined, undefined, 'round']);
  });
});

describe('the store’s cap and the pace', () => {
  it('holds a month of the fastest auto-bet, rounds and (one per round) seed pairs, set from measured bytes', () => {
    const month = FASTEST_PLAY * 86_400 * 30;
    expect(STORE_CAPS.rounds).toBe(Math.floor(STORE_BYTES / BYTES_PER_ROUND));
    expect(STORE_CAPS.rounds).toBeGreaterThan(month);
    expect(STORE_CAPS.pairs).toBeGreaterThan(month);
    // One tab at the pace fills it in no less than a month: the first 3 000, then FASTEST_PLAY a second.
    expect((STORE_CAPS.rounds - ROUNDS.capacity) / FASTEST_PLAY / 86_400).toBeGreaterThan(30);
  });
});
