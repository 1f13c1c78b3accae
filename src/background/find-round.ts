// Whether a round checked in the popup is one the player already has: looked up, read only, by the
// key the store files every round under (round-key.ts), then matched on the game.
import type { FindRoundQuery } from '../shared/messages.js';
import type { RoundRow } from '../shared/records.js';
import { gameIdOf } from './merge.js';
import { roundKey } from './round-key.js';
import { rowOf } from './rows.js';
import { getRound } from './store.js';

export async function findRound(query: FindRoundQuery): Promise<RoundRow | null> {
  // Without a seed or commitment the key names no seed pair ('?|…'), so it names no one round.
  if (query.serverSeed === undefined && query.commitment === undefined) return null;
  const record = await getRound(roundKey(query));
  return record !== undefined && record.gameId === gameIdOf(query.game) ? rowOf(record) : null;
}
