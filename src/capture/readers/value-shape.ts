// A value's shape for the capture diagnostics: what kind of value it is and how long, never any
// part of it. Used in the page's world (json-tap.ts notes the page's keys) and by the tally.

const INT = /^\d{1,20}$/;
const HEX = /^[\da-f]{16,}$/i;

/** A value's shape: `i`, `h64` (64 hex digits), `t12` (12 characters), `L10i` / `L3t` (lists). Holds no part of the value. */
export function shapeOf(value: string | readonly string[]): string {
  if (typeof value !== 'string') return `L${value.length}${value.every((item) => INT.test(item)) ? 'i' : 't'}`;
  return INT.test(value) ? 'i' : HEX.test(value) ? `h${value.length}` : `t${value.length}`;
}
