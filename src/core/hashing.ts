// The two hash primitives the procedure needs, behind one small interface so the
// CLI can swap in Node's native Keccak while the browser keeps @noble/hashes.
// Both backends are tested against the same reference vectors.
import { sha3_256, shake256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Reads successive bytes of one SHAKE256 output; `read(n)` continues where the last call stopped. */
export interface XofReader {
  read(byteCount: number): Uint8Array;
}

export interface HashBackend {
  readonly name: string;
  /** Lowercase hex of SHA3-256 over the UTF-8 bytes of `text`. */
  sha3_256Hex(text: string): string;
  /** An endless SHAKE256 byte stream over the UTF-8 bytes of `text`. */
  shake256(text: string): XofReader;
}

export const nobleBackend: HashBackend = {
  name: '@noble/hashes',
  sha3_256Hex: (text) => bytesToHex(sha3_256(utf8ToBytes(text))),
  shake256(text) {
    // noble's Keccak squeezes incrementally: each xof() call continues the same output.
    const xof = shake256.create({}).update(utf8ToBytes(text));
    return { read: (byteCount) => xof.xof(byteCount) };
  },
};
