// Control characters in text that came from a casino page or a file: on a terminal they would act
// instead of showing (move the cursor, erase the line above, recolour, reorder the text around
// it), and copied to the clipboard they travel on unseen. C0 (line breaks too: a value must not
// start a line of its own), DEL, C1 and the bidirectional controls. No seed a casino shows has one.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

/** The first control character in `text`, as "U+001B", or undefined. */
export function firstControl(text: string): string | undefined {
  const found = CONTROL.exec(text);
  return found ? `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : undefined;
}

/** `text` with every control character written as a visible \uXXXX escape. */
export function printable(text: string): string {
  return text.replace(CONTROLS, (control) => `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
