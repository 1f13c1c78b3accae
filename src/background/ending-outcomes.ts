// Which of a batch's outcomes are their round's outcome as the store keeps it: only such a one ends
// the action whose slot it plays (tab-actions.ts). The store keeps a round's first game and sets aside
// a later result that is no whole outcome of it or disagrees with the one it has (merge.ts): an
// outcome claim under another name for the round, or with part of a draw, is never checked by any
// reveal, so a page must not end the bet with one and then show a pair chosen after it.
import { canonicalOutcome } from '../core/index.js';
import type { CapturedClaim } from '../shared/records.js';
import { gameIdOf, isWholeOutcome, mergeClaim } from './merge.js';
import { roundKey } from './round-key.js';
import { storedRounds } from './store.js';

const isOutcome = (claim: CapturedClaim): boolean => claim.result !== undefined && claim.observedAt.result !== undefined;

/** For each claim, whether it is an outcome that its round, as stored with the batch's earlier claims merged in, keeps as its own. */
export async function keptAsOutcome(claims: readonly CapturedClaim[], now = Date.now()): Promise<boolean[]> {
  const keys = claims.map((claim) => (isOutcome(claim) ? roundKey(claim) : undefined));
  const rounds = await storedRounds(keys.filter((key) => key !== undefined));
  return claims.map((claim, index) => {
    const key = keys[index];
    if (key === undefined) return false;
    const record = mergeClaim(rounds.get(key), claim, now, 0);
    rounds.set(key, record);
    return (
      record.result !== undefined &&
      record.gameId === gameIdOf(claim.game ?? '') &&
      isWholeOutcome(record.result, record.game) &&
      canonicalOutcome(record.game, record.result) === canonicalOutcome(record.game, claim.result)
    );
  });
}
