// A DOM described as data (printable by fast-check, built fresh for each run): random nesting of
// the elements fairness panels are made of, with label texts, values and noise (scanner fuzzing).
import fc from 'fast-check';
import { fairnessText, GAME_NAMES, hex64, labelledLine, labelText, randomText, valueText } from './arbitraries.js';

export type Spec = string | { tag: string; attrs: [string, string][]; value?: string; children: Spec[] };

const TAGS = ['div', 'section', 'article', 'dl', 'dt', 'dd', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'label', 'input', 'textarea', 'span', 'p', 'pre', 'li', 'ul', 'h2', 'b', 'small', 'button', 'svg', 'output'];
const ATTRIBUTES = ['title', 'aria-label', 'data-value', 'data-clipboard-text', 'data-full', 'role', 'value'];
const ROLES = ['table', 'row', 'cell', 'columnheader', 'rowheader', 'heading', 'button', 'grid', 'gridcell'];

export const textSpec = fc.oneof(
  { weight: 3, arbitrary: labelText },
  { weight: 4, arbitrary: valueText },
  { weight: 2, arbitrary: labelledLine },
  { weight: 1, arbitrary: fairnessText },
  { weight: 1, arbitrary: randomText },
  { weight: 1, arbitrary: fc.constantFrom(...GAME_NAMES, ' ', '\n  ') },
);

const attributeValue = fc.oneof(hex64, valueText, labelText, fc.constantFrom(...ROLES));
export const attribute = fc.tuple(fc.constantFrom(...ATTRIBUTES), attributeValue).map(([name, value]): [string, string] => [name, name === 'role' && !ROLES.includes(value) ? 'row' : value]);

export const { node: domNode } = fc.letrec<{ node: Spec; element: Spec }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, { weight: 2, arbitrary: textSpec }, { weight: 3, arbitrary: tie('element') }),
  element: fc.record({
    tag: fc.constantFrom(...TAGS),
    attrs: fc.array(attribute, { maxLength: 3 }),
    value: fc.option(fc.oneof(valueText, hex64), { nil: undefined }),
    children: fc.array(tie('node'), { maxLength: 5 }),
  }),
}));

export const el = (tag: string, children: Spec[] = [], attrs: [string, string][] = [], value?: string): Spec => (value === undefined ? { tag, attrs, children } : { tag, attrs, children, value });

/** A labelled pair in one of the layouts the design names, with random label and value texts. */
export const pairSpec = fc
  .tuple(labelText, fc.oneof(valueText, hex64), fc.array(attribute, { maxLength: 2 }), fc.constantFrom('dl', 'th', 'td', 'label', 'label-wrap', 'siblings', 'inline', 'chips', 'aria'))
  .map(([label, value, attrs, layout]): Spec => {
    switch (layout) {
      case 'dl':
        return el('dl', [el('dt', [label]), el('dd', [value], attrs)]);
      case 'th':
        return el('tr', [el('th', [label]), el('td', [value], attrs)]);
      case 'td':
        return el('tr', [el('td', [label]), el('td', [value], attrs)]);
      case 'label':
        return el('div', [el('label', [label]), el('input', [], attrs, value)]);
      case 'label-wrap':
        return el('label', [label, el('input', [], attrs, value)]);
      case 'siblings':
        return el('div', [el('div', [el('span', [label])]), el('div', [el('span', [value]), el('button', ['Copy'], attrs)])]);
      case 'inline':
        return el('p', [`${label.replace(/:\s*$/, '')}: ${value}`], attrs);
      case 'chips':
        return el('div', [el('span', [label]), ...value.split(/[ ,]+/).map((part) => el('b', [part]))]);
      default:
        return el('input', [], [['aria-label', label], ...attrs], value);
    }
  });

/** A page: panels and noise side by side, wrapped in random containers. */
export const pageSpec = fc
  .array(fc.oneof({ weight: 3, arbitrary: pairSpec }, { weight: 2, arbitrary: domNode }), { minLength: 1, maxLength: 10 })
  .chain((parts) =>
    fc.tuple(fc.constant(parts), fc.array(fc.tuple(fc.constantFrom('div', 'section', 'article', 'table', 'tbody', 'dl', 'ul'), fc.nat()), { maxLength: 4 })),
  )
  .map(([parts, wrappers]) => {
    let children: Spec[] = parts;
    for (const [tag, split] of wrappers) {
      const at = children.length === 0 ? 0 : split % children.length;
      children = [...children.slice(0, at), el(tag, children.slice(at))];
    }
    return children;
  });

export function build(document: Document, spec: Spec, depth = 0): Node {
  if (typeof spec === 'string') return document.createTextNode(spec);
  const element = document.createElement(spec.tag);
  for (const [name, value] of spec.attrs) element.setAttribute(name, value);
  for (const child of spec.children) element.appendChild(build(document, child, depth + 1));
  if (spec.value !== undefined && 'value' in element) (element as HTMLInputElement).value = spec.value;
  return element;
}
