// What an imported file may do to a round this extension captured on the casino's page: confirm
// it, or bring the server seed that hashes to its commitment (the one value a file can prove).
// Anything else would let an edited file falsify the player's own evidence: a made-up seed or
// outcome turns an honest round into a mismatch, a missing outcome or game name filled in decides
// a verdict the casino never showed. Such a claim is refused with the fields named.
import { nobleBackend } from '../core/index.js';
import type { CapturedClaim, FileField, RoundRecord } from '../shared/records.js';
import { sameFieldValue } from './merge.js';

const GUARDED: readonly FileField[] = ['game', 'serverSeed', 'result', 'roundSignature', 'picks', 'stake', 'payout', 'multiplier'];

/** Whether the extension itself saw anything of this round (a file's fields have no times). */
export function isCaptured(record: RoundRecord): boolean {
  return Object.values(record.observedAt).some((time) => time !== undefined);
}

/** Every value the round has for a field: the first one shown and the conflicting others. */
function shownValues(record: RoundRecord, field: FileField): (string | string[])[] {
  if (field === 'game') return record.gameId === 'unknown' ? [] : [record.game];
  const first = record[field];
  if (first === undefined) return [];
  const others =
    field === 'result'
      ? record.conflictingResults
      : field === 'serverSeed'
        ? record.otherServerSeeds
        : field === 'picks'
          ? record.otherPicks
          : field === 'stake' || field === 'payout' || field === 'multiplier'
            ? record.amountConflicts?.[field]
            : undefined;
  return [first, ...(others ?? [])];
}

/** Why a file's claim may not touch a captured round, or undefined when it only confirms it. */
export function fileRefusal(record: RoundRecord, claim: CapturedClaim): string | undefined {
  const differs: FileField[] = [];
  const fills: FileField[] = [];
  for (const field of GUARDED) {
    const filed = field === 'game' ? claim.game : claim[field];
    if (filed === undefined) continue;
    const captured = shownValues(record, field);
    if (captured.length === 0) {
      if (field === 'serverSeed' && record.commitment !== undefined && nobleBackend.sha3_256Hex(String(filed)) === record.commitment.toLowerCase()) continue;
      fills.push(field);
    } else if (!captured.some((value) => sameFieldValue(field, value, filed, record.game))) differs.push(field);
  }
  if (differs.length === 0 && fills.length === 0) return undefined;
  const parts = [differs.length > 0 ? `differs in ${differs.join(', ')}` : '', fills.length > 0 ? `would fill ${fills.join(', ')}` : ''].filter(Boolean);
  return `round: captured on the casino's page; a file may only confirm it (${parts.join('; ')})`;
}
