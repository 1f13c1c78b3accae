// Where a JSON text goes wrong: the validator that places a failed JSON.parse at its first error.
import { describe, expect, it } from 'vitest';
import { locateJsonError } from '../../src/core/json-error.js';

describe('locateJsonError', () => {
  it('finds nothing wrong in valid JSON', () => {
    for (const text of ['{}', '[]', '0', '-1.5E+3', '"\\u00fc\\n"', 'true', 'null', ' {"a": [1, {"b": null}]} ']) {
      expect(locateJsonError(text), text).toBeUndefined();
    }
  });

  it('points at the first error', () => {
    const cases: Array<[string, number, RegExp]> = [
      ['{"a":}', 5, /expected a value, found '\}'/],
      ['[1 2]', 3, /expected ',' or '\]'/],
      ['{"a" 1}', 5, /expected ':'/],
      ['{a: 1}', 1, /member name in double quotes/],
      ['"abc', 0, /unterminated string/],
      ['"a\\x"', 2, /invalid escape/],
      ['"a\\u12"', 2, /invalid \\u escape/],
      ['"a\nb"', 2, /a line break inside a string/],
      ['01', 1, /unexpected '1' after the value/],
      ['[1,]', 3, /expected a value, found '\]'/],
      ['tru', 0, /expected a value/],
      ['{"a":1', 6, /expected ',' or '\}'.*found the end/],
    ];
    for (const [text, offset, message] of cases) {
      const found = locateJsonError(text);
      expect(found, text).toBeDefined();
      expect(found!.offset, text).toBe(offset);
      expect(found!.message, text).toMatch(message);
      expect(() => JSON.parse(text), text).toThrow();
    }
  });
});
