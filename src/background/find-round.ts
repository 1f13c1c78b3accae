// Whether a round checked in the popup is one the player already has: looked up, read only, by the
// key the store files every round under (round-key.ts), then matched on the game.
import type { FindRoundQuery } from '../shared/messages.js';
import type { RoundRecord, RoundRow } from '../shared/records.js';
import { gameIdOf } from './merge.js';
import { roundKey } from './round-key.js';
import { rowOf } from './rows.js';
import { getRound } from './store.js';

/** The key of the round a query names; none without a seed or commitment (the key's '?' names no one seed pair). */
export function keyOfQuery(query: FindRoundQuery): string | undefined {
  return query.serverSeed === undefined && query.commitment === undefined ? undefined : roundKey(query);
}

/** The answer, from the record stored under the query's key: its row if it is a round of the same game. */
export function answerOf(record: RoundRecord | undefined, query: FindRoundQuery): RoundRow | null {
  return record !== undefined && record.gameId === gameIdOf(query.game) ? rowOf(record) : null;
}

export async function findRound(query: FindRoundQuery): Promise<RoundRow | null> {
  const key = keyOfQuery(query);
  return key === undefined ? null : answerOf(await getRound(key), query);
}
