// Text that came from a file (and through it from the casino's pages) shown on a terminal: a
// control character would act instead of showing (move the cursor, erase the line above, recolour,
// reorder the text around it), so each is written as a visible \uXXXX escape. C0 (line breaks too:
// a value must not start a line of its own), DEL, C1 and the bidirectional controls. JSON output
// needs none of this: JSON.stringify escapes what JSON requires, and a JSON reader shows no text.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(CONTROLS, (control) => `\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
