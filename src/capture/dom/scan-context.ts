// What a whole scan learnt about the page's structure, so that a later scan can read one changed
// part alone (part-scan.ts) and tell which part a change lies in (incremental-scan.ts). This module
// alone makes the context (from a whole scan's findings) and changes it (with a part scan's); the
// others only read it.
//
// A part scan reports exactly the rounds a whole scan would find in its part
// (test/fuzz/incremental-scan.fuzz.test.ts) as long as these hold:
//
//  1. `conflicted`: every node that holds two different values of one field (several rounds), as
//     grouping.ts finds them. No round's container is above one, so a child of one (a part) groups
//     its values by itself. Part scans add the conflicts inside their parts; none is taken away: a
//     change that could end one (something removed from a conflicted node, a value gone from a
//     part) makes the next scan a whole one.
//  2. `containerHits`: each group's container with its hits. A part that was a container and no
//     longer holds every value it held may have ended a conflict above it: a whole scan.
//  3. `valueSources`: conflicted nodes a value was read from whole (a label beside a whole list). A
//     change inside one changes that value: no part below one is read alone.
//  4. `marks`: the headings and game-only groups that name a game, which give rounds anywhere their
//     game. A part scan puts its own first (gameResolver keeps the first MAX_MARKS) and keeps the
//     others; a mark that left the page, a heading around a part that now names another game, or a
//     part whose marks changed makes the scan a whole one.
//  5. `columnTables`: each column table's columns, by table element, to read a row added later. A
//     change touching a header row makes the scan a whole one (incremental-scan.ts).
import { parentOf } from './dom-query.js';
import type { FieldHit } from './field-hit.js';
import type { GameMark } from './game-detect.js';
import type { HitGroup } from './grouping.js';
import type { ColumnTable } from './table-columns.js';

/** The context as the scans read it (see the invariants above). */
export interface ScanContext {
  readonly conflicted: { has(node: Node): boolean };
  readonly marks: readonly GameMark[];
  readonly columnTables: { get(table: Element): ColumnTable | undefined };
  readonly containerHits: { get(container: Node): readonly FieldHit[] | undefined };
  readonly valueSources: { has(node: Node): boolean };
}

/** What one scan, whole or of a part, found. */
export interface ScanFindings {
  hits: readonly FieldHit[];
  groups: readonly HitGroup[];
  /** The nodes holding a conflict among `hits` (grouping.ts). */
  conflicted: ReadonlySet<Node>;
  /** Every mark after this scan: a part's own first, then those outside it. */
  marks: GameMark[];
  /** The column tables read (a part may hold a new table). */
  columnTables: ReadonlyMap<Element, ColumnTable>;
}

/** The context, and the one way to change it: `keep` what a part scan found. */
export interface KeptContext extends ScanContext {
  marks: readonly GameMark[];
  keep(found: ScanFindings): void;
}

/** The context of a whole scan. Weak: nodes the page drops are not held. */
export function scanContext(whole: ScanFindings): KeptContext {
  const conflicted = new WeakSet<Node>();
  const columnTables = new WeakMap<Element, ColumnTable>();
  const containerHits = new WeakMap<Node, readonly FieldHit[]>();
  const valueSources = new WeakSet<Node>();
  const context: KeptContext = {
    conflicted,
    marks: [],
    columnTables,
    containerHits,
    valueSources,
    keep(found) {
      for (const node of found.conflicted) conflicted.add(node);
      for (const [table, shape] of found.columnTables) columnTables.set(table, shape);
      for (const group of found.groups) containerHits.set(group.container, group.hits);
      // Only a value source that holds several rounds can contain a part.
      for (const { source, anchor } of found.hits) if (found.conflicted.has(source ?? anchor)) valueSources.add(source ?? anchor);
      context.marks = found.marks;
    },
  };
  context.keep(whole);
  return context;
}

/** The part a changed node lies in: the child of the nearest conflicted node that holds it (or is it); none above the document. */
export function partOf(node: Node, context: ScanContext): Element | undefined {
  if (context.conflicted.has(node)) return undefined;
  for (let current = node; ; ) {
    const parent = parentOf(current);
    if (parent === null || parent.nodeType === 9 /* the document */) return undefined;
    if (context.conflicted.has(parent)) return current.nodeType === 1 ? (current as Element) : undefined;
    current = parent;
  }
}
