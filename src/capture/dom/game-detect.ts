// Which game a round belongs to: its own Game field, else the heading over it (inside its
// container, or the nearest one before it), else the wording of its labels ("Drawn Numbers" is
// keno's), else the page title. Headings are collected once per scan, not per round.
import { elementsByTags, withRoles } from './dom-query.js';
import type { FieldHit } from './field-hit.js';
import { findGameInText, matchGameName } from '../readers/labels.js';

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'caption', 'legend'];
const MAX_MARKS = 200;

export interface GameMark {
  node: Node;
  game: string;
}

/** Whether headingMarks reads the element as a heading. */
export function isHeading(element: Element): boolean {
  return HEADING_TAGS.includes(element.localName) || element.getAttribute('role')?.trim().toLowerCase() === 'heading';
}

/** Headings that name a game (ordered later, by GameResolver). */
export function headingMarks(root: ParentNode, byRole: ReadonlyMap<string, Element[]>): GameMark[] {
  const marks: GameMark[] = [];
  for (const heading of [...elementsByTags(root, HEADING_TAGS), ...withRoles(byRole, ['heading'])]) {
    const game = findGameInText(heading.textContent ?? '');
    if (game !== undefined) marks.push({ node: heading, game });
    if (marks.length >= MAX_MARKS) break;
  }
  return marks;
}

function inDocumentOrder(marks: GameMark[]): GameMark[] {
  return marks.sort((a, b) => (a.node === b.node ? 0 : a.node.compareDocumentPosition(b.node) & 4 ? -1 : 1));
}

/**
 * The game of a group, as the page shows it when it has a Game field. `marks`: headings, and groups
 * that only name a game ("Game: Keno" above a list); the first MAX_MARKS count.
 */
export function gameResolver(marks: GameMark[], titleGame: string | undefined): (container: Node, hits: readonly FieldHit[]) => string | undefined {
  const ordered = inDocumentOrder(marks.slice(0, MAX_MARKS));
  const games = new Set(ordered.map((mark) => mark.game));
  const onlyGame = games.size === 1 ? ordered[0]!.game : undefined;

  const fromHeadings = (container: Node): string | undefined => {
    if (ordered.length === 0) return undefined;
    // One game named on the whole page: every round is of that game.
    if (onlyGame !== undefined) return onlyGame;
    const inside = ordered.find((mark) => container.contains(mark.node));
    if (inside) return inside.game;
    for (let index = ordered.length - 1; index >= 0; index--) {
      const mark = ordered[index]!;
      if (mark.node.compareDocumentPosition(container) & 4 /* FOLLOWING */) return mark.game;
    }
    return undefined;
  };

  return (container, hits) => {
    let shownName: string | undefined;
    for (const hit of hits) {
      if (hit.field !== 'game' || typeof hit.value !== 'string') continue;
      if (matchGameName(hit.value) !== undefined) return hit.value;
      shownName ??= hit.value;
    }
    return fromHeadings(container) ?? hits.find((hit) => hit.gameHint)?.gameHint ?? titleGame ?? shownName;
  };
}
