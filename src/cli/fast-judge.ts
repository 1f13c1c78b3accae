// The common case of a `verify` file, judged without JSON.parse and without the core's claim and
// verdict objects: a flat round object of a supported game, in plain ASCII, whose commitment and
// outcome come out exactly as shown. Nearly every round of a large file is one; its verdict and
// output are then fixed, so they are written here directly. Anything else (an escape, another
// field, a missing or differently written value, a mismatch, an export's round) returns
// undefined and goes the full way (round-judge.ts), which alone words problems. The fast path
// only ever says "verified" where the full path says it too, with the same output: test/cli
// compares the two on many rounds, broken and honest.
import { computeRound, lookupGame, MAX_SEED_LENGTH, type GameLookup, type Outcome, type RoundVerdict, type SupportedGameId } from '../core/index.js';
import type { AuditEntry } from './audit-entry.js';
import { roundJson, tableRow } from './format.js';
import { nodeBackend } from './node-hash-backend.js';
import type { JudgeContext, JudgedRound } from './round-judge.js';

const VERIFY_OPTIONS = { backend: nodeBackend, trace: false } as const;
const NONE: never[] = [];

// The fields the fast path reads, one bit each; any other field sends the round the full way.
const GAME = 1;
const SERVER_SEED = 2;
const CLIENT_SEED = 4;
const NONCE = 8;
const COMMITMENT = 16;
const RESULT = 32;
const ROUND_SIGNATURE = 64;
const FIELDS: ReadonlyArray<readonly [name: string, bit: number]> = [
  ['game', GAME],
  ['serverSeed', SERVER_SEED],
  ['clientSeed', CLIENT_SEED],
  ['nonce', NONCE],
  ['commitment', COMMITMENT],
  ['result', RESULT],
  ['roundSignature', ROUND_SIGNATURE],
];
const REQUIRED = GAME | SERVER_SEED | CLIENT_SEED | NONCE | COMMITMENT | RESULT;

/** Anything but printable ASCII, or a backslash. */
const NOT_PLAIN = /[^\x20-\x5b\x5d-\x7e]/;
/** The element's text has nothing NOT_PLAIN (compact JSON of plain values). */
let plain = false;

// What the reader found; module-level so a round costs no object until it is known to be verified.
let at = 0;
let game = '';
let serverSeed = '';
let clientSeed = '';
let nonce = '';
let commitment = '';
let roundSignature = '';
/** A string result's text, or undefined for a list or a number. */
let resultText: string | undefined;
/** A list result's numbers as a bit mask (readResult), and how many numbers it had. */
let resultLow = 0;
let resultHigh = 0;
let resultCount = 0;

let lastGame: string | undefined;
let lastLookup: GameLookup | undefined;

/** The verdict and output of a plainly honest round, or undefined for the full path. */
export function judgeFast(text: string, index: number, context: JudgeContext): JudgedRound | undefined {
  if (context.isExport || !readRound(text)) return undefined;
  // The game's name is a new string each round, so a Map lookup would hash it again: the last one is kept.
  if (game !== lastGame) {
    lastGame = game;
    lastLookup = lookupGame(game);
  }
  const lookup = lastLookup!;
  if (lookup.kind !== 'supported') return undefined;
  const definition = lookup.game;
  if (serverSeed === '' || serverSeed.length > MAX_SEED_LENGTH || clientSeed.length > MAX_SEED_LENGTH) return undefined;
  if (serverSeed.includes('...') || clientSeed.includes('...')) return undefined; // "looks truncated"
  const computed = computeRound(definition, serverSeed, clientSeed, nonce, VERIFY_OPTIONS);
  if (computed.commitment !== commitment) return undefined;
  if (roundSignature !== '' && computed.roundSignature !== roundSignature) return undefined;
  const outcome = computed.outcome;
  let auditOutcome: string | number;
  // The two shapes whose shown text and audit code the reader knows; any other game goes the full way.
  const shape = definition.shape.kind;
  if (shape === 'draw') {
    if (!Array.isArray(outcome) || resultText !== undefined || resultCount !== outcome.length) return undefined;
    let low = 0;
    let high = 0;
    for (const value of outcome) {
      if (value < 31) low |= 1 << value;
      else high |= 1 << (value - 31);
    }
    if (low !== resultLow || high !== resultHigh) return undefined;
    // The audit's code for a set of numbers (outcome-codes.ts): the sum of 2^v.
    auditOutcome = (low >>> 0) + high * 2 ** 31;
  } else if (shape === 'wheel') {
    if (resultText !== outcome) return undefined;
    // "0"…"36" as the audit codes them (2^n); "00" as text, which the audit keeps in its table.
    auditOutcome = outcome === '00' ? outcome : 2 ** Number(outcome);
  } else return undefined;
  const audit: AuditEntry = [definition.id, commitment, clientSeed, nonce, auditOutcome, serverSeed, null, null, null];
  return { status: 'verified', output: context.json ? verifiedJson(definition.id, outcome) : tableRow(index, nonce, verifiedVerdict(definition.id, outcome)), level: 'history', audit };
}

/** What the full path's verdict on such a round is. */
function verifiedVerdict(game: SupportedGameId, outcome: Outcome): RoundVerdict {
  return { status: 'verified', game, level: 'history', levelReason: 'not-observed', failures: NONE, reasons: NONE, expected: outcome };
}

/** A wheel's round JSON is one of 38 texts: made once each. */
const WHEEL_JSON = new Map<string, string>();

function verifiedJson(game: SupportedGameId, outcome: Outcome): string {
  if (Array.isArray(outcome)) return roundJson(verifiedVerdict(game, outcome));
  let json = WHEEL_JSON.get(outcome);
  if (json === undefined) {
    json = roundJson(verifiedVerdict(game, outcome));
    WHEEL_JSON.set(outcome, json);
  }
  return json;
}

/**
 * Reads a flat JSON object of the fields above into the module's variables; false for anything
 * else. Strings must be printable ASCII without escapes; numbers plain digits.
 */
function readRound(text: string): boolean {
  // Text of printable ASCII only, no escapes: then no string needs its characters checked one by one.
  plain = !NOT_PLAIN.test(text);
  at = 0;
  roundSignature = '';
  resultText = undefined;
  resultLow = 0;
  resultHigh = 0;
  resultCount = 0;
  let seen = 0;
  if (text.charCodeAt(0) !== 0x7b /* { */) return false;
  at = 1;
  skipSpace(text);
  for (;;) {
    const bit = readKey(text);
    if (bit === 0 || (seen & bit) !== 0) return false;
    seen |= bit;
    skipSpace(text);
    if (text.charCodeAt(at) !== 0x3a /* : */) return false;
    at++;
    skipSpace(text);
    if (!readValue(text, bit)) return false;
    skipSpace(text);
    const c = text.charCodeAt(at++);
    if (c === 0x7d /* } */) return at === text.length && (seen & REQUIRED) === REQUIRED;
    if (c !== 0x2c /* , */) return false;
    skipSpace(text);
  }
}

function readValue(text: string, bit: number): boolean {
  if (bit === NONCE) {
    const value = text.charCodeAt(at) === 0x22 ? readString(text) : readDigits(text);
    if (value === undefined || !canonicalInteger(value, 15)) return false;
    nonce = value;
    return true;
  }
  if (bit === RESULT) return readResult(text);
  const value = readString(text);
  if (value === undefined) return false;
  if (bit === GAME) game = value;
  else if (bit === SERVER_SEED) serverSeed = value;
  else if (bit === CLIENT_SEED) clientSeed = value;
  else if (bit === COMMITMENT) commitment = value;
  else if (value === '') return false; // an empty round signature is refused, not absent
  else roundSignature = value;
  return true;
}

/**
 * A text of digits such as "17" or "00", or a list of distinct numbers 1…40 (Keno's board) as a
 * bit mask in two halves: bit v of `resultLow` for v < 31, bit v − 31 of `resultHigh` above.
 */
function readResult(text: string): boolean {
  const c = text.charCodeAt(at);
  if (c === 0x22) {
    const value = readString(text);
    if (value === undefined || !/^(?:\d|[1-9]\d|00)$/.test(value)) return false;
    resultText = value;
    return true;
  }
  if (c !== 0x5b /* [ */) return false;
  at++;
  for (;;) {
    skipSpace(text);
    // One or two digits, no leading zero, 1…40.
    let value = text.charCodeAt(at) - 0x30;
    if (value < 1 || value > 9) return false;
    const second = text.charCodeAt(++at) - 0x30;
    if (second >= 0 && second <= 9) {
      value = value * 10 + second;
      at++;
      if (value > 40) return false;
    }
    if (value < 31) {
      if ((resultLow & (1 << value)) !== 0) return false; // a repeat
      resultLow |= 1 << value;
    } else {
      if ((resultHigh & (1 << (value - 31))) !== 0) return false;
      resultHigh |= 1 << (value - 31);
    }
    resultCount++;
    skipSpace(text);
    const next = text.charCodeAt(at++);
    if (next === 0x5d /* ] */) return true;
    if (next !== 0x2c /* , */) return false;
  }
}

/** The bit of the member name at `at` (0: not one of FIELDS); `at` moves past its closing quote. */
function readKey(text: string): number {
  if (text.charCodeAt(at) !== 0x22) return 0;
  const end = text.indexOf('"', at + 1);
  const length = end - at - 1;
  for (const [name, bit] of FIELDS) {
    if (name.length === length && text.startsWith(name, at + 1)) {
      at = end + 1;
      return bit;
    }
  }
  return 0;
}

/** A string of printable ASCII without escapes; `at` moves past its closing quote. */
function readString(text: string): string | undefined {
  if (text.charCodeAt(at) !== 0x22) return undefined;
  const start = at + 1;
  const end = text.indexOf('"', start);
  if (end < 0) return undefined;
  if (!plain) {
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === 0x5c /* \ */) return undefined;
    }
  }
  at = end + 1;
  return text.slice(start, end);
}

/** A run of decimal digits, to be followed by a delimiter (not a fraction or an exponent). */
function readDigits(text: string): string | undefined {
  const start = at;
  while (at < text.length && text.charCodeAt(at) >= 0x30 && text.charCodeAt(at) <= 0x39) at++;
  if (at === start) return undefined;
  const next = text.charCodeAt(at);
  if (next !== 0x2c && next !== 0x5d && next !== 0x7d && next !== 0x20 && next !== 0x0a && next !== 0x0d && next !== 0x09) return undefined;
  return text.slice(start, at);
}

/** Digits as String(Number(digits)) writes them: no leading zero, at most `maxDigits`. */
function canonicalInteger(digits: string, maxDigits: number): boolean {
  if (digits.length === 0 || digits.length > maxDigits) return false;
  if (digits.length > 1 && digits.charCodeAt(0) === 0x30) return false;
  for (let i = 0; i < digits.length; i++) {
    const c = digits.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

function skipSpace(text: string): void {
  for (;;) {
    const c = text.charCodeAt(at);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) at++;
    else return;
  }
}
