import type { DrawStep } from '../sampling.js';
import type { Uint32Source } from '../uint32-stream.js';

export type SupportedGameId = 'roulette-european' | 'roulette-american' | 'keno';

/** An outcome as the export and the CLI carry it: roulette "0"…"36"/"00", keno 10 numbers ascending. */
export type Outcome = string | number[];

export type ParsedDisplay = { ok: true; outcome: Outcome } | { ok: false; reason: string };

/** One game with a published procedure: how to draw its outcome and how to read a displayed one. */
export interface GameDefinition {
  readonly id: SupportedGameId;
  readonly label: string;
  /** Numbers a round usually needs: squeezed in one go, more only after a rejection. */
  readonly usualDraws: number;
  draw(source: Uint32Source, steps?: DrawStep[]): Outcome;
  /** Reads what the casino displays (text, chips, a number or an array) into an outcome. */
  parseDisplayed(shown: unknown): ParsedDisplay;
  /** Canonical text of an outcome, for comparison and display. */
  format(outcome: Outcome): string;
}

export function sameOutcome(game: GameDefinition, a: Outcome, b: Outcome): boolean {
  return game.format(a) === game.format(b);
}
