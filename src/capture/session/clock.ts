// The content script's clock. Order is what the trust rule reads (core/witness.ts): a commitment
// seen, then the player's action, then the outcome. Date.now() ticks in whole milliseconds, so a
// scan, a click and the next scan can share one reading; this clock never returns the same or an
// earlier reading twice, so within a document "before" is exact.

export interface StrictClock {
  (): number;
  /**
   * A reading for what the document held before a trusted action now being handled: in the
   * millisecond before this one when nothing was read in this one yet (still after every earlier
   * reading), else the next reading. Across documents the rule orders by whole milliseconds only,
   * so what the page received before the click, read only at the click, would otherwise share the
   * click's millisecond and not count as before it.
   */
  beforeNow(): number;
}

/**
 * A strictly increasing reading of `now` (a tie moves on by 1/1024 ms, exact in a double), that
 * never runs ahead of its millisecond: past 1 023 readings in one, they tie. A page that makes the
 * content script read more often (empty data messages) would otherwise push this document's clock
 * ahead of the others', and a pair another frame shows after the bet would sort before it
 * (red8-clock-drift). A tie is never "before", so it can only take `witnessed` away.
 */
export function strictClock(now: () => number = Date.now): StrictClock {
  let last = -Infinity;
  const after = (time: number): number => (last = time > last ? time : Math.max(last, Math.min(last + 1 / 1024, Math.floor(last) + 1023 / 1024)));
  const clock = (): number => after(now());
  clock.beforeNow = (): number => after(Math.max(last, Math.floor(now()) - 1));
  return clock;
}
