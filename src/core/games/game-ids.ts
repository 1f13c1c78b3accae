// The supported games' ids, in one place with no imports: the message schema, the statistics and
// the UI's word keys (ui/labels.ts gameWordKey) take them from here. Each game's module
// (roulette.ts, keno.ts) defines the game under its id; registry.ts lists the modules.

/** In the order the popup and the statistics page list the games. */
export const SUPPORTED_GAME_IDS = ['roulette-european', 'roulette-american', 'keno'] as const;
export type SupportedGameId = (typeof SUPPORTED_GAME_IDS)[number];

export const isSupportedGameId = (gameId: string): gameId is SupportedGameId => (SUPPORTED_GAME_IDS as readonly string[]).includes(gameId);

/**
 * A key for a supported game's word: the prefix and the id in PascalCase ("gameRouletteEuropean",
 * "statsKeno"). The UI's _locales use it, so a new game needs its words there and no table of keys.
 */
export const gameWordKey = (prefix: string, gameId: SupportedGameId): string =>
  prefix + gameId.replace(/(?:^|-)(\w)/g, (_, letter: string) => letter.toUpperCase());
