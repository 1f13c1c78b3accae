// The folding labels and JSON keys are matched by. A module of its own, free of tables: the page
// tap (json-tap.ts) needs only this, and importing labels.ts would carry its wording tables along.

/** Folds text to the key used for labels and game names: letters and digits, lowercase, no accents. */
export function labelKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
