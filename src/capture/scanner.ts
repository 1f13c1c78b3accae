// Reads every round's fairness details from a document (or part of one): labelled values are
// found, grouped by their nearest common container, and each group gets its game. Frames are
// separate documents: the content script runs in each and scans its own.
import { elementsByRole } from './dom-query.js';
import type { FieldHit } from './field-hit.js';
import { namesRound, type FairnessFields } from './fields.js';
import { GameResolver, headingMarks, type GameMark } from './game-detect.js';
import { groupHits, valueSignature, type HitGroup } from './grouping.js';
import { collectAriaControls, collectLabelPairs } from './label-pairs.js';
import { findGameInText } from './labels.js';
import { collectColumnTables } from './table-columns.js';

export interface ScannedRound {
  fields: FairnessFields;
  /** A commitment shown without a revealed seed or outcome: the active seed pair (or next round). */
  seedPairOnly: boolean;
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

function titleGame(root: ParentNode): string | undefined {
  const node = root as unknown as Node;
  const document = node.nodeType === 9 ? (node as Document) : node.ownerDocument;
  return document ? findGameInText(document.title) : undefined;
}

export function scanDocument(root: ParentNode): ScannedRound[] {
  const headerCells = new Set<Element>();
  const hits: FieldHit[] = [];
  const byRole = elementsByRole(root);
  const readRows = new Set<Element>();
  collectColumnTables(root, byRole, hits, headerCells, readRows);
  const pairs = collectLabelPairs(root, headerCells, readRows);
  hits.push(...pairs.hits, ...collectAriaControls(root, pairs.readControls));

  const rounds: { group: HitGroup; fields: FairnessFields }[] = [];
  const marks: GameMark[] = headingMarks(root, byRole);
  for (const group of groupHits(hits)) {
    const fields = mergeFields(group.hits);
    if (namesRound(fields)) {
      rounds.push({ group, fields });
      continue;
    }
    // A group that only names a game ("Game: Keno" above a list) tells the rounds below it.
    const game = group.hits.find((hit) => hit.field === 'game' && typeof hit.value === 'string');
    const named = game && findGameInText(game.value as string);
    if (named) marks.push({ node: group.container, game: named });
  }

  const games = new GameResolver(marks, titleGame(root));
  return rounds.map(({ group, fields }) => {
    const game = games.resolve(group.container, group.hits);
    const withGame: FairnessFields = game === undefined ? fields : { game, ...fields };
    return {
      fields: withGame,
      seedPairOnly: fields.commitment !== undefined && fields.serverSeed === undefined && fields.result === undefined,
    };
  });
}
