// Rounds grouped into sessions: a gap of 30 minutes without a round starts a new one. Per session
// its span, rounds, net result, witnessed rounds and its bet groups (bet-groups.ts), which give the
// session's percentile. A fold over rounds in time order, so a page can feed a million rounds in
// chunks (one short task each); a round costs a few map look-ups, amounts are summed per distinct text.
import type { SupportedGameId } from '../games/game-ids.js';
import { add, decimalRatio, multiply, ratio, subtract, type Ratio } from '../rtp/fraction.js';
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

/** The rounds in time order: as given when they already are (the store's first-seen order usually is), else sorted. */
export function inTimeOrder(rounds: readonly SessionRound[]): readonly SessionRound[] {
  for (let i = 1; i < rounds.length; i++) if (rounds[i]!.at < rounds[i - 1]!.at) return [...rounds].sort((a, b) => a.at - b.at);
  return rounds;
}

interface OpenGroup {
  group: BetGroup;
  /** Payout text → rounds that paid it. */
  payouts: Map<string, number>;
}

/** Folds rounds, in time order, into sessions. */
export class SessionFold {
  private readonly done: Session[] = [];
  private current: Session | undefined;
  private groups = new Map<string, OpenGroup>();
  private readonly amounts = new Map<string, Ratio>();

  constructor(private readonly gap = SESSION_GAP_MS) {}

  /** Adds rounds `from` … `to` − 1 of `rounds` (which continue those added before, in time order). */
  add(rounds: readonly SessionRound[], from = 0, to = rounds.length): void {
    for (let i = from; i < to; i++) {
      const round = rounds[i]!;
      if (this.current === undefined || round.at - this.current.end >= this.gap) this.open(round.at);
      const session = this.current!;
      session.end = round.at;
      session.rounds++;
      if (round.witnessed) session.witnessed++;
      const key = `${round.gameId}|${betGroupKey(round.bet, round.stake)}`;
      let open = this.groups.get(key);
      if (open === undefined) {
        const group: BetGroup = { gameId: round.gameId, stake: round.stake, rounds: 0, payout: ratio(0n), ...(round.bet === undefined ? {} : { bet: round.bet }) };
        open = { group, payouts: new Map() };
        this.groups.set(key, open);
        session.groups.push(group);
      }
      open.group.rounds++;
      open.payouts.set(round.payout, (open.payouts.get(round.payout) ?? 0) + 1);
    }
  }

  /** The sessions so far, the last one closed. */
  finish(): Session[] {
    this.close();
    return this.done;
  }

  private amount(text: string): Ratio {
    let value = this.amounts.get(text);
    if (value === undefined) this.amounts.set(text, (value = decimalRatio(text)));
    return value;
  }

  private open(at: number): void {
    this.close();
    this.current = { start: at, end: at, rounds: 0, witnessed: 0, net: ratio(0n), groups: [] };
  }

  private close(): void {
    if (this.current === undefined) return;
    let net = ratio(0n);
    for (const { group, payouts } of this.groups.values()) {
      let paid = ratio(0n);
      for (const [text, count] of payouts) paid = add(paid, multiply(this.amount(text), ratio(BigInt(count))));
      group.payout = paid;
      net = add(net, subtract(paid, multiply(this.amount(group.stake), ratio(BigInt(group.rounds)))));
    }
    this.current.net = net;
    this.done.push(this.current);
    this.current = undefined;
    this.groups = new Map();
  }
}

/** Sessions in time order; rounds in any order. */
export function sessionsOf(rounds: readonly SessionRound[], gap = SESSION_GAP_MS): Session[] {
  const fold = new SessionFold(gap);
  fold.add(inTimeOrder(rounds));
  return fold.finish();
}
