// Control characters in text that came from a casino page or a file: on a terminal they would act
// instead of showing (move the cursor, erase the line above, recolour, reorder the text around
// it), and copied to the clipboard they travel on unseen. C0 (line breaks too: a value must not
// start a line of its own), DEL, C1 and the bidirectional controls. No seed a casino shows has one.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// What is shown escaped: those, every other invisible format character (zero widths, joiners, the
// byte order mark, the deprecated bidi formats, tags), the line and paragraph separators (a viewer
// may break the line there) and lone surrogates. Shown, a file could hide or fake a difference with them.
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;
/** The same but JSON's own whitespace (tab, line feed, carriage return), which JSON.stringify writes only between values. */
const UNPRINTABLE_IN_JSON = /(?![\t\n\r])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** The first control character in `text`, as "U+001B", or undefined. */
export function firstControl(text: string): string | undefined {
  const found = CONTROL.exec(text);
  return found ? `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : undefined;
}

/** Each UTF-16 unit of `character` as \uXXXX: what JSON and JavaScript read back as the same text. */
function escaped(character: string): string {
  let text = '';
  for (let i = 0; i < character.length; i++) text += `\\u${character.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return text;
}

/** `text` with every control and invisible format character written as a visible \uXXXX escape. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, escaped);
}

/**
 * JSON text (JSON.stringify's, which escapes only C0 inside strings) with the same characters
 * escaped as \uXXXX: valid JSON that parses to the same value, with no raw bidi control or
 * separator for a terminal or a viewer to act on. Outside strings JSON has only ASCII, and its
 * whitespace is left as it is.
 */
export function printableJson(json: string): string {
  return json.replace(UNPRINTABLE_IN_JSON, escaped);
}
