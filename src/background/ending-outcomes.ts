// Which of a batch's stored outcomes are their round's outcome as the store keeps it: only such a one
// ends the action whose slot it plays (tab-actions.ts endActions). The store keeps a round's first
// game and sets aside a later result that is no whole outcome of it or disagrees with the one it has
// (merge.ts): an outcome claim under another name for the round, or with part of a draw, is never
// checked by any reveal, so a page must not end the bet with one and then show a pair chosen after it.
// Read after the batch's write: what another frame's batch wrote first counts, as it does for the round.
import { canonicalOutcome } from '../core/index.js';
import { isSeenOutcome } from '../shared/claim-kinds.js';
import type { CapturedClaim } from '../shared/records.js';
import { gameIdOf, isWholeOutcome } from './merge.js';
import { roundKey } from './round-key.js';
import { storedRounds } from './store.js';

/** For each claim (stored already), whether it is an outcome its stored round keeps as its own: the round's game and whole result. */
export async function keptAsOutcome(claims: readonly CapturedClaim[]): Promise<boolean[]> {
  const keys = claims.map((claim) => (isSeenOutcome(claim) ? roundKey(claim) : undefined));
  const rounds = await storedRounds(keys.filter((key) => key !== undefined));
  return claims.map((claim, index) => {
    const record = keys[index] === undefined ? undefined : rounds.get(keys[index]!);
    return (
      record?.result !== undefined &&
      record.gameId === gameIdOf(claim.game ?? '') &&
      isWholeOutcome(record.result, record.game) &&
      canonicalOutcome(record.game, record.result) === canonicalOutcome(record.game, claim.result)
    );
  });
}
