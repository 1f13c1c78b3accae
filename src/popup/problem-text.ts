// Why a round has no verdict, in the player's language: the core says what is wrong as a code with
// the field and value (core/claim.ts ClaimProblem); the words come from _locales.
import { gameWordKey, isSupportedGameId, type ClaimProblem, type ProblemCode } from '../core/index.js';
import type { Translate } from '../ui/i18n.js';

const PROBLEM_KEYS: Record<ProblemCode, string> = {
  'not-object': 'problemNotObject',
  missing: 'problemMissing',
  'unknown-game': 'problemUnknownGame',
  'not-text': 'problemNotText',
  empty: 'problemEmpty',
  'too-long': 'problemTooLong',
  truncated: 'problemTruncated',
  'broken-unicode': 'problemBrokenUnicode',
  'control-character': 'problemControlCharacter',
  'not-hex': 'problemNotHex',
  'nonce-inexact': 'problemNonceInexact',
  'not-whole-number': 'problemNotWholeNumber',
  unreadable: 'problemUnreadable',
  'not-times': 'problemNotTimes',
  'result-not-list': 'problemResultNotList',
  'result-not-number': 'problemResultNotNumber',
  'result-off-board': 'problemResultOffBoard',
  'result-off-wheel': 'problemResultOffWheel',
  'result-count': 'problemResultCount',
  'result-repeated': 'problemResultRepeated',
  'result-not-whole': 'problemResultNotWhole',
  'result-not-text': 'problemResultNotText',
  'result-not-winning-number': 'problemResultNotWinningNumber',
  'result-no-double-zero': 'problemResultNoDoubleZero',
  'result-too-deep': 'problemResultTooDeep',
  'commitment-missing': 'problemCommitmentMissing',
  'result-missing': 'problemResultMissing',
  'not-revealed': 'rowPending',
  'no-algorithm': 'rowUnsupported',
};

/** The locale key of each field's name, as the proof labels it. */
const FIELD_KEYS: Record<string, string> = {
  round: 'problemFieldRound',
  game: 'game',
  serverSeed: 'serverSeed',
  clientSeed: 'clientSeed',
  nonce: 'nonce',
  commitment: 'commitment',
  preRoundCommitment: 'commitment',
  result: 'result',
  roundSignature: 'problemFieldSignature',
  observedAt: 'fieldObservedAt',
  conflictingResults: 'fieldConflictingResults',
  picks: 'picks',
  stake: 'stake',
  payout: 'payout',
  multiplier: 'multiplier',
};

/** A field's name in the UI language; a path ("observedAt.result", "picks.3") is named by its first part. */
export function fieldLabel(t: Translate, field: string): string {
  const key = FIELD_KEYS[field.split('.')[0]!];
  return key === undefined ? field : t(key);
}

/** One problem as a sentence: the field's name, then what is wrong with it (and where the right value is). */
export function problemSentence(problem: ClaimProblem, t: Translate, gameId?: string): string {
  // A result the game cannot read, where the core gave no finer code: what the game's results look
  // like ("problemResult" + the game). The core's detail (the problem's value) is English, so the
  // words come from the game. A stored round's game id comes from page text: only a supported id is a game.
  const gameResult = problem.field === 'result' && problem.code === 'unreadable' && gameId !== undefined && isSupportedGameId(gameId);
  // A code this popup does not know (a round stored by a newer version): that the field is unreadable.
  const key = gameResult ? gameWordKey('problemResult', gameId) : (PROBLEM_KEYS[problem.code] ?? 'problemUnreadable');
  return t(key, [fieldLabel(t, problem.field), problem.value ?? '', String(problem.limit ?? '')]);
}
