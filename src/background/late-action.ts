// An action of another document of the tab reported after outcomes it should have been credited
// with (tab-actions.ts lateCredits): those rounds are stored again with the earlier action, as the
// claim that first showed their outcome would have been credited had the report come first. The
// worker's own claim (never a page's or a file's): the stored outcome, at its first-seen time.
import type { CapturedClaim, RoundRecord } from '../shared/records.js';
import { commitmentOf } from './round-key.js';
import { getRound, storeClaims } from './store.js';
import type { Recredit } from './tab-actions.js';

/** The claim that credits `record`'s outcome with `actedAt` instead (undefined: nothing to credit). */
export function recreditClaim(record: RoundRecord, actedAt: number): CapturedClaim | undefined {
  const outcomeAt = record.observedAt.result;
  const commitment = commitmentOf(record);
  const { result, clientSeed, nonce } = record;
  if (result === undefined || outcomeAt === undefined || commitment === undefined || clientSeed === undefined || nonce === undefined) return undefined;
  if (actedAt >= outcomeAt || actedAt >= (record.actedAt ?? Infinity)) return undefined;
  return {
    source: 'dom',
    game: record.game,
    commitment,
    clientSeed,
    nonce,
    result,
    observedAt: { result: outcomeAt },
    actedAt,
    // The accusation (step `witness`) stays judged against the action of the outcome's own document.
    documentActedAt: record.documentActedAt ?? record.actedAt ?? -Infinity,
  };
}

export async function recreditRounds(recredits: readonly Recredit[]): Promise<void> {
  if (recredits.length === 0) return;
  const claims: CapturedClaim[] = [];
  for (const { key, actedAt } of recredits) {
    const record = await getRound(key);
    const claim = record && recreditClaim(record, actedAt);
    if (claim) claims.push(claim);
  }
  if (claims.length > 0) await storeClaims(claims);
}
