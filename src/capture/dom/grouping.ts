// Groups labelled values into rounds by their nearest common container: a hit belongs to the
// largest ancestor that does not hold two different values of any one field (two nonces, two
// commitments…), so a history row, a details panel and the active seed pair each stay apart.
// Linear time: each ancestor chain is climbed only until it meets what an earlier hit recorded.
// Chains go on from a shadow root to its host: a component's values group with what is around it.
import { parentOf } from './dom-query.js';
import type { FieldHit } from './field-hit.js';
import { FIELD_NAMES, valueSignature, type FieldName } from '../readers/fields.js';

export interface HitGroup {
  container: Node;
  hits: FieldHit[];
}

const FIELD_COUNT = FIELD_NAMES.length;
const FIELD_INDEX = new Map<FieldName, number>(FIELD_NAMES.map((field, index) => [field, index]));
/** In the per-node table: no value of the field seen yet, or two different ones. */
const NONE = 0;
const CONFLICT = -1;

/**
 * For every ancestor of every hit, the value (as a small number) of each field it holds, in one
 * flat table; returns the ancestors that hold a conflict.
 */
function findConflicts(hits: readonly FieldHit[]): Set<Node> {
  const values = new Map<string, number>();
  const slots = new Map<Node, number>();
  // A plain array of small integers: V8 grows it cheaply, unlike a typed array that must be copied.
  const table: number[] = [];
  const conflicted = new Set<Node>();
  for (const hit of hits) {
    const signature = valueSignature(hit.value);
    let value = values.get(signature);
    if (value === undefined) values.set(signature, (value = values.size + 1));
    const field = FIELD_INDEX.get(hit.field)!;
    for (let node: Node | null = hit.anchor; node; node = parentOf(node)) {
      let slot = slots.get(node);
      if (slot === undefined) {
        slot = table.length;
        slots.set(node, slot);
        for (let index = 0; index < FIELD_COUNT; index++) table.push(NONE);
      }
      const prior = table[slot + field]!;
      // Everything above already saw this value, or already holds a conflict: nothing changes.
      if (prior === value || prior === CONFLICT) break;
      if (prior === NONE) {
        table[slot + field] = value;
      } else {
        table[slot + field] = CONFLICT;
        conflicted.add(node);
      }
    }
  }
  return conflicted;
}

export function groupHits(hits: readonly FieldHit[]): HitGroup[] {
  return groupHitsWithin(hits).groups;
}

/**
 * The groups, and the nodes that hold a conflict (no group's container is above one). With
 * `within`, the hits all lie under it and no container goes above it: a part of the page scanned
 * alone, whose parent holds other rounds (incremental-scan.ts).
 */
export function groupHitsWithin(hits: readonly FieldHit[], within?: Node): { groups: HitGroup[]; conflicted: Set<Node> } {
  const conflicted = findConflicts(hits);
  const topOf = new Map<Node, Node>();
  const containerOf = (anchor: Node): Node => {
    const path: Node[] = [];
    let node = anchor;
    let top: Node;
    for (;;) {
      const known = topOf.get(node);
      if (known) {
        top = known;
        break;
      }
      path.push(node);
      const parent = parentOf(node);
      if (!parent || node === within || conflicted.has(parent) || conflicted.has(node)) {
        top = node;
        break;
      }
      node = parent;
    }
    for (const step of path) topOf.set(step, top);
    return top;
  };

  const groups = new Map<Node, FieldHit[]>();
  for (const hit of hits) {
    const container = containerOf(hit.anchor);
    const group = groups.get(container);
    if (group) group.push(hit);
    else groups.set(container, [hit]);
  }
  return { groups: Array.from(groups, ([container, members]) => ({ container, hits: members })), conflicted };
}
