import { describe, expect, it } from 'vitest';
import { luckInputs, type BetGroup } from '../../../src/core/luck/bet-groups.js';
import { firstAtOrAfter, SESSION_GAP_MS, sessionsOf, type SessionRound } from '../../../src/core/luck/sessions.js';
import { decimalRatio, ratio } from '../../../src/core/rtp/fraction.js';

const minute = 60_000;
const round = (at: number, payout: string, extra: Partial<SessionRound> = {}): SessionRound => ({ at, gameId: 'keno', bet: '2', stake: '1.00', payout, witnessed: false, ...extra });

describe('sessions', () => {
  it('a gap of 30 minutes without a round starts a new session; a shorter one does not', () => {
    const rounds = [round(0, '0'), round(29 * minute, '2', { witnessed: true }), round(59 * minute, '0'), round(89 * minute - 1, '4.5')];
    // 29 → 59 is exactly 30 minutes: a new session. 59 → 89 − 1 ms is just under: the same one.
    const sessions = sessionsOf([...rounds].reverse());
    expect(SESSION_GAP_MS).toBe(30 * minute);
    expect(sessions.map((s) => [s.start, s.end, s.rounds, s.witnessed])).toEqual([
      [0, 29 * minute, 2, 1],
      [59 * minute, 89 * minute - 1, 2, 0],
    ]);
    expect(sessions.map((s) => s.net.value)).toEqual([-1 + 1, -1 + 3.5]);
  });

  it('groups a session’s rounds by game, bet and stake, summing what they paid', () => {
    const [session] = sessionsOf([round(0, '0'), round(1, '2'), round(2, '0', { stake: '2.00' }), round(3, '2', { gameId: 'roulette-european', bet: undefined })]);
    expect(session!.groups.map((g) => [g.gameId, g.bet, g.stake, g.rounds, g.payout.value])).toEqual([
      ['keno', '2', '1.00', 2, 2],
      ['keno', '2', '2.00', 1, 0],
      ['roulette-european', undefined, '1.00', 1, 2],
    ]);
  });

  it('no rounds, no sessions', () => {
    expect(sessionsOf([])).toEqual([]);
  });
});

describe('luck inputs from bet groups', () => {
  const groups: BetGroup[] = [
    { gameId: 'keno', bet: '2', stake: '1.50', rounds: 4, payout: decimalRatio('2.85') },
    { gameId: 'keno', bet: '9', stake: '1', rounds: 3, payout: ratio(0n) },
    { gameId: 'roulette-european', stake: '1', rounds: 5, payout: decimalRatio('4') },
    { gameId: 'roulette-european', bet: 'red-black', stake: '1', rounds: 2, payout: decimalRatio('2') },
  ];
  it('uses the rounds whose bet and pay are known, and counts the others by reason', () => {
    const inputs = luckInputs(groups, { keno: { 2: { 0: 0, 1: 1.9, 2: 4.5 } } });
    expect(inputs.rounds).toBe(6);
    expect(inputs.betUnknown).toBe(5);
    expect(inputs.paytableUnknown).toBe(3);
    // 2.85 − 4 × 1.50 + 2 − 2 × 1.
    expect(inputs.actualNet.value).toBeCloseTo(2.85 - 6 + 0, 12);
    expect(inputs.laws.map((law) => [law.rounds, law.outcomes.length, law.unknown])).toEqual([
      [4, 3, 0],
      [2, 2, 0],
    ]);
  });
});

describe('sessions sum amounts exactly', () => {
  it('over texts of different decimal places, in many sessions', () => {
    // 0.1 + 0.2 is not 0.3 in floating point; here it is, and stakes of 0.5, 1.25 and 3 places mix.
    const rounds = [
      round(0, '0.1', { stake: '0.5' }),
      round(1, '0.2', { stake: '0.5' }),
      round(2, '0.005', { stake: '1.25' }),
      round(3, '1e1', { stake: '0.125', bet: '3' }),
      round(SESSION_GAP_MS + 3, '2.50', { stake: '2.5' }),
    ];
    const [first, second] = sessionsOf(rounds);
    // 0.3 − 1 + 0.005 − 1.25 + 10 − 0.125.
    expect([first!.net.numerator, first!.net.denominator]).toEqual([793n, 100n]);
    expect(first!.groups.map((g) => [g.stake, g.rounds, g.payout.numerator, g.payout.denominator])).toEqual([
      ['0.5', 2, 3n, 10n],
      ['1.25', 1, 1n, 200n],
      ['0.125', 1, 10n, 1n],
    ]);
    expect([second!.net.numerator, second!.net.denominator]).toEqual([0n, 1n]);
  });
});

describe('rounds from a time on', () => {
  it('finds the first round at or after a time, in time order, ties included', () => {
    const rounds = [0, 5, 5, 9].map((at) => round(at, '0'));
    expect([-1, 0, 1, 5, 6, 9, 10].map((at) => firstAtOrAfter(rounds, at))).toEqual([0, 0, 1, 1, 3, 3, 4]);
    expect(firstAtOrAfter([], 3)).toBe(0);
  });
});
