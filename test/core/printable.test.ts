// src/core/printable.ts: text from a page or a file is shown with every character that would act or
// hide instead of showing written as \uXXXX, and JSON text stays JSON with the same value.
import { describe, expect, it } from 'vitest';
import { printable, printableJson } from '../../src/core/printable.js';

describe('printable', () => {
  it('escapes invisible format characters and separators too, not only C0, C1 and the bidi controls', () => {
    // Zero width space and joiner, word joiner, the byte order mark, the line and paragraph
    // separators, a deprecated bidi format, a tag character (two UTF-16 units) and a lone surrogate.
    expect(printable('a\u200bb\u200dc\u2060d\ufeffe\u2028f\u2029g\u206ah\u{e0041}i\ud800j')).toBe(
      'a\\u200bb\\u200dc\\u2060d\\ufeffe\\u2028f\\u2029g\\u206ah\\udb40\\udc41i\\ud800j',
    );
    expect(printable('\u001b[2K\u202eevil\u0085')).toBe('\\u001b[2K\\u202eevil\\u0085');
    // Letters of any script and emoji are shown as they are.
    const text = 'Europäisches Roulette · 17 ≠ 5 … «ключ» 鍵 مفتاح 🎲';
    expect(printable(text)).toBe(text);
  });

  it('printableJson keeps JSON text valid, with the same value once parsed, and its own whitespace as it is', () => {
    const value = { reasons: ['game: unknown game "Keno\u202e\u2066x\u2069\u2028"', '\u0085\ud800\n\t'] };
    for (const json of [JSON.stringify(value), JSON.stringify(value, null, 2)]) {
      const shown = printableJson(json);
      expect(shown).not.toMatch(/[\u0080-\u009f\u2028\u202e\u2066\u2069]/);
      expect(JSON.parse(shown)).toEqual(value);
    }
    expect(printableJson(JSON.stringify(value, null, 2)).split('\n')).toHaveLength(JSON.stringify(value, null, 2).split('\n').length);
  });
});
