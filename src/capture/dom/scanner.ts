// Reads every round's fairness details from a document (or part of one): labelled values are
// found, grouped by their nearest common container, and each group gets its game. Frames are
// separate documents: the content script runs in each and scans its own.
//
// Open shadow roots are read as part of their host, nested ones too (closed ones cannot be).
//
// A whole scan pauses now and then (a generator: it yields), so the page keeps running while a
// long history is read (scan-scheduler.ts slices it); scanWhole runs it without pausing.
//
// A whole scan also leaves what a later scan of one changed part needs (scan-context.ts).
// part-scan.ts scans a part; incremental-scan.ts decides which.
import { elementsByRole, rootWatch, type RootWatch } from './dom-query.js';
import type { FieldHit } from './field-hit.js';
import { namesRound, valueSignature, type FairnessFields } from '../readers/fields.js';
import { gameResolver, headingMarks, type GameMark } from './game-detect.js';
import { groupHitsWithin, type HitGroup } from './grouping.js';
import { scanContext, type KeptContext } from './scan-context.js';
import { collectAriaControls, labelPairSteps } from './label-pairs.js';
import { pageTally } from '../readers/capture-tally.js';
import { findGameInText } from '../readers/labels.js';
import { columnTableSteps, type ColumnTable } from './table-columns.js';

export interface ScannedRound {
  fields: FairnessFields;
  /** Where it was read: the light DOM, or an open shadow root (the capture diagnostics count them apart). */
  channel: 'dom' | 'shadow';
  /** The nodes its values were read from (a page still loading may be writing into one). */
  valueNodes: Node[];
}

/** A node inside an open shadow root is read through the `shadow` channel. */
const channelOf = (node: Node): 'dom' | 'shadow' => {
  const root = node.getRootNode();
  // A fragment's `host`: a document's named elements (<img name="host">) must not pass for one.
  return root.nodeType === 11 && 'host' in root ? 'shadow' : 'dom';
};

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

/**
 * Every labelled value and game heading under `root` and in the open shadow roots within it: per
 * tree, column tables first, then label pairs and labelled controls.
 */
export function* readTrees(root: ParentNode, columnTables: Map<Element, ColumnTable>, watch: RootWatch, hits: FieldHit[], marks: GameMark[]): Generator<void, void> {
  const trees = [root];
  // Grows as it is read: each tree's roots, read after it (a pause after each tree and each search).
  for (const tree of trees) {
    trees.push(...(yield* watch.rootsIn(tree)));
    yield;
    const byRole = elementsByRole(tree);
    const headerCells = new Set<Element>();
    const readRows = new Set<Element>();
    yield* columnTableSteps(tree, byRole, hits, headerCells, readRows, columnTables);
    const pairs = yield* labelPairSteps(tree, headerCells, readRows);
    hits.push(...pairs.hits, ...collectAriaControls(tree, pairs.readControls));
    if (pairs.hex.length > 0) {
      // 64 hex digits that no label named (no hit holds them): a fairness value capture cannot place.
      const read = new Set(hits.map((hit) => hit.value));
      // The text before it, unless it is a value read (a client seed a page put there is no label).
      for (const [text, before] of pairs.hex) if (!read.has(text)) pageTally.bare(text, read.has(before!) ? undefined : before);
    }
    marks.push(...headingMarks(tree, byRole));
    yield;
  }
}

/**
 * A group any of whose values sits inside a shadow root came (at least partly) through the shadow
 * walk; its container cannot tell, as grouping climbs from a root to its host.
 */
const groupChannel = (group: HitGroup): 'dom' | 'shadow' => (group.hits.some((hit) => channelOf(hit.anchor) === 'shadow') ? 'shadow' : 'dom');

/**
 * The groups that name a round, each with its game. A group that only names a game ("Game: Keno"
 * above a list) tells the rounds below it: it is added to `marks`.
 */
export function roundsOf(groups: readonly HitGroup[], marks: GameMark[], title: string | undefined, roundGroups: HitGroup[] = []): ScannedRound[] {
  const rounds: { group: HitGroup; fields: FairnessFields }[] = [];
  for (const group of groups) {
    const fields = mergeFields(group.hits);
    if (namesRound(fields)) {
      rounds.push({ group, fields });
      roundGroups.push(group);
      continue;
    }
    pageTally.count(groupChannel(group), fields); // values in no round: the capture diagnostics list them
    const game = group.hits.find((hit) => hit.field === 'game' && typeof hit.value === 'string');
    const named = game && findGameInText(game.value as string);
    if (named) marks.push({ node: group.container, game: named });
  }

  const gameOf = gameResolver(marks, title);
  return rounds.map(({ group, fields }) => {
    const game = gameOf(group.container, group.hits);
    const withGame: FairnessFields = game === undefined ? fields : { game, ...fields };
    return {
      fields: withGame,
      channel: groupChannel(group),
      valueNodes: group.hits.map((hit) => hit.source ?? hit.anchor),
    };
  });
}

export function scanDocument(root: ParentNode): ScannedRound[] {
  return scanWhole(root).rounds;
}

export interface WholeScan {
  rounds: ScannedRound[];
  /** Each round's group (same order): a sliced scan checks which the page changed meanwhile. */
  groups: HitGroup[];
  context: KeptContext;
}

/** A scan of everything under `root`, with the context for later part scans. */
export function* wholeSteps(root: ParentNode, watch: RootWatch = rootWatch()): Generator<void, WholeScan> {
  const columnTables = new Map<Element, ColumnTable>();
  const hits: FieldHit[] = [];
  const marks: GameMark[] = [];
  yield* readTrees(root, columnTables, watch, hits, marks);
  yield;
  const { groups, conflicted } = groupHitsWithin(hits);
  yield;
  const roundGroups: HitGroup[] = [];
  const rounds = roundsOf(groups, marks, titleGame(root), roundGroups);
  yield;
  return { rounds, groups: roundGroups, context: scanContext({ hits, groups, conflicted, marks, columnTables }) };
}

export const scanWhole = (root: ParentNode, watch?: RootWatch): WholeScan => drain(wholeSteps(root, watch));

/** Runs steps to their end without pausing. */
export function drain<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
