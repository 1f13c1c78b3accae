// UI strings. The popup reads them through a `Translate` function from context: in the extension
// that is browser.i18n (via src/shared/browser.ts); in tests it is built from the same
// messages.json, so the tests never touch the extension API.

export type Translate = (key: string, substitutions?: string | number | (string | number)[]) => string;

/** One entry of a Chrome `_locales/xx/messages.json`. */
export interface LocaleEntry {
  message: string;
  description?: string;
  placeholders?: Record<string, { content: string; example?: string }>;
}

/** Normalises substitutions to the string array that chrome.i18n.getMessage takes. */
export function substitutionList(substitutions?: string | number | (string | number)[]): string[] {
  if (substitutions === undefined) return [];
  return (Array.isArray(substitutions) ? substitutions : [substitutions]).map(String);
}

/**
 * A translator over a parsed messages.json, doing what chrome.i18n.getMessage does: named
 * placeholders `$name$` (case-insensitive) expand to their `content`, then `$1`…`$9` take the
 * substitutions, and `$$` is a literal dollar sign.
 * https://developer.chrome.com/docs/extensions/reference/api/i18n#getmessage
 */
export function translatorFrom(messages: Record<string, LocaleEntry>): Translate {
  const byKey = new Map(Object.entries(messages).map(([key, entry]) => [key.toLowerCase(), entry]));
  return (key, substitutions) => {
    const entry = byKey.get(key.toLowerCase());
    if (!entry) return key;
    const values = substitutionList(substitutions);
    const placeholders = new Map(
      Object.entries(entry.placeholders ?? {}).map(([name, placeholder]) => [name.toLowerCase(), placeholder.content]),
    );
    const named = entry.message.replace(/\$([A-Za-z0-9_@]+)\$/g, (whole, name: string) => placeholders.get(name.toLowerCase()) ?? whole);
    return named.replace(/\$(\$|[1-9])/g, (_, token: string) => (token === '$' ? '$' : (values[Number(token) - 1] ?? '')));
  };
}

/**
 * A sentence about a count, in the right plural form. English and German both have two forms:
 * one for exactly 1, another for every other count, kept as `<key>_one` and `<key>_other` in
 * messages.json (chrome.i18n has no plural rules of its own). `$1` is the count; `more` follow.
 */
export function countText(t: Translate, key: string, count: number, more: (string | number)[] = []): string {
  return t(`${key}_${count === 1 ? 'one' : 'other'}`, [count, ...more]);
}
