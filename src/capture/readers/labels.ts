// The words the casino puts next to fairness values, in English and German, and the game names.
// Matching is exact after folding case, accents, spaces and punctuation away ("Server-Seed:",
// "server seed", "SERVER SEED" are one key). Extra words are not tolerated: "Server Seed (next)"
// or "Server Seed (hashed)" must never be read as the revealed seed, so every accepted wording is
// listed here rather than matched loosely.
import type { FieldName } from './fields.js';
import { labelKey } from './label-key.js';

export interface LabelMatch {
  field: FieldName;
  /** The game the wording itself implies ("Hits" is keno's word), used only when nothing names it. */
  gameHint?: string;
}

/** Labels are short; anything longer is a sentence or a value, not a label. */
export const MAX_LABEL_LENGTH = 80;

export { labelKey } from './label-key.js';

const AMERICAN = 'American Roulette';
const EUROPEAN = 'European Roulette';
const KENO = 'Keno';

const LABEL_TABLE: readonly [FieldName, readonly string[], string?][] = [
  ['game', ['Game', 'Game Name', 'Spiel', 'Spielname']],
  [
    'serverSeed',
    [
      'Server Seed',
      'Revealed Server Seed',
      'Server seed (revealed)',
      'Server Seed (revealed after the game)',
      'Unhashed Server Seed',
      'Server Seed (unhashed)',
      'Server-Seed',
      'Offengelegter Server-Seed',
      'Server-Seed (offengelegt)',
      'Aufgedeckter Server-Seed',
      'Ungehashter Server-Seed',
    ],
  ],
  [
    'commitment',
    [
      'Commitment',
      'Commitment (shown before the game)',
      'Hashed Server Seed',
      'Server Seed Hash',
      'Server Seed (hashed)',
      'Active Server Seed (hashed)',
      'Current Server Seed (hashed)',
      'Gehashter Server-Seed',
      'Server-Seed-Hash',
      'Server-Seed (gehasht)',
      'Aktueller Server-Seed (gehasht)',
    ],
  ],
  [
    'clientSeed',
    ['Client Seed', 'Active Client Seed', 'Current Client Seed', 'Your Client Seed', 'Client-Seed', 'Aktueller Client-Seed', 'Ihr Client-Seed', 'Dein Client-Seed'],
  ],
  ['nonce', ['Nonce', 'Next Nonce', 'Nächste Nonce', 'Naechste Nonce']],
  ['roundSignature', ['Round Signature', 'Round Signature (can be verified after the game)', 'Rundensignatur', 'Runden-Signatur']],
  ['result', ['Winning Number', 'Result', 'Gewinnzahl', 'Ergebnis']],
  ['result', ['Winning Number (in the american version)', 'Gewinnzahl (in der amerikanischen Version)'], AMERICAN],
  ['result', ['Winning Number (in the european version)', 'Gewinnzahl (in der europäischen Version)'], EUROPEAN],
  ['result', ['Drawn Numbers', 'Hits', 'Gezogene Zahlen', 'Ziehung'], KENO],
  ['picks', ['Your Picks', 'Selected Numbers', 'Picks', 'Deine Auswahl', 'Ihre Auswahl', 'Gewählte Zahlen', 'Gewaehlte Zahlen'], KENO],
  // What the bet paid. "Payout"/"Auszahlung" and "Win"/"Gewinn" are the total paid back (stake
  // included), as the casino's history shows it; "Profit"/"Nettogewinn" would be another figure and is not read.
  ['stake', ['Stake', 'Bet', 'Bet Amount', 'Einsatz', 'Wetteinsatz']],
  ['payout', ['Payout', 'Win', 'Winnings', 'Auszahlung', 'Gewinn']],
  ['multiplier', ['Multiplier', 'Payout Multiplier', 'Multiplikator', 'Auszahlungsmultiplikator']],
];

const LABELS = new Map<string, LabelMatch>();
for (const [field, words, gameHint] of LABEL_TABLE) {
  for (const word of words) LABELS.set(labelKey(word), gameHint ? { field, gameHint } : { field });
}

// The scanner asks about every short text on a page, and nearly all are values (hex seeds,
// numbers), each different. The first three letters of a key rule most of them out without
// folding the text; the labels that pass are few and repeat, so they are cached.
const PREFIX_LENGTH = 3;
const LABEL_PREFIXES = new Set(Array.from(LABELS.keys(), (key) => key.slice(0, PREFIX_LENGTH)));
const labelCache = new Map<string, LabelMatch | null>();
const LABEL_CACHE_SIZE = 1024;

/**
 * The first letters and digits of `text`, lowercased, when they are plain ASCII; null when a
 * non-ASCII character comes first (an umlaut, an emoji), which only the full folding can judge.
 */
function asciiPrefix(text: string): string | null {
  let prefix = '';
  for (let index = 0; index < text.length && prefix.length < PREFIX_LENGTH; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0x80) return null;
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39)) prefix += text[index];
    else if (code >= 0x41 && code <= 0x5a) prefix += String.fromCharCode(code + 0x20);
  }
  return prefix;
}

/** The field a label names, or undefined. The text may carry a trailing ":" and surrounding symbols. */
export function matchLabel(text: string): LabelMatch | undefined {
  if (text.length > MAX_LABEL_LENGTH) return undefined;
  const prefix = asciiPrefix(text);
  if (prefix !== null && !LABEL_PREFIXES.has(prefix)) return undefined;
  const cached = labelCache.get(text);
  if (cached !== undefined) return cached ?? undefined;
  const match = LABELS.get(labelKey(text));
  if (labelCache.size >= LABEL_CACHE_SIZE) labelCache.clear();
  labelCache.set(text, match ?? null);
  return match;
}

const GAME_TABLE: readonly [string, readonly string[]][] = [
  [EUROPEAN, ['European Roulette', 'Europäisches Roulette', 'Europaeisches Roulette', 'Roulette (European)', 'Roulette (europäisch)']],
  [AMERICAN, ['American Roulette', 'Amerikanisches Roulette', 'Roulette (American)', 'Roulette (amerikanisch)']],
  ['Roulette', ['Roulette']],
  [KENO, ['Keno']],
  ['Mines', ['Mines']],
  ['Pump', ['Pump']],
  ['Plinko', ['Plinko']],
  ['Dice', ['Dice']],
  ['Golden Ticket', ['Golden Ticket', 'Dice: Golden Ticket']],
  ['Limbo', ['Limbo']],
];

const GAMES = new Map<string, string>();
for (const [canonical, names] of GAME_TABLE) for (const name of names) GAMES.set(labelKey(name), canonical);
const LONGEST_GAME_WORDS = 3;

/** The canonical name of a game when the text is exactly a game's name (a Game field's value). */
export function matchGameName(text: string): string | undefined {
  if (text.length > MAX_LABEL_LENGTH) return undefined;
  return GAMES.get(labelKey(text));
}

/**
 * The game named somewhere in a short text such as a heading ("Keno – round details"). Longer
 * names win ("Dice: Golden Ticket" is Golden Ticket, "American Roulette" is not just Roulette).
 */
export function findGameInText(text: string): string | undefined {
  if (text.length > 200) return undefined;
  const words = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  for (let size = LONGEST_GAME_WORDS; size >= 1; size--) {
    for (let start = 0; start + size <= words.length; start++) {
      const game = GAMES.get(words.slice(start, start + size).join(''));
      if (game !== undefined) return game;
    }
  }
  return undefined;
}
