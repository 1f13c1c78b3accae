// Names of games, verdicts and trust levels in the UI language.
import { gameWordKey, isSupportedGameId, STATUS_SORT_ORDER, SUPPORTED_GAME_IDS as CORE_GAME_IDS, type FailedStep, type TrustLevel, type VerdictStatus, type WitnessReason } from '../core/index.js';
import type { StorageProblem } from '../shared/records.js';
import type { Translate } from './i18n.js';
import { WorkerError } from './worker-client.js';

/** The popup's order: mismatches first, as the worker sorts the list. */
export const STATUS_ORDER = STATUS_SORT_ORDER;

const STATUS_KEYS: Record<VerdictStatus, string> = {
  verified: 'statusVerified',
  pending: 'statusPending',
  mismatch: 'statusMismatch',
  unsupported: 'statusUnsupported',
  invalid: 'statusInvalid',
};

/** A count of rounds with each verdict, as a `_one`/`_other` pair: "1 mismatch", "3 mismatches". */
export const STATUS_COUNT_KEYS: Record<VerdictStatus, string> = {
  verified: 'countVerified',
  pending: 'countPending',
  mismatch: 'countMismatch',
  unsupported: 'countUnsupported',
  invalid: 'countInvalid',
};

/** The supported ids as plain strings, for lists that hold a page's game names too. */
export const SUPPORTED_GAME_IDS: readonly string[] = CORE_GAME_IDS;

/** The sentence of each failed step, given what the seeds give and what the casino showed. */
export const FAILURE_KEYS: Record<FailedStep, string> = {
  commitment: 'failureCommitment',
  signature: 'failureSignature',
  outcome: 'failureOutcome',
  witness: 'failureWitness',
  nonce: 'failureNonce',
};

export const statusLabel = (t: Translate, status: VerdictStatus): string => t(STATUS_KEYS[status]);

export const levelLabel = (t: Translate, level: TrustLevel): string => t(level === 'witnessed' ? 'levelWitnessed' : 'levelHistory');

/** A supported game's name in the UI language; any other game keeps the name the casino used. */
export function gameLabel(t: Translate, gameId: string, shownName?: string): string {
  return isSupportedGameId(gameId) ? t(gameWordKey('game', gameId)) : shownName || gameId;
}

/** The popup contract's data-game: a supported id, or the game's name as the page showed it. */
export function dataGame(gameId: string, shownName: string): string {
  return isSupportedGameId(gameId) ? gameId : shownName || gameId;
}

/** The storage problem's sentence in the UI language (the worker sends only its kind). */
export function storageProblemText(t: Translate, problem: StorageProblem): string {
  switch (problem.kind) {
    case 'quota':
      return t('storageProblemQuota');
    case 'blocked':
      return t('storageProblemBlocked');
    case 'closed':
      return t('storageProblemClosed');
    case 'newer-version':
      return t('storageProblemNewerVersion', problem.databaseVersion);
    case 'failed':
      return t('storageProblemFailed', problem.detail.replace(/\.$/, ''));
  }
}

/**
 * A failed request to the worker in the UI language: a storage problem or no answer in our words;
 * anything else is unforeseen (a bug, an exception), quoted as the error says it.
 */
export function workerErrorText(t: Translate, error: unknown): string {
  if (error instanceof WorkerError && error.storageProblem) return storageProblemText(t, error.storageProblem);
  if (error instanceof WorkerError && error.noAnswer) return t('errorNoAnswer');
  return t('errorWorker', error instanceof Error ? error.message : String(error));
}

/** The sentence for why a verified round has its trust level (core/witness.ts), one locale key per reason. */
const LEVEL_REASON_KEYS: Record<WitnessReason, string> = {
  'bound-before-bet': 'levelReasonBoundBeforeBet',
  'not-observed': 'levelReasonNotObserved',
  'outcome-after-reveal': 'levelReasonOutcomeAfterReveal',
  'no-commitment': 'levelReasonNoCommitment',
  'no-action': 'levelReasonNoAction',
  'commitment-after-action': 'levelReasonCommitmentAfterAction',
  'several-commitments': 'levelReasonSeveralCommitments',
  'nonce-skipped': 'levelReasonNonceSkipped',
  flood: 'levelReasonFlood',
};
export const levelReasonText = (t: Translate, reason: WitnessReason): string => t(LEVEL_REASON_KEYS[reason] ?? 'historyExplained');
