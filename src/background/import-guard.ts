// What an imported file may do to a round this extension captured on the casino's page: confirm
// what the page showed, or bring the server seed that hashes to its commitment (the one value a
// file can prove). Fields of the round that only files gave are the files' to disagree about.
// Anything else would let an edited file falsify the player's own evidence: a made-up seed or
// outcome turns an honest round into a mismatch, a missing outcome or game name filled in decides
// a verdict the casino never showed. Such a claim is refused with the fields named.
import { seedHashesTo } from './round-key.js';
import type { StoreRefusal } from '../shared/messages.js';
import type { CapturedClaim, FileField, RoundRecord } from '../shared/records.js';
import { FILE_FIELDS, othersOf, sameFieldValue, valueOf } from './merge.js';

/**
 * Whether the casino's page showed something of this round itself: any field with an observation
 * time (a file's fields have none) but the commitment, whose time a round also gets from the seed
 * pair's panel (store.ts), which says nothing about the round.
 */
export function isCaptured(record: RoundRecord): boolean {
  return Object.entries(record.observedAt).some(([field, time]) => time !== undefined && field !== 'commitment');
}

/**
 * Every value the casino's page showed for a field: the first one and the conflicting others.
 * None for a field only a file gave (`fileFields`): files disagreeing with each other are merged as
 * before, as a file-only round is.
 */
function shownValues(record: RoundRecord, field: FileField): (string | string[])[] {
  if (record.fileFields?.includes(field)) return [];
  if (field === 'game') return record.gameId === 'unknown' ? [] : [record.game];
  const first = valueOf(record, field);
  return first === undefined ? [] : [first, ...othersOf(record, field)];
}

/** Why a file's claim may not touch a captured round, or undefined when it only confirms it. */
export function fileRefusal(record: RoundRecord, claim: CapturedClaim): StoreRefusal | undefined {
  const differs: FileField[] = [];
  const fills: FileField[] = [];
  for (const field of FILE_FIELDS) {
    const filed = valueOf(claim, field);
    if (filed === undefined) continue;
    const captured = shownValues(record, field);
    if (captured.length === 0 && record.fileFields?.includes(field)) continue;
    // What the page's capture set apart from a file, repeated by a file (the same file again): nothing changes.
    const apart = record.fileOnly?.[field];
    if (captured.length === 0 && apart !== undefined && sameFieldValue(field, apart, filed, record.game)) continue;
    if (captured.length === 0) {
      if (field === 'serverSeed' && record.commitment !== undefined && seedHashesTo(String(filed), record.commitment.toLowerCase())) continue;
      fills.push(field);
    } else if (!captured.some((value) => sameFieldValue(field, value, filed, record.game))) differs.push(field);
  }
  if (differs.length === 0 && fills.length === 0) return undefined;
  return { code: 'captured', differs, fills };
}
