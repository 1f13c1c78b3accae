// The casino's books: seed pairs, rounds, the cheat switch and the seed-pair mode. Cloudbet-like
// lifecycle: the server seed of a pair stays secret (only its commitment is shown) until the pair
// is rotated away; then the old pair's seed and every round signature of it are revealed. In the
// "pair per round" modes the casino rotates after every bet by itself (keeping the client seed).
import { computeRound, commitmentOf, roundSignatureOf, KENO_DRAWS, KENO_POSITIONS, type GameId, type Outcome } from './fairness.js';
import { createEntropy, type Entropy } from './entropy.js';
import { cleanStake, DEFAULT_STAKE, multiplierOf, payoutOf } from './paytable.js';

export type CheatMode =
  | 'none'
  | 'wrong-result'
  | 'swap-seed'
  // The seed-lifecycle cheats (issue 5): each makes the history show one finding of the audit.
  | 'skip-nonce'
  | 'repeat-nonce'
  | 'conflict-nonce'
  | 'other-client-seed'
  | 'reuse-server-seed'
  | 'switch-commitment'
  // The witnessing cheats: each attacks the order "commitment shown, then the player's action,
  // then the outcome" (or the reveal) that makes a round `witnessed`.
  | 'several-commitments'
  | 'rerender-after-bet'
  | 'same-frame'
  | 'commitment-after-click'
  | 'self-play'
  | 'two-seeds'
  | 'panel-hidden'
  | 'answer-at-press'
  | 'reload-after-bet';
export const CHEAT_MODES: readonly CheatMode[] = [
  'none',
  'wrong-result',
  'swap-seed',
  'skip-nonce',
  'repeat-nonce',
  'conflict-nonce',
  'other-client-seed',
  'reuse-server-seed',
  'switch-commitment',
  'several-commitments',
  'rerender-after-bet',
  'same-frame',
  'commitment-after-click',
  'self-play',
  'two-seeds',
  'panel-hidden',
  'answer-at-press',
  'reload-after-bet',
];

/**
 * How seed pairs follow each other. `fixed`: one pair until the player rotates (or sets a client
 * seed). `per-round-*`: after every bet the casino rotates by itself (the round's seed revealed, a
 * fresh pair with the same client seed shown before the next bet), its nonce either 1 on every
 * pair or counting on across pairs.
 */
export type PairMode = 'fixed' | 'per-round-nonce-one' | 'per-round-counting';
export const PAIR_MODES: readonly PairMode[] = ['fixed', 'per-round-nonce-one', 'per-round-counting'];

/** Cheats under which a bet's result is held back (~300 ms, a separate render) after the bet. */
export const HELD_RESULT_CHEATS: readonly CheatMode[] = ['rerender-after-bet', 'commitment-after-click'];
/** How many other commitments 'several-commitments' shows beside the pair's own. */
export const ALTERNATIVE_COUNT = 3;

/** A server seed and its commitment. */
export interface SeedAndCommitment {
  serverSeed: string;
  commitment: string;
}

export interface SeedPair {
  /** 1, 2, 3… in creation order. */
  index: number;
  /** The secret; the true seed, also after a dishonest reveal. */
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  /** The nonce of the pair's first round: 1, or where the last pair stopped ('per-round-counting'). */
  firstNonce: number;
  /** The nonce the next round of this pair will use (starts at firstNonce). */
  nextNonce: number;
  revealed: boolean;
  /** What the casino showed as the server seed at reveal: ≠ serverSeed under 'swap-seed'. */
  displayedServerSeed: string | null;
  /**
   * 'several-commitments': other seeds, each shown (hidden in the page, and in /api/seed-pair) as a
   * commitment for this pair's client seed and next nonce; the casino plays on one of them.
   */
  alternatives: SeedAndCommitment[];
}

export interface Round {
  /** 1, 2, 3… across all pairs, in play order. */
  id: number;
  game: GameId;
  pairIndex: number;
  nonce: number;
  clientSeed: string;
  commitment: string;
  /** Keno only: the player's 1–10 numbers, ascending. */
  picks: number[] | null;
  /** The outcome the published procedure gives for this round's seeds. */
  trueOutcome: Outcome;
  /** What the casino showed (≠ trueOutcome under 'wrong-result'). */
  displayedOutcome: Outcome;
  /** The true values, always known to the demo. */
  serverSeed: string;
  roundSignature: string;
  /** Shown only once the pair is revealed; computed from displayedServerSeed. */
  revealed: boolean;
  displayedServerSeed: string | null;
  displayedRoundSignature: string | null;
  /** What the page's history shows as the server seed once revealed: ≠ displayedServerSeed (the API's) under 'two-seeds'. */
  historyServerSeed: string | null;
  /** Played, but its result is not shown yet (a held-result cheat; POST /api/settle shows it). */
  held: boolean;
  /** What the bet paid, decimal text: the stake, the multiplier of the shown outcome, stake × multiplier. */
  stake: string;
  multiplier: string;
  payout: string;
}

export interface CasinoSnapshot {
  cheat: CheatMode;
  pairMode: PairMode;
  activeSeedPair: SeedPair;
  seedPairs: SeedPair[];
  /** Oldest first. */
  rounds: Round[];
}

const MAX_CLIENT_SEED_LENGTH = 64;

export class CasinoState {
  private readonly seed: string | undefined;
  private entropy!: Entropy;
  private pairs: SeedPair[] = [];
  private rounds: Round[] = [];
  private cheat: CheatMode = 'none';
  private mode: PairMode = 'fixed';

  constructor(seed?: string) {
    this.seed = seed;
    this.reset();
  }

  /** Back to the first seed pair (the same one again when seeded), no rounds, honest, one pair until rotated. */
  reset(): void {
    this.entropy = createEntropy(this.seed);
    this.pairs = [];
    this.rounds = [];
    this.cheat = 'none';
    this.mode = 'fixed';
    this.newPair(this.entropy.hex(8));
  }

  get active(): SeedPair {
    return this.pairs[this.pairs.length - 1]!;
  }

  get cheatMode(): CheatMode {
    return this.cheat;
  }

  get pairMode(): PairMode {
    return this.mode;
  }

  setCheat(mode: CheatMode): void {
    if (!CHEAT_MODES.includes(mode)) throw new UserError(`unknown cheat mode "${String(mode)}"`);
    this.cheat = mode;
    if (mode === 'several-commitments') this.alternativesOf(this.active);
  }

  setPairMode(mode: PairMode): void {
    if (!PAIR_MODES.includes(mode)) throw new UserError(`unknown seed-pair mode "${String(mode)}"`);
    this.mode = mode;
  }

  /** Plays a round and shows its result at once (the Node API; the bet button when no cheat holds results back). */
  bet(game: GameId, picks?: readonly number[], stake?: unknown): Round {
    const round = this.play(game, picks, stake);
    return this.settle(round.id);
  }

  /**
   * Plays a round, its result still held back (`held`): settle() shows it. The server answers a
   * bet between the two, so what it sends is the round as it stood when played (in a pair-per-round
   * mode settle() rotates, which reveals the round's seed). A result still held from an earlier bet
   * is shown first.
   */
  play(game: GameId, picks?: readonly number[], stake?: unknown): Round {
    const cleanPicks = game === 'keno' ? checkPicks(picks) : null;
    const cleanedStake = stake === undefined ? DEFAULT_STAKE : cleanStake(stake);
    if (cleanedStake === undefined) throw new UserError('stake must be an amount of 0.01 to 10000.00');
    for (const held of this.rounds.filter((round) => round.held)) this.settle(held.id);
    const pair = this.active;
    const { nonce, repeated } = this.nonceFor(pair);
    // 'other-client-seed': the round uses a client seed the player never set (the panel keeps theirs).
    const clientSeed = this.cheat === 'other-client-seed' ? this.differentClientSeed(pair.clientSeed) : pair.clientSeed;
    const serverSeed = this.serverSeedFor(pair, game, cleanPicks, clientSeed, nonce);
    const truth = computeRound(game, serverSeed, clientSeed, nonce);
    const lie = this.cheat === 'wrong-result' || (this.cheat === 'conflict-nonce' && repeated);
    const displayedOutcome = lie ? falsify(game, truth.outcome, cleanPicks) : truth.outcome;
    // The casino pays what it shows: a false outcome is paid as shown.
    const multiplier = multiplierOf(game, displayedOutcome, cleanPicks);
    const round: Round = {
      id: this.rounds.length + 1,
      game,
      pairIndex: pair.index,
      nonce,
      clientSeed,
      commitment: serverSeed === pair.serverSeed ? pair.commitment : commitmentOf(serverSeed),
      picks: cleanPicks,
      trueOutcome: truth.outcome,
      displayedOutcome,
      serverSeed,
      roundSignature: truth.roundSignature,
      revealed: false,
      displayedServerSeed: null,
      displayedRoundSignature: null,
      historyServerSeed: null,
      held: true,
      stake: cleanedStake,
      multiplier,
      payout: payoutOf(cleanedStake, multiplier),
    };
    this.rounds.push(round);
    return round;
  }

  /**
   * 'answer-at-press': the page asks while the player's press is being handled (POST /api/press),
   * and the pair gets a fresh seed, which the page shows at once and the bet is played on.
   */
  pressSeed(): void {
    if (this.cheat !== 'answer-at-press') return;
    const pair = this.active;
    pair.serverSeed = this.differentSeed(pair.serverSeed);
    pair.commitment = commitmentOf(pair.serverSeed);
  }

  roundById(id: number): Round {
    const round = this.rounds.find((candidate) => candidate.id === id);
    if (!round) throw new UserError(`no round ${String(id)}`);
    return round;
  }

  /**
   * Shows a played round's result; in a pair-per-round mode then rotates to a fresh pair (same
   * client seed), which reveals the round's seed. A round already shown is left as it is.
   */
  settle(id: number): Round {
    const round = this.roundById(id);
    if (!round.held) return round;
    round.held = false;
    const pair = this.active;
    if (this.mode !== 'fixed' && round.pairIndex === pair.index) this.rotate(pair.clientSeed, this.mode === 'per-round-counting' ? pair.nextNonce : 1);
    return round;
  }

  /**
   * The server seed a bet is played on: the pair's, except under 'switch-commitment' (a fresh seed
   * only the history entry names), 'rerender-after-bet' and 'reload-after-bet' (the pair itself gets a fresh seed at the
   * bet, which the panel shows before the result) and 'several-commitments' (the one of the pair's
   * alternatives that pays the player least, chosen after the bet).
   */
  private serverSeedFor(pair: SeedPair, game: GameId, picks: number[] | null, clientSeed: string, nonce: number): string {
    switch (this.cheat) {
      case 'switch-commitment':
        return this.differentSeed(pair.serverSeed);
      case 'rerender-after-bet':
      case 'reload-after-bet':
        pair.serverSeed = this.differentSeed(pair.serverSeed);
        pair.commitment = commitmentOf(pair.serverSeed);
        return pair.serverSeed;
      case 'several-commitments': {
        let worst: { seed: string; pays: number } | undefined;
        for (const { serverSeed } of this.alternativesOf(pair)) {
          const pays = Number(multiplierOf(game, computeRound(game, serverSeed, clientSeed, nonce).outcome, picks));
          if (worst === undefined || pays < worst.pays) worst = { seed: serverSeed, pays };
        }
        return worst!.seed;
      }
      default:
        return pair.serverSeed;
    }
  }

  /** The pair's alternatives ('several-commitments'), made on first use. */
  private alternativesOf(pair: SeedPair): SeedAndCommitment[] {
    while (pair.alternatives.length < ALTERNATIVE_COUNT) {
      const serverSeed = this.differentSeed(pair.serverSeed);
      pair.alternatives.push({ serverSeed, commitment: commitmentOf(serverSeed) });
    }
    return pair.alternatives;
  }

  /**
   * The nonce of the next bet. 'skip-nonce' leaves one out; 'repeat-nonce' and 'conflict-nonce'
   * use the pair's last nonce again (the next one when the pair has no round yet).
   */
  private nonceFor(pair: SeedPair): { nonce: number; repeated: boolean } {
    if (this.cheat === 'skip-nonce') pair.nextNonce++;
    if ((this.cheat === 'repeat-nonce' || this.cheat === 'conflict-nonce') && pair.nextNonce > pair.firstNonce) return { nonce: pair.nextNonce - 1, repeated: true };
    return { nonce: pair.nextNonce++, repeated: false };
  }

  /**
   * Reveals the active pair and starts a fresh one (with `clientSeed`, or a random one; its first
   * nonce `nextNonce`). A result still held back is shown with the reveal.
   */
  rotate(clientSeed?: string, nextNonce = 1): SeedPair {
    const old = this.active;
    for (const round of this.rounds) round.held = false;
    // 'swap-seed': the casino shows some other 64-hex seed, one that cannot hash to the commitment.
    const shown = this.cheat === 'swap-seed' ? this.differentSeed(old.serverSeed) : old.serverSeed;
    // 'two-seeds': the API reveals the true seed, the page's history another 64-hex seed.
    const historySeed = this.cheat === 'two-seeds' ? this.differentSeed(old.serverSeed) : undefined;
    old.revealed = true;
    old.displayedServerSeed = shown;
    for (const round of this.rounds) {
      if (round.pairIndex !== old.index) continue;
      round.revealed = true;
      // A round played on another seed than the pair's ('switch-commitment', 'several-commitments',
      // or before 'rerender-after-bet' replaced the pair's) reveals that seed, matching its history entry.
      const seed = this.cheat !== 'swap-seed' && round.serverSeed !== old.serverSeed ? round.serverSeed : shown;
      round.displayedServerSeed = seed;
      round.historyServerSeed = historySeed ?? seed;
      // The signature shown is the one of the seed shown: the lie is the seed, nothing else.
      round.displayedRoundSignature = seed === round.serverSeed ? round.roundSignature : roundSignatureOf(seed, round.clientSeed, round.nonce);
    }
    // 'reuse-server-seed': the new pair gets the seed just revealed (so the same commitment again).
    this.newPair(clientSeed === undefined ? this.entropy.hex(8) : checkClientSeed(clientSeed), this.cheat === 'reuse-server-seed' ? old.serverSeed : undefined, nextNonce);
    return old;
  }

  /**
   * A new client seed: before the pair's first round it simply replaces the client seed (the
   * commitment was shown before the player chose it, which is the point); after rounds were played
   * it rotates, like Cloudbet, so the old pair's rounds become verifiable.
   */
  setClientSeed(clientSeed: string): { rotated: SeedPair | null } {
    const clean = checkClientSeed(clientSeed);
    const active = this.active;
    if (!this.rounds.some((round) => round.pairIndex === active.index)) {
      active.clientSeed = clean;
      return { rotated: null };
    }
    return { rotated: this.rotate(clean, this.mode === 'per-round-counting' ? active.nextNonce : 1) };
  }

  snapshot(): CasinoSnapshot {
    const copy = structuredClone({ pairs: this.pairs, rounds: this.rounds });
    return { cheat: this.cheat, pairMode: this.mode, activeSeedPair: copy.pairs[copy.pairs.length - 1]!, seedPairs: copy.pairs, rounds: copy.rounds };
  }

  private newPair(clientSeed: string, reusedSeed?: string, nextNonce = 1): void {
    const serverSeed = reusedSeed ?? this.entropy.hex(32);
    const pair: SeedPair = {
      index: this.pairs.length + 1,
      serverSeed,
      commitment: commitmentOf(serverSeed),
      clientSeed,
      firstNonce: nextNonce,
      nextNonce,
      revealed: false,
      displayedServerSeed: null,
      alternatives: [],
    };
    this.pairs.push(pair);
    if (this.cheat === 'several-commitments') this.alternativesOf(pair);
  }

  private differentSeed(serverSeed: string): string {
    let fake = this.entropy.hex(32);
    while (fake === serverSeed) fake = this.entropy.hex(32);
    return fake;
  }

  private differentClientSeed(clientSeed: string): string {
    let other = this.entropy.hex(8);
    while (other === clientSeed) other = this.entropy.hex(8);
    return other;
  }
}

/** A request the player got wrong: the server answers 400 with the message. */
export class UserError extends Error {}

function checkPicks(picks: readonly number[] | undefined): number[] {
  if (!Array.isArray(picks) || picks.length < 1 || picks.length > KENO_DRAWS) {
    throw new UserError(`keno needs 1 to ${KENO_DRAWS} picks`);
  }
  for (const n of picks) {
    if (!Number.isInteger(n) || n < 1 || n > KENO_POSITIONS) throw new UserError(`keno picks are whole numbers 1…${KENO_POSITIONS}`);
  }
  if (new Set(picks).size !== picks.length) throw new UserError('keno picks must be different numbers');
  return [...picks].sort((a, b) => a - b);
}

function checkClientSeed(clientSeed: unknown): string {
  if (typeof clientSeed !== 'string') throw new UserError('client seed must be text');
  const trimmed = clientSeed.trim();
  // Rendered as text, so whitespace runs and control characters would not survive a round trip
  // through the page; refusing them keeps "what the page shows" equal to "what was hashed".
  if (trimmed.length < 1 || trimmed.length > MAX_CLIENT_SEED_LENGTH) throw new UserError(`client seed must be 1 to ${MAX_CLIENT_SEED_LENGTH} characters`);
  if (/[\p{Cc}\p{Cf}]|\s{2,}/u.test(trimmed) || !trimmed.isWellFormed()) throw new UserError('client seed must be printable text without runs of spaces');
  return trimmed;
}

/**
 * 'wrong-result': a plausible but false outcome. Roulette shows the next number on the wheel's
 * table; keno swaps one drawn number (a hit, if the player has one — the cheat a casino would
 * want) for one that is neither drawn nor picked.
 */
function falsify(game: GameId, outcome: Outcome, picks: number[] | null): Outcome {
  if (typeof outcome === 'string') {
    const slots = game === 'roulette-american' ? 38 : 37;
    const next = ((outcome === '00' ? 37 : Number(outcome)) + 1) % slots;
    return next === 37 ? '00' : String(next);
  }
  const picked = new Set(picks ?? []);
  const victim = outcome.find((n) => picked.has(n)) ?? outcome[0]!;
  const replacement = Array.from({ length: KENO_POSITIONS }, (_, i) => i + 1).find((n) => !outcome.includes(n) && !picked.has(n))!;
  return outcome.map((n) => (n === victim ? replacement : n)).sort((a, b) => a - b);
}
