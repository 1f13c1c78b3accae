// Gives each distinct 64-digit lowercase hex text (a commitment, or the hash of a server seed) a
// small id, in order of first sight, keeping it as its 32 bytes: a million commitments take 32 MB
// and an index of a few MB, where a Map of strings would take hundreds.
import { Uint8Column } from './growable-column.js';
import { finishHash, HASH_SEED, mixHash, SlotIndex } from './slot-index.js';

const HEX_DIGITS = '0123456789abcdef';
const BYTE_HEX = Array.from({ length: 256 }, (_, b) => HEX_DIGITS[b >> 4]! + HEX_DIGITS[b & 15]!);

export class HexKeyTable {
  private readonly bytes = new Uint8Column(0);
  private readonly index = new SlotIndex();
  private readonly key = new Uint8Array(32);
  size = 0;

  /** The id of `hex`, given a new one on first sight. Throws on text that is not 64 lowercase hex digits (a caller's bug). */
  id(hex: string): number {
    const hash = this.read(hex);
    let slot = this.index.start(hash);
    for (let id = this.index.at(slot); id >= 0; slot = this.index.next(slot), id = this.index.at(slot)) {
      if (this.equals(id)) return id;
    }
    const id = this.size++;
    this.bytes.ensure(this.size * 32);
    for (let i = 0; i < 32; i++) this.bytes.set(id * 32 + i, this.key[i]!);
    this.index.claim(slot, id, (stored) => this.hashOf(stored));
    return id;
  }

  hex(id: number): string {
    let text = '';
    for (let i = 0; i < 32; i++) text += BYTE_HEX[this.bytes.get(id * 32 + i)]!;
    return text;
  }

  /** Decodes `hex` into this.key; returns its hash. */
  private read(hex: string): number {
    if (hex.length !== 64) throw new Error(`not a 64-digit hex key: ${hex.slice(0, 80)}`);
    let hash = HASH_SEED;
    for (let i = 0; i < 32; i++) {
      const byte = (nibble(hex.charCodeAt(2 * i)) << 4) | nibble(hex.charCodeAt(2 * i + 1));
      if (byte < 0) throw new Error(`not a 64-digit hex key: ${hex}`);
      this.key[i] = byte;
      if ((i & 3) === 3) hash = mixHash(hash, (this.key[i - 3]! << 24) | (this.key[i - 2]! << 16) | (this.key[i - 1]! << 8) | byte);
    }
    return finishHash(hash);
  }

  private hashOf(id: number): number {
    let hash = HASH_SEED;
    for (let i = 0; i < 32; i += 4) {
      const at = id * 32 + i;
      hash = mixHash(hash, (this.bytes.get(at) << 24) | (this.bytes.get(at + 1) << 16) | (this.bytes.get(at + 2) << 8) | this.bytes.get(at + 3));
    }
    return finishHash(hash);
  }

  private equals(id: number): boolean {
    for (let i = 0; i < 32; i++) if (this.bytes.get(id * 32 + i) !== this.key[i]) return false;
    return true;
  }
}

/** The value of one lowercase hex digit, or a large negative number for anything else. */
function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return -0x1000;
}
