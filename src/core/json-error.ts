// Where a JSON text goes wrong, in words and as a line and column: V8's JSON.parse messages do
// not always give a position, and never a line, so a failed parse is re-read by a small validator.
// It runs only after JSON.parse has thrown, so it is written for clarity, not speed.

/**
 * A problem at a line and column of the input file (both 1-based, columns in UTF-16 units): its
 * JSON is malformed (`syntax`), it is JSON but not shaped as a file of rounds (`shape`), or one of
 * its values is longer than the reader takes (`too-long`).
 */
export class JsonScanError extends Error {
  override name = 'JsonScanError';
  constructor(
    readonly problem: string,
    readonly line: number,
    readonly column: number,
    readonly kind: 'syntax' | 'shape' | 'too-long' = 'syntax',
  ) {
    super(`line ${line}, column ${column}: ${problem}`);
  }
}

/** JSON.parse, but a syntax error becomes a JsonScanError placed in the file. `line`/`column` are where `text` starts. */
export function parseJsonAt(text: string, line: number, column: number, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const found = locateJsonError(text);
    const at = advance(text, found?.offset ?? 0, line, column);
    const problem = found?.message ?? (error instanceof Error ? error.message : String(error));
    throw new JsonScanError(`malformed JSON in ${what}: ${problem}`, at.line, at.column);
  }
}

/** Line and column of `text[offset]`, when `text` starts at `line`, `column`. */
export function advance(text: string, offset: number, line: number, column: number): { line: number; column: number } {
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      column = 1;
    } else {
      column++;
    }
  }
  return { line, column };
}

class Located {
  constructor(
    readonly offset: number,
    readonly message: string,
  ) {}
}

/** A printable name for the character at `offset`, or "the end". */
export function describeAt(text: string, offset: number): string {
  if (offset >= text.length) return 'the end';
  const c = text.codePointAt(offset)!;
  if (c === 10) return 'a line break';
  if (c < 0x20) return `control character U+${c.toString(16).padStart(4, '0')}`;
  return `'${String.fromCodePoint(c)}'`;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/** The first syntax error of `text` as one JSON value (RFC 8259), or undefined when it is valid. */
export function locateJsonError(text: string): { offset: number; message: string } | undefined {
  let i = 0;
  const fail = (message: string, at = i): never => {
    throw new Located(at, message);
  };
  const ws = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const expectAfter = (what: string): never => fail(`expected ${what}, found ${describeAt(text, i)}`);

  const string = (): void => {
    const start = i;
    i++;
    for (;;) {
      if (i >= text.length) fail('unterminated string (its closing quote is missing)', start);
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c === 92) {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('invalid \\u escape (needs 4 hex digits)');
          i += 6;
        } else if (next !== undefined && ESCAPES.has(next)) {
          i += 2;
        } else {
          fail(`invalid escape '\\${next ?? ''}' in a string`);
        }
      } else if (c < 0x20) {
        fail(`${describeAt(text, i)} inside a string (escape it, e.g. \\n)`);
      } else {
        i++;
      }
    }
  };

  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') object();
    else if (c === '[') array();
    else if (c === '"') string();
    else if (c === 't' || c === 'f' || c === 'n') literal(c === 't' ? 'true' : c === 'f' ? 'false' : 'null');
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
    else expectAfter('a value');
  };
  const literal = (word: string): void => {
    if (!text.startsWith(word, i)) expectAfter('a value');
    i += word.length;
  };
  const number = (): void => {
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) fail('malformed number');
    i = NUMBER.lastIndex;
  };
  const object = (): void => {
    i++;
    ws();
    if (text[i] === '}') {
      i++;
      return;
    }
    for (;;) {
      ws();
      if (text[i] !== '"') expectAfter('a member name in double quotes');
      string();
      ws();
      if (text[i] !== ':') expectAfter("':' after the member name");
      i++;
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return;
      }
      expectAfter("',' or '}' after a member");
    }
  };
  const array = (): void => {
    i++;
    ws();
    if (text[i] === ']') {
      i++;
      return;
    }
    for (;;) {
      value();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === ']') {
        i++;
        return;
      }
      expectAfter("',' or ']' after an array element");
    }
  };

  try {
    value();
    ws();
    if (i < text.length) fail(`unexpected ${describeAt(text, i)} after the value`);
    return undefined;
  } catch (error) {
    if (error instanceof Located) return { offset: error.offset, message: error.message };
    return undefined; // e.g. a RangeError from absurd nesting: the caller falls back to V8's message
  }
}
