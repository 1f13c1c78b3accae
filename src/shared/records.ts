import type { ClaimField, FailedStep, Outcome, TrustLevel, VerdictStatus } from '../core/index.js';

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
  /** When this tab's content script first saw each field (its own clock, never the page's). */
  observedAt: Partial<Record<ClaimField, number>>;
}

export interface StoredVerdict {
  status: VerdictStatus;
  level?: TrustLevel;
  failures: { step: FailedStep; expected: string; shown: string; message: string }[];
  reasons: string[];
  expected?: Outcome;
}

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
  /** Other outcomes shown for the same seed pair and nonce (a `nonce` mismatch). */
  conflictingResults?: (string | string[])[];
  observedAt: Partial<Record<ClaimField, number>>;
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
  /** The failed steps of a mismatch. */
  failures?: FailedStep[];
  /** One sentence: what failed, or why pending/invalid. */
  summary: string;
  shown?: string;
  expected?: string;
  updatedAt: number;
}

export interface SelfTestResult {
  ok: boolean;
  ranAt: number;
  checks: { name: string; ok: boolean; detail?: string }[];
}

export interface Summary {
  total: number;
  counts: Record<VerdictStatus, number>;
  levels: Record<TrustLevel, number>;
  selfTest?: SelfTestResult;
  /** A problem with storage the user must know about (quota, blocked database). */
  storageProblem?: string;
}

export interface RoundFilter {
  status?: VerdictStatus;
  gameId?: string;
}
