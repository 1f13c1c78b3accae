import { sample } from '../sampling.js';
import type { RouletteVariant } from '../rtp/roulette.js';
import type { GameDefinition, Outcome, ParsedDisplay } from './game.js';
import type { SupportedGameId } from './game-ids.js';

// A winning number as pages show it, optionally with its colour ("17", "17 Red", "00 grün").
const ROULETTE_DISPLAY = /^(\d{1,2})(?:\s*[(\-–,]?\s*(?:red|black|green|rot|schwarz|gr[üu]n)\)?)?$/i;

/** The red pockets of both wheels (European and American colour their numbers alike). */
const RED_POCKETS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export type PocketColour = 'red' | 'black' | 'green';

/** The colour of a winning number on the wheel: 0 and 00 green, the 18 red numbers red, the rest black. */
export function pocketColour(pocket: string): PocketColour {
  if (pocket === '0' || pocket === '00') return 'green';
  return RED_POCKETS.has(Number(pocket)) ? 'red' : 'black';
}

/** The pocket a sampled value names: 0…36, and on the American wheel (P = 38) 37 is "00". */
export function pocketOf(sampled: number): string {
  return sampled === 37 ? '00' : String(sampled);
}

function rouletteGame(id: SupportedGameId, label: string, variant: RouletteVariant, names: readonly string[], cli: GameDefinition['cli']): GameDefinition {
  // P: 37 pockets, and on the American wheel "00" besides.
  const outcomes = variant === 'american' ? 38 : 37;
  const parseDisplayed = (shown: unknown): ParsedDisplay => {
    let text: string;
    if (typeof shown === 'number') {
      if (!Number.isInteger(shown)) return { ok: false, reason: `winning number must be a whole number, got ${shown}`, code: 'not-whole', value: String(shown) };
      text = String(shown);
    } else if (typeof shown === 'string') {
      text = shown.trim();
    } else if (Array.isArray(shown) && shown.length === 1) {
      return parseDisplayed(shown[0]);
    } else {
      return { ok: false, reason: 'winning number must be text like "17" or "00"', code: 'not-text' };
    }
    const match = ROULETTE_DISPLAY.exec(text);
    if (!match) return { ok: false, reason: `"${clip(text)}" is not a winning number`, code: 'not-winning-number', value: clip(text) };
    const digits = match[1]!;
    if (digits === '00') {
      return outcomes === 38 ? { ok: true, outcome: '00' } : { ok: false, reason: '"00" does not exist in European roulette', code: 'no-double-zero' };
    }
    // "07" is not how a winning number is shown; refuse rather than guess.
    if (digits.length === 2 && digits.startsWith('0')) return { ok: false, reason: `"${digits}" is not a winning number`, code: 'not-winning-number', value: digits };
    const value = Number(digits);
    if (value > 36) return { ok: false, reason: `${value} is not on the wheel (0…36${outcomes === 38 ? ', 00' : ''})`, code: 'off-wheel', value: String(value), limit: 36 };
    return { ok: true, outcome: String(value) };
  };
  return {
    id,
    label,
    names,
    shape: { kind: 'wheel', variant },
    cli,
    usualDraws: 1,
    // The seeds: result = sample(P); American shows 37 as "00".
    draw(source, steps) {
      return pocketOf(sample(outcomes, source, steps));
    },
    parseDisplayed,
    format: (outcome: Outcome) => String(outcome),
    // Its pocket, "00" last.
    bins: outcomes,
    outcomeBins: (outcome) => [outcome === '00' ? 37 : Number(outcome)],
    binLabel: (bin) => (bin === 37 ? '00' : String(bin)),
  };
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

export const europeanRoulette = rouletteGame('roulette-european', 'European Roulette', 'european', [
  'roulette',
  'european roulette',
  'europäisches roulette',
  'european',
  'roulette european',
  'europaeisches roulette',
], { names: ['roulette', 'european-roulette'], note: 'European', range: '0…36' });
export const americanRoulette = rouletteGame('roulette-american', 'American Roulette', 'american', ['american roulette', 'amerikanisches roulette', 'american', 'roulette american'], {
  names: ['american-roulette'],
  range: '0…36 and 00',
});
