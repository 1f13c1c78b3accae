// One labelled value found on a page, before values are grouped into rounds.
import type { FieldName } from '../readers/fields.js';
import type { FieldValue } from './value-reader.js';

export interface FieldHit {
  field: FieldName;
  value: FieldValue;
  /** Where the label (or the value's cell) sits: grouping climbs from here. */
  anchor: Node;
  /** The game the label's wording implies ("Drawn Numbers" → Keno). */
  gameHint?: string;
  /** The node the value was read from, when not the anchor (the element after a label, a label's control). */
  source?: Node;
}

export function hitOf(field: FieldName, value: FieldValue, anchor: Node, gameHint: string | undefined, source?: Node): FieldHit {
  const hit: FieldHit = gameHint === undefined ? { field, value, anchor } : { field, value, anchor, gameHint };
  if (source !== undefined && source !== anchor) hit.source = source;
  return hit;
}
