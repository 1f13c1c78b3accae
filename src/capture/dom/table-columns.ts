// History tables that name their columns once ("Nonce | Server Seed | Result") and give one round
// per row. Found by the header row's labels, for <table> and ARIA tables (role=table/grid).
import { elementsByTags, withRoles } from './dom-query.js';
import { hitOf, type FieldHit } from './field-hit.js';
import { matchLabel, MAX_LABEL_LENGTH, type LabelMatch } from '../readers/labels.js';
import { readValue, visibleText } from './value-reader.js';

// Unquoted attribute values (each role is a CSS identifier): the same selectors, fewer bytes in content.js.
const TABLES = 'table,[role=table],[role=grid],[role=treegrid]';
const TABLE_ROLES = ['table', 'grid', 'treegrid'];
const CELLS = '[role=cell],[role=gridcell],[role=columnheader],[role=rowheader]';
const HEADER_CELL_ROLES = new Set(['columnheader']);
/** The header is one of the first rows (a caption row or a filter row may come first). */
const HEADER_SEARCH_ROWS = 3;

const ROW_GROUPS = new Set(['thead', 'tbody', 'tfoot']);

// Child walks rather than table.rows/row.cells collections: cheaper, and nested tables stay out.
function childrenWhere(parent: Element, keep: (child: Element) => boolean, out: Element[] = []): Element[] {
  for (let child = parent.firstElementChild; child; child = child.nextElementSibling) if (keep(child)) out.push(child);
  return out;
}

function rowsOf(table: Element): Element[] {
  if (table.localName !== 'table') {
    return Array.from(table.querySelectorAll('[role=row]')).filter((row) => row.closest(TABLES) === table);
  }
  const rows: Element[] = [];
  for (let child = table.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName === 'tr') rows.push(child);
    else if (ROW_GROUPS.has(child.localName)) childrenWhere(child, (row) => row.localName === 'tr', rows);
  }
  return rows;
}

function cellsOf(row: Element): Element[] {
  if (row.localName === 'tr') return childrenWhere(row, (cell) => cell.localName === 'td' || cell.localName === 'th');
  return Array.from(row.querySelectorAll(CELLS)).filter((cell) => cell.closest('[role=row]') === row);
}

function labelOf(cell: Element): LabelMatch | undefined {
  const text = visibleText(cell).trim();
  return text.length <= MAX_LABEL_LENGTH ? matchLabel(text) : undefined;
}

function isHeaderCell(cell: Element): boolean {
  return cell.localName === 'th' || HEADER_CELL_ROLES.has(cell.getAttribute('role') ?? '');
}

/**
 * The row's label columns when it is a header row: at least two labels, and no label followed by a
 * plain data cell with text (that would be a "Nonce | 5 | Result | 17" pair row, read elsewhere).
 */
function headerColumns(row: Element, cells: Element[]): Map<number, LabelMatch> | undefined {
  const columns = new Map<number, LabelMatch>();
  cells.forEach((cell, index) => {
    const match = labelOf(cell);
    if (match) columns.set(index, match);
  });
  if (columns.size < 2) return undefined;
  if (row.parentElement?.localName === 'thead') return columns;
  for (const index of columns.keys()) {
    const next = cells[index + 1];
    if (next && !columns.has(index + 1) && !isHeaderCell(next) && visibleText(next).trim() !== '') return undefined;
  }
  return columns;
}

/** A column table's labelled columns, its header row, and how many cells that row has. */
export interface ColumnTable {
  columns: Map<number, LabelMatch>;
  header: Element;
  width: number;
}

/**
 * Reads one round row of a column table into `hits`. False for a row shaped differently from the
 * header (an expanded details row, a colspan message): not a round row, the text walk reads
 * whatever labels it holds.
 */
export function readColumnRow(row: Element, table: ColumnTable, hits: FieldHit[]): boolean {
  const cells = cellsOf(row);
  if (cells.length !== table.width) return false;
  for (const [column, match] of table.columns) {
    const cell = cells[column];
    const value = cell ? readValue(cell, match.field) : undefined;
    if (cell && value !== undefined) hits.push(hitOf(match.field, value, cell, match.gameHint));
  }
  return true;
}

/** Whether the element is a known column table's header row, lies in it or holds it (short of the whole table). */
export function touchesColumnHeader(element: Element, shapes: { get(table: Element): ColumnTable | undefined }): boolean {
  const table = element.closest(TABLES);
  const header = table === null || table === element ? undefined : shapes.get(table)?.header;
  return header !== undefined && (header.contains(element) || element.contains(header));
}

/** The table a row belongs to, when the element is a table row. */
export function tableOfRow(element: Element): Element | null {
  if (element.localName === 'tr') return element.closest('table');
  return element.getAttribute('role') === 'row' ? element.closest(TABLES) : null;
}

/**
 * Reads every column table under `root` into `hits` (anchored at the value cell, so each row
 * becomes its own group), adds the header cells to `headerCells` so they are not read again as
 * label/value pairs, and the rows it read to `readRows` so the text walk can skip them. Each
 * table's columns go into `shapes`, so a row added later can be read alone (incremental-scan.ts).
 */
export function* columnTableSteps(
  root: ParentNode,
  byRole: ReadonlyMap<string, Element[]>,
  hits: FieldHit[],
  headerCells: Set<Element>,
  readRows: Set<Element>,
  shapes?: Map<Element, ColumnTable>,
): Generator<void, void> {
  const tables = [...elementsByTags(root, ['table']), ...withRoles(byRole, TABLE_ROLES)];
  for (const [count, table] of tables.entries()) {
    // A sliced scan pauses here now and then (label-pairs.ts); a table or row the page removes meanwhile reads as detached.
    if (count % 8 === 7) yield;
    const rows = rowsOf(table);
    let start = -1;
    let columns: Map<number, LabelMatch> | undefined;
    for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_ROWS) && !columns; index++) {
      columns = headerColumns(rows[index]!, cellsOf(rows[index]!));
      start = index;
    }
    if (!columns) continue;
    const header = cellsOf(rows[start]!);
    for (const cell of header) headerCells.add(cell);
    const shape: ColumnTable = { columns, header: rows[start]!, width: header.length };
    shapes?.set(table, shape);
    for (let index = start + 1; index < rows.length; index++) {
      if (index % 64 === 0) yield;
      if (readColumnRow(rows[index]!, shape, hits)) readRows.add(rows[index]!);
    }
  }
}
