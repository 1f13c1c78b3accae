// Splits a JSON file of rounds into one text per round without loading the whole file: the
// top-level array, or the "rounds" array of an export object, is cut into element texts as chunks
// arrive, and each element is handed on to be parsed with JSON.parse on its own. A million rounds
// cost the memory of one chunk plus one round.
//
// The scanner only tracks what it must to find where an element ends: strings (with escapes, so
// a quoted bracket or an escaped quote does not count), nesting depth and line numbers. Whatever
// it does not check, JSON.parse checks on the element text; syntax errors carry line and column.
import { JsonScanError, describeAt, parseJsonAt } from './json-error.js';

export { JsonScanError } from './json-error.js';

export interface ScanHandlers {
  /** The file's top-level value has begun: a plain array of rounds, or an object holding one. */
  start?(shape: 'array' | 'object'): void;
  /** One element of the streamed array, as JSON text; `line`/`column` are where it starts (1-based). */
  element(text: string, index: number, line: number, column: number): void;
  /** A member of the top-level object other than the streamed array, parsed (e.g. "format"). */
  member?(key: string, value: unknown, line: number, column: number): void;
}

export interface ScanOptions {
  /** In a top-level object, the member whose array is streamed. Default "rounds". */
  arrayKey?: string;
  /** The longest element or member value taken, in characters; a longer one fails the scan (kind `too-long`). Default: no limit. */
  maxValueLength?: number;
}

// Scanner states: where in the top-level grammar the next character falls.
const BEGIN = 0; //           before the top-level value
const ARRAY_FIRST = 1; //     after '[': an element or ']'
const ARRAY_NEXT = 2; //      after an element: ',' or ']'
const ARRAY_VALUE = 3; //     after ',': an element
const OBJECT_FIRST = 4; //    after '{': a member name or '}'
const OBJECT_KEY = 5; //      after ',': a member name
const OBJECT_COLON = 6; //    after a member name: ':'
const OBJECT_VALUE = 7; //    after ':': the member's value
const OBJECT_NEXT = 8; //     after a member: ',' or '}'
const IN_VALUE = 9; //        inside an element, member name or member value
const END = 10; //            after the top-level value: only whitespace may follow

// What the value being scanned is.
const ELEMENT = 0;
const KEY = 1;
const MEMBER = 2;

/**
 * The scanner over text: the CLI feeds it bytes through a UTF-8 decoder (cli/json-scanner.ts), the
 * popup's import the text of a file's stream.
 */
export class JsonArrayScanner {
  private readonly arrayKey: string;
  private readonly maxValueLength: number;
  private state = BEGIN;
  private shape: 'array' | 'object' | undefined;

  // Position: `base` is the offset of the current chunk's first character in the whole text.
  private base = 0;
  private line = 1;
  private lineStart = 0;

  // The value being scanned.
  private role = ELEMENT;
  private depth = 0;
  private inString = false;
  private escape = false;
  private carry = '';
  private valueStart = 0;
  private valueLine = 0;
  private valueColumn = 0;

  // Where the next backslash and line feed are in the current chunk (-1: not looked up yet), so
  // string contents are skipped with indexOf instead of character by character.
  private nextBackslash = -1;
  private nextLineFeed = -1;

  private spanSource: string | undefined;
  private spanStart = 0;
  private spanEnd = 0;

  private index = 0;
  private key = '';
  private sawArray = false;
  private inObject = false;

  constructor(
    private readonly handlers: ScanHandlers,
    options: ScanOptions = {},
  ) {
    this.arrayKey = options.arrayKey ?? 'rounds';
    this.maxValueLength = options.maxValueLength ?? Infinity;
  }

  /** Elements seen so far. */
  get count(): number {
    return this.index;
  }

  /**
   * During `element`: the chunk of text the element lies in and its place there, or undefined
   * when it spans chunks (its text was put together). Lets a caller pass on many neighbouring
   * elements as one slice instead of copying each.
   */
  get elementSpan(): { source: string; start: number; end: number } | undefined {
    return this.spanSource === undefined ? undefined : { source: this.spanSource, start: this.spanStart, end: this.spanEnd };
  }

  /** Feeds the next chunk of text (split anywhere). Handlers run synchronously. */
  write(text: string): void {
    if (text.length > 0) this.scan(text);
  }

  /** The input is complete: throws if the JSON stopped short. */
  end(): void {
    if (this.state === END) return;
    const at = { line: this.line, column: this.base - this.lineStart + 1 };
    let problem: string;
    if (this.state === BEGIN) problem = 'the file is empty; expected a JSON array of rounds or a fair-witness export';
    else if (this.state === IN_VALUE && this.role === ELEMENT) {
      problem = `unexpected end of file inside element ${this.index}, which starts at line ${this.valueLine}, column ${this.valueColumn}`;
    } else if (this.state === IN_VALUE || this.state >= OBJECT_FIRST) problem = "unexpected end of file: the top-level object is not closed ('}' missing)";
    else problem = "unexpected end of file: the array of rounds is not closed (']' missing)";
    throw new JsonScanError(problem, at.line, at.column);
  }

  private scan(s: string): void {
    const n = s.length;
    let i = 0;
    this.nextBackslash = -1;
    this.nextLineFeed = -1;
    if (this.base === 0 && s.charCodeAt(0) === 0xfeff) {
      i = 1; // a UTF-8 byte order mark, as some editors write
      this.lineStart = 1;
    }
    while (i < n) {
      if (this.state === IN_VALUE) {
        i = this.scanValue(s, i);
        continue;
      }
      const c = s.charCodeAt(i);
      if (c === 32 || c === 9 || c === 13) {
        i++;
      } else if (c === 10) {
        i++;
        this.line++;
        this.lineStart = this.base + i;
      } else {
        i = this.token(s, i, c);
      }
    }
    this.base += n;
  }

  /** One structural character outside any value; returns where to go on. */
  private token(s: string, i: number, c: number): number {
    switch (this.state) {
      case BEGIN:
        if (c === 0x5b /* [ */) {
          this.shape = 'array';
          this.handlers.start?.('array');
          this.state = ARRAY_FIRST;
          return i + 1;
        }
        if (c === 0x7b /* { */) {
          this.shape = 'object';
          this.inObject = true;
          this.handlers.start?.('object');
          this.state = OBJECT_FIRST;
          return i + 1;
        }
        return this.fail(s, i, 'expected a JSON array of rounds or a fair-witness export object', false, 'shape');
      case ARRAY_FIRST:
        if (c === 0x5d /* ] */) return this.closeArray(i);
        return this.beginValue(s, i, ELEMENT);
      case ARRAY_VALUE:
        if (c === 0x5d) return this.fail(s, i, `expected element ${this.index} after ',' (a trailing comma is not JSON)`);
        return this.beginValue(s, i, ELEMENT);
      case ARRAY_NEXT:
        if (c === 0x2c /* , */) {
          this.state = ARRAY_VALUE;
          return i + 1;
        }
        if (c === 0x5d) return this.closeArray(i);
        return this.fail(s, i, `expected ',' or ']' after element ${this.index - 1}`);
      case OBJECT_FIRST:
        if (c === 0x7d /* } */) return this.closeObject(s, i);
        if (c === 0x22 /* " */) return this.beginValue(s, i, KEY);
        return this.fail(s, i, "expected a member name in double quotes or '}'");
      case OBJECT_KEY:
        if (c === 0x22) return this.beginValue(s, i, KEY);
        return this.fail(s, i, 'expected a member name in double quotes (a trailing comma is not JSON)');
      case OBJECT_COLON:
        if (c === 0x3a /* : */) {
          this.state = OBJECT_VALUE;
          return i + 1;
        }
        return this.fail(s, i, `expected ':' after "${this.key}"`);
      case OBJECT_VALUE:
        if (this.key === this.arrayKey) {
          if (this.sawArray) return this.fail(s, i, `"${this.arrayKey}" appears twice`, false, 'shape');
          if (c !== 0x5b) return this.fail(s, i, `"${this.arrayKey}" must be an array`, false, 'shape');
          this.sawArray = true;
          this.state = ARRAY_FIRST;
          return i + 1;
        }
        return this.beginValue(s, i, MEMBER);
      case OBJECT_NEXT:
        if (c === 0x2c) {
          this.state = OBJECT_KEY;
          return i + 1;
        }
        if (c === 0x7d) return this.closeObject(s, i);
        return this.fail(s, i, "expected ',' or '}' after a member of the top-level object");
      case END:
        return this.fail(s, i, `unexpected ${describeAt(s, i)} after the closing '${this.shape === 'object' ? '}' : ']'}' (the JSON should end there)`, true);
      default:
        throw new Error(`json-scanner: unexpected state ${this.state}`);
    }
  }

  private closeArray(i: number): number {
    this.state = this.inObject ? OBJECT_NEXT : END;
    return i + 1;
  }

  private closeObject(s: string, i: number): number {
    if (!this.sawArray) return this.fail(s, i, `the object has no "${this.arrayKey}" array, so it is not a fair-witness export`, false, 'shape');
    this.state = END;
    return i + 1;
  }

  private beginValue(s: string, i: number, role: number): number {
    const c = s.charCodeAt(i);
    if (c === 0x2c || c === 0x5d || c === 0x7d || c === 0x3a) return this.fail(s, i, 'expected a value');
    this.role = role;
    this.state = IN_VALUE;
    this.depth = 0;
    this.inString = false;
    this.escape = false;
    this.carry = '';
    this.valueStart = i;
    this.valueLine = this.line;
    this.valueColumn = this.base + i - this.lineStart + 1;
    return i;
  }

  /**
   * The hot loop: runs over every character of every round. Finds where the value that began at
   * `valueStart` ends: the bracket that closes its first one, the quote that closes a top-level
   * string, or for a bare number/literal the first delimiter. Returns the index after it, or `n`
   * when the value goes on in the next chunk (its text so far is kept in `carry`).
   */
  private scanValue(s: string, from: number): number {
    const n = s.length;
    const base = this.base;
    let depth = this.depth;
    let inString = this.inString;
    let escape = this.escape;
    let line = this.line;
    let lineStart = this.lineStart;
    let nextBackslash = this.nextBackslash;
    let nextLineFeed = this.nextLineFeed;
    let end = -1;
    let i = from;
    for (; i < n; i++) {
      let c = s.charCodeAt(i);
      if (inString) {
        if (escape) {
          escape = false;
          if (c === 10) {
            line++;
            lineStart = base + i + 1;
          }
          continue;
        }
        if (c !== 0x22 && c !== 0x5c && c !== 10) {
          // Jump to the next character that matters in a string: a quote, a backslash or a line
          // feed. The backslash and line feed positions are looked up once per chunk and reused.
          if (nextBackslash < i) nextBackslash = indexOrEnd(s, '\\', i);
          if (nextLineFeed < i) nextLineFeed = indexOrEnd(s, '\n', i);
          i = Math.min(indexOrEnd(s, '"', i), nextBackslash, nextLineFeed);
          if (i >= n) break;
          c = s.charCodeAt(i);
        }
        if (c === 0x5c /* \ */) escape = true;
        else if (c === 0x22 /* " */) {
          inString = false;
          if (depth === 0) {
            end = i + 1;
            break;
          }
        } else if (c === 10) {
          line++; // a raw line break is not valid JSON, but keeps later line numbers right
          lineStart = base + i + 1;
        }
      } else if (c === 0x22) {
        inString = true;
      } else if (c === 0x7b || c === 0x5b) {
        depth++;
      } else if (c === 0x7d || c === 0x5d) {
        if (depth === 0) {
          end = i;
          break;
        }
        if (--depth === 0) {
          end = i + 1;
          break;
        }
      } else if (depth === 0 && (c === 0x2c || c === 32 || c === 9 || c === 13 || c === 10 || c === 0x3a)) {
        end = i; // the end of a bare number or literal
        break;
      } else if (c === 10) {
        line++;
        lineStart = base + i + 1;
      }
    }
    this.line = line;
    this.lineStart = lineStart;
    this.nextBackslash = nextBackslash;
    this.nextLineFeed = nextLineFeed;
    if (end < 0) {
      this.depth = depth;
      this.inString = inString;
      this.escape = escape;
      this.carry += this.valueStart === 0 ? s : s.slice(this.valueStart);
      this.valueStart = 0; // the value continues at the start of the next chunk
      if (this.carry.length > this.maxValueLength) this.tooLong();
      return n;
    }
    if (this.carry.length + end - this.valueStart > this.maxValueLength) this.tooLong();
    let text: string;
    if (this.carry.length === 0) {
      text = s.slice(this.valueStart, end);
      this.spanSource = s;
      this.spanStart = this.valueStart;
      this.spanEnd = end;
    } else {
      text = this.carry + s.slice(this.valueStart, end);
      this.carry = '';
      this.spanSource = undefined;
    }
    this.finishValue(text);
    this.spanSource = undefined; // the span is only valid during the handler
    return end;
  }

  private finishValue(text: string): void {
    const line = this.valueLine;
    const column = this.valueColumn;
    if (this.role === ELEMENT) {
      this.state = ARRAY_NEXT;
      this.handlers.element(text, this.index++, line, column);
    } else if (this.role === KEY) {
      this.key = parseJsonAt(text, line, column, 'a member name') as string;
      this.state = OBJECT_COLON;
    } else {
      const value = parseJsonAt(text, line, column, `"${this.key}"`);
      this.state = OBJECT_NEXT;
      this.handlers.member?.(this.key, value, line, column);
    }
  }

  /** A value over `maxValueLength`: placed where it starts, since its end may be far away. */
  private tooLong(): never {
    const what = this.role === ELEMENT ? `element ${this.index}` : 'a member value';
    throw new JsonScanError(`${what} is longer than ${this.maxValueLength} characters`, this.valueLine, this.valueColumn, 'too-long');
  }

  private fail(s: string, i: number, problem: string, described = false, kind: 'syntax' | 'shape' = 'syntax'): never {
    const found = described ? '' : `, found ${describeAt(s, i)}`;
    throw new JsonScanError(`${problem}${found}`, this.line, this.base + i - this.lineStart + 1, kind);
  }
}

/** The index of `search` in `s` from `from`, or `s.length` when there is none. */
function indexOrEnd(s: string, search: string, from: number): number {
  const found = s.indexOf(search, from);
  return found < 0 ? s.length : found;
}
