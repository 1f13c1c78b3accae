// The open-addressing index behind the compact audit's key tables (hex-key-table.ts,
// text-key-table.ts, id-pair-table.ts): slots of ids in one Int32Array, probed linearly. Tables
// compare whole keys on every probe, so a hash collision (even one crafted by a hostile file) costs
// time, never a wrong answer; the hash seed is random per process to make crafting one hard.

/** This process's hash seed. */
export const HASH_SEED = (Math.random() * 0x1_0000_0000) >>> 0;

/** Mixes one 32-bit word into a running hash (FNV-1a's step on a whole word, then a rotate). */
export function mixHash(hash: number, word: number): number {
  const h = Math.imul(hash ^ word, 0x01000193);
  return (h << 13) | (h >>> 19);
}

/** Final avalanche (murmur3's), so nearby keys land in distant slots. */
export function finishHash(hash: number): number {
  let h = hash ^ (hash >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export class SlotIndex {
  /** id + 1 per slot; 0 is empty. */
  private slots = new Int32Array(1 << 10);
  private mask = this.slots.length - 1;
  private used = 0;

  start(hash: number): number {
    return hash & this.mask;
  }

  next(slot: number): number {
    return (slot + 1) & this.mask;
  }

  /** The id in `slot`, or −1 for an empty slot. */
  at(slot: number): number {
    return this.slots[slot]! - 1;
  }

  /** Puts `id` into the empty `slot` found by probing; `hashOf` gives any stored id's hash when the index grows. */
  claim(slot: number, id: number, hashOf: (id: number) => number): void {
    this.slots[slot] = id + 1;
    // At most half full, so probes stay short.
    if (++this.used * 2 > this.slots.length) this.grow(hashOf);
  }

  private grow(hashOf: (id: number) => number): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    this.mask = this.slots.length - 1;
    for (const entry of old) {
      if (entry === 0) continue;
      let slot = hashOf(entry - 1) & this.mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot] = entry;
    }
  }
}
