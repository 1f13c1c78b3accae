// The words the casino puts next to fairness values, in English and German, and the game names.
// The casino's other languages come from the worker when a page needs them (addVocabulary;
// shared/vocabularies/): bundled here, they would not fit the content script's budget.
// Matching is exact after folding case, accents, spaces and punctuation away ("Server-Seed:",
// "server seed", "SERVER SEED" are one key). Extra words are not tolerated: "Server Seed (next)"
// or "Server Seed (hashed)" must never be read as the revealed seed, so every accepted wording is
// listed here rather than matched loosely.
import type { FieldName } from './fields.js';
import { labelKey } from '../../shared/label-key.js';

export { labelKey };

export interface LabelMatch {
  field: FieldName;
  /** The game the wording itself implies ("Hits" is keno's word), used only when nothing names it. */
  gameHint?: string;
}

/** Labels are short; anything longer is a sentence or a value, not a label. */
export const MAX_LABEL_LENGTH = 80;

/**
 * Each field's wordings, one row per field (and game hint): `field=wording|wording|…`, or
 * `field/Game=…` when the wordings imply that game. Written as they are compared: labelKey folds
 * case, accents, spaces and punctuation away, so "server seed revealed" stands for "Server seed
 * (revealed)" and "Server-Seed (revealed)" alike. Rows of text rather than nested arrays of the
 * wordings as shown: about 150 B less of the content script's gzip budget.
 */
const LABEL_TABLE = [
  'game=game|game name|spiel|spielname',
  'serverSeed=server seed|revealed server seed|server seed revealed|server seed revealed after the game|unhashed server seed|server seed unhashed|offengelegter server seed|server seed offengelegt|aufgedeckter server seed|ungehashter server seed',
  'commitment=commitment|commitment shown before the game|hashed server seed|server seed hash|server seed hashed|active server seed hashed|current server seed hashed|gehashter server seed|server seed gehasht|aktueller server seed gehasht',
  'clientSeed=client seed|active client seed|current client seed|your client seed|aktueller client seed|ihr client seed|dein client seed',
  'nonce=nonce|next nonce|nächste nonce|naechste nonce',
  'roundSignature=round signature|round signature can be verified after the game|rundensignatur',
  'result=winning number|result|gewinnzahl|ergebnis',
  'result/American Roulette=winning number in the american version|gewinnzahl in der amerikanischen version',
  'result/European Roulette=winning number in the european version|gewinnzahl in der europäischen version',
  'result/Keno=drawn numbers|hits|gezogene zahlen|ziehung',
  'picks/Keno=your picks|selected numbers|picks|deine auswahl|ihre auswahl|gewählte zahlen|gewaehlte zahlen',
  // What the bet paid. "Payout"/"Auszahlung" and "Win"/"Gewinn" are the total paid back (stake
  // included), as the casino's history shows it; "Profit"/"Nettogewinn" would be another figure and is not read.
  'stake=stake|bet|bet amount|einsatz|wetteinsatz',
  'payout=payout|win|winnings|auszahlung|gewinn',
  'multiplier=multiplier|payout multiplier|multiplikator|auszahlungsmultiplikator',
  // Not a field: the whole text of a fairness control (capture/dom/fairness-control.ts), kept in CONTROL_WORDS.
  'control=rotate|rotate seed pair|rotate seeds|new seed pair|change seed pair|change seeds|change seed|set client seed|change client seed|' +
    'show seed pair|hide seed pair|seed pair|seeds|fairness|provably fair|' +
    'seed paar wechseln|seed paar rotieren|neues seed paar|client seed setzen|client seed andern|seed paar einblenden|seed paar ausblenden|seed paar',
];

const LABELS = new Map<string, LabelMatch>();
// The scanner asks about every short text on a page, and nearly all are values (hex seeds,
// numbers), each different. The first three letters of a key rule most of them out without
// folding the text; the labels that pass are few and repeat, so they are cached.
const PREFIX_LENGTH = 3;
const LABEL_PREFIXES = new Set<string>();
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

/**
 * Each game's names, "|" between them, its canonical name first (the others as compared); ";" between
 * games. Every name the core knows a verified game by is one of its names here (the casino's plain
 * "Roulette" is European Roulette): a round's slot names its game so, and an outcome must end the
 * bet its panel named under another of them (test/capture/readers/labels.test.ts holds it to the core).
 */
const GAME_TABLE =
  'European Roulette|roulette|european|europäisches roulette|europaeisches roulette|roulette european|roulette europäisch;' +
  'American Roulette|american|amerikanisches roulette|roulette american|roulette amerikanisch;' +
  'Keno|originals keno|cloudbet keno;Mines;Pump;Plinko;Dice;Golden Ticket|dice golden ticket;Limbo';

const GAMES = new Map<string, string>();

/** The wordings of fairness controls, folded (capture/dom/fairness-control.ts): its own, and each language's `control=` row. */
export const CONTROL_WORDS = new Set<string>();

/**
 * Adds a language's wordings (rows as LABEL_TABLE's, games as GAME_TABLE's, from the worker: trusted
 * to send that or nothing); true when one came. A wording known already keeps its field: the words
 * read first (the page's language, sent first) win over another language's same word.
 */
export function addVocabulary(vocabulary?: { labels: string[]; games: string } | null): boolean {
  if (!vocabulary) return false;
  for (const row of vocabulary.labels) {
    const [head, words] = row.split('=') as [string, string];
    const [field, gameHint] = head.split('/') as [FieldName, string?];
    for (const word of words.split('|')) {
      const key = labelKey(word);
      if ((field as string) === 'control') {
        CONTROL_WORDS.add(key);
        continue;
      }
      if (!LABELS.has(key)) LABELS.set(key, gameHint ? { field, gameHint } : { field });
      LABEL_PREFIXES.add(key.slice(0, PREFIX_LENGTH));
    }
  }
  for (const game of vocabulary.games.split(';')) {
    const names = game.split('|');
    for (const name of names) GAMES.set(labelKey(name), names[0]!);
  }
  labelCache.clear(); // a text read as no label may be one now
  return true;
}
addVocabulary({ labels: LABEL_TABLE, games: GAME_TABLE });
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
  // Folded word by word as labelKey folds (marks kept with their letter: a page's text may be decomposed).
  const words = text
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .map(labelKey)
    .filter((word) => word !== '');
  for (let size = LONGEST_GAME_WORDS; size >= 1; size--) {
    for (let start = 0; start + size <= words.length; start++) {
      const game = GAMES.get(words.slice(start, start + size).join(''));
      if (game !== undefined) return game;
    }
  }
  return undefined;
}
