import { describe, expect, it } from 'vitest';
import { claimBytes, ClaimRateLimiter, DEFAULT_RATE_LIMIT, unchangedClaims, type RateLimitOptions } from '../../src/background/rate-limit.js';
import { roundKey } from '../../src/background/round-key.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { commitmentSighting, pendingClaim, revealedClaim, vector } from './fixtures.js';

const PLENTY = { capacity: 1e12, refillPerSecond: 1e12 };
/** 100 claims a tab at once, 10 a second; bytes and all tabs together unbounded unless a test says. */
const SMALL: RateLimitOptions = {
  tabRounds: PLENTY,
  tabPairs: PLENTY,
  allRounds: PLENTY,
  allPairs: PLENTY,
  tabClaims: { capacity: 100, refillPerSecond: 10 },
  tabBytes: PLENTY,
  allClaims: PLENTY,
  allBytes: PLENTY,
  dayClaims: PLENTY,
  dayBytes: PLENTY,
  maxTabs: 3,
};

/** A limiter on a clock the test moves by hand. */
function limiterAt(options: RateLimitOptions = SMALL) {
  const clock = { now: 1_000_000 };
  return { limiter: new ClaimRateLimiter(options, () => clock.now), clock };
}

/** The sizes of `count` claims of `bytes` each (a real claim is about 500). */
const claims = (count: number, bytes = 500): number[] => Array.from({ length: count }, () => bytes);

/** Sends `total` claims in batches of 200 (the message limit) and adds up what was admitted. */
function send(limiter: ClaimRateLimiter, tab: number, total: number, bytes = 500): { admitted: number; refused: number } {
  let admitted = 0;
  for (let left = total; left > 0; left -= 200) admitted += limiter.admit(tab, claims(Math.min(200, left), bytes)).admitted;
  return { admitted, refused: total - admitted };
}

describe('ClaimRateLimiter', () => {
  it('admits a burst up to its capacity, then refuses the rest of the batch', () => {
    const { limiter } = limiterAt();
    expect(limiter.admit(1, claims(60))).toEqual({ admitted: 60, knownAdmitted: true });
    // 40 tokens left: the first 40 claims of the next batch fit, the last 20 do not.
    expect(limiter.admit(1, claims(60))).toEqual({ admitted: 40, knownAdmitted: true, report: { claims: 120, refused: 20 }, cause: 'tab' });
    expect(limiter.admit(1, claims(5))).toEqual({ admitted: 0, knownAdmitted: true, report: { claims: 5, refused: 5 }, cause: 'tab' });
  });

  it('refills with time at its rate, never above capacity, and not when the clock goes back', () => {
    const { limiter, clock } = limiterAt();
    send(limiter, 1, 100);
    clock.now += 2_500; // 25 tokens
    expect(limiter.admit(1, claims(30)).admitted).toBe(25);
    clock.now -= 60_000;
    expect(limiter.admit(1, claims(1)).admitted).toBe(0);
    clock.now += 3_600_000;
    expect(limiter.admit(1, claims(500)).admitted).toBe(100);
  });

  it('says which budget refused: the tab’s own, or the one all tabs share while the tab’s own held', () => {
    const { limiter } = limiterAt({ ...SMALL, allClaims: { capacity: 150, refillPerSecond: 0 } });
    expect(limiter.admit(1, claims(101))).toMatchObject({ admitted: 100, cause: 'tab' });
    // Tab 2 has 100 of its own, but only 50 are left of the 150 all tabs share.
    expect(limiter.admit(2, claims(51))).toMatchObject({ admitted: 50, cause: 'shared' });
    expect(limiter.admit(2, claims(1))).toMatchObject({ admitted: 0, cause: 'shared' });
    expect(limiter.admit(1, claims(1))).toMatchObject({ admitted: 0, cause: 'tab' });
    // Bytes count too: a claim larger than the tab's own byte budget is the tab's, whatever is shared.
    const bytes = limiterAt({ ...SMALL, tabBytes: { capacity: 1000, refillPerSecond: 0 }, allBytes: { capacity: 1500, refillPerSecond: 0 } }).limiter;
    expect(bytes.admit(1, claims(3, 400))).toMatchObject({ admitted: 2, cause: 'tab' });
    expect(bytes.admit(2, claims(2, 400))).toMatchObject({ admitted: 1, cause: 'shared' });
    expect(limiter.admit(3, claims(0)).cause).toBeUndefined();
  });

  it('keeps each tab apart: a flooding tab does not spend another tab’s budget', () => {
    const { limiter } = limiterAt();
    expect(send(limiter, 1, 1000).refused).toBe(900);
    expect(limiter.admit(2, claims(100))).toEqual({ admitted: 100, knownAdmitted: true });
  });

  it('gives back refunded tokens (claims that changed nothing), up to capacity', () => {
    const { limiter } = limiterAt();
    limiter.admit(1, claims(100));
    limiter.refund(1, 70, 70 * 500);
    expect(limiter.admit(1, claims(100)).admitted).toBe(70);
    limiter.refund(1, 10_000, 10_000 * 500);
    expect(limiter.admit(1, claims(1000)).admitted).toBe(100);
    // A tab it never heard from gets nothing (and is not created).
    limiter.refund(9, 5, 5 * 500);
    expect(limiter.admit(9, claims(1000)).admitted).toBe(100);
  });

  it('admits claims about stored rounds for free, but none of them while a budget is in debt; those count as refused', () => {
    const { limiter, clock } = limiterAt();
    expect(limiter.admit(1, claims(100), 500)).toEqual({ admitted: 100, knownAdmitted: true });
    // At zero, known claims still pass (they are not new), new ones do not.
    expect(limiter.admit(1, claims(5), 10)).toEqual({ admitted: 0, knownAdmitted: true, report: { claims: 615, refused: 5 }, cause: 'tab' });
    limiter.charge(1, 30, 30 * 500);
    expect(limiter.admit(1, [], 10)).toEqual({ admitted: 0, knownAdmitted: false, report: { claims: 10, refused: 10 }, cause: 'tab' });
    clock.now += 3_000; // back to zero
    expect(limiter.admit(1, [], 10).knownAdmitted).toBe(true);
  });

  it('a day budget for all tabs: tabs sending just below their own rates for hours are stopped at it', () => {
    const day = { capacity: 20_000, refillPerSecond: 20_000 / 86_400 };
    const { limiter, clock } = limiterAt({ ...SMALL, maxTabs: 10, tabClaims: { capacity: 100, refillPerSecond: 50 }, dayClaims: day, dayBytes: PLENTY });
    let admitted = 0;
    // Four tabs, 50 claims a second each (their refill rate: never refused by their own budget), for two hours.
    for (let second = 0; second < 7200; second++) {
      for (let tab = 0; tab < 4; tab++) admitted += limiter.admit(tab, claims(50)).admitted;
      clock.now += 1000;
    }
    expect(admitted).toBeLessThanOrEqual(day.capacity + 7200 * day.refillPerSecond + 1);
    expect(admitted).toBeGreaterThan(day.capacity);
    // Without it, the same tabs would have had 1 440 000.
    expect(4 * 50 * 7200).toBe(1_440_000);
  });

  it('charges claims admitted for free that changed the store, down to minus its capacity: new claims wait until it refills', () => {
    const { limiter, clock } = limiterAt();
    limiter.admit(1, claims(100));
    limiter.charge(1, 50, 50 * 500);
    expect(limiter.admit(1, claims(10)).admitted).toBe(0);
    limiter.charge(1, 1000, 1000 * 500);
    // At 10 a second, back from −100 to 5 tokens takes 10.5 s.
    clock.now += 10_000;
    expect(limiter.admit(1, claims(10)).admitted).toBe(0);
    clock.now += 1_000;
    expect(limiter.admit(1, claims(10)).admitted).toBe(10);
  });

  it('reports a refused tab’s counts with every later batch, each claim once', () => {
    const { limiter } = limiterAt();
    expect(limiter.admit(1, claims(80)).report).toBeUndefined();
    const reports = [limiter.admit(1, claims(50)).report, limiter.admit(1, claims(10)).report, limiter.admit(1, claims(0)).report];
    expect(reports).toEqual([
      { claims: 130, refused: 30 },
      { claims: 10, refused: 10 },
      { claims: 0, refused: 0 },
    ]);
  });

  it('forgets the least recently heard-from tab beyond maxTabs (it starts full again)', () => {
    const { limiter } = limiterAt();
    send(limiter, 1, 100);
    send(limiter, 2, 100);
    limiter.admit(1, claims(0)); // heard from again: now more recent than tab 2
    send(limiter, 3, 100);
    send(limiter, 4, 100); // tab 2 is the oldest now and goes
    expect(limiter.admit(2, claims(100)).admitted).toBe(100);
    // Tabs still remembered keep their empty buckets.
    expect(limiter.admit(4, claims(1)).admitted).toBe(0);
    expect(limiter.admit(3, claims(1)).admitted).toBe(0);
  });

  it('counts bytes too: long claims run out of the byte budget long before the claim budget', () => {
    const { limiter, clock } = limiterAt({ ...SMALL, tabBytes: { capacity: 10_000, refillPerSecond: 1_000 } });
    expect(limiter.admit(1, claims(50, 400)).admitted).toBe(25);
    clock.now += 2_000; // 2 000 bytes back
    expect(limiter.admit(1, claims(10, 900)).admitted).toBe(2);
    // A claim is admitted whole or not at all: the 200 bytes left do not take a 900-byte claim.
    expect(limiter.admit(1, claims(1, 900)).admitted).toBe(0);
    expect(limiter.admit(1, claims(1, 200)).admitted).toBe(1);
  });

  it('shares a budget among all tabs: a page that opens more tabs gets no more', () => {
    const { limiter } = limiterAt({ ...SMALL, maxTabs: 50, allClaims: { capacity: 250, refillPerSecond: 1 }, allBytes: { capacity: 1e6, refillPerSecond: 1 } });
    const admitted = Array.from({ length: 10 }, (_, tab) => send(limiter, tab, 100).admitted);
    expect(admitted.slice(0, 2)).toEqual([100, 100]);
    expect(admitted.reduce((sum, n) => sum + n, 0)).toBe(250);
    expect(admitted.slice(3)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('goes on from a kept state after a restart: a flooded tab and the shared budget stay spent, refilled only by the time gone by', () => {
    const options: RateLimitOptions = { ...SMALL, allClaims: { capacity: 150, refillPerSecond: 5 }, dayClaims: { capacity: 1000, refillPerSecond: 0.01 } };
    const { limiter, clock } = limiterAt(options);
    send(limiter, 1, 500);
    send(limiter, 2, 40);
    const kept = JSON.parse(JSON.stringify(limiter.snapshot()));
    clock.now += 4_000; // a worker stops after 30 s of silence; any pause will do
    const restarted = new ClaimRateLimiter(options, () => clock.now);
    restarted.restore(kept);
    // Tab 1: 4 s at 10 a second. All tabs: 10 left + 4 s at 5 a second.
    expect(restarted.admit(1, claims(100)).admitted).toBe(30);
    expect(restarted.admit(3, claims(100)).admitted).toBe(0);
    // The day budget went on too: 1 000 − the 140 admitted before − 30 now (its refill in 4 s is 0.04).
    expect(restarted.snapshot().day.claims).toBeCloseTo(1000 - 140 - 30, 0);
    // Without the kept state, the same restart would have started everything full.
    const forgetful = new ClaimRateLimiter(options, () => clock.now);
    expect(forgetful.admit(1, claims(100)).admitted).toBe(100);
  });

  it('restoring late gives nothing back: what this worker spent since it started stays spent', () => {
    const { limiter } = limiterAt();
    const fullState = limiter.snapshot();
    send(limiter, 1, 80);
    limiter.restore(fullState);
    expect(limiter.admit(1, claims(100)).admitted).toBe(20);
  });

  it('measures a claim by its JSON text', () => {
    const claim: CapturedClaim = pendingClaim(round0(), 'Keno');
    expect(claimBytes(claim)).toBe(JSON.stringify(claim).length);
    // UTF-8: a client seed of 100 "ü" weighs 200 bytes.
    expect(claimBytes({ ...claim, clientSeed: 'ü'.repeat(100) }) - claimBytes({ ...claim, clientSeed: 'u'.repeat(100) })).toBe(100);
    expect(claimBytes({ ...claim, clientSeed: 'x'.repeat(256) })).toBeGreaterThan(claimBytes(claim) + 200);
  });

  describe('with the default budget', () => {
    it('never refuses an honest history page: 1 200 rounds from DOM and JSON, then re-read twenty times', () => {
      const { limiter } = limiterAt(DEFAULT_RATE_LIMIT);
      // First read: two claims a round (DOM and JSON), none known yet; JSON repeats the DOM's round.
      expect(send(limiter, 1, 2400).refused).toBe(0);
      // The JSON claims of a round the DOM claim already stored changed nothing.
      limiter.refund(1, 1200, 1200 * 500);
      for (let reload = 0; reload < 20; reload++) {
        const batch = limiter.admit(1, claims(200));
        expect(batch.admitted).toBe(200);
        limiter.refund(1, 200, 200 * 500); // re-sent sightings, all unchanged
      }
    });

    it('never refuses a game played as fast as any autobet: 5 rounds a second (two claims each) for an hour', () => {
      const { limiter, clock } = limiterAt(DEFAULT_RATE_LIMIT);
      let refused = 0;
      for (let round = 0; round < 5 * 3600; round++) {
        refused += 2 - limiter.admit(1, claims(2)).admitted;
        clock.now += 200;
      }
      expect(refused).toBe(0);
    });

    it('refuses most of a flood of thousands of new claims a second', () => {
      const { limiter, clock } = limiterAt(DEFAULT_RATE_LIMIT);
      let admitted = 0;
      let sent = 0;
      // 5 000 new claims a second for 6 seconds, in batches of 200 every 40 ms.
      for (let tick = 0; tick < 150; tick++) {
        admitted += limiter.admit(1, claims(200)).admitted;
        sent += 200;
        clock.now += 40;
      }
      expect(sent).toBe(30_000);
      // The burst allowance plus 50 a second: at most 5 000 + 300.
      expect(admitted).toBeLessThanOrEqual(DEFAULT_RATE_LIMIT.tabClaims.capacity + 6 * DEFAULT_RATE_LIMIT.tabClaims.refillPerSecond);
      expect(sent - admitted).toBeGreaterThan(24_000);
    });
  });
});

function round0() {
  return vector(0);
}

describe('unchangedClaims', () => {
  const round = vector(0);
  const other = vector(1);

  const items = (list: CapturedClaim[]) => list.map((claim) => ({ claim }));

  it('lists round claims whose round did not change', () => {
    const sent = items([revealedClaim(round, 'Keno'), pendingClaim(other, 'Keno')]);
    expect(unchangedClaims(sent, [])).toEqual(sent);
    expect(unchangedClaims(sent, [roundKey(sent[0]!.claim)])).toEqual([sent[1]]);
    expect(unchangedClaims(sent, sent.map(({ claim }) => roundKey(claim)))).toEqual([]);
  });

  it('never lists seed-pair claims (commitment sightings, reveals): made-up pairs fill the store too', () => {
    const reveal: CapturedClaim = { source: 'dom', serverSeed: round.serverSeed, observedAt: {} };
    expect(unchangedClaims(items([commitmentSighting(round, 1), reveal]), [])).toEqual([]);
  });
});
