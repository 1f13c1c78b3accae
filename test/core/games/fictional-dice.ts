// A game that does not exist, for the tests that prove a third game needs no code outside its own
// module (test/core/games/third-game.test.tsx): a roll of 0…99 drawn like a roulette pocket
// (sample(100)), shown as its number. Its shape is 'other': neither a wheel nor a draw.
import type { GameDefinition, ParsedDisplay, SupportedGameId } from '../../../src/core/index.js';
import { sample } from '../../../src/core/sampling.js';

/** Not in src/core/games/game-ids.ts: the test adds it to the list it mocks, as a real game would add its line. */
export const FICTIONAL_DICE_ID = 'fictional-dice' as SupportedGameId;

function parseRoll(shown: unknown): ParsedDisplay {
  const text = typeof shown === 'number' ? String(shown) : typeof shown === 'string' ? shown.trim() : undefined;
  if (text === undefined) return { ok: false, reason: 'a roll must be a number', code: 'not-text' };
  if (!/^(?:\d|[1-9]\d)$/.test(text)) return { ok: false, reason: `"${text}" is not a roll of 0…99`, code: 'not-number', value: text, limit: 99 };
  return { ok: true, outcome: text };
}

export const fictionalDice: GameDefinition = {
  id: FICTIONAL_DICE_ID,
  label: 'Fictional Dice',
  names: ['fictional dice', 'fiktive würfel'],
  shape: { kind: 'other' },
  cli: { names: ['fictional-dice'], range: '0…99' },
  usualDraws: 1,
  draw: (source, steps) => String(sample(100, source, steps)),
  parseDisplayed: parseRoll,
  format: (outcome) => String(outcome),
  bins: 100,
  outcomeBins: (outcome) => [Number(outcome)],
  binLabel: (bin) => String(bin),
};
