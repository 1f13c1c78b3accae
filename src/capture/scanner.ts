// Reads every round's fairness details from a document (or part of one): labelled values are
// found, grouped by their nearest common container, and each group gets its game. Frames are
// separate documents: the content script runs in each and scans its own.
//
// A whole scan also leaves what a later scan of one changed part needs (ScanContext): which
// nodes hold several rounds, the headings naming games, the column tables' columns, and the values
// in each round's container. part-scan.ts scans a part; incremental-scan.ts decides which.
import { elementsByRole } from './dom-query.js';
import type { FieldHit } from './field-hit.js';
import { namesRound, type FairnessFields } from './fields.js';
import { GameResolver, headingMarks, type GameMark } from './game-detect.js';
import { groupHitsWithin, valueSignature, type HitGroup } from './grouping.js';
import { collectAriaControls, collectLabelPairs } from './label-pairs.js';
import { pageTally } from './capture-tally.js';
import { findGameInText } from './labels.js';
import { collectColumnTables, type ColumnTable } from './table-columns.js';

export interface ScannedRound {
  fields: FairnessFields;
  /** A commitment shown without a revealed seed or outcome: the active seed pair (or next round). */
  seedPairOnly: boolean;
}

/** What the last whole scan learnt about the page's structure, kept up to date by part scans. */
export interface ScanContext {
  /** Nodes holding two different values of a field (several rounds): no round's container is above one. */
  conflicted: WeakSet<Node>;
  /** Headings and game-only groups that name a game. */
  marks: GameMark[];
  /** Column tables' columns, by table element. */
  columnTables: WeakMap<Element, ColumnTable>;
  /** Each group's container, with its hits: the values a change inside it may not take away (part-scan.ts). */
  containerHits: WeakMap<Node, readonly FieldHit[]>;
  /** Elements holding several rounds that a value was read from whole: a change inside one changes that value. */
  valueSources: WeakSet<Node>;
}

/** Fields of a group; a field shown with two different values in one place is ambiguous: dropped. */
function mergeFields(hits: readonly FieldHit[]): FairnessFields {
  const fields: Record<string, FieldHit['value']> = {};
  const ambiguous = new Set<string>();
  for (const hit of hits) {
    if (hit.field === 'game') continue;
    const prior = fields[hit.field];
    if (prior === undefined) fields[hit.field] = hit.value;
    else if (valueSignature(prior) !== valueSignature(hit.value)) ambiguous.add(hit.field);
  }
  for (const field of ambiguous) delete fields[field];
  return fields as FairnessFields;
}

export function titleGame(root: ParentNode): string | undefined {
  const node = root as unknown as Node;
  const document = node.nodeType === 9 ? (node as Document) : node.ownerDocument;
  return document ? findGameInText(document.title) : undefined;
}

/** Every labelled value under `root`: column tables first, then label pairs and labelled controls. */
export function collectHits(root: ParentNode, byRole: ReadonlyMap<string, Element[]>, columnTables: WeakMap<Element, ColumnTable>): FieldHit[] {
  const headerCells = new Set<Element>();
  const hits: FieldHit[] = [];
  const readRows = new Set<Element>();
  collectColumnTables(root, byRole, hits, headerCells, readRows, columnTables);
  const pairs = collectLabelPairs(root, headerCells, readRows);
  hits.push(...pairs.hits, ...collectAriaControls(root, pairs.readControls));
  return hits;
}

/**
 * The groups that name a round, each with its game. A group that only names a game ("Game: Keno"
 * above a list) tells the rounds below it: it is added to `marks`.
 */
export function roundsOf(groups: readonly HitGroup[], marks: GameMark[], title: string | undefined): ScannedRound[] {
  const rounds: { group: HitGroup; fields: FairnessFields }[] = [];
  for (const group of groups) {
    const fields = mergeFields(group.hits);
    if (namesRound(fields)) {
      rounds.push({ group, fields });
      continue;
    }
    pageTally.count('dom', fields); // values in no round: the capture diagnostics list them
    const game = group.hits.find((hit) => hit.field === 'game' && typeof hit.value === 'string');
    const named = game && findGameInText(game.value as string);
    if (named) marks.push({ node: group.container, game: named });
  }

  const games = new GameResolver(marks, title);
  return rounds.map(({ group, fields }) => {
    const game = games.resolve(group.container, group.hits);
    const withGame: FairnessFields = game === undefined ? fields : { game, ...fields };
    return {
      fields: withGame,
      seedPairOnly: fields.commitment !== undefined && fields.serverSeed === undefined && fields.result === undefined,
    };
  });
}

export function scanDocument(root: ParentNode): ScannedRound[] {
  return scanWhole(root).rounds;
}

/** A scan of everything under `root`, with the context for later part scans. */
export function scanWhole(root: ParentNode): { rounds: ScannedRound[]; context: ScanContext } {
  const byRole = elementsByRole(root);
  const columnTables = new WeakMap<Element, ColumnTable>();
  const hits = collectHits(root, byRole, columnTables);
  const marks = headingMarks(root, byRole);
  const { groups, conflicted } = groupHitsWithin(hits);
  const rounds = roundsOf(groups, marks, titleGame(root));
  const known = new WeakSet<Node>();
  for (const node of conflicted) known.add(node);
  const containerHits = new WeakMap<Node, readonly FieldHit[]>();
  for (const group of groups) containerHits.set(group.container, group.hits);
  const valueSources = new WeakSet<Node>();
  addValueSources(hits, conflicted, valueSources);
  return { rounds, context: { conflicted: known, marks, columnTables, containerHits, valueSources } };
}

/** Notes the hits' value sources that hold several rounds (only those can contain a part). */
export function addValueSources(hits: readonly FieldHit[], conflicted: ReadonlySet<Node>, into: WeakSet<Node>): void {
  for (const hit of hits) if (conflicted.has(hit.source ?? hit.anchor)) into.add(hit.source ?? hit.anchor);
}

/** The field values a group's hits hold, each as one key: what decides which nodes hold a conflict. */
export function valueKeys(hits: readonly FieldHit[]): Set<string> {
  return new Set(hits.map((hit) => `${hit.field}\u0001${valueSignature(hit.value)}`));
}
