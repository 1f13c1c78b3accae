// The supported games' modules, in the order of SUPPORTED_GAME_IDS (game-ids.ts): the one list a
// new game's module is added to (docs/design.md, "Adding a game"). registry.ts reads it;
// test/core/games/game-modules.test.ts fails, saying what to add, when it and game-ids.ts disagree.
import type { GameDefinition } from './game.js';
import { keno } from './keno.js';
import { americanRoulette, europeanRoulette } from './roulette.js';

export const GAME_MODULES: readonly GameDefinition[] = [europeanRoulette, americanRoulette, keno];
