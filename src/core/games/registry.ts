import type { GameDefinition, GameShape } from './game.js';
import type { SupportedGameId } from './game-ids.js';
import { GAME_MODULES } from './game-modules.js';

export const SUPPORTED_GAMES: readonly GameDefinition[] = GAME_MODULES;

/** Originals the casino names without a published algorithm: shown as unsupported, never guessed. */
export const UNSUPPORTED_GAMES = ['mines', 'pump', 'plinko', 'dice', 'golden-ticket', 'limbo'] as const;
export type UnsupportedGameId = (typeof UNSUPPORTED_GAMES)[number];

export type GameLookup =
  | { kind: 'supported'; game: GameDefinition }
  | { kind: 'unsupported'; id: UnsupportedGameId }
  | { kind: 'unknown'; name: string };

/** Lowercase, umlauts kept, everything that is not a letter or digit folded to one space. */
export function normalizeGameName(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const NAMES = new Map<string, SupportedGameId | UnsupportedGameId>();
function alias(id: SupportedGameId | UnsupportedGameId, ...names: string[]): void {
  for (const name of [id, ...names]) NAMES.set(normalizeGameName(name), id);
}
// The CLI's names too, so its help never lists a name --game refuses.
for (const game of SUPPORTED_GAMES) alias(game.id, ...game.names, ...game.cli.names);
alias('mines');
alias('pump');
alias('plinko');
alias('dice');
alias('golden-ticket', 'golden ticket', 'dice golden ticket');
alias('limbo');

const BY_ID = new Map(SUPPORTED_GAMES.map((game) => [game.id, game]));

// Bulk verification asks for the same few names again and again; normalising is the costly part.
const LOOKUP_CACHE = new Map<string, GameLookup>();
const LOOKUP_CACHE_LIMIT = 256;

/** Finds a game by id or by any name the casino uses for it (English or German). */
export function lookupGame(name: string): GameLookup {
  const cached = LOOKUP_CACHE.get(name);
  if (cached) return cached;
  const lookup = lookupUncached(name);
  if (LOOKUP_CACHE.size >= LOOKUP_CACHE_LIMIT) LOOKUP_CACHE.clear();
  LOOKUP_CACHE.set(name, lookup);
  return lookup;
}

function lookupUncached(name: string): GameLookup {
  const id = NAMES.get(normalizeGameName(name));
  if (id === undefined) return { kind: 'unknown', name };
  const game = BY_ID.get(id as SupportedGameId);
  return game ? { kind: 'supported', game } : { kind: 'unsupported', id: id as UnsupportedGameId };
}

/** The id of a supported or known game for a name as shown; undefined when no game answers to it (each caller keeps such a name its own way). */
export function knownGameId(name: string): SupportedGameId | UnsupportedGameId | undefined {
  const lookup = lookupGame(name);
  return lookup.kind === 'supported' ? lookup.game.id : lookup.kind === 'unsupported' ? lookup.id : undefined;
}

/**
 * Canonical text of an outcome as a supported game shows it, so "17" and "17 Red", or keno
 * numbers in any order, are one outcome ("17", "3 5 6 …" ascending); undefined when the game is
 * not supported or the value does not read as its outcome. Sightings are compared by
 * canonicalOutcome (cross-round-rules.ts), which falls back to the value's own text then.
 */
export function outcomeTextOf(gameName: string, shown: unknown): string | undefined {
  const lookup = lookupGame(gameName);
  if (lookup.kind !== 'supported') return undefined;
  const parsed = lookup.game.parseDisplayed(shown);
  return parsed.ok ? lookup.game.format(parsed.outcome) : undefined;
}

export function gameById(id: SupportedGameId): GameDefinition {
  return BY_ID.get(id)!;
}

const OTHER: GameShape = { kind: 'other' };

/** What kind of outcome a game has (its module declares it); 'other' for an id no module has. */
export function gameShapeOf(gameId: string): GameShape {
  return BY_ID.get(gameId as SupportedGameId)?.shape ?? OTHER;
}
