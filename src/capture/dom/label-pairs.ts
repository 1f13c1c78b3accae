// Finds labels in text and reads the value each one points at: dt/dd, th/td and td/td rows,
// <label> + control, a label element followed by a value element, "Label: value" in one text node,
// and preformatted blocks of such lines. One pass of a TreeWalker over text nodes: labels are
// recognised by their words (class names on such sites are generated), never by CSS.
import { elementsByTags } from './dom-query.js';
import { hitOf, type FieldHit } from './field-hit.js';
import { LIST_FIELDS } from '../readers/fields.js';
import { matchLabel, MAX_LABEL_LENGTH, type LabelMatch } from '../readers/labels.js';
import { parseFairnessLines } from '../readers/text-parser.js';
import { looksTruncated, recoverFullValue } from '../readers/truncation.js';
import {
  isControl,
  listIfPicks,
  nextMeaningfulSibling,
  previousMeaningfulSibling,
  readChipRun,
  readValue,
  type FieldValue,
} from './value-reader.js';

/** Text in these is code, a control's own text or a button caption, never a label. */
const SKIP_PARENTS = new Set(['script', 'style', 'noscript', 'template', 'textarea', 'select', 'option', 'title', 'button']);
/** Elements that are the label's own box: the value is their sibling, not something above them. */
const LABEL_BOXES = new Set(['dt', 'th', 'td', 'label', 'li', 'dd']);
/** Boxes whose whole text is the label: leftover text in them qualifies the label, it is no value. */
const QUALIFIED_BOXES = new Set(['dt', 'th', 'label']);
/** Labels split over inline elements have few parts; bigger parents are containers, not labels. */
const MAX_LABEL_PARTS = 4;
const MAX_CLIMB = 4;
/** A single-line text node longer than this is prose or a value, not "Label: value". */
const MAX_LINE_NODE = 400;
/** Preformatted blocks ("<pre>" with the reference program's output) are read up to this size. */
const MAX_BLOCK_NODE = 20_000;

export interface PairScan {
  hits: FieldHit[];
  /**
   * Texts that are 64 hex digits alone, labelled or not, with the text before their element (the
   * capture diagnostics count those no label named, and name that text, perhaps a label in a
   * language no vocabulary has: scanner.ts).
   */
  hex: [text: string, before: string | undefined][];
  /** Controls already read through their <label>, so aria-label scanning skips them. */
  readControls: Set<Element>;
}

function elementLabel(element: Element): LabelMatch | undefined {
  const text = element.textContent ?? '';
  return text.length <= MAX_LABEL_LENGTH + 20 ? matchLabel(text.trim()) : undefined;
}

/** Climbs from a label's own element to the box whose next sibling holds the value. */
function labelBox(element: Element, root: Node): Element {
  let box = element;
  for (let step = 0; step < MAX_CLIMB && !LABEL_BOXES.has(box.localName); step++) {
    const parent = box.parentElement;
    if (!parent || parent === root || parent.localName === 'body' || parent.localName === 'html') break;
    if (previousMeaningfulSibling(box) || nextMeaningfulSibling(box)) break;
    box = parent;
  }
  return box;
}

/** Reads the values labels point at, into `hits`; a closure rather than a class (size budget). */
function pairReader(root: Node, headerCells: ReadonlySet<Element>) {
  const hits: FieldHit[] = [];
  const readControls = new Set<Element>();
  const boxes = new Set<Element>();

  const push = (match: LabelMatch, value: FieldValue | undefined, anchor: Node, source?: Node): void => {
    if (value !== undefined) hits.push(hitOf(match.field, value, anchor, match.gameHint, source));
  };

  const readSibling = (match: LabelMatch, next: ChildNode, anchor: Node): void => {
    if (next.nodeType === 1) {
      const element = next as Element;
      if (isControl(element)) readControls.add(element);
      if (LIST_FIELDS.has(match.field)) {
        const chips = readChipRun(element);
        if (chips) return push(match, chips, anchor, element);
      }
    }
    const value = readValue(next, match.field);
    if (typeof value === 'string') {
      // The next thing is another label: this value is missing.
      if (matchLabel(value)) return;
      // A parenthesised remark ("(hidden until you rotate)") is never a value.
      if (/^\(.*\)$/s.test(value)) return;
    }
    push(match, value, anchor, next);
  };

  return {
    hits,
    readControls,

    /** An element whose whole text is a label. */
    labelElement(element: Element, match: LabelMatch): void {
      const box = labelBox(element, root);
      if (boxes.has(box) || headerCells.has(box)) return;
      boxes.add(box);
      if (box.localName === 'label') {
        const control = (box as HTMLLabelElement).control;
        if (control && isControl(control)) {
          readControls.add(control);
          push(match, readValue(control, match.field), box, control);
          return;
        }
      }
      const next = nextMeaningfulSibling(box);
      if (!next) return;
      if (box.localName === 'dt' && (next as Element).localName !== 'dd') return;
      readSibling(match, next, box);
    },

    /** A label that is one text node among others ("Nonce <b>5</b>"). */
    bareLabel(text: Text, match: LabelMatch): void {
      const parent = text.parentElement!;
      // Inside a label box the rest of the box qualifies the label ("Server Seed <small>(next)</small>"):
      // it is not the value, and the label as a whole did not match.
      if (QUALIFIED_BOXES.has(parent.localName)) return;
      const next = nextMeaningfulSibling(text);
      if (next) readSibling(match, next, parent);
    },

    /** "Label: value" in one text node; a truncated value is looked up on the node's element. */
    inline(text: Text, line: string): boolean {
      const colon = line.indexOf(':');
      if (colon <= 0 || colon > MAX_LABEL_LENGTH) return false;
      const match = matchLabel(line.slice(0, colon));
      if (!match) return false;
      const shown = line.slice(colon + 1).trim();
      if (shown === '') return false; // "Nonce:" is a label whose value follows
      const parent = text.parentElement!;
      const value = looksTruncated(shown) ? recoverFullValue(parent, shown) : shown;
      if (value !== undefined) {
        push(match, listIfPicks(value, match.field), parent);
      }
      return true;
    },

    /** A preformatted block of "Label: value" lines, e.g. the reference program's output in a <pre>. */
    block(text: Text): boolean {
      const fields = parseFairnessLines(text.data);
      const parent = text.parentElement!;
      let found = false;
      for (const [field, value] of Object.entries(fields)) {
        // The text parser keeps truncated values for the paste check to name; a page's value is then missing.
        if (value === undefined || (typeof value === 'string' ? looksTruncated(value) : value.some(looksTruncated))) continue;
        hits.push({ field: field as FieldHit['field'], value, anchor: parent });
        found = true;
      }
      return found;
    },
  };
}

const CELL_TAGS = new Set(['td', 'th']);

/** The table row a text node's element sits in, looking at most two levels up. */
function rowOf(parent: Element): Element | null {
  if (CELL_TAGS.has(parent.localName)) return parent.parentElement;
  const cell = parent.parentElement;
  return cell && CELL_TAGS.has(cell.localName) ? cell.parentElement : null;
}

function lastDescendant(node: Node): Node {
  let last = node;
  while (last.lastChild) last = last.lastChild;
  return last;
}

/**
 * Text that cannot hold a label: blank, or starting with a digit (no label does, and most values
 * do: nonces, numbers). Checked before any DOM access, as most text on a history page is values.
 */
const HEX64_TEXT = /^\s*[\da-f]{64}\s*$/i;

function cannotHoldLabel(data: string): boolean {
  for (let index = 0; index < data.length; index++) {
    const code = data.charCodeAt(index);
    if (code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d || code === 0xa0) continue;
    return code >= 0x30 && code <= 0x39;
  }
  return true;
}

/** Text nodes read between two pauses of a sliced scan (scan-scheduler.ts). */
const NODES_PER_STEP = 64;

/**
 * Walks the text under `root` and reads every labelled value, except cells in `headerCells` and
 * rows in `readRows` (both already read as a column table). Pauses (yields) every NODES_PER_STEP
 * text nodes: the page may change meanwhile. A node it stopped at that the page removed is
 * stepped over with what is left of its nearest ancestor still there (of 64 at most: else the rest
 * of the tree): that ancestor's change is noted by the observer and read again (incremental-scan.ts).
 */
export function* labelPairSteps(root: ParentNode, headerCells: ReadonlySet<Element>, readRows: ReadonlySet<Element>): Generator<void, PairScan> {
  const rootNode = root as unknown as Node;
  const document = rootNode.ownerDocument ?? (rootNode as Document);
  const reader = pairReader(rootNode, headerCells);
  const walker = document.createTreeWalker(rootNode, 4 /* NodeFilter.SHOW_TEXT */);
  const checkedParents = new Set<Element>();
  const labelParents = new Set<Element>();
  const hex: PairScan['hex'] = [];
  let count = 0;

  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (++count % NODES_PER_STEP === 0) {
      const path: Node[] = [];
      // Bounded: on a page nested thousands deep, a path per pause would cost quadratic time.
      for (let above = node.parentNode; above && above !== rootNode && path.length < 64; above = above.parentNode) path.push(above);
      yield;
      if (!rootNode.contains(node)) {
        walker.currentNode = lastDescendant(path.find((above) => rootNode.contains(above)) ?? rootNode);
        continue;
      }
    }
    const text = node as Text;
    const data = text.data;
    if (data.length >= 64 && data.length < 100 && HEX64_TEXT.test(data)) hex.push([data.trim(), previousMeaningfulSibling(text.parentNode!)?.textContent!.trim()]);
    if (data.length > MAX_BLOCK_NODE || cannotHoldLabel(data)) continue;
    const parent = text.parentElement;
    if (!parent || SKIP_PARENTS.has(parent.localName) || labelParents.has(parent)) continue;
    if (readRows.size > 0) {
      // A row already read as a column table holds values only: skip the rest of it at once.
      const row = rowOf(parent);
      if (row && readRows.has(row)) {
        walker.currentNode = lastDescendant(row);
        continue;
      }
    }
    const trimmed = data.trim();

    if (trimmed.includes('\n') && trimmed.includes(':') && reader.block(text)) continue;
    if (data.length > MAX_LINE_NODE) continue;

    // A label split over inline elements ("Server Seed <small>(revealed)</small>") is matched whole,
    // so its qualifier is never mistaken for the value.
    if (parent.firstElementChild !== null && parent.childElementCount <= MAX_LABEL_PARTS && !checkedParents.has(parent)) {
      checkedParents.add(parent);
      const whole = elementLabel(parent);
      if (whole) {
        labelParents.add(parent);
        reader.labelElement(parent, whole);
        continue;
      }
    }

    // "Label: value" first: folding drops punctuation, so "Result: —" would also match as a bare label.
    if (reader.inline(text, trimmed)) continue;
    const match = matchLabel(trimmed);
    if (match) {
      if (parent.firstElementChild === null && (parent.textContent ?? '').trim() === trimmed) reader.labelElement(parent, match);
      else reader.bareLabel(text, match);
    }
  }
  return { hits: reader.hits, readControls: reader.readControls, hex };
}

/** Inputs named only by aria-label ("<input aria-label='Client Seed'>"). */
export function collectAriaControls(root: ParentNode, readControls: ReadonlySet<Element>): FieldHit[] {
  const hits: FieldHit[] = [];
  for (const control of elementsByTags(root, ['input', 'textarea', 'output'])) {
    if (readControls.has(control) || !control.hasAttribute('aria-label')) continue;
    const match = matchLabel((control.getAttribute('aria-label') ?? '').trim());
    const value = match ? readValue(control, match.field) : undefined;
    if (match && value !== undefined) hits.push(hitOf(match.field, value, control, match.gameHint));
  }
  return hits;
}
