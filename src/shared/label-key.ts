// The folding that makes a label, a game name or a JSON key one key: its own module, so the page
// tap does not bundle the label and game vocabularies of labels.ts, and the worker folds a game
// name as the content script does (the slots of background/tab-actions.ts).

/** Folds text to the key used for labels and game names: letters and digits, lowercase, no accents. */
export function labelKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    // Turkish dotless ı: "KARIŞIK" lowercases to "karisik", "karışık" must too.
    .replace(/ı/g, 'i')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
