// SHA3-256 and SHAKE256 on one reused Keccak state, with @noble/hashes' permutation (keccakP).
// noble's own hash objects allocate a state, views and buffers per call and encode text through
// TextEncoder; a round of the procedure hashes three short ASCII texts, so in the browser that
// overhead cost as much as the permutations. Both functions have rate 136 bytes (capacity 512),
// and every input of the procedure is shorter than one block: one permutation absorbs it.
// Results are checked against noble's own API and js-sha3 by the backend tests (test/core/hashing.test.ts).
import { keccakP } from '@noble/hashes/sha3.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/** Bytes absorbed or squeezed per permutation, for both SHA3-256 and SHAKE256. */
export const KECCAK_RATE = 136;
const SHA3_SUFFIX = 0x06;
const SHAKE_SUFFIX = 0x1f;

const state32 = new Uint32Array(50);
const state8 = new Uint8Array(state32.buffer);

/** noble's keccakP reads lanes as little-endian words of the byte state; elsewhere the high-level API is used. */
export const SPONGE_AVAILABLE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Resets the state and absorbs the UTF-8 bytes of `text` with the domain `suffix`, permuting once per block. */
function absorb(text: string, suffix: number): void {
  state32.fill(0);
  let at = 0;
  const length = text.length;
  let ascii = true;
  for (let i = 0; i < length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    for (let i = 0; i < length; i++) {
      state8[at] = state8[at]! ^ text.charCodeAt(i);
      at++;
      if (at === KECCAK_RATE) {
        keccakP(state32);
        at = 0;
      }
    }
  } else {
    const bytes = utf8ToBytes(text);
    for (let i = 0; i < bytes.length; i++) {
      state8[at] = state8[at]! ^ bytes[i]!;
      at++;
      if (at === KECCAK_RATE) {
        keccakP(state32);
        at = 0;
      }
    }
  }
  state8[at] = state8[at]! ^ suffix;
  state8[KECCAK_RATE - 1] = state8[KECCAK_RATE - 1]! ^ 0x80;
  keccakP(state32);
}

/** Lowercase hex of SHA3-256 over the UTF-8 bytes of `text`. */
export function spongeSha3_256Hex(text: string): string {
  absorb(text, SHA3_SUFFIX);
  let hex = '';
  for (let i = 0; i < 32; i++) hex += HEX[state8[i]!];
  return hex;
}

/**
 * SHAKE256 over the UTF-8 bytes of `text`. The shared state is copied at once (the next hash
 * reuses it); further blocks are squeezed from the copy only when read.
 */
export class SpongeShakeReader {
  private readonly lanes: Uint32Array;
  private readonly bytes: Uint8Array;
  private offset = 0;

  constructor(text: string) {
    absorb(text, SHAKE_SUFFIX);
    this.lanes = state32.slice();
    this.bytes = new Uint8Array(this.lanes.buffer, 0, KECCAK_RATE);
  }

  read(byteCount: number): Uint8Array {
    if (!Number.isInteger(byteCount) || byteCount < 0) throw new RangeError(`byteCount must be a non-negative integer, got ${byteCount}`);
    if (this.offset + byteCount <= KECCAK_RATE) {
      // The usual read: within the block squeezed already.
      const out = this.bytes.slice(this.offset, this.offset + byteCount);
      this.offset += byteCount;
      return out;
    }
    const out = new Uint8Array(byteCount);
    for (let written = 0; written < byteCount; ) {
      if (this.offset === KECCAK_RATE) {
        keccakP(this.lanes);
        this.offset = 0;
      }
      const take = Math.min(byteCount - written, KECCAK_RATE - this.offset);
      out.set(this.bytes.subarray(this.offset, this.offset + take), written);
      this.offset += take;
      written += take;
    }
    return out;
  }
}
