// Gives each distinct pair of ids (a seed pair: commitment id and client seed id) a small id of its
// own, in order of first sight, with both parts kept in typed arrays.
import { Uint32Column } from './growable-column.js';
import { finishHash, HASH_SEED, mixHash, SlotIndex } from './slot-index.js';

export class IdPairTable {
  private readonly firsts = new Uint32Column(0);
  private readonly seconds = new Uint32Column(0);
  private readonly index = new SlotIndex();

  get size(): number {
    return this.firsts.length;
  }

  /** The id of (first, second), given a new one on first sight; both are 32-bit unsigned. */
  id(first: number, second: number): number {
    const hash = hashOf(first, second);
    let slot = this.index.start(hash);
    for (let id = this.index.at(slot); id >= 0; slot = this.index.next(slot), id = this.index.at(slot)) {
      if (this.firsts.get(id) === first && this.seconds.get(id) === second) return id;
    }
    const id = this.firsts.push(first);
    this.seconds.push(second);
    this.index.claim(slot, id, (stored) => hashOf(this.firsts.get(stored), this.seconds.get(stored)));
    return id;
  }

  first(id: number): number {
    return this.firsts.get(id);
  }

  second(id: number): number {
    return this.seconds.get(id);
  }
}

function hashOf(first: number, second: number): number {
  return finishHash(mixHash(mixHash(HASH_SEED, first), second));
}
