// The supported games' ids, in one place with no imports: the message schema, the statistics and
// the UI's word keys (ui/labels.ts gameWordKey) take them from here. Each game's module
// (roulette.ts, keno.ts) defines the game under its id; registry.ts lists the modules.

/** In the order the popup and the statistics page list the games. */
export const SUPPORTED_GAME_IDS = ['roulette-european', 'roulette-american', 'keno'] as const;
export type SupportedGameId = (typeof SUPPORTED_GAME_IDS)[number];
