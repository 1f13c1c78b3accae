// The rule for adding a game, enforced: its id in game-ids.ts (the dependency-free list the message
// schema and the UI read) and its module in game-modules.ts (the registry's list) go together, in
// the same order. tsc already refuses a module whose id is not in game-ids.ts; this test catches the
// rest and says which line to add.
import { describe, expect, it } from 'vitest';
import type { GameDefinition } from '../../../src/core/games/game.js';
import { SUPPORTED_GAME_IDS } from '../../../src/core/games/game-ids.js';
import { GAME_MODULES } from '../../../src/core/games/game-modules.js';
import { SUPPORTED_GAMES } from '../../../src/core/games/registry.js';
import { fictionalDice } from './fictional-dice.js';

/** What to add or move so the two lists agree; empty when they do. */
function disagreements(ids: readonly string[], modules: readonly Pick<GameDefinition, 'id' | 'label'>[]): string[] {
  const moduleIds = modules.map((game) => game.id as string);
  const problems: string[] = [];
  for (const game of modules) {
    if (!ids.includes(game.id)) problems.push(`${game.label}: add '${game.id}' to SUPPORTED_GAME_IDS in src/core/games/game-ids.ts`);
  }
  for (const id of ids) {
    if (!moduleIds.includes(id)) problems.push(`'${id}' has no module: add its GameDefinition to GAME_MODULES in src/core/games/game-modules.ts`);
  }
  const shared = ids.filter((id) => moduleIds.includes(id));
  if (problems.length === 0 && shared.join() !== moduleIds.join()) {
    problems.push(`GAME_MODULES in src/core/games/game-modules.ts must list the games in the order of SUPPORTED_GAME_IDS: ${ids.join(', ')}`);
  }
  return problems;
}

describe('game-ids.ts and game-modules.ts', () => {
  it('list the same games in the same order', () => {
    expect(disagreements(SUPPORTED_GAME_IDS, GAME_MODULES)).toEqual([]);
    expect(SUPPORTED_GAMES).toBe(GAME_MODULES);
  });

  it('a module without its id, an id without its module, or another order is named with the line to add', () => {
    expect(disagreements(SUPPORTED_GAME_IDS, [...GAME_MODULES, fictionalDice])).toEqual([
      "Fictional Dice: add 'fictional-dice' to SUPPORTED_GAME_IDS in src/core/games/game-ids.ts",
    ]);
    expect(disagreements([...SUPPORTED_GAME_IDS, 'fictional-dice'], GAME_MODULES)).toEqual([
      "'fictional-dice' has no module: add its GameDefinition to GAME_MODULES in src/core/games/game-modules.ts",
    ]);
    expect(disagreements(SUPPORTED_GAME_IDS, [...GAME_MODULES].reverse())).toHaveLength(1);
  });

  it.each(GAME_MODULES.map((game) => [game.id, game] as const))('%s declares a shape the views know', (_, game) => {
    expect(['wheel', 'draw', 'other']).toContain(game.shape.kind);
  });
});
