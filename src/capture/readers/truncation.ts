// Pages shorten long hex for display ("3f2a…9c1e", "3f2a...9c1e"). Such text is never a value:
// the full value must come from somewhere the page keeps it (title, aria-label, data-*, an input's
// value), and only when it agrees with what is shown. Otherwise the field is missing, never guessed.

// Split on the ellipsis alone and trim the parts: a split pattern with "\s*" around it backtracks
// over every run of spaces (quadratic: a value padded with 1 MB of spaces took minutes).
const ELLIPSIS = /…|\.{3,}/;
/** Too little shown text proves nothing ("…" alone would accept any attribute). */
const MIN_VISIBLE = 4;
const MAX_CANDIDATE_ELEMENTS = 40;
/** Form controls: their value property holds what they show. */
export const CONTROLS = new Set(['input', 'textarea', 'select', 'output']);

export function looksTruncated(text: string): boolean {
  return ELLIPSIS.test(text);
}

/** What a truncated display shows: the visible parts between its ellipses. */
interface Shown {
  parts: string[];
  visible: number;
}

function shownParts(shown: string): Shown {
  const parts = shown
    .trim()
    .split(ELLIPSIS)
    .map((part) => part.trim());
  return { parts, visible: parts.reduce((sum, part) => sum + part.length, 0) };
}

function expands(shown: Shown, candidate: string): boolean {
  const { parts, visible } = shown;
  if (visible < MIN_VISIBLE || candidate.length <= visible || looksTruncated(candidate)) return false;
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1] ?? '') : '';
  if (!candidate.startsWith(first) || !candidate.endsWith(last)) return false;
  // Every ellipsis hides at least one character; the middle parts must appear in order.
  let position = first.length + 1;
  for (const part of parts.slice(1, -1)) {
    const found = candidate.indexOf(part, position);
    if (found < 0) return false;
    position = found + part.length + 1;
  }
  return position <= candidate.length - last.length;
}

/** True when `candidate` could be the full text that `shown` abbreviates. */
export function isConsistentExpansion(shown: string, candidate: string): boolean {
  return expands(shownParts(shown), candidate);
}

/** Texts an element keeps beside what it shows: title, aria-label, value, every data-* attribute. */
function attributeTexts(element: Element, out: string[]): void {
  if (element.hasAttributes()) {
    const attributes = element.attributes;
    for (let index = 0; index < attributes.length; index++) {
      const attribute = attributes[index]!;
      const name = attribute.name;
      if (name === 'title' || name === 'aria-label' || name === 'value' || name.startsWith('data-')) out.push(attribute.value);
    }
  }
  if (CONTROLS.has(element.localName)) out.push((element as HTMLInputElement).value);
}

/**
 * The one full value behind a truncated display, looked for on `element` and (unless `selfOnly`)
 * its descendants, e.g. a copy button's data-clipboard-text. Whole attribute values are tried, then
 * their words ("Copy 3f2a…"). Two different consistent candidates are ambiguous: undefined.
 */
export function recoverFullValue(element: Element, shownText: string, selfOnly = false): string | undefined {
  const shown = shownParts(shownText);
  if (shown.visible < MIN_VISIBLE) return undefined;
  const texts: string[] = [];
  attributeTexts(element, texts);
  if (!selfOnly) {
    let budget = MAX_CANDIDATE_ELEMENTS;
    const walk = (parent: Element): void => {
      for (let child = parent.firstElementChild; child && budget > 0; child = child.nextElementSibling) {
        budget--;
        attributeTexts(child, texts);
        walk(child);
      }
    };
    walk(element);
  }
  const found = new Set<string>();
  for (const text of texts) {
    const whole = text.trim();
    if (expands(shown, whole)) {
      found.add(whole);
      continue;
    }
    if (/\s/.test(whole)) for (const word of whole.split(/\s+/)) if (expands(shown, word)) found.add(word);
  }
  return found.size === 1 ? found.values().next().value : undefined;
}
