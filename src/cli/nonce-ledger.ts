import { checkClaim, withNonceConflict, type Failure, type RoundVerdict } from '../core/index.js';

/**
 * The `nonce` step across rounds (core/cross-round-rules.ts): one seed pair and nonce has exactly one outcome, so two rounds
 * that show different outcomes for them cannot both be honest. Rounds whose server seed is
 * revealed are recomputed, which already catches a wrong outcome; for pending rounds this is the
 * only check there is. Only pending rounds are remembered, so memory stays small on a large file.
 * The second sighting is the one marked: the first was already written out.
 */
export class PendingNonceLedger {
  private readonly seen = new Map<string, { index: number; shown: string }>();

  check(input: unknown, index: number, verdict: RoundVerdict): RoundVerdict {
    if (verdict.status !== 'pending') return verdict;
    const checked = checkClaim(input);
    if (!checked.ok || checked.claim.lookup.kind !== 'supported') return verdict;
    const claim = checked.claim;
    if (claim.commitment === undefined || claim.result === undefined) return verdict;
    const game = checked.claim.lookup.game;
    // The commitment stands for the server seed, which is not revealed yet.
    const key = `${game.id}\n${claim.commitment}\n${claim.clientSeed}\n${claim.nonce}`;
    const shown = game.format(claim.result);
    const earlier = this.seen.get(key);
    if (earlier === undefined) {
      this.seen.set(key, { index, shown });
      return verdict;
    }
    if (earlier.shown === shown) return verdict;
    const failure: Failure = {
      step: 'nonce',
      expected: earlier.shown,
      shown,
      message: `Element ${earlier.index} shows ${earlier.shown} for the same seed pair and nonce, but this one shows ${shown}.`,
    };
    return withNonceConflict(verdict, failure);
  }
}
