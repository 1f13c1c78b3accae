// Rounds grouped into sessions: a gap of 30 minutes without a round starts a new one. Per session
// its span, rounds, net result, witnessed rounds and its bet groups (bet-groups.ts), which give the
// session's percentile.
import type { SupportedGameId } from '../games/game-ids.js';
import { add, decimalRatio, ratio, subtract, type Ratio } from '../rtp/fraction.js';
import { betGroupKey, type BetGroup } from './bet-groups.js';

export const SESSION_GAP_MS = 30 * 60 * 1000;

/** One settled round as sessions read it. */
export interface SessionRound {
  /** When it was played (ms since 1970, the extension's own clock). */
  at: number;
  gameId: SupportedGameId;
  bet?: string;
  stake: string;
  payout: string;
  witnessed: boolean;
}

export interface Session {
  start: number;
  end: number;
  rounds: number;
  witnessed: number;
  /** What was paid back minus what was staked, over every round of the session. */
  net: Ratio;
  groups: BetGroup[];
}

/** Sessions in time order; rounds in any order. */
export function sessionsOf(rounds: readonly SessionRound[], gap = SESSION_GAP_MS): Session[] {
  const sorted = [...rounds].sort((a, b) => a.at - b.at);
  const sessions: Session[] = [];
  let groups = new Map<string, BetGroup>();
  let current: Session | undefined;
  for (const round of sorted) {
    if (current === undefined || round.at - current.end >= gap) {
      groups = new Map();
      current = { start: round.at, end: round.at, rounds: 0, witnessed: 0, net: ratio(0n), groups: [] };
      sessions.push(current);
    }
    const payout = decimalRatio(round.payout);
    current.end = round.at;
    current.rounds++;
    if (round.witnessed) current.witnessed++;
    current.net = add(current.net, subtract(payout, decimalRatio(round.stake)));
    const key = `${round.gameId}|${betGroupKey(round.bet, round.stake)}`;
    const group = groups.get(key);
    if (group === undefined) {
      const created: BetGroup = { gameId: round.gameId, stake: round.stake, rounds: 1, payout, ...(round.bet === undefined ? {} : { bet: round.bet }) };
      groups.set(key, created);
      current.groups.push(created);
    } else {
      group.rounds++;
      group.payout = add(group.payout, payout);
    }
  }
  return sessions;
}
