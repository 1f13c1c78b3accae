// The one line at the top of the popup that says what matters most, from the summary's counts.
// Worst first: a round that does not add up outweighs everything; a round the data cannot check
// comes next; then rounds still waiting for their seed (the player can act: rotate the pair).
// "Fair" is said only when every checked round was witnessed: a round seen only in the history
// adds up, but the casino could have chosen its seed after the bet, so it cannot earn that word.
import type { Summary } from '../shared/records.js';

export type HeadlineKind = 'empty' | 'mismatch' | 'invalid' | 'pending' | 'fair' | 'adds-up' | 'unsupported';

export interface Headline {
  kind: HeadlineKind;
  /** The rounds the line counts (0 for `empty`). */
  count: number;
  /** Colour: bad (red), wait (amber), good (green), none. */
  tone: 'bad' | 'wait' | 'good' | 'none';
}

export function headlineOf({ total, counts, levels }: Pick<Summary, 'total' | 'counts' | 'levels'>): Headline {
  if (total === 0) return { kind: 'empty', count: 0, tone: 'none' };
  if (counts.mismatch > 0) return { kind: 'mismatch', count: counts.mismatch, tone: 'bad' };
  if (counts.invalid > 0) return { kind: 'invalid', count: counts.invalid, tone: 'wait' };
  if (counts.pending > 0) return { kind: 'pending', count: counts.pending, tone: 'wait' };
  if (counts.verified > 0) {
    return levels.history === 0 && levels.witnessed >= counts.verified
      ? { kind: 'fair', count: counts.verified, tone: 'good' }
      : { kind: 'adds-up', count: counts.verified, tone: 'good' };
  }
  return { kind: 'unsupported', count: counts.unsupported, tone: 'none' };
}

/** The locale key of each kind that counts rounds (a `_one`/`_other` pair, worded through countText). */
export const HEADLINE_KEYS: Record<Exclude<HeadlineKind, 'empty'>, string> = {
  mismatch: 'headlineMismatch',
  invalid: 'headlineInvalid',
  pending: 'headlinePending',
  fair: 'headlineFair',
  'adds-up': 'headlineAddsUp',
  unsupported: 'headlineUnsupported',
};
