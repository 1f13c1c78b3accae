// An outcome's text as one number, so the compact audit keeps a float per round instead of a
// string. A Keno draw or a Roulette number ("3 9 14 …", "17") is a set of small integers written in
// ascending order: it becomes a bit mask (exact up to bit 52), which gives the same text back.
// Anything else ("00", a list from an unknown game) is kept once in a table and coded by its place.

const MAX_BIT = 52;

export class OutcomeCodes {
  private readonly codes = new Map<string, number>();
  private readonly texts: string[] = [];

  /** A code for `text` (NaN for no outcome): non-negative for a bit mask, negative for a table entry. */
  code(text: string | null): number {
    if (text === null) return NaN;
    const mask = maskOf(text);
    if (mask !== undefined) return mask;
    let code = this.codes.get(text);
    if (code === undefined) {
      code = -this.texts.push(text);
      this.codes.set(text, code);
    }
    return code;
  }

  /** The text `code` stands for (undefined for no outcome). */
  text(code: number): string | undefined {
    if (Number.isNaN(code)) return undefined;
    if (code < 0) return this.texts[-code - 1];
    let text = '';
    for (let bit = 0, rest = code; rest > 0; bit++, rest = Math.floor(rest / 2)) {
      if (rest % 2 === 1) text += text === '' ? String(bit) : ` ${bit}`;
    }
    return text;
  }
}

/** The bit mask of text written exactly as `text()` writes a set, or undefined. */
function maskOf(text: string): number | undefined {
  let mask = 0;
  let previous = -1;
  let i = 0;
  while (true) {
    const start = i;
    let value = 0;
    while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) value = value * 10 + text.charCodeAt(i++) - 48;
    const digits = i - start;
    // One number with no leading zero, above the one before and small enough for the mask.
    if (digits === 0 || digits > 2 || (digits === 2 && text.charCodeAt(start) === 48) || value <= previous || value > MAX_BIT) return undefined;
    mask += 2 ** value;
    previous = value;
    if (i === text.length) return mask;
    if (text.charCodeAt(i) !== 32) return undefined;
    i++;
  }
}
