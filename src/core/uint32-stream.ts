import type { XofReader } from './hashing.js';

const EMPTY = new Uint8Array(0);

/**
 * The SHAKE256 output read as big-endian unsigned 32-bit integers, squeezed lazily.
 * The reference programs squeeze a fixed 2 (Roulette) or 80 (Keno) numbers and then stop;
 * SHAKE is an XOF, so a longer output has the shorter one as its prefix and this stream
 * yields the reference's numbers exactly while never running out.
 */
export class Uint32Stream {
  private buffer: Uint8Array = EMPTY;
  private offset = 0;
  private drawn = 0;

  /** @param chunkWords how many numbers to squeeze at a time (the game's usual need). */
  constructor(
    private readonly reader: XofReader,
    private readonly chunkWords = 1,
  ) {
    if (!Number.isInteger(chunkWords) || chunkWords < 1) throw new RangeError('chunkWords must be a positive integer');
  }

  /** Numbers drawn so far. */
  get count(): number {
    return this.drawn;
  }

  next(): number {
    if (this.offset + 4 > this.buffer.length) {
      this.buffer = this.reader.read(4 * this.chunkWords);
      this.offset = 0;
    }
    const b = this.buffer;
    const i = this.offset;
    this.offset = i + 4;
    this.drawn++;
    // `>>> 0` keeps the top bit as a magnitude, not a sign.
    return ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
  }
}

/** Anything that yields uint32 values: the real stream, or a synthetic one in tests. */
export interface Uint32Source {
  next(): number;
}
