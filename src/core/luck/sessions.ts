// Rounds grouped into sessions: a gap of 30 minutes without a round starts a new one. Per session
// its span, rounds, net result, witnessed rounds and its bet groups (bet-groups.ts), which give the
// session's percentile. A fold over rounds in time order, so a page can feed a million rounds in
// chunks (one short task each); a round costs a few map look-ups, amounts are summed per distinct text,
// as whole numbers of their smallest decimal place (a million rounds in 100 000 sessions: one
// reduced fraction per group and session, not one per sum).
import type { SupportedGameId } from '../games/game-ids.js';
import { decimalRatio, ratio, type Ratio } from '../rtp/fraction.js';
import type { BetGroup } from './bet-groups.js';

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

/** An amount as `digits` × 10^−`places` (decimal texts are exactly that). */
interface Decimal {
  digits: bigint;
  places: number;
}

const TEN_TO = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));
const tenTo = (places: number): bigint => TEN_TO[places] ?? 10n ** BigInt(places);

/** `value` in whole units of 10^−`places` (`places` at least the value's own). */
const scaled = (value: Decimal, places: number): bigint => value.digits * tenTo(places - value.places);

interface OpenGroup {
  group: BetGroup;
  /** Payout text → rounds that paid it. */
  payouts: Map<string, number>;
}

/** Folds rounds, in time order, into sessions. */
export class SessionFold {
  private readonly done: Session[] = [];
  private current: Session | undefined;
  private groups = new Map<SupportedGameId, Map<string | undefined, Map<string, OpenGroup>>>();
  /** The session's groups in the order they opened. */
  private opened: OpenGroup[] = [];
  private readonly amounts = new Map<string, Decimal>();

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
      // Game → bet → stake, each looked up as it is: no key text made per round.
      let byBet = this.groups.get(round.gameId);
      if (byBet === undefined) this.groups.set(round.gameId, (byBet = new Map()));
      let byStake = byBet.get(round.bet);
      if (byStake === undefined) byBet.set(round.bet, (byStake = new Map()));
      let open = byStake.get(round.stake);
      if (open === undefined) {
        const group: BetGroup = { gameId: round.gameId, stake: round.stake, rounds: 0, payout: ratio(0n), ...(round.bet === undefined ? {} : { bet: round.bet }) };
        open = { group, payouts: new Map() };
        byStake.set(round.stake, open);
        this.opened.push(open);
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

  private amount(text: string): Decimal {
    let value = this.amounts.get(text);
    if (value === undefined) {
      // The reduced fraction's denominator is 2^a·5^b: over 10^max(a, b) it is a whole number.
      const exact = decimalRatio(text);
      let places = 0;
      while (tenTo(places) % exact.denominator !== 0n) places++;
      this.amounts.set(text, (value = { digits: (exact.numerator * tenTo(places)) / exact.denominator, places }));
    }
    return value;
  }

  private open(at: number): void {
    this.close();
    this.current = { start: at, end: at, rounds: 0, witnessed: 0, net: ratio(0n), groups: [] };
  }

  private close(): void {
    if (this.current === undefined) return;
    let net = 0n;
    let netPlaces = 0;
    for (const { group, payouts } of this.opened) {
      const stake = this.amount(group.stake);
      let places = stake.places;
      for (const text of payouts.keys()) places = Math.max(places, this.amount(text).places);
      let paid = 0n;
      for (const [text, count] of payouts) paid += scaled(this.amount(text), places) * BigInt(count);
      group.payout = ratio(paid, tenTo(places));
      const groupNet = paid - scaled(stake, places) * BigInt(group.rounds);
      const common = Math.max(places, netPlaces);
      net = net * tenTo(common - netPlaces) + groupNet * tenTo(common - places);
      netPlaces = common;
    }
    this.current.net = ratio(net, tenTo(netPlaces));
    this.done.push(this.current);
    this.current = undefined;
    this.groups = new Map();
    this.opened = [];
  }
}

/** Sessions in time order; rounds in any order. */
export function sessionsOf(rounds: readonly SessionRound[], gap = SESSION_GAP_MS): Session[] {
  const fold = new SessionFold(gap);
  fold.add(inTimeOrder(rounds));
  return fold.finish();
}

/** The first of `rounds` (in time order) played at or after `at`: rounds.length when none is. */
export function firstAtOrAfter(rounds: readonly SessionRound[], at: number): number {
  let low = 0;
  let high = rounds.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rounds[middle]!.at < at) low = middle + 1;
    else high = middle;
  }
  return low;
}
