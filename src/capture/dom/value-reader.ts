// Reads the value a label points at: an input's value property, a cell's text, a row of number
// chips. Values are trimmed and otherwise taken exactly as shown; a truncated display is replaced
// by a consistent full value the page keeps, or the value is missing.
import { LIST_FIELDS, type FieldName } from '../readers/fields.js';
import { CONTROLS, looksTruncated, recoverFullValue } from '../readers/truncation.js';

export type FieldValue = string | string[];

/** Elements whose text is never part of a value: controls and decoration. */
const NOT_VALUE_TAGS = new Set(['button', 'script', 'style', 'template', 'noscript', 'svg']);
const MAX_CHIPS = 60;
/** A chip holds one small number: keno 1–40, roulette 0–36 or "00". */
const CHIP = /^\d{1,2}$/;

// Plain child walks instead of selector matching: they run for every value of every row, and
// are cheap in any engine.
function isDecoration(element: Element): boolean {
  return NOT_VALUE_TAGS.has(element.localName) || element.getAttribute('role') === 'button';
}

export function isControl(node: Node): node is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | HTMLOutputElement {
  return node.nodeType === 1 && CONTROLS.has((node as Element).localName);
}

/** Nodes a reader looks past: comments and whitespace-only text. */
export function isMeaningful(node: Node): boolean {
  if (node.nodeType === 1) return true;
  return node.nodeType === 3 && (node as Text).data.trim() !== '';
}

export function nextMeaningfulSibling(node: Node): ChildNode | null {
  let next = node.nextSibling;
  while (next && !isMeaningful(next)) next = next.nextSibling;
  return next;
}

export function previousMeaningfulSibling(node: Node): ChildNode | null {
  let previous = node.previousSibling;
  while (previous && !isMeaningful(previous)) previous = previous.previousSibling;
  return previous;
}

interface Contents {
  /** The text a reader sees: without buttons ("Copy"), decoration or controls' own text. */
  text: string;
  /** Texts of the leaf elements, in order: the chips of a keno draw. */
  chips: string[];
  /** Controls inside, up to two (one is a wrapped input, two is a form). */
  controls: Element[];
  /** Text lies deeper than the walk goes: `text` misses part of what is shown. */
  incomplete: boolean;
}

/** A value is a few elements deep; a page nesting deeper must not overflow the stack. */
const MAX_VALUE_DEPTH = 32;

/** One walk over an element's subtree collects everything a value reader needs. */
function inspect(element: Element): Contents {
  const contents: Contents = { text: '', chips: [], controls: [], incomplete: false };
  const walk = (parent: Element, depth: number): void => {
    if (depth > MAX_VALUE_DEPTH) {
      if ((parent.textContent ?? '').trim() !== '') contents.incomplete = true;
      return;
    }
    for (let child = parent.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) {
        contents.text += (child as Text).data;
        continue;
      }
      if (child.nodeType !== 1) continue;
      const element = child as Element;
      const tag = element.localName;
      if (CONTROLS.has(tag)) {
        if (contents.controls.length < 2) contents.controls.push(element);
      } else if (NOT_VALUE_TAGS.has(tag) || element.getAttribute('role') === 'button') {
        continue;
      } else if (element.firstElementChild === null) {
        const text = element.textContent ?? '';
        contents.text += text;
        const chip = text.trim();
        if (chip !== '' && contents.chips.length <= MAX_CHIPS) contents.chips.push(chip);
      } else {
        walk(element, depth + 1);
      }
    }
  };
  walk(element, 0);
  return contents;
}

export function visibleText(element: Element): string {
  return inspect(element).text;
}

/** A text value, or its recovered full form when truncated; undefined when missing. */
function fullText(shown: string, holder: Element | null, selfOnly: boolean): string | undefined {
  const text = shown.trim();
  if (text === '') return undefined;
  if (!looksTruncated(text)) return text;
  return holder ? recoverFullValue(holder, text, selfOnly) : undefined;
}

function controlValue(control: Element): string | undefined {
  const field = control as HTMLInputElement;
  // A field the player is typing in holds a draft, not what the page says (a client seed half
  // typed is no seed pair): while it has the focus, the page's own value counts. A read-only or
  // disabled field holds no draft (the page may have set its value without its attribute).
  const editing =
    control.ownerDocument.activeElement === control && !field.readOnly && !field.disabled && typeof field.defaultValue === 'string';
  const value = editing ? field.defaultValue : field.value;
  return typeof value === 'string' ? fullText(value, control, true) : undefined;
}

/** Splits a picks text ("3, 5, 12") into its numbers; picks are always a list. */
function asList(value: string): string[] {
  return value.split(/[\s,;]+/).filter((item) => item !== '');
}

export function listIfPicks(value: string | undefined, field: FieldName): FieldValue | undefined {
  return value !== undefined && field === 'picks' ? asList(value) : value;
}

/** Reads the value held by `node` (an element or a bare text node) for `field`. */
export function readValue(node: Node, field: FieldName): FieldValue | undefined {
  if (node.nodeType === 3) return listIfPicks(fullText((node as Text).data, (node as Text).parentElement, true), field);
  if (node.nodeType !== 1) return undefined;
  const element = node as Element;
  if (isControl(element)) return listIfPicks(controlValue(element), field);
  const contents = inspect(element);
  // Part of the text sits deeper than the walk: reading the rest would alter the value.
  if (contents.incomplete) return undefined;
  // A wrapper that shows nothing but one input: the input's value is the value.
  if (contents.controls.length === 1 && contents.text.trim() === '') return listIfPicks(controlValue(contents.controls[0]!), field);
  // Only a row of number chips is a list; "17 <span>Red</span>" stays one text.
  if (LIST_FIELDS.has(field) && contents.chips.length >= 2 && contents.chips.every((chip) => CHIP.test(chip))) return contents.chips;
  return listIfPicks(fullText(contents.text, element, false), field);
}

/**
 * Chips placed directly after a label, each its own sibling element ("Drawn Numbers" <b>3</b>
 * <b>17</b> …): collects the run of small-number siblings starting at `first`. A chip is a leaf
 * holding a number, and no label is a number, so the run needs no label test.
 */
export function readChipRun(first: Element): string[] | undefined {
  if (first.firstElementChild !== null) return undefined;
  const chips: string[] = [];
  for (let node: Node | null = first; node && chips.length <= MAX_CHIPS; node = nextMeaningfulSibling(node)) {
    if (node.nodeType !== 1 || (node as Element).firstElementChild !== null) break;
    const text = ((node as Element).textContent ?? '').trim();
    if (!CHIP.test(text)) break;
    chips.push(text);
  }
  return chips.length >= 2 ? chips : undefined;
}
