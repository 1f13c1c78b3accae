// Red team, the round tracker's "bet the page knew before the round" (a rule of 48513dc, since
// removed: a fairness click before the same picks again was passed over; see round-tracker.ts):
// decoy outcomes, by timing and by identity. Kept as a guard that no decoy makes the tracker pass a
// first click over, now that none is ever passed over. A page that learns the player's new picks at
// the first click of the round (a pick tile, a mislabelled control) must not be able to make them
// "known before the round" by showing them afterwards: in a decoy outcome between the fairness click
// and the bet, in the same reading as the true last outcome, under another game's name, or as an old
// outcome re-rendered. (That the page can simply WRITE the old picks in the outcome is
// fairness-picks-lie.test.ts.) Each case: the outcome on the pair shown after the first click is
// credited with that first click (history), not with the later one.
import { describe, expect, it } from 'vitest';
import { roundTracker } from '../../src/capture/session/round-tracker.js';
import type { CapturedClaim } from '../../src/shared/records.js';

const X = ['3', '17', '22'];
const Y = ['5', '9', '40'];
const panel = (commitment: string, nonce: number, at: number): CapturedClaim => ({ source: 'json', game: 'Keno', commitment, clientSeed: 'cs', nonce: String(nonce), observedAt: { commitment: at } });
const outcome = (commitment: string, nonce: number, picks: string[], at: number, game = 'Keno', firstAt = at): CapturedClaim => ({
  source: 'json',
  game,
  commitment,
  clientSeed: 'cs',
  nonce: String(nonce),
  result: ['1'],
  picks,
  observedAt: { result: firstAt },
});

/** Round 1 (C1, picks X, credited 10); `before` readings; fairness click at 100; `between` readings; a click at 200; the outcome on C2 (picks Y) at 300. */
function creditOfRound2(before: (CapturedClaim[] | number)[], between: (CapturedClaim[] | number)[] = []) {
  const tracker = roundTracker();
  let at = 1;
  const play = (steps: (CapturedClaim[] | number)[]) => {
    for (const step of steps) {
      if (typeof step === 'number') tracker.act(step);
      else tracker.read(step, (at = Math.max(at + 1, ...step.map((claim) => Math.max(...Object.values(claim.observedAt))))));
    }
  };
  play([[panel('C1', 1, 2)], 10, [outcome('C1', 1, X, 20), panel('C1', 2, 20)], ...before]);
  tracker.act(100, true);
  play([[panel('C2', 1, 110)], ...between]);
  tracker.act(200);
  return tracker.credited();
}

describe('decoy outcomes with the round\'s picks (Y)', () => {
  it('shown before the round (the page knew Y), the same bet: credited with the fairness click all the same (nothing is passed over)', () => {
    expect(creditOfRound2([[outcome('D', 9, Y, 50)]])).toBe(100);
  });

  it('held: shown after the fairness click and before the bet (learnt at the click): credited with the fairness click', () => {
    expect(creditOfRound2([], [[outcome('D', 9, Y, 150)]])).toBe(100);
  });

  it('held: in the same reading as the true last outcome (X): outcomes of two bets, credited with the fairness click', () => {
    expect(creditOfRound2([[outcome('D', 9, Y, 50), outcome('E', 9, X, 50)]])).toBe(100);
  });

  it('held: under another game\'s name ("Video Keno"): another bet, credited with the fairness click', () => {
    expect(creditOfRound2([[outcome('D', 9, Y, 50, 'Video Keno')]])).toBe(100);
  });

  it('held: an old outcome with Y re-rendered (first seen long before round 1\'s): not shown last, credited with the fairness click', () => {
    expect(creditOfRound2([[outcome('D', 9, Y, 50, 'Keno', 1)]])).toBe(100);
  });

  it('held: a flood of outcomes after round 1\'s, the last reading of them with picks other than Y: credited with the fairness click', () => {
    const flood = Array.from({ length: 40 }, (_, index) => [outcome(`F${index}`, 1, index % 2 ? X : Y, 30 + index)]);
    expect(creditOfRound2([...flood, [outcome('G', 1, X, 80)]])).toBe(100);
  });
});
