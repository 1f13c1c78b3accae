// How much the store keeps. Budgets (rate-limit.ts) bound how fast a page can add: no faster than
// the fastest play; this bounds how much there can ever be, set from the bytes a record takes on
// disk, so that a page left open for weeks cannot fill the disk while a month of the fastest
// auto-bet still fits. Near the cap the popup asks for nothing but an export; past it new rounds and
// seed pairs are refused, counted and shown (export, then clear), never dropped silently and never
// by evicting what is stored: old rounds are the player's evidence.

export interface StoreCaps {
  /** Rounds kept. */
  rounds: number;
  /** Seed pairs (commitments seen, revealed or accused): one per round at most in the casino's flow. */
  pairs: number;
}

/** Bytes a round takes on disk with its indexes: 512, measured at 1 M rounds in Chromium (issue #24). */
export const BYTES_PER_ROUND = 512;
/** Bytes a seed pair's record takes: taken as a round's (commitment, seeds, panel times; not measured apart). */
export const BYTES_PER_PAIR = 512;
/** Disk the rounds may take, and as much the seed pairs: 16.7 M rounds, a month of the fastest auto-bet (13 M) with room. */
export const STORE_BYTES = 8 * 1024 ** 3;

export const STORE_CAPS: StoreCaps = { rounds: Math.floor(STORE_BYTES / BYTES_PER_ROUND), pairs: Math.floor(STORE_BYTES / BYTES_PER_PAIR) };
/** From this share of either, the popup says how full the store is and asks for an export (never to clear). */
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
