// MessagePack and CBOR encoders of JSON values, for the demo casino's binary WebSocket frames (and
// the tests of the extension's decoders, as an implementation of their own). Integers take the
// shortest form, other numbers a 64-bit float; strings are UTF-8; objects are maps of text keys.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const utf8 = (text: string): number[] => [...Buffer.from(text, 'utf8')];
const be = (value: number | bigint, size: number): number[] => {
  const out: number[] = [];
  for (let index = size - 1; index >= 0; index--) out.push(Number((BigInt(value) >> BigInt(index * 8)) & 0xffn));
  return out;
};
const float64 = (value: number): number[] => {
  const buffer = Buffer.alloc(8);
  buffer.writeDoubleBE(value);
  return [...buffer];
};

function pack(value: Json, out: number[]): void {
  if (value === null) out.push(0xc0);
  else if (typeof value === 'boolean') out.push(value ? 0xc3 : 0xc2);
  else if (typeof value === 'number') {
    if (!Number.isInteger(value)) out.push(0xcb, ...float64(value));
    else if (value >= 0) {
      if (value < 128) out.push(value);
      else if (value < 256) out.push(0xcc, value);
      else if (value < 65536) out.push(0xcd, ...be(value, 2));
      else if (value < 2 ** 32) out.push(0xce, ...be(value, 4));
      else out.push(0xcf, ...be(value, 8));
    } else if (value >= -32) out.push(value & 0xff);
    else if (value >= -128) out.push(0xd0, value & 0xff);
    else if (value >= -32768) out.push(0xd1, ...be(value & 0xffff, 2));
    else if (value >= -(2 ** 31)) out.push(0xd2, ...be(value >>> 0, 4));
    else out.push(0xd3, ...be(BigInt.asUintN(64, BigInt(value)), 8));
  } else if (typeof value === 'string') {
    const bytes = utf8(value);
    const n = bytes.length;
    out.push(...(n < 32 ? [0xa0 | n] : n < 256 ? [0xd9, n] : n < 65536 ? [0xda, ...be(n, 2)] : [0xdb, ...be(n, 4)]));
    for (const byte of bytes) out.push(byte);
  } else if (Array.isArray(value)) {
    const n = value.length;
    out.push(...(n < 16 ? [0x90 | n] : n < 65536 ? [0xdc, ...be(n, 2)] : [0xdd, ...be(n, 4)]));
    for (const item of value) pack(item, out);
  } else {
    const entries = Object.entries(value);
    const n = entries.length;
    out.push(...(n < 16 ? [0x80 | n] : n < 65536 ? [0xde, ...be(n, 2)] : [0xdf, ...be(n, 4)]));
    for (const [key, item] of entries) {
      pack(key, out);
      pack(item, out);
    }
  }
}

/** A CBOR head: major type and argument (RFC 8949 §3), in its shortest form. */
function head(major: number, value: number, out: number[]): void {
  const type = major << 5;
  if (value < 24) out.push(type | value);
  else if (value < 256) out.push(type | 24, value);
  else if (value < 65536) out.push(type | 25, ...be(value, 2));
  else if (value < 2 ** 32) out.push(type | 26, ...be(value, 4));
  else out.push(type | 27, ...be(value, 8));
}

function cborItem(value: Json, out: number[]): void {
  if (value === null) out.push(0xf6);
  else if (typeof value === 'boolean') out.push(value ? 0xf5 : 0xf4);
  else if (typeof value === 'number') {
    if (!Number.isInteger(value)) out.push(0xfb, ...float64(value));
    else if (value >= 0) head(0, value, out);
    else head(1, -1 - value, out);
  } else if (typeof value === 'string') {
    const bytes = utf8(value);
    head(3, bytes.length, out);
    for (const byte of bytes) out.push(byte);
  } else if (Array.isArray(value)) {
    head(4, value.length, out);
    for (const item of value) cborItem(item, out);
  } else {
    const entries = Object.entries(value);
    head(5, entries.length, out);
    for (const [key, item] of entries) {
      cborItem(key, out);
      cborItem(item, out);
    }
  }
}

export function encodeMessagePack(value: unknown): Uint8Array<ArrayBuffer> {
  const out: number[] = [];
  pack(value as Json, out);
  return new Uint8Array(out);
}

export function encodeCbor(value: unknown): Uint8Array<ArrayBuffer> {
  const out: number[] = [];
  cborItem(value as Json, out);
  return new Uint8Array(out);
}
