import { describe, expect, it } from 'vitest';
import { gameById, knownGameId, lookupGame, normalizeGameName, outcomeTextOf, SUPPORTED_GAMES, UNSUPPORTED_GAMES } from '../../../src/core/games/registry.js';
import { SUPPORTED_GAME_IDS } from '../../../src/core/games/game-ids.js';

function supportedId(name: string): string | undefined {
  const found = lookupGame(name);
  return found.kind === 'supported' ? found.game.id : undefined;
}

describe('registry: supported games', () => {
  it('holds exactly the three games with a published procedure', () => {
    expect(SUPPORTED_GAMES.map((g) => g.id)).toEqual(['roulette-european', 'roulette-american', 'keno']);
  });

  it.each(['roulette-european', 'roulette-american', 'keno'] as const)('gameById and lookupGame find %s by its id', (id) => {
    expect(gameById(id).id).toBe(id);
    expect(supportedId(id)).toBe(id);
  });

  it.each([
    ['Roulette', 'roulette-european'],
    ['European Roulette', 'roulette-european'],
    ['Europäisches Roulette', 'roulette-european'],
    ['American Roulette', 'roulette-american'],
    ['Amerikanisches Roulette', 'roulette-american'],
    ['Keno', 'keno'],
  ])('"%s" → %s', (name, id) => {
    expect(supportedId(name)).toBe(id);
  });

  it.each([
    ['EUROPEAN ROULETTE', 'roulette-european'],
    ['  american   roulette ', 'roulette-american'],
    ['American-Roulette', 'roulette-american'],
    ['keno!', 'keno'],
    ['EUROPÄISCHES ROULETTE', 'roulette-european'],
    // "ä" written as a + combining diaeresis (NFD), as some pages deliver it
    ['Europa\u0308isches Roulette', 'roulette-european'],
  ])('is case-, spacing-, punctuation- and normalisation-insensitive: "%s" → %s', (name, id) => {
    expect(supportedId(name)).toBe(id);
  });
});

describe('registry: recognised but unsupported games', () => {
  it.each([
    ['Mines', 'mines'],
    ['Pump', 'pump'],
    ['Plinko', 'plinko'],
    ['Dice', 'dice'],
    ['Golden Ticket', 'golden-ticket'],
    ['Dice: Golden Ticket', 'golden-ticket'],
    ['Limbo', 'limbo'],
    ['MINES', 'mines'],
  ])('"%s" → unsupported %s', (name, id) => {
    expect(lookupGame(name)).toEqual({ kind: 'unsupported', id });
  });

  it('lists the six unsupported Originals', () => {
    expect([...UNSUPPORTED_GAMES].sort()).toEqual(['dice', 'golden-ticket', 'limbo', 'mines', 'plinko', 'pump']);
  });
});

describe('registry: unknown names', () => {
  it.each(['Blackjack', 'Baccarat', 'Roulettes', 'French Roulette', 'Ken o', '', '   ', 'constructor', '__proto__', 'toString'])(
    '"%s" is unknown and keeps its name',
    (name) => {
      expect(lookupGame(name)).toEqual({ kind: 'unknown', name });
    },
  );
});

describe('normalizeGameName', () => {
  it('lowercases, keeps umlauts and folds the rest to single spaces', () => {
    expect(normalizeGameName('  Dice: Golden-Ticket!! ')).toBe('dice golden ticket');
    expect(normalizeGameName('Europäisches_Roulette')).toBe('europäisches roulette');
  });
});

describe('knownGameId', () => {
  it('names a supported or known game by its id, and nothing else', () => {
    expect(knownGameId('Europäisches Roulette')).toBe('roulette-european');
    expect(knownGameId('Golden Ticket')).toBe('golden-ticket');
    expect(knownGameId('Crash')).toBeUndefined();
  });
});

describe('outcomeTextOf', () => {
  it('writes a supported game\'s outcome canonically', () => {
    expect(outcomeTextOf('roulette', '17 Red')).toBe('17');
    expect(outcomeTextOf('keno', ['40', '3', '12', '7', '1', '2', '5', '9', '22', '30'])).toBe('1 2 3 5 7 9 12 22 30 40');
  });

  it('is undefined for an unsupported game or a value the game cannot read', () => {
    expect(outcomeTextOf('mines', '17')).toBeUndefined();
    expect(outcomeTextOf('roulette', '99')).toBeUndefined();
  });
});

describe('SUPPORTED_GAMES', () => {
  it('has one module per supported id, in the ids\' order', () => {
    expect(SUPPORTED_GAMES.map((game) => game.id)).toEqual([...SUPPORTED_GAME_IDS]);
  });

  it('finds each game by each of its names', () => {
    for (const game of SUPPORTED_GAMES) for (const name of game.names) expect(knownGameId(name)).toBe(game.id);
  });
});

describe('statistics bins', () => {
  it('each game names its bins once, and an outcome falls in its bins', () => {
    const shown = { 'roulette-european': '36', 'roulette-american': '00', keno: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '40'] } as const;
    for (const game of SUPPORTED_GAMES) {
      const labels = Array.from({ length: game.bins }, (_, bin) => game.binLabel(bin));
      expect(new Set(labels).size).toBe(game.bins);
      const parsed = game.parseDisplayed(shown[game.id]);
      if (!parsed.ok) throw new Error(parsed.reason);
      const bins = game.outcomeBins(parsed.outcome)!;
      expect(bins.map((bin) => game.binLabel(bin))).toEqual([shown[game.id]].flat());
    }
  });
});
