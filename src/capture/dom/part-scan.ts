// Scans one changed part of a page and reports the rounds a whole scan would find in it, or that
// only a whole scan can tell (undefined). It reads the scan context and changes nothing: what it
// found is kept by the caller (scan-context.ts, whose invariants say why each check is here).
//
// A part is a child of a node holding several rounds (a history entry, a table row). A whole scan
// groups hits by the largest container that holds no conflict (grouping.ts); every ancestor of a
// part holds one, and keeps it as long as the part takes away none of the values it held: its
// rounds then depend on nothing outside it but the headings and, for a table row, the table's
// columns, both in the context. A change that takes a value away (its ancestors may no longer
// hold a conflict, so rounds beside it could join) or changes which headings name a game (rounds
// elsewhere may take another game) needs a whole scan.
import { containsComposed, parentOf, type RootWatch } from './dom-query.js';
import type { FieldHit } from './field-hit.js';
import { isHeading, type GameMark } from './game-detect.js';
import { groupHitsWithin } from './grouping.js';
import { valueSignature } from '../readers/fields.js';
import { findGameInText } from '../readers/labels.js';
import type { ScanContext, ScanFindings } from './scan-context.js';
import { drain, readTrees, roundsOf, titleGame, type ScannedRound } from './scanner.js';
import { readColumnRow, tableOfRow, type ColumnTable } from './table-columns.js';

export interface PartScan extends ScanFindings {
  rounds: ScannedRound[];
}

/** The field values hits hold, each as one key. */
const valueKeys = (hits: readonly FieldHit[]): Set<string> => new Set(hits.map((hit) => `${hit.field}\u0001${valueSignature(hit.value)}`));

/** The part's rounds and findings; `watch` finds (and counts) the shadow roots it holds. */
export function scanPart(part: Element, context: ScanContext, watch: RootWatch): PartScan | undefined {
  // A mark whose node left the page: a heading or a game line went, which may change rounds anywhere.
  if (context.marks.some((mark) => !mark.node.isConnected)) return undefined;
  for (let node = parentOf(part); node; node = parentOf(node)) {
    // A value read whole from around the part (a label beside the whole list) includes the part's text.
    if (context.valueSources.has(node)) return undefined;
    // A heading around the part names a game by its whole text, the part's included.
    if (node.nodeType === 1 && isHeading(node as Element) && findGameInText(node.textContent ?? '') !== context.marks.find((mark) => mark.node === node)?.game) return undefined;
  }
  const table = tableOfRow(part);
  const shape = table === null ? undefined : context.columnTables.get(table);
  const hits: FieldHit[] = [];
  const partMarks: GameMark[] = [];
  const columnTables = new Map<Element, ColumnTable>();
  if (shape === undefined || !readColumnRow(part, shape, hits)) drain(readTrees(part, columnTables, watch, hits, partMarks));
  const { groups, conflicted } = groupHitsWithin(hits, part);

  const before = context.containerHits.get(part);
  if (before !== undefined) {
    const now = valueKeys(hits);
    for (const value of valueKeys(before)) if (!now.has(value)) return undefined;
  }

  const outside = context.marks.filter((mark) => !containsComposed(part, mark.node));
  // The part's own headings first: gameResolver keeps the first MAX_MARKS.
  const marks = [...partMarks, ...outside];
  const rounds = roundsOf(groups, marks, titleGame(part));
  const inside = marks.filter((mark) => containsComposed(part, mark.node));
  if (!sameMarks(inside, context.marks.filter((mark) => containsComposed(part, mark.node)))) return undefined;
  return { rounds, hits, groups, conflicted, marks, columnTables };
}

function sameMarks(a: readonly GameMark[], b: readonly GameMark[]): boolean {
  if (a.length !== b.length) return false;
  const games = new Map(a.map((mark) => [mark.node, mark.game]));
  return b.every((mark) => games.get(mark.node) === mark.game);
}
