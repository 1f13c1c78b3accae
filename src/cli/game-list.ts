// The supported games as the CLI's help and errors name them, taken from the registry
// (core/games/registry.ts), so a game added there (docs/design.md, "Adding a game") is listed here
// with no edit to the CLI.
import { SUPPORTED_GAMES } from '../core/index.js';

const HELP_WIDTH = 100;

/** The games' families for the title: a label's last word ("European Roulette" → "Roulette"), each once. */
export function gameFamilies(): string {
  return [...new Set(SUPPORTED_GAMES.map((game) => game.label.split(' ').at(-1)!))].join(', ');
}

/** "Games: roulette (European, 0…36), …, keno (10 of 1…40)." wrapped under its first entry. */
export function gamesLine(): string {
  const entries = SUPPORTED_GAMES.map(({ cli }) => `${cli.names[0]} (${cli.note === undefined ? '' : `${cli.note}, `}${cli.range})`);
  const indent = ' '.repeat('Games: '.length);
  const lines = [`Games:`];
  entries.forEach((entry, index) => {
    const word = `${entry}${index === entries.length - 1 ? '.' : ','}`;
    const last = lines.length - 1;
    if (`${lines[last]} ${word}`.length <= HELP_WIDTH) lines[last] += ` ${word}`;
    else lines.push(`${indent}${word}`);
  });
  return lines.join('\n');
}

/** Every name --game lists: "roulette | european-roulette | american-roulette | keno". */
export const gameOptionNames = (): string => SUPPORTED_GAMES.flatMap((game) => game.cli.names).join(' | ');

/** For an unknown --game: "roulette (European), american-roulette, keno". */
export const knownGameNames = (): string =>
  SUPPORTED_GAMES.map(({ cli }) => (cli.note === undefined ? cli.names[0] : `${cli.names[0]} (${cli.note})`)).join(', ');

/** For a game without a published algorithm: "roulette, american-roulette, keno". */
export const supportedGameNames = (): string => SUPPORTED_GAMES.map((game) => game.cli.names[0]).join(', ');
