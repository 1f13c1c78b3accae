// @vitest-environment jsdom
// Red team, the retirement of live panel states by a checked reveal (round-tracker.ts): "the old
// pair is retired by its reveal, once the worker has checked that the seed hashes to it (a made-up
// reveal retires nothing), and only by a reveal read before the round's first action that is not on
// a fairness control, so that revealing a decoy's pair after the bet cannot leave a decoy alone".
// The tracker remembers WHEN a server seed was first read for a commitment (any seed), and the
// worker's answer names only the commitment whose seed (in that batch) hashes. A page that shows a
// made-up seed for C before the bet and C's true seed after it: the worker's answer to the second
// batch is taken for the first reading, so C is retired "as of before the bet". With two pairs live
// at the bet (C and D), the page keeps both open, learns the bet, then reveals C for real: D is now
// "alone at the bet", D's outcome ends the round, and the pair the page shows next (chosen after the
// bet) is witnessed at the player's next click. Without the planted reveal the round never ends
// (control below). What the page leaves behind: a seed-conflict finding on C (two seeds for it).
// Closed: the tracker keeps, per commitment, the seed read last and when it was first read, so a
// checked reveal counts from the first reading of the seed the page showed last (the true one).
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { roundTracker } from '../../src/capture/session/round-tracker.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { findings } from '../../src/background/findings.js';
import { draw, kenoPanel, later, pair, revealOf, revealToWorker, tabPage, verdictOf, CS } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

describe('the round tracker alone', () => {
  const state = (commitment: string, clientSeed: string, at: number): CapturedClaim => ({ source: 'json', commitment, clientSeed, nonce: '1', observedAt: { commitment: at } });
  const seed = (commitment: string, serverSeed: string, at: number): CapturedClaim => ({ source: 'json', commitment, serverSeed, observedAt: { commitment: at, serverSeed: at } });
  const result = (commitment: string, clientSeed: string, at: number): CapturedClaim => ({ ...state(commitment, clientSeed, at), result: '7', observedAt: { result: at } });

  /** C and D live at the bet (10); C's seed shown at 5 (`early`: made-up) and for real at 20; D's outcome at 30; S at 40; a click at 50. */
  function run(early: boolean) {
    const tracker = roundTracker();
    tracker.read([state('C', 'cs', 1), state('D', 'cs', 1)], 1);
    if (early) tracker.read([seed('C', 'made-up', 5)], 5); // the worker's answer: nothing hashes
    const atBet = tracker.act(10);
    tracker.read([seed('C', 'the-true-seed', 20)], 20);
    const report = tracker.verified('C'); // the worker's answer to the batch of reading 20
    tracker.read([result('D', 'cs', 30)], 30);
    tracker.read([state('S', 'cs', 40)], 40);
    const next = tracker.act(50);
    return { atBet, report, next, credited: tracker.credited() };
  }

  it('closed: a made-up seed for C read before the bet, C\'s true seed after it: C is not retired as of the bet (the time is the true seed\'s), the round does not end, S credited with the bet', () => {
    const { atBet, report, credited } = run(true);
    expect(atBet).toEqual([10, []]); // two live at the bet: nothing ends the round
    expect(report).toBeUndefined(); // a reveal read after the bet must not leave D alone at it
    expect(credited).toBe(10);
  });

  it('held (control): C\'s true seed only after the bet: nothing retired, the round never ends, S\'s outcome credited with the bet', () => {
    const { report, credited } = run(false);
    expect(report).toBeUndefined();
    expect(credited).toBe(10);
  });
});

describe('the same through the capture session, the router and the store', () => {
  async function flow(plant: boolean) {
    const [c, d, s] = [pair(`plant-c-${plant}`), pair(`plant-d-${plant}`), pair(`plant-s-${plant}`)];
    const page = tabPage();
    page.tap([kenoPanel(c, 1), kenoPanel(d, 1)]); // two pairs for the player's client seed at once (one message)
    if (plant) page.tap([revealOf(c, 'made-up-seed')]); // a "reveal" of C that does not hash
    await page.settled();
    later(1000);
    page.press('Place bet'); // THE BET (an honest label)
    await page.settled();
    later();
    page.tap([revealOf(c)]); // knowing the bet: C's true seed
    await page.settled(); // the worker's answer: C checked
    later();
    page.tap([{ ...kenoPanel(d, 1), result: draw(d, 1), picks: ['1', '2'] }]); // D's outcome ends the round (if D was alone)
    later();
    page.tap([kenoPanel(s, 1)]); // a pair chosen after the bet
    await page.settled();
    later(1000);
    page.click(); // any click
    later();
    page.tap([{ ...kenoPanel(s, 1), result: draw(s, 1), picks: ['1', '2'] }]);
    await page.settled();
    page.unload();
    await revealToWorker(s);
    return verdictOf(s, 1, CS);
  }

  it('closed: the planted made-up reveal, C\'s true seed after the bet: the pair shown after the bet is not witnessed', async () => {
    const verdict = await flow(true);
    expect(verdict?.status).toBe('verified');
    // The trace it leaves: a finding on C (a made-up seed and the true one)…
    expect((await findings()).some((finding) => finding.commitment === pair('plant-c-true').commitment)).toBe(true);
    // …but the round on S, chosen after the bet, is witnessed.
    expect(verdict?.level).not.toBe('witnessed');
  });

  it('held (control): no planted reveal, C\'s true seed after the bet: the round never ended, S is history', async () => {
    const verdict = await flow(false);
    expect(verdict).toMatchObject({ status: 'verified', level: 'history', levelReason: 'commitment-after-action' });
  });
});
