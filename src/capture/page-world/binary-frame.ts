// Reads a binary WebSocket frame as MessagePack or as CBOR (RFC 8949) into the plain values the
// JSON walker reads (json-tap.ts): maps become objects (string and number keys; other keys are
// skipped), arrays arrays, integers numbers, floats of 16, 32 and 64 bits numbers. Integers beyond
// 2^53 (64-bit ones, CBOR bignums), byte strings, MessagePack extensions and CBOR simple values read
// as nothing: no text form is guessed for bytes, and a number that JSON.parse would round is dropped
// as the walker drops it (a seed or nonce read wrongly would accuse an honest casino). A CBOR tag
// reads as its item. Pure and total: a frame of any
// bytes gives at most one value per format and never throws; a length prefix is checked against the
// bytes left before anything is read (a prefix claiming 4 GB allocates nothing), and depth and item
// count are bounded. Runs in the page's world: everything it calls was taken when the module loaded
// (document_start, before the page's scripts), so a page that patches a built-in learns nothing.
const { pow } = Math;
const { create } = Object;
const apply = Reflect.apply;
const utf8 = new TextDecoder();
const decodeText = TextDecoder.prototype.decode;
const f64 = new Float64Array(1);
const f32 = new Float32Array(1);
const b64 = new Uint8Array(f64.buffer);
const b32 = new Uint8Array(f32.buffer);
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Nesting past this, or more values than MAX_FRAME_ITEMS in one frame: not read (the walker goes no
 * deeper than 40 anyway). Each value takes a byte at least, so the tap's 1 MB frame cap bounds the work too.
 */
export const MAX_FRAME_DEPTH = 40;
export const MAX_FRAME_ITEMS = 1_000_000;
const SAFE = 9007199254740991;
const HEX = '0123456789abcdef';

let bytes: Uint8Array = new Uint8Array(0);
let at = 0;
let items = 0;

/** Fails the format being tried (caught in readFrame, never outside this module). */
const fail = (): never => {
  throw 0;
};
const need = (count: number): void => {
  if (!(count <= bytes.length - at)) fail();
};
const uint = (size: number): number => {
  need(size);
  let value = 0;
  for (let index = 0; index < size; index++) value = value * 256 + bytes[at++]!;
  return value;
};
/** A 64-bit integer, `signed` or not, when it is safe (beyond, a double has lost digits: nothing). */
const int64 = (signed: boolean): number | undefined => {
  const value = (signed ? uint(4) | 0 : uint(4)) * 4294967296 + uint(4);
  return value <= SAFE && value >= -SAFE ? value : undefined;
};
const skip = (count: number): undefined => {
  need(count);
  at += count;
  return undefined;
};
const text = (length: number): string => {
  need(length);
  at += length;
  return apply(decodeText, utf8, [new Uint8Array(bytes.buffer, bytes.byteOffset + at - length, length)]) as string;
};
const float = (size: 4 | 8): number => {
  need(size);
  const view = size === 4 ? b32 : b64;
  for (let index = 0; index < size; index++) view[littleEndian ? size - 1 - index : index] = bytes[at++]!;
  return size === 4 ? f32[0]! : f64[0]!;
};
const half = (): number => {
  const bits = uint(2);
  const exponent = (bits >> 10) & 31;
  const mantissa = bits & 1023;
  const value = exponent === 0 ? mantissa * pow(2, -24) : exponent === 31 ? (mantissa ? NaN : Infinity) : (mantissa + 1024) * pow(2, exponent - 25);
  return bits & 0x8000 ? -value : value;
};

type Read = (depth: number) => unknown;
/** `count` values; each takes at least a byte, so a count beyond the bytes left fails before any is read. */
const list = (count: number, depth: number, read: Read): unknown[] => {
  need(count);
  const out: unknown[] = [];
  for (let index = 0; index < count; index++) out[index] = read(depth + 1);
  return out;
};
/** An object without a prototype: a "__proto__" key is a key like any other, and no setter of the page's runs. */
const entry = (into: Record<string, unknown>, key: unknown, value: unknown): void => {
  if (typeof key === 'string' || typeof key === 'number') into['' + key] = value;
};
const map = (count: number, depth: number, read: Read): Record<string, unknown> => {
  need(count * 2);
  const out = create(null) as Record<string, unknown>;
  for (let index = 0; index < count; index++) entry(out, read(depth + 1), read(depth + 1));
  return out;
};
const enter = (depth: number): number => {
  if (++items > MAX_FRAME_ITEMS || depth > MAX_FRAME_DEPTH) fail();
  need(1);
  return bytes[at++]!;
};

/** One MessagePack value (the spec's formats, all of them). */
function pack(depth: number): unknown {
  const byte = enter(depth);
  if (byte < 0x80) return byte;
  if (byte >= 0xe0) return byte - 256;
  if (byte < 0x90) return map(byte & 15, depth, pack);
  if (byte < 0xa0) return list(byte & 15, depth, pack);
  if (byte < 0xc0) return text(byte & 31);
  if (byte === 0xc0) return null;
  if (byte === 0xc1) fail(); // never used
  if (byte === 0xc2 || byte === 0xc3) return byte === 0xc3;
  if (byte <= 0xc6 && byte >= 0xc4) return skip(uint(1 << (byte - 0xc4))); // bin 8/16/32
  if (byte <= 0xc9 && byte >= 0xc7) return skip(uint(1 << (byte - 0xc7)) + 1); // ext 8/16/32: type, data
  if (byte === 0xca || byte === 0xcb) return float(byte === 0xca ? 4 : 8);
  if (byte === 0xcf || byte === 0xd3) return int64(byte === 0xd3);
  if (byte <= 0xd2) {
    // uint 8/16/32 (0xcc–0xce), int 8/16/32 (0xd0–0xd2)
    const size = 1 << ((byte - 0xcc) & 3);
    const value = uint(size);
    return byte >= 0xd0 && value >= pow(2, size * 8 - 1) ? value - pow(2, size * 8) : value;
  }
  if (byte <= 0xd8) return skip(1 + (1 << (byte - 0xd4))); // fixext 1–16
  if (byte <= 0xdb) return text(uint(1 << (byte - 0xd9)));
  return byte <= 0xdd ? list(uint(byte === 0xdc ? 2 : 4), depth, pack) : map(uint(byte === 0xde ? 2 : 4), depth, pack);
}

/** A CBOR head's argument (RFC 8949 §3): the small value itself, or 1, 2, 4 or 8 bytes after it. */
const argument = (info: number): number | undefined => (info < 24 ? info : info < 27 ? uint(1 << (info - 24)) : info === 27 ? int64(false) : fail());
const length = (info: number): number => {
  const value = argument(info);
  return typeof value === 'number' ? value : fail();
};
/** The parts of an indefinite-length string up to its break, each a definite string of the same major type. */
const chunks = (major: number): string | undefined => {
  let out = '';
  for (;;) {
    const head = enter(MAX_FRAME_DEPTH);
    if (head === 0xff) return major === 3 ? out : undefined;
    if (head >> 5 !== major || (head & 31) === 31) fail();
    const size = length(head & 31);
    if (major === 3) out += text(size);
    else skip(size);
  }
};
/** Runs `step` until the break byte (indefinite-length arrays and maps; each item it reads is counted and its depth checked). */
const untilBreak = (step: () => void): void => {
  for (;;) {
    need(1);
    if (bytes[at] === 0xff) return void at++;
    step();
  }
};

/** One CBOR data item. */
function cbor(depth: number): unknown {
  const head = enter(depth);
  const major = head >> 5;
  const info = head & 31;
  if (major === 7) {
    if (info === 20 || info === 21) return info === 21;
    if (info === 22 || info === 23) return null;
    if (info === 24) return skip(1);
    if (info === 25) return half();
    if (info === 26 || info === 27) return float(info === 26 ? 4 : 8);
    return info < 20 ? undefined : fail(); // simple values 0–19 say nothing; 28–30 are reserved; a break here is out of place
  }
  if (info === 31) {
    if (major === 2 || major === 3) return chunks(major);
    if (major === 4) {
      const out: unknown[] = [];
      untilBreak(() => (out[out.length] = cbor(depth + 1)));
      return out;
    }
    if (major === 5) {
      const out = create(null) as Record<string, unknown>;
      untilBreak(() => entry(out, cbor(depth + 1), cbor(depth + 1)));
      return out;
    }
    fail();
  }
  if (major === 0) return argument(info);
  if (major === 1) {
    const value = argument(info);
    return value === undefined ? value : -1 - value;
  }
  if (major === 2) return skip(length(info));
  if (major === 3) return text(length(info));
  if (major === 4) return list(length(info), depth, cbor);
  if (major === 5) return map(length(info), depth, cbor);
  // A tag is its item (a bignum's bytes read as nothing).
  argument(info);
  return cbor(depth + 1);
}

const EMPTY = new Uint8Array(0);
/** `read` over the whole of `frame`: its value, or nothing when the bytes are not that format (or run past a limit, or go on after it). */
const whole = (read: Read, frame: Uint8Array): { value: unknown } | undefined => {
  try {
    bytes = frame;
    at = items = 0;
    const value = read(0);
    return at === frame.length ? { value } : undefined;
  } catch {
    return undefined;
  } finally {
    bytes = EMPTY; // the page's bytes are not kept
  }
};
export const readMessagePack = (frame: Uint8Array) => whole(pack, frame);
export const readCbor = (frame: Uint8Array) => whole(cbor, frame);

/**
 * The frame's value in each format that reads it whole as a map or an array: none (not MessagePack
 * nor CBOR, or a bare scalar), one, or both (a few short frames are valid in both; the walker finds
 * rounds only where names are). Never throws.
 */
export function readFrame(frame: Uint8Array): object[] {
  const values: object[] = [];
  // Not a loop over the two: a page can replace the array iterator.
  const keep = (read: { value: unknown } | undefined): void => {
    if (typeof read?.value === 'object' && read.value !== null) values[values.length] = read.value;
  };
  keep(readMessagePack(frame));
  keep(readCbor(frame));
  return values;
}

/** What a frame that reads as nothing is counted as: its first byte in hex and its size rounded up to a power of two (`x89b8`). Never a value. */
export function frameShape(frame: Uint8Array): string {
  let size = 1;
  while (size < frame.length && size < 1 << 20) size *= 2;
  const first = frame[0] ?? 0;
  return `x${HEX[first >> 4]}${HEX[first & 15]}b${size}`;
}
