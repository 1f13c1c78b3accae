// The casino's languages beyond English and German, for the content script's label scanner
// (capture/readers/labels.ts addVocabulary). Bundled in the worker only: the content script asks
// for a page's language by message (background/router.ts), so no file of the extension is exposed
// to the page (a web-accessible file would let it tell the extension is there). Each language's
// module says where its wordings came from.
import { ES } from './es.js';
import { FR } from './fr.js';
import { HU } from './hu.js';
import { IT } from './it.js';
import { JA } from './ja.js';
import { PT } from './pt.js';
import { TR } from './tr.js';

/** Rows as labels.ts LABEL_TABLE writes them (`field=wording|…`, `field/Game=…`), games as its GAME_TABLE. */
export interface Vocabulary {
  labels: string[];
  games: string;
}

export const VOCABULARIES: Record<string, Vocabulary> = { tr: TR, pt: PT, es: ES, fr: FR, it: IT, hu: HU, ja: JA };

/** The language a `lang` attribute or a URL's locale segment names ("pt-BR", "tr_TR", "ja"), lowercase, or undefined. */
export function languageOf(locale: string): string | undefined {
  return /^([a-z]{2,3})(?:[-_][a-z\d]{1,8})*$/i.exec(locale.trim())?.[1]!.toLowerCase();
}

/** English and German: the content script's own words. */
const BUILT_IN = new Set(['en', 'de']);

/**
 * What the content script is sent. `locales` (the page's lang, its URL's first segment): the
 * vocabulary of the first that names a language known here; null when the first language named is
 * English or German (the content script's own: it asks for every language if a value is left
 * unnamed all the same). A page whose locales name no language, or only languages with no
 * vocabulary here, and a request without locales: every vocabulary, one after another, as one.
 */
export function vocabularyFor(locales: readonly string[] | undefined): Vocabulary | null {
  for (const language of (locales ?? []).map(languageOf)) {
    if (language !== undefined && VOCABULARIES[language]) return VOCABULARIES[language];
    if (language !== undefined && BUILT_IN.has(language)) return null;
  }
  const all = Object.values(VOCABULARIES);
  return { labels: all.flatMap((vocabulary) => vocabulary.labels), games: all.map((vocabulary) => vocabulary.games).join(';') };
}
