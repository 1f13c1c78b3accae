// How much the store keeps. Budgets (rate-limit.ts) bound how fast a page can add; this bounds how
// much there can ever be, so neither a page left open for weeks nor a million-round year fills the
// disk. Past the cap new rounds and seed pairs are refused, counted and shown ("export and clear"),
// never dropped silently and never by evicting what is stored: old rounds are the player's evidence.

export interface StoreCaps {
  /** Rounds kept: two years of a heavy auto-bet player (a million rounds a year). */
  rounds: number;
  /** Seed pairs (commitments seen, revealed or accused): one per round at most in the casino's flow. */
  pairs: number;
}

export const STORE_CAPS: StoreCaps = { rounds: 2_000_000, pairs: 2_000_000 };
/** From this share of either, the popup asks the player to export and clear. */
export const NEARLY_FULL_SHARE = 0.9;

/** The refusal reason of a claim that would add a round or a seed pair to a full store. */
export const STORE_FULL = 'store full: export the history and clear it to store new rounds';

export interface StoreFill {
  rounds: number;
  pairs: number;
  /** New rounds and seed pairs refused since the store was last cleared. */
  refused: number;
}

/** The fuller of the two, as a share of its cap. */
export function fillShare(fill: StoreFill, caps: StoreCaps): number {
  return Math.max(fill.rounds / caps.rounds, fill.pairs / caps.pairs);
}

/** Whether the popup should say so: nearly full, or something was already refused. */
export function worthShowing(fill: StoreFill, caps: StoreCaps): boolean {
  return fill.refused > 0 || fillShare(fill, caps) >= NEARLY_FULL_SHARE;
}
