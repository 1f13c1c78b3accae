// What the proof view draws, from either a stored round (the worker's round-detail) or a round
// checked in the popup (the core's verdict on the typed-in fields).
import { clientSeedProof, lookupGame, outcomeTextOf, type ClaimProblem, type ClientSeedProof, type FailedStep, type Outcome, type RoundTrace, type RoundVerdict, type TrustLevel, type VerdictStatus, type WitnessReason } from '../core/index.js';
import type { RoundDetail } from '../shared/messages.js';

/** A failed step with the values it compared; the view words it (the core's English `message` is not carried). */
export interface ProofFailure {
  step: FailedStep;
  expected: string;
  shown: string;
}

export interface ProofModel {
  gameId: string;
  gameName: string;
  status: VerdictStatus;
  level?: TrustLevel;
  /** Why the level (core/witness.ts). */
  levelReason?: WitnessReason;
  serverSeed?: string;
  clientSeed?: string;
  nonce?: string;
  commitmentShown?: string;
  /** The commitment the seed-pair panel showed before the round, where it differs from the history's (step `witness`). */
  commitmentBeforeRound?: string;
  signatureShown?: string;
  /** Keno: the player's picks, as shown. */
  picks?: string[];
  /** Whether the player typed the client seed after the commitment was shown (core/client-seed-proof.ts); only for rounds the extension watched. */
  clientSeedProof?: ClientSeedProof;
  /** The bet as the casino showed it (decimal text). */
  stake?: string;
  payout?: string;
  multiplier?: string;
  trace?: RoundTrace;
  /** Canonical text of the recomputed outcome. */
  outcomeComputed?: string;
  /** Canonical text of the displayed outcome (as shown, when it cannot be read). */
  outcomeShown?: string;
  /** The outcomes themselves, for the pictures: the seeds' and the displayed one where it reads as one. */
  seedsOutcome?: Outcome;
  shownOutcome?: Outcome;
  /** When the outcome was first seen (ms since 1970; the worker's clock), and whether only a file said so. */
  seenAt?: number;
  seenInFile?: boolean;
  failures: ProofFailure[];
  /** Why there is no verdict (invalid, pending, unsupported), as codes the popup words. */
  problems: ClaimProblem[];
}

/** An outcome as the game reads it, or undefined when it does not read as one. */
export function parseOutcome(game: string, value: Outcome | string | string[] | undefined): Outcome | undefined {
  if (value === undefined) return undefined;
  const lookup = lookupGame(game);
  if (lookup.kind !== 'supported') return undefined;
  const parsed = lookup.game.parseDisplayed(value);
  return parsed.ok ? parsed.outcome : undefined;
}

/** Canonical text of an outcome in the game's format ("3 5 6 …", "00"), or the raw text. */
export function formatOutcome(game: string, value: Outcome | string | string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return outcomeTextOf(game, value) ?? (Array.isArray(value) ? value.join(' ') : String(value));
}

export function proofFromDetail(detail: RoundDetail): ProofModel {
  const { record, trace } = detail;
  const game = record.gameId || record.game;
  const computed = trace?.outcome ?? record.verdict.expected;
  return {
    gameId: record.gameId,
    gameName: record.game,
    status: record.verdict.status,
    level: record.verdict.level,
    levelReason: record.verdict.levelReason,
    serverSeed: record.serverSeed,
    clientSeed: record.clientSeed,
    nonce: record.nonce,
    commitmentShown: record.commitment,
    commitmentBeforeRound: record.preRoundCommitment,
    signatureShown: record.roundSignature,
    picks: record.picks,
    // A round from a file, or stored before the rule looked for the player's action, was not watched: nothing to say.
    ...(record.witness === undefined || record.witness === 'not-observed' || record.clientSeed === undefined
      ? {}
      : { clientSeedProof: clientSeedProof(record.clientSeedTypedAt, record.observedAt.commitment) }),
    stake: record.stake,
    payout: record.payout,
    multiplier: record.multiplier,
    trace,
    outcomeComputed: formatOutcome(game, computed),
    outcomeShown: formatOutcome(game, record.result),
    seedsOutcome: parseOutcome(game, computed),
    shownOutcome: parseOutcome(game, record.result),
    seenAt: record.observedAt.result,
    seenInFile: record.fileFields?.includes('result'),
    failures: record.verdict.failures.map(({ step, expected, shown }) => ({ step, expected, shown })),
    problems: record.verdict.problems ?? [],
  };
}

export interface CheckInput {
  game: string;
  serverSeed?: string;
  commitment?: string;
  clientSeed?: string;
  nonce?: string;
  result?: string;
  roundSignature?: string;
}

export function proofFromVerdict(input: CheckInput, verdict: RoundVerdict): ProofModel {
  return {
    gameId: verdict.game,
    gameName: input.game,
    status: verdict.status,
    level: verdict.level,
    levelReason: verdict.levelReason,
    serverSeed: input.serverSeed,
    clientSeed: input.clientSeed,
    nonce: input.nonce,
    commitmentShown: input.commitment,
    signatureShown: input.roundSignature,
    trace: verdict.trace,
    outcomeComputed: formatOutcome(verdict.game, verdict.expected),
    outcomeShown: formatOutcome(verdict.game, input.result),
    seedsOutcome: parseOutcome(verdict.game, verdict.expected),
    shownOutcome: parseOutcome(verdict.game, input.result),
    failures: verdict.failures.map(({ step, expected, shown }) => ({ step, expected, shown })),
    problems: verdict.problems ?? [],
  };
}
