// The content script's clock. Order is what the trust rule reads (core/witness.ts): a commitment
// seen, then the player's action, then the outcome. Date.now() ticks in whole milliseconds, so a
// scan, a click and the next scan can share one reading; this clock never returns the same or an
// earlier reading twice, so within a document "before" is exact.

/** A strictly increasing reading of `now` (a tie moves on by 1/1024 ms, exact in a double). */
export function strictClock(now: () => number = Date.now): () => number {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const time = now();
    last = time > last ? time : last + 1 / 1024;
    return last;
  };
}
