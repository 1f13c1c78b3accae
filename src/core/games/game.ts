import type { RouletteVariant } from '../rtp/roulette.js';
import type { DrawStep } from '../sampling.js';
import type { Uint32Source } from '../uint32-stream.js';
import type { SupportedGameId } from './game-ids.js';


/** An outcome as the export and the CLI carry it: roulette "0"…"36"/"00", keno 10 numbers ascending. */
export type Outcome = string | number[];

/**
 * Why a displayed outcome cannot be read, for the UI to word in the player's language; `reason`
 * says the same in English for the CLI. `value` is the offending item, `limit` the bound it broke.
 */
export type DisplayProblemCode =
  | 'not-list'
  | 'not-number'
  | 'off-board'
  | 'off-wheel'
  | 'count'
  | 'repeated'
  | 'not-whole'
  | 'not-text'
  | 'not-winning-number'
  | 'no-double-zero'
  /** A list nested too deeply to read (claim.ts catches the overflow). */
  | 'too-deep';

export type ParsedDisplay =
  | { ok: true; outcome: Outcome }
  | { ok: false; reason: string; code: DisplayProblemCode; value?: string; limit?: number };

/**
 * What kind of outcome a game has, declared by its module: the statistics, the worker's figures,
 * the CLI's fast path and the popup's pictures dispatch on this, never on the game's id.
 */
export type GameShape =
  /** One pocket of a roulette wheel ("0"…"36", "00"); the return comes from `variant`'s published payout table (core/rtp/roulette.ts). */
  | { readonly kind: 'wheel'; readonly variant: RouletteVariant }
  /**
   * `drawn` distinct numbers of 1…`board`, ascending; the player picks 1…`maxPicks` of them and the
   * paytable (picks × hits → multiplier) is learnt from the rounds (core/rtp/keno.ts).
   */
  | { readonly kind: 'draw'; readonly drawn: number; readonly board: number; readonly maxPicks: number }
  /** Anything else: the neutral views (the bins' chart, the realised return without a theoretical one, no picture). */
  | { readonly kind: 'other' };

/** One game with a published procedure: how to draw its outcome and how to read a displayed one. */
export interface GameDefinition {
  readonly id: SupportedGameId;
  readonly label: string;
  /** Other names the casino shows for it, English and German (registry.ts matches them normalised, and the id). */
  readonly names: readonly string[];
  readonly shape: GameShape;
  /**
   * How the CLI's help and errors name it (cli/game-list.ts): `names` are what --game takes, the
   * first the one listed; `range` what an outcome is; `note` what the first name alone does not say.
   */
  readonly cli: { readonly names: readonly string[]; readonly range: string; readonly note?: string };
  /** Numbers a round usually needs: squeezed in one go, more only after a rejection. */
  readonly usualDraws: number;
  draw(source: Uint32Source, steps?: DrawStep[]): Outcome;
  /** Reads what the casino displays (text, chips, a number or an array) into an outcome. */
  parseDisplayed(shown: unknown): ParsedDisplay;
  /** Canonical text of an outcome, for comparison and display. */
  format(outcome: Outcome): string;
  /**
   * The statistics' bins: how many numbers an outcome can hold, the bins one outcome falls in
   * (undefined when it is not one), and each bin's name. An outcome falls in one bin, a draw's in
   * `drawn` distinct ones (statistics-inputs.ts binsPerOutcome).
   */
  readonly bins: number;
  outcomeBins(outcome: Outcome): number[] | undefined;
  binLabel(bin: number): string;
}

export function sameOutcome(game: GameDefinition, a: Outcome, b: Outcome): boolean {
  // Two lists of numbers are compared directly: what comparing their formats would say (format
  // joins the numbers), without building the texts for every round.
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  return game.format(a) === game.format(b);
}
