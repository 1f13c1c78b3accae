import type { ClaimField, ClaimProblem, FailedStep, Outcome, SelfTestCheck, TrustLevel, VerdictStatus, WitnessReason } from '../core/index.js';

/**
 * What the content script reports about one round (or, with only a commitment, about the
 * seed pair that the next rounds will use). Values are exactly as read from the page.
 */
export interface CapturedClaim {
  source: 'dom' | 'json';
  /** The game's name as the page shows it ("Europäisches Roulette", "Keno"…). */
  game?: string;
  serverSeed?: string;
  commitment?: string;
  clientSeed?: string;
  /** Decimal text. */
  nonce?: string;
  /** Roulette: "17"/"00"; keno: the drawn numbers as read (chips or one text). */
  result?: string | string[];
  roundSignature?: string;
  /** Keno: the player's picks, when shown. */
  picks?: string[];
  /** The bet's stake, total paid back (stake included; "0.00" on a loss) and multiplier, as decimal text ("1.50"). */
  stake?: string;
  payout?: string;
  multiplier?: string;
  /** When this tab's content script first saw each field (its own clock, never the page's). */
  observedAt: Partial<Record<ClaimField, number>>;
  /**
   * With a result: the trusted user action (a real click or key press) in this document that could
   * have been the round's bet, on the same clock: the first since the previous outcome seen there,
   * or, with none since, the latest before (capture/session/capture-session.ts).
   */
  actedAt?: number;
  /**
   * Set by the worker, never sent: when tab-actions.ts credited the outcome with an earlier action
   * of another document of the tab, the action this document credited (-Infinity: none).
   */
  documentActedAt?: number;
  /**
   * An outcome's client seed was spelled by the player's own key presses and pastes in the page's
   * client seed field (capture/session/player-seed.ts): when the first of them came.
   */
  clientSeedTypedAt?: number;
  /**
   * An active-seed-pair state this document showed before, shown again after another commitment
   * for the same client seed: when (the page went back to a commitment it had replaced).
   */
  shownAgainAt?: number;
}

export interface StoredVerdict {
  status: VerdictStatus;
  level?: TrustLevel;
  /** Why the level (core/witness.ts). */
  levelReason?: WitnessReason;
  failures: { step: FailedStep; expected: string; shown: string; message: string }[];
  reasons: string[];
  /** The reasons as codes for the UI to word (rounds verified before they were kept have only `reasons`). */
  problems?: ClaimProblem[];
  expected?: Outcome;
}

/** Every field of a round an imported file can fill (`RoundRecord.fileFields`). */
export type FileField = ClaimField | 'picks' | 'stake' | 'payout' | 'multiplier';

/** One round as stored: every field merged from all sightings, and its current verdict. */

export interface RoundRecord {
  /** `${commitment}|${clientSeed}|${nonce}`: a seed pair and nonce name exactly one round. */
  key: string;
  /** Insertion order, for stable sorting. */
  seq: number;
  /** Name as shown on the page. */
  game: string;
  /** Supported game id, or the normalised name when it is unsupported or unknown. */
  gameId: string;
  serverSeed?: string;
  commitment?: string;
  clientSeed?: string;
  nonce?: string;
  result?: string | string[];
  roundSignature?: string;
  picks?: string[];
  stake?: string;
  payout?: string;
  multiplier?: string;
  /** Later sightings that showed a different stake, payout or multiplier (the first one is kept). */
  amountConflicts?: Partial<Record<'stake' | 'payout' | 'multiplier', string[]>>;
  /** Other outcomes shown for the same seed pair and nonce (a `nonce` mismatch). */
  conflictingResults?: (string | string[])[];
  /** Other keno picks shown for the same seed pair and nonce: a second bet on one nonce (a `nonce-repeat` finding). */
  otherPicks?: string[][];
  /**
   * The commitment the active-seed-pair panel showed for this round at the player's action, set
   * only when the round came out on another one (step `witness`; core/witness.ts).
   */
  preRoundCommitment?: string;
  /** Other server seeds shown for this round's commitment (the first one shown is `serverSeed`): a `seed-conflict`. */
  otherServerSeeds?: string[];
  /** Fields whose value only an imported file gave (import.ts); the casino's own display takes them over. */
  fileFields?: FileField[];
  /** What a file said for a field before the casino's page showed another value (kept apart; never verified). */
  fileSaid?: Partial<Record<FileField, string | string[]>>;
  /**
   * What only a file gave for a field the casino's page, capturing this round, did not show (merge.ts):
   * kept apart, never verified, never shown as the round's; the page's own value fills the field if it shows one later.
   */
  fileOnly?: Partial<Record<FileField, string | string[]>>;
  observedAt: Partial<Record<ClaimField, number>>;
  /** The player's action credited as the bet (see CapturedClaim), in the document that showed the result first. */
  actedAt?: number;
  /** The outcome's own document's action when an earlier one of the tab was credited (see CapturedClaim). */
  documentActedAt?: number;
  /** When the player began typing this round's client seed in a casino page (see CapturedClaim); never from a file. */
  clientSeedTypedAt?: number;
  /** The worker's judgement of the order it saw (core/witness.ts), made when the result was first stored. */
  witness?: WitnessReason;
  /**
   * `witness` came back from a file this install sealed (background/import.ts): the panel states it
   * was judged on are not in the file, so the reveal does not judge it again against a store that
   * lacks them (which would find no commitment and take an honest round's trust away).
   */
  sealedJudgement?: true;
  firstSeenAt: number;
  updatedAt: number;
  verdict: StoredVerdict;
}

/** A row of the popup's list: enough to draw it without the seeds. */
export interface RoundRow {
  key: string;
  game: string;
  gameId: string;
  nonce?: string;
  status: VerdictStatus;
  level?: TrustLevel;
  levelReason?: WitnessReason;
  /** The failed steps of a mismatch, with the values each compared (the popup words them). */
  failures?: { step: FailedStep; expected: string; shown: string }[];
  /** Why a round is invalid, as codes the popup words (the popup words the other statuses from the status alone). */
  problems?: ClaimProblem[];
  shown?: string;
  expected?: string;
  /** Keno: the player's picks, as shown (for the row's hits). */
  picks?: string[];
  updatedAt: number;
}

/** One verified round for the statistics page: the outcome the seeds give and what the bet paid. */
export interface VerifiedRound {
  outcome: Outcome;
  stake?: string;
  payout?: string;
  multiplier?: string;
  /** Keno: how many numbers were picked and how many of them the (recomputed) draw hit. */
  picks?: number;
  hits?: number;
  /** The round was shown with two different stakes, payouts or multipliers: its amounts are in doubt. */
  amountsDisputed?: boolean;
}

/** An exact sum of decimal amounts (a reduced fraction as decimal texts: JSON and IndexedDB keep it whole). */
export interface ExactSum {
  numerator: string;
  denominator: string;
}

/**
 * What the statistics page shows of one game, kept in the worker's tally and moved by every
 * write (background/game-figures.ts), so the page never reads the rounds themselves.
 */
export interface GameFigures {
  /** Verified rounds whose outcome reads as the game's; `rejected` those that do not. */
  rounds: number;
  rejected: number;
  /** Times each number came up: roulette 0…36 (American "00" last), keno 1…40 (core/statistics outcomeBins). */
  counts: number[];
  /** Verified rounds shown with a stake and a payout; `disputed` those of them shown with two different amounts. */
  settled: number;
  disputed: number;
  /** The undisputed settled rounds, summed as realisedRtp sums them (core/statistics BetSums). */
  bets: number;
  rejectedBets: number;
  totalStake: ExactSum;
  totalPayout: ExactSum;
  /** Σ stake, Σ stake², Σ stake × payout, Σ payout² of those bets: the standard error's inputs. */
  stakes: ExactSum;
  stakeSquares: ExactSum;
  products: ExactSum;
  payoutSquares: ExactSum;
  /** Keno, undisputed rounds with picks, hits and a multiplier: rounds per multiplier shown, by "picks:hits". */
  paid: Record<string, Record<string, number>>;
  /** Keno, the undisputed settled rounds by number of picks ("none" without valid picks): how many, and their stakes. */
  staked: Record<string, { rounds: number; stake: ExactSum }>;
  /**
   * The undisputed settled rounds as groups of one bet and one stake (core/luck/bet-groups.ts
   * betGroupKey: keno's picks, "?" where the bet is not captured): how many, and what they paid back.
   * The statistics page's luck percentile reads these. Absent from figures kept before it was (outcomes.ts counts them anew).
   */
  luck?: Record<string, { rounds: number; payout: ExactSum }>;
}

export interface SelfTestResult {
  ok: boolean;
  ranAt: number;
  /** Stored by older versions without the codes (`kind`…): the popup words those generically. */
  checks: (Pick<SelfTestCheck, 'name' | 'ok' | 'detail'> & Partial<SelfTestCheck>)[];
}

export interface Summary {
  total: number;
  counts: Record<VerdictStatus, number>;
  levels: Record<TrustLevel, number>;
  selfTest?: SelfTestResult;
  /** A problem with storage the user must know about (quota, blocked database). */
  storageProblem?: StorageProblem;
  /** Tabs that sent claims faster than any real game, newest first (src/background/rate-limit.ts). */
  rateLimited?: RateLimitNote[];
  /** Only when the store is nearly full or refused something for being full (src/background/store-capacity.ts). */
  storeFill?: StoreFillNote;
  /** Whether the browser may delete the store to free disk space (src/background/storage-persistence.ts). */
  persistence?: StoragePersistence;
}

/**
 * `persisted`: the browser granted persistent storage; `unlimited`: the `unlimitedStorage`
 * permission, which keeps Chromium from evicting it; `best-effort`: the browser may delete it when
 * the disk runs low.
 */
export type StoragePersistence = 'persisted' | 'unlimited' | 'best-effort';

/** How full the store is: the fuller of rounds and seed pairs as a share of its cap (0–1), and what it refused. */
export interface StoreFillNote {
  share: number;
  rounds: number;
  pairs: number;
  /** New rounds and seed pairs refused since the last clear. */
  refused: number;
}

/**
 * What went wrong with storage. The popup words each kind in the user's language; only `failed`,
 * a failure nobody foresaw, carries the browser's own (English) words.
 */
export type StorageProblem =
  | { kind: 'quota' }
  /** An older connection (another window or browser process) keeps the database from upgrading. */
  | { kind: 'blocked' }
  /** The browser closed the database; it is reopened on next use. */
  | { kind: 'closed' }
  /** The database was written by a newer Fair Witness; this one reads up to `databaseVersion`. */
  | { kind: 'newer-version'; databaseVersion: number }
  | { kind: 'failed'; detail: string };

/** One tab's flood: the claims it sent and how many of them were refused, never stored. */
export interface RateLimitNote {
  tab: number;
  /** Host name of the tab's page, shown as text. */
  host: string;
  claims: number;
  refused: number;
  /** When this tab's claims were last refused. */
  lastAt: number;
  /** The latest refusal was the budget all tabs share, not this tab's own: the tab itself did not flood. */
  shared?: true;
}

export interface RoundFilter {
  status?: VerdictStatus;
  gameId?: string;
}
