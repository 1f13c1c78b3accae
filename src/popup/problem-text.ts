// Why a round has no verdict, in the player's language: the core says what is wrong as a code with
// the field and value (core/claim.ts ClaimProblem); the words come from _locales.
import type { ClaimProblem, ProblemCode, SupportedGameId } from '../core/index.js';
import type { Translate } from './i18n.js';

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
};

/**
 * A result the game cannot read: what its results look like. The core's detail (the problem's
 * value) is English, so the words come from the game, never from that detail.
 */
const RESULT_KEYS: Record<SupportedGameId, string> = {
  'roulette-european': 'problemResultEuropean',
  'roulette-american': 'problemResultAmerican',
  keno: 'problemResultKeno',
};

/** One problem as a sentence: the field's name, then what is wrong with it (and where the right value is). */
export function problemSentence(problem: ClaimProblem, t: Translate, gameId?: string): string {
  // A stored round's game id comes from page text: only an own key of the table is a game.
  const gameResult = problem.field === 'result' && problem.code === 'unreadable' && gameId !== undefined && Object.hasOwn(RESULT_KEYS, gameId);
  const key = gameResult ? RESULT_KEYS[gameId as SupportedGameId] : PROBLEM_KEYS[problem.code];
  // A code this popup does not know (a newer core): the core's own words.
  if (key === undefined) return problem.text;
  const field = FIELD_KEYS[problem.field] === undefined ? problem.field : t(FIELD_KEYS[problem.field]!);
  return t(key, [field, problem.value ?? '', String(problem.limit ?? '')]);
}
