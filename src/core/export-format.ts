import type { ClaimField } from './claim.js';
import type { ExportSeal, RoundLink } from './export-seal.js';
import type { Outcome } from './games/game.js';
import type { VerdictStatus } from './verdict-status.js';
import type { FailedStep, TrustLevel } from './verify.js';
import type { WitnessReason } from './witness.js';

/**
 * The extension's "Export JSON" file. Each round is a claim (so `fair-witness verify` recomputes
 * it from scratch) plus the verdict the extension reached, for people reading the file.
 */
export const EXPORT_FORMAT = 'fair-witness-export';
export const EXPORT_VERSION = 1;

export interface ExportedRound {
  game: string;
  serverSeed?: string;
  commitment?: string;
  clientSeed?: string;
  /** Decimal text, so nonces above 2^53−1 stay exact. */
  nonce?: string;
  /** A supported game's outcome; for other games the result as shown (a list stays a list, so it merges back unchanged). */
  result?: Outcome | string[];
  /** Other outcomes the casino showed for the same seed pair and nonce (a `nonce` mismatch). */
  conflictingResults?: (Outcome | string[])[];
  roundSignature?: string;
  preRoundCommitment?: string;
  /** Keno: the player's picks as shown. */
  picks?: string[];
  /** What the bet paid, decimal text as shown ("1.50"); not part of the fairness check. */
  stake?: string;
  payout?: string;
  multiplier?: string;
  observedAt?: Partial<Record<ClaimField, number>>;
  /**
   * What an imported file said for fields the casino's page later showed otherwise (finding
   * `file-disagrees`), for people reading the file: kept apart, never verified, not imported again.
   */
  fileSaid?: Record<string, string | string[]>;
  /** What an imported file alone gave for fields the casino's page, capturing the round, did not show: kept apart, never verified, not imported again. */
  fileOnly?: Record<string, string | string[]>;
  /** Fields only an imported file gave (the record's `fileFields`): a sealed import restores them as such. */
  fileFields?: string[];
  /**
   * The worker's judgement of the order it saw (core/witness.ts), pending rounds too: taken back
   * only from a file this install sealed (export-seal.ts); any other file's is ignored. Not named
   * `witness`, the claim field verifyRound reads: a file's round handed to the core stays `history`.
   */
  witnessJudgement?: WitnessReason;
  verdict: VerdictStatus;
  level?: TrustLevel;
  /** Why the level, for people reading the file: a file can never prove it (import and the CLI ignore it). */
  levelReason?: WitnessReason;
  failures?: FailedStep[];
  /** The outcome the seeds give, when the server seed is known. */
  expected?: Outcome;
  reasons?: string[];
  /** The round's place and digest in a sealed file (core/export-seal.ts); not part of what it seals. */
  link?: RoundLink;
}

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  rounds: ExportedRound[];
  /** After the rounds: the install's seal over their chain (core/export-seal.ts). Files without one import as file-only. */
  seal?: ExportSeal;
}
