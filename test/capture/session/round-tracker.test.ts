// The round tracker on hand-made readings: which trusted action each outcome is credited with as its
// bet. Each way a page can end the round between the bet and a pair it chose after it (a decoy
// panel, in the same reading or one of its own; an outcome of another nonce) leaves the outcome
// credited with the bet; each honest flow starts a round at each bet.
import { describe, expect, it } from 'vitest';
import { roundTracker } from '../../../src/capture/session/round-tracker.js';
import type { CapturedClaim } from '../../../src/shared/records.js';

const S = 'player-seed';
const panel = (commitment: string, nonce: number, clientSeed = S): CapturedClaim => ({ source: 'dom', commitment, clientSeed, nonce: String(nonce), observedAt: {} });
const outcome = (commitment: string, nonce: number, clientSeed = S): CapturedClaim => ({ source: 'dom', commitment, clientSeed, nonce: String(nonce), result: '7', observedAt: {} });

type Step = number | CapturedClaim[];

/**
 * Plays `steps` in order, one time unit apart: a number is a trusted action (its value a label), a
 * list one reading. Returns, per outcome first seen, `commitment@nonce` → the label of the action it
 * was credited with (as the capture session asks: before the reading is read).
 */
function play(steps: Step[]): Record<string, number | undefined> {
  const tracker = roundTracker();
  const labels = new Map<number, number>();
  const credited: Record<string, number | undefined> = {};
  steps.forEach((step, at) => {
    if (typeof step === 'number') {
      labels.set(at, step);
      return tracker.act(at);
    }
    const action = tracker.credited();
    const claims = step.map((claim) => ({ ...claim, observedAt: claim.result === undefined ? { commitment: at } : { result: at } }));
    for (const claim of claims) if (claim.result !== undefined) credited[`${claim.commitment}@${claim.nonce}`] = action === undefined ? undefined : labels.get(action);
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
    expect(play([[panel('C', 1, 'casino-seed')], ...typed, 4, [panel('C', 1, 'my-seed')], 5, [outcome('C', 1, 'my-seed')], 6, [outcome('C', 2, 'my-seed')]])).toEqual({
      'C@1': 1,
      'C@2': 6,
    });
  });

  it('the panel closed: the page\'s data messages (no game named) carry the pair on while the markup\'s last state stays behind', () => {
    const markup = (commitment: string, nonce: number): CapturedClaim => ({ ...panel(commitment, nonce), game: 'Roulette' });
    expect(play([[markup('C1', 1)], [panel('C1', 1)], 1, [outcome('C1', 1), panel('C2', 2)], 2, [outcome('C2', 2), panel('C3', 3)], 3, [outcome('C3', 3)]])).toEqual({
      'C1@1': 1,
      'C2@2': 2,
      'C3@3': 3,
    });
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
    expect(tracker.act(1)).toEqual([1, ['c|player-seed|1']]);
    tracker.read([panel('C', 1), panel('D', 1, 'decoy-seed')], 2);
    // Two live panels at this action: no slot added, the round still the one of action 1.
    expect(tracker.act(3)).toEqual([1, ['c|player-seed|1']]);
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
