// Gives each distinct string (a client seed) a small id, in order of first sight, keeping its text
// once as bytes: a code unit below 0xFF is one byte, any other is 0xFF and its two bytes, so every
// string, lone surrogates included, has exactly one encoding and comes back unchanged.
import { Uint32Column, Uint8Column } from './growable-column.js';
import { finishHash, HASH_SEED, mixHash, SlotIndex } from './slot-index.js';

const WIDE = 0xff;

export class TextKeyTable {
  private readonly bytes = new Uint8Column(0);
  /** Where each id's bytes end (its start is the previous id's end). */
  private readonly ends = new Uint32Column(0);
  private readonly index = new SlotIndex();
  private key = new Uint8Array(256);
  private keyLength = 0;

  get size(): number {
    return this.ends.length;
  }

  /** The id of `text`, given a new one on first sight. */
  id(text: string): number {
    const hash = this.read(text);
    let slot = this.index.start(hash);
    for (let id = this.index.at(slot); id >= 0; slot = this.index.next(slot), id = this.index.at(slot)) {
      if (this.equals(id)) return id;
    }
    const start = this.bytes.length;
    this.bytes.ensure(start + this.keyLength);
    for (let i = 0; i < this.keyLength; i++) this.bytes.set(start + i, this.key[i]!);
    const id = this.ends.push(start + this.keyLength);
    this.index.claim(slot, id, (stored) => this.hashOf(stored));
    return id;
  }

  /** The id's text has no characters. */
  isEmpty(id: number): boolean {
    return this.start(id) === this.ends.get(id);
  }

  text(id: number): string {
    const end = this.ends.get(id);
    const units: number[] = [];
    for (let i = this.start(id); i < end; i++) {
      const byte = this.bytes.get(i);
      if (byte === WIDE) {
        units.push((this.bytes.get(i + 1) << 8) | this.bytes.get(i + 2));
        i += 2;
      } else units.push(byte);
    }
    let text = '';
    // In slices: String.fromCharCode takes its units as arguments, and arguments are limited.
    for (let i = 0; i < units.length; i += 8192) text += String.fromCharCode(...units.slice(i, i + 8192));
    return text;
  }

  private start(id: number): number {
    return id === 0 ? 0 : this.ends.get(id - 1);
  }

  /** Encodes `text` into this.key; returns its hash. */
  private read(text: string): number {
    if (this.key.length < text.length * 3) this.key = new Uint8Array(text.length * 3);
    let length = 0;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      if (unit < WIDE) this.key[length++] = unit;
      else {
        this.key[length++] = WIDE;
        this.key[length++] = unit >> 8;
        this.key[length++] = unit & 0xff;
      }
    }
    this.keyLength = length;
    return hashBytes(this.key, 0, length);
  }

  private hashOf(id: number): number {
    const start = this.start(id);
    return hashBytes(this.bytes.view(start, this.ends.get(id)), 0, this.ends.get(id) - start);
  }

  private equals(id: number): boolean {
    const start = this.start(id);
    if (this.ends.get(id) - start !== this.keyLength) return false;
    for (let i = 0; i < this.keyLength; i++) if (this.bytes.get(start + i) !== this.key[i]) return false;
    return true;
  }
}

function hashBytes(bytes: Uint8Array, from: number, length: number): number {
  let hash = mixHash(HASH_SEED, length);
  for (let i = from; i < from + length; i++) hash = mixHash(hash, bytes[i]!);
  return finishHash(hash);
}
