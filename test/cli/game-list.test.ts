// The CLI's lists of games come from the registry: for today's games they must read exactly as the
// hand-written ones did (the help is a documented interface), and every name they offer must work.
import { describe, expect, test } from 'vitest';
import { lookupGame, SUPPORTED_GAMES } from '../../src/core/index.js';
import { gameFamilies, gameOptionNames, gamesLine, knownGameNames, supportedGameNames } from '../../src/cli/game-list.js';
import { helpText } from '../../src/cli/help.js';

describe("the CLI's game lists", () => {
  test("read as the hand-written ones did for today's games", () => {
    expect(gameFamilies()).toBe('Roulette, Keno');
    expect(gamesLine()).toBe('Games: roulette (European, 0…36), american-roulette (0…36 and 00), keno (10 of 1…40).');
    expect(gameOptionNames()).toBe('roulette | european-roulette | american-roulette | keno');
    expect(knownGameNames()).toBe('roulette (European), american-roulette, keno');
    expect(supportedGameNames()).toBe('roulette, american-roulette, keno');
  });

  test('the help puts them where they were', () => {
    expect(helpText()).toContain('rounds (Roulette, Keno) with the casino');
    expect(helpText()).toContain('\n\nGames: roulette (European, 0…36), american-roulette (0…36 and 00), keno (10 of 1…40).\n       German and long names');
    expect(helpText('round')).toContain('\n  --game G          roulette | european-roulette | american-roulette | keno\n');
  });

  test('every name offered for --game finds its own game', () => {
    for (const game of SUPPORTED_GAMES) {
      for (const name of game.cli.names) {
        const found = lookupGame(name);
        expect(found.kind === 'supported' && found.game.id, name).toBe(game.id);
      }
    }
  });
});
