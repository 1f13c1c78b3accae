// The "Check a round" form's fields: filled from pasted text, turned into a claim for the core and
// into the look-up of the same round among the stored ones.
import { lookupGame, SUPPORTED_GAMES } from '../core/index.js';
import type { FindRoundQuery } from '../shared/messages.js';
import type { ParsedFairnessText } from './env.js';
import type { CheckInput } from './proof-model.js';

export interface CheckFields {
  /** A supported game id, or a name the core will call unsupported or unknown; '' before a choice. */
  game: string;
  serverSeed: string;
  commitment: string;
  clientSeed: string;
  nonce: string;
  result: string;
  roundSignature: string;
}

export const EMPTY_FIELDS: CheckFields = { game: '', serverSeed: '', commitment: '', clientSeed: '', nonce: '', result: '', roundSignature: '' };

const TEXT_FIELDS = ['serverSeed', 'commitment', 'clientSeed', 'nonce', 'roundSignature'] as const;

/** How many fields the parser recognised. */
export function parsedCount(parsed: ParsedFairnessText): number {
  return [parsed.game, ...TEXT_FIELDS.map((field) => parsed[field]), parsed.result].filter((value) => value !== undefined).length;
}

function gameOf(parsed: ParsedFairnessText, previous: string): string {
  if (parsed.game !== undefined && parsed.game.trim() !== '') {
    const lookup = lookupGame(parsed.game);
    return lookup.kind === 'supported' ? lookup.game.id : parsed.game.trim();
  }
  // The reference programs do not print the game, but only a draw (keno) has many numbers or picks: the one draw game, if there is one.
  const draws = SUPPORTED_GAMES.filter((game) => game.shape.kind === 'draw');
  if (draws.length === 1 && ((Array.isArray(parsed.result) && parsed.result.length > 1) || parsed.picks?.length)) return draws[0]!.id;
  return previous;
}

/** New fields from a parse: what was recognised, everything else cleared (no stale mix). */
export function fieldsFromParsed(parsed: ParsedFairnessText, previous: CheckFields): CheckFields {
  const fields: CheckFields = { ...EMPTY_FIELDS, game: gameOf(parsed, previous.game) };
  for (const field of TEXT_FIELDS) fields[field] = parsed[field] ?? '';
  fields.result = Array.isArray(parsed.result) ? parsed.result.join(' ') : (parsed.result ?? '');
  return fields;
}

/** The claim the core verifies: values trimmed, empty fields absent. */
export function inputFromFields(fields: CheckFields): CheckInput {
  const value = (text: string) => (text.trim() === '' ? undefined : text.trim());
  return {
    game: fields.game,
    serverSeed: value(fields.serverSeed),
    commitment: value(fields.commitment),
    clientSeed: value(fields.clientSeed),
    nonce: value(fields.nonce),
    result: value(fields.result),
    roundSignature: value(fields.roundSignature),
  };
}

/**
 * What the worker needs to find a checked round among the stored ones: what a round's key is made
 * of (the seed or commitment, the client seed, the nonce), and the game. Undefined when the check
 * names no one round.
 */
export function storedRoundQuery(input: CheckInput): FindRoundQuery | undefined {
  const { game, serverSeed, commitment, clientSeed, nonce } = input;
  if (clientSeed === undefined || nonce === undefined || !/^\d{1,20}$/.test(nonce)) return undefined;
  if (serverSeed === undefined && commitment === undefined) return undefined;
  return { game, serverSeed, commitment, clientSeed, nonce };
}
