// The round tracker on hand-made readings: which trusted action each outcome is credited with as its
// bet. Each way a page can end the round between the bet and a pair it chose after it (a decoy
// panel, in the same reading or one of its own; an outcome of another nonce) leaves the outcome
// credited with the bet; each honest flow starts a round at each bet.
import { describe, expect, it } from 'vitest';
import { roundTracker } from '../../../src/capture/session/round-tracker.js';
import type { CapturedClaim } from '../../../src/shared/records.js';

const S = 'player-seed';
const panel = (commitment: string, nonce: number, clientSeed = S): CapturedClaim => ({ source: 'dom', game: 'Keno', commitment, clientSeed, nonce: String(nonce), observedAt: {} });
const outcome = (commitment: string, nonce: number, clientSeed = S): CapturedClaim => ({ source: 'dom', game: 'Keno', commitment, clientSeed, nonce: String(nonce), result: '7', observedAt: {} });

/** The same claims with no game named. */
const unnamed =
  (make: (commitment: string, nonce: number) => CapturedClaim) =>
  (commitment: string, nonce: number): CapturedClaim => {
    const { game: _game, ...claim } = make(commitment, nonce);
    return claim;
  };

const kenoOutcome = (commitment: string, nonce: number, picks: string[]): CapturedClaim => ({ ...outcome(commitment, nonce), game: 'Keno', picks });

/** A trusted action on a control the page labels as a fairness control (rotate, show the seed pair, the client seed field). */
interface FairnessAction {
  fairness: number;
}
/** The worker's answer that the seed read for `verified` hashes to it (it arrives after the reading). */
interface Checked {
  verified: string;
}
type Step = number | FairnessAction | Checked | CapturedClaim[];
const revealOf = (commitment: string): CapturedClaim => ({ source: 'dom', commitment, serverSeed: `seed-of-${commitment}`, observedAt: {} });

/**
 * Plays `steps` in order, one time unit apart: a number is a trusted action (its value a label), a
 * list one reading. Returns, per outcome first seen, `commitment@nonce` → the label of the action it
 * was credited with (as the capture session asks: before the reading is read).
 */
function play(steps: Step[], reports: unknown[] = [], playerSet?: (clientSeed: string) => boolean): Record<string, number | undefined> {
  const tracker = roundTracker(playerSet);
  const labels = new Map<number, number>();
  const credited: Record<string, number | undefined> = {};
  steps.forEach((step, at) => {
    if (typeof step === 'number') {
      labels.set(at, step);
      return tracker.act(at);
    }
    if ('verified' in step) {
      reports.push(tracker.verified(step.verified));
      return;
    }
    if (!Array.isArray(step)) {
      labels.set(at, step.fairness);
      return tracker.act(at, true);
    }
    const claims = step.map((claim) => ({ ...claim, observedAt: claim.result === undefined ? { commitment: at, ...(claim.serverSeed ? { serverSeed: at } : {}) } : { result: at } }));
    for (const claim of claims) {
      const action = tracker.credited();
      if (claim.result !== undefined) credited[`${claim.commitment}@${claim.nonce}`] = action === undefined ? undefined : labels.get(action);
    }
    tracker.read(claims, at);
  });
  return credited;
}

describe('roundTracker: honest flows start a round at each bet', () => {
  it('one panel, bets by hand: each outcome is credited with its own bet', () => {
    expect(play([[panel('C', 1)], 1, [outcome('C', 1), panel('C', 2)], 2, [outcome('C', 2), panel('C', 3)], 3, [outcome('C', 3)]])).toEqual({ 'C@1': 1, 'C@2': 2, 'C@3': 3 });
  });

  it('a click before the panel shows (opening it) starts the round: the bet after it is credited with that click', () => {
    expect(play([1, [panel('C', 1)], 2, [outcome('C', 1)], [panel('C', 2)], 3, [outcome('C', 2)]])).toEqual({ 'C@1': 1, 'C@2': 3 });
  });

  it('an auto-bet: one click, five outcomes on one pair, the later ones credited with the latest click before them', () => {
    const outcomes = [1, 2, 3, 4, 5].flatMap((nonce) => [[outcome('C', nonce), panel('C', nonce + 1)]]);
    expect(play([[panel('C', 1)], 1, ...outcomes])).toEqual({ 'C@1': 1, 'C@2': 1, 'C@3': 1, 'C@4': 1, 'C@5': 1 });
  });

  it('a new pair every round, the client seed kept (nonce one or counting on): the new pair replaces the old', () => {
    expect(play([[panel('C1', 1)], 1, [outcome('C1', 1), panel('C2', 1)], 2, [outcome('C2', 1), panel('C3', 1)], 3, [outcome('C3', 1)]])).toEqual({ 'C1@1': 1, 'C2@1': 2, 'C3@1': 3 });
    expect(play([[panel('C1', 1)], 1, [outcome('C1', 1)], [panel('C2', 2)], 2, [outcome('C2', 2)], [panel('C3', 3)], 3, [outcome('C3', 3)]])).toEqual({ 'C1@1': 1, 'C2@2': 2, 'C3@3': 3 });
  });

  it('a rotation by the page\'s button: the outcome after it is credited with the rotate click, the next bet starts its own round', () => {
    expect(play([[panel('C1', 1)], 1, [outcome('C1', 1), panel('C1', 2)], 2, [panel('C2', 1)], 3, [outcome('C2', 1)], 4, [outcome('C2', 2)]])).toEqual({ 'C1@1': 1, 'C2@1': 2, 'C2@2': 4 });
  });

  it('a client seed typed into the panel (each key press reads the field so far) and saved, on the same commitment: the pair now has that client seed', () => {
    const typed = ['m', 'my', 'my-seed'].flatMap((seed, key) => [key + 1, [panel('C', 1, seed)]]);
    const steps: Step[] = [[panel('C', 1, 'casino-seed')], ...typed, 4, [panel('C', 1, 'my-seed')], 5, [outcome('C', 1, 'my-seed')], 6, [outcome('C', 2, 'my-seed')]];
    expect(play(steps, [], (seed) => seed === 'my-seed')).toEqual({ 'C@1': 1, 'C@2': 6 });
    // A client seed the page put there itself replaces nothing: both stay live, no round ends (history, never forged).
    expect(play(steps)).toEqual({ 'C@1': 1, 'C@2': 1 });
  });

  it('the panel closed: the page\'s data messages (no game named) carry the pair on while the markup\'s last state stays behind', () => {
    const markup = (commitment: string, nonce: number): CapturedClaim => ({ ...panel(commitment, nonce), game: 'Roulette' });
    const data = unnamed(panel);
    expect(play([[markup('C1', 1)], [data('C1', 1)], 1, [outcome('C1', 1), data('C2', 2)], 2, [outcome('C2', 2), data('C3', 3)], 3, [outcome('C3', 3)]])).toEqual({
      'C1@1': 1,
      'C2@2': 2,
      'C3@3': 3,
    });
  });

  it('an outcome first read with no game named, then with it before the next click, ends the round; not one first read before a click of the round', () => {
    const unnamedOutcome = { ...unnamed(outcome)('C', 1), observedAt: { result: 2 } };
    const tracker = roundTracker();
    tracker.read([panel('C', 1)], 0);
    tracker.act(1);
    tracker.read([unnamedOutcome], 2);
    tracker.read([{ ...outcome('C', 1), observedAt: { result: 2 } }], 3);
    tracker.act(4);
    expect(tracker.credited()).toBe(4);
    // The same, a click between the two readings: the round goes on (the slot may have joined at that click).
    const clicked = roundTracker();
    clicked.read([panel('C', 1)], 0);
    clicked.act(1);
    clicked.read([unnamedOutcome], 2);
    clicked.act(3);
    clicked.read([{ ...outcome('C', 1), observedAt: { result: 2 } }], 4);
    clicked.act(5);
    expect(clicked.credited()).toBe(1);
  });

  it('an outcome read again later (the history re-rendered) ends nothing: only its first sighting does', () => {
    const seenAgain = { ...outcome('C', 1), observedAt: { result: 0 } };
    const tracker = roundTracker();
    tracker.read([panel('C', 1)], 0);
    tracker.act(1);
    tracker.read([seenAgain], 2);
    expect(tracker.credited()).toBe(1);
    tracker.act(3);
    expect(tracker.credited()).toBe(1);
  });
});

describe('roundTracker: a page cannot end the round before showing a pair chosen after the bet', () => {
  // After the bet (action 1) the page ends the round if it can, shows a pair CHOSEN knowing the bet,
  // waits for any click (2) and shows the outcome: it must stay credited with the bet.
  const chosenAfter = (ending: CapturedClaim[]): Step[] => [1, ending, [panel('CHOSEN', 5)], 2, [outcome('CHOSEN', 5)]];

  it('a decoy panel for another client seed in a reading of its own (a data message, a scan), then its outcome', () => {
    expect(play([[panel('C', 5)], [panel('D', 1, 'decoy-seed')], ...chosenAfter([outcome('D', 1, 'decoy-seed')])])['CHOSEN@5']).toBe(1);
    // Also shown before the real one, or again and again: both stay live.
    expect(play([[panel('D', 1, 'decoy-seed')], [panel('C', 5)], [panel('D', 1, 'decoy-seed')], ...chosenAfter([outcome('D', 1, 'decoy-seed')])])['CHOSEN@5']).toBe(1);
  });

  it('a decoy beside the real panel in one reading, or several commitments for the client seed in one reading', () => {
    expect(play([[panel('C', 5), panel('D', 1, 'decoy-seed')], ...chosenAfter([outcome('D', 1, 'decoy-seed')])])['CHOSEN@5']).toBe(1);
    expect(play([[panel('C', 5), panel('D', 5)], ...chosenAfter([outcome('D', 5)])])['CHOSEN@5']).toBe(1);
  });

  it('a made-up outcome of the bound pair and nonce under another game, under a game no verifier knows, or naming none (it could never be proved wrong)', () => {
    for (const game of ['European Roulette', 'Lucky Wheel Deluxe']) expect(play([[panel('C', 5)], ...chosenAfter([{ ...outcome('C', 5), game }])])['CHOSEN@5']).toBe(1);
    expect(play([[panel('C', 5)], ...chosenAfter([unnamed(outcome)('C', 5)])])['CHOSEN@5']).toBe(1);
    // The same outcome of the panel's own game ends the round: the next click starts the next one.
    expect(play([[panel('C', 5)], ...chosenAfter([outcome('C', 5)])])['CHOSEN@5']).toBe(2);
  });

  it('a made-up outcome of the bound pair at another nonce', () => {
    expect(play([[panel('C', 5)], ...chosenAfter([outcome('C', 99)])])['CHOSEN@5']).toBe(1);
  });

  it('a decoy alone at a later click of the round does not end it either: the decoy and the real panel are both live', () => {
    expect(play([[panel('C', 5)], 1, [panel('D', 1, 'decoy-seed')], 2, [outcome('D', 1, 'decoy-seed'), panel('CHOSEN', 5)], 3, [outcome('CHOSEN', 5)]])['CHOSEN@5']).toBe(1);
  });

  it('a flood of decoy panels pushes the oldest out, but never leaves one alone: no round ends', () => {
    const decoys = Array.from({ length: 100 }, (_, i) => [panel(`D${i}`, 1, `decoy-${i}`)]);
    expect(play([[panel('C', 5)], ...decoys, ...chosenAfter([outcome('D99', 1, 'decoy-99')])])['CHOSEN@5']).toBe(1);
    // One reading with the same decoy many times over is one live state: the real one is not pushed out.
    expect(play([[panel('C', 5)], Array.from({ length: 200 }, () => panel('D', 1, 'decoy-seed')), ...chosenAfter([outcome('D', 1, 'decoy-seed')])])['CHOSEN@5']).toBe(1);
  });

  it('known limit: a pair and client seed replaced by a new pair with another client seed leave the old state live, so rounds no longer end there', () => {
    expect(play([[panel('C1', 1, 'seed-1')], 1, [outcome('C1', 1, 'seed-1')], [panel('C2', 1, 'seed-2')], 2, [outcome('C2', 1, 'seed-2')], 3, [outcome('C2', 2, 'seed-2')]])).toEqual({
      'C1@1': 1,
      'C2@1': 2,
      'C2@2': 2,
    });
  });
});

describe('roundTracker: what each action reports to the worker (background/tab-actions.ts)', () => {
  it('the round\'s first action and the slots alone at its actions; a new round after the outcome of one of them', () => {
    const tracker = roundTracker();
    tracker.read([panel('C', 1)], 0);
    expect(tracker.act(1)).toEqual([1, ['c|player-seed|1|keno']]);
    tracker.read([panel('C', 1), panel('D', 1, 'decoy-seed')], 2);
    // Two live panels at this action: no slot added, the round still the one of action 1.
    expect(tracker.act(3)).toEqual([1, ['c|player-seed|1|keno']]);
    tracker.read([{ ...outcome('C', 1), observedAt: { result: 4 } }, panel('C', 2)], 4);
    // The outcome ended the round; the decoy is still live beside C|2, so this round has no slot.
    expect(tracker.act(5)).toEqual([5, []]);
  });

  it('no panel at all: the round is reported with no slot (it never ends at the worker)', () => {
    const tracker = roundTracker();
    expect(tracker.act(1)).toEqual([1, []]);
    expect(tracker.act(2)).toEqual([1, []]);
  });
});

describe('roundTracker: a click on a fairness control is the round\'s first action like any other', () => {
  const X = ['3', '17', '22'];

  it('rotate with the page\'s button, then the same picks again: credited with the rotate click (the page controls its labels and the picks it reports)', () => {
    expect(play([[panel('C1', 1)], 1, [kenoOutcome('C1', 1, X), panel('C1', 2)], { fairness: 2 }, [panel('C2', 1)], 3, [kenoOutcome('C2', 1, X)]])).toEqual({ 'C1@1': 1, 'C2@1': 2 });
  });

  it('the bet after it starts a round of its own once the rotated pair\'s outcome came: the next bet is credited with itself', () => {
    expect(play([[panel('C1', 1)], 1, [kenoOutcome('C1', 1, X)], { fairness: 2 }, [panel('C2', 1)], 3, [kenoOutcome('C2', 1, X), panel('C2', 2)], 4, [kenoOutcome('C2', 2, X)]])).toEqual({ 'C1@1': 1, 'C2@1': 2, 'C2@2': 4 });
  });
});

describe('roundTracker: a rotation that changes the client seed too ends rounds once the worker checked the old pair\'s reveal', () => {
  const X = ['5', '9'];
  const keno = (commitment: string, clientSeed: string) => ({ ...kenoOutcome(commitment, 1, X), clientSeed });
  /** Round 1 on C1 (client seed S1); rotate: C1 revealed, C2 shown with a new client seed S2; bet; rotate again to C3/S3; bet. */
  const rotations = (check: (commitment: string) => Step[]): Step[] => [
    [panel('C1', 1, 'S1')],
    1,
    [keno('C1', 'S1'), panel('C1', 2, 'S1')],
    { fairness: 2 },
    [revealOf('C1'), panel('C2', 1, 'S2')],
    ...check('C1'),
    3,
    [keno('C2', 'S2'), panel('C2', 2, 'S2')],
    { fairness: 4 },
    [revealOf('C2'), panel('C3', 1, 'S3')],
    ...check('C2'),
    5,
    [keno('C3', 'S3')],
  ];

  it('the reveals checked before each bet: each round ends, each credited with its own first click (the rotate click)', () => {
    expect(play(rotations((commitment) => [{ verified: commitment }]))).toEqual({ 'C1@1': 1, 'C2@1': 2, 'C3@1': 4 });
  });

  it('made-up reveals (the worker never confirms them): the old pair stays live, round 2 never ends, round 3 is credited with round 2\'s first click', () => {
    expect(play(rotations(() => []))).toEqual({ 'C1@1': 1, 'C2@1': 2, 'C3@1': 2 });
  });

  it('the worker\'s answer after the bet (it was read before it): the bet\'s slot is alone after all, reported to the worker, the round ends', () => {
    const reports: unknown[] = [];
    const steps: Step[] = [[panel('C1', 1, 'S1')], 1, [keno('C1', 'S1'), panel('C1', 2, 'S1')], { fairness: 2 }, [revealOf('C1'), panel('C2', 1, 'S2')], 3, { verified: 'C1' }, [keno('C2', 'S2')], 4, [panel('C2', 2, 'S2')], [keno('C2', 'S2')]];
    expect(play(steps, reports)).toEqual({ 'C1@1': 1, 'C2@1': 4 });
    // Times are step positions: the rotate click at 3 (C1 alone then), the bet at 5 (C2 alone once C1 is retired).
    expect(reports).toEqual([[3, ['c1|S1|2|keno', 'c2|S2|1|keno']]]);
  });

  it('a decoy\'s pair revealed (for real) after the bet retires nothing in that round: no later click leaves the decoy alone', () => {
    const steps: Step[] = [[panel('R', 5), panel('D', 1, 'decoy')], 1, [revealOf('D')], { verified: 'D' }, 2, [outcome('D', 1, 'decoy')], [panel('P', 5)], 3, [outcome('P', 5)]];
    expect(play(steps)['P@5']).toBe(1);
  });

  it('a reveal checked but read in another document (not here): retires nothing', () => {
    const reports: unknown[] = [];
    expect(play([[panel('C1', 1, 'S1')], 1, [outcome('C1', 1, 'S1')], { verified: 'C1' }, [panel('C2', 1, 'S2')], 2, [outcome('C2', 1, 'S2')], 3, [outcome('C2', 2, 'S2')]], reports)).toEqual({ 'C1@1': 1, 'C2@1': 2, 'C2@2': 2 });
    expect(reports).toEqual([undefined]);
  });
});
