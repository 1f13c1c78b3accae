// The two hash primitives the procedure needs, behind one small interface so the
// CLI can swap in Node's native Keccak while the browser keeps @noble/hashes.
// Both backends are tested against the same reference vectors.
import { sha3_256, shake256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { SPONGE_AVAILABLE, SpongeShakeReader, spongeSha3_256Hex } from './keccak-sponge.js';

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

/**
 * SHA3-256 remembering its last two inputs. A round hashes its server seed (the commitment), then
 * its signature input; the next round of the same seed pair hashes the same server seed again, so
 * over many rounds the commitment is computed once per seed pair instead of once per round.
 */
export function lastTwoMemo(hash: (text: string) => string): (text: string) => string {
  let newerText = '';
  let newerHex = '';
  let olderText = '';
  let olderHex = '';
  return (text) => {
    if (text === newerText && newerHex !== '') return newerHex;
    if (text === olderText && olderHex !== '') {
      // Swapped by hand: a destructuring swap would build an array on every round.
      const hex = olderHex;
      olderText = newerText;
      olderHex = newerHex;
      newerText = text;
      newerHex = hex;
      return hex;
    }
    // Hashed before anything is remembered: a hash that throws must not leave `text` paired with an older digest.
    const hex = hash(text);
    olderText = newerText;
    olderHex = newerHex;
    newerText = text;
    newerHex = hex;
    return hex;
  };
}

export const nobleBackend: HashBackend = SPONGE_AVAILABLE
  ? { name: '@noble/hashes', sha3_256Hex: lastTwoMemo(spongeSha3_256Hex), shake256: (text) => new SpongeShakeReader(text) }
  : {
      name: '@noble/hashes',
      sha3_256Hex: (text) => bytesToHex(sha3_256(utf8ToBytes(text))),
      shake256(text) {
        // noble's Keccak squeezes incrementally: each xof() call continues the same output.
        const xof = shake256.create({}).update(utf8ToBytes(text));
        return { read: (byteCount) => xof.xof(byteCount) };
      },
    };
