// A typed array that grows in place, one element per id or row, for the compact audit
// (compact-audit.ts). Its buffer is resizable: growing commits more of an address range reserved up
// front instead of copying, so a column of a million numbers never needs room for two copies of itself.

/** Bytes reserved per column: address space only; memory is used as the column grows. */
const MAX_BYTES = 2 ** 32 - 1;
/** Growth step in bytes: each step is one resize of the buffer, cheap, so steps are small and little is left unused. */
const STEP_BYTES = 1 << 20;
/** A column's first size: it doubles from here up to STEP_BYTES, so a small audit (one per test case,
 *  a short export) does not commit and zero a whole step for every column. */
const FIRST_BYTES = 1 << 12;

type Values = Float64Array<ArrayBuffer> | Uint32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>;

abstract class GrowableColumn<T extends Values> {
  /** How many elements are in use. */
  length = 0;
  protected readonly buffer = new ArrayBuffer(0, { maxByteLength: MAX_BYTES });
  /** Tracks the buffer's length as it grows. */
  protected abstract readonly values: T;

  /** `fill`: the value of elements not written yet. */
  constructor(private readonly fill: number) {}

  get(index: number): number {
    return this.values[index]!;
  }

  set(index: number, value: number): void {
    this.values[index] = value;
  }

  /** Appends `value`; returns its index. */
  push(value: number): number {
    const index = this.length;
    this.ensure(index + 1);
    this.values[index] = value;
    return index;
  }

  /** Makes elements 0 … length − 1 usable, new ones holding `fill`. */
  ensure(length: number): void {
    if (length <= this.length) return;
    const needed = length * this.values.BYTES_PER_ELEMENT;
    if (needed > this.buffer.byteLength) {
      const step = needed < STEP_BYTES ? Math.max(FIRST_BYTES, 2 ** Math.ceil(Math.log2(needed))) : Math.ceil(needed / STEP_BYTES) * STEP_BYTES;
      const grown = Math.min(MAX_BYTES - (MAX_BYTES % 8), step);
      if (needed > grown) throw new RangeError('the audit needs more memory than a column can hold');
      this.buffer.resize(grown);
    }
    if (this.fill !== 0) this.values.fill(this.fill, this.length, length);
    this.length = length;
  }
}

export class Float64Column extends GrowableColumn<Float64Array<ArrayBuffer>> {
  protected readonly values = new Float64Array(this.buffer);
}

export class Uint32Column extends GrowableColumn<Uint32Array<ArrayBuffer>> {
  protected readonly values = new Uint32Array(this.buffer);
}

export class Uint8Column extends GrowableColumn<Uint8Array<ArrayBuffer>> {
  protected readonly values = new Uint8Array(this.buffer);

  /** The bytes start … end − 1, as a view (valid until the column grows). */
  view(start: number, end: number): Uint8Array {
    return this.values.subarray(start, end);
  }
}
