// @vitest-environment jsdom
// Fuzzes the label scanner (scanDocument) over generated DOM trees: random nesting of the elements
// fairness panels are made of, label texts from the real vocabulary and random text, values shown
// whole or truncated ("3f2a…9c1e", "3f2a...9c1e") with the full value in title/aria-label/data-*
// or nowhere, and generated texts (the reference output in a <pre>, "Label: value" lines). The
// scanner never throws, never takes long, and every value it returns is text the page holds
// verbatim (a text, an attribute, an input's value) and never a truncated one. On clean panels it
// reads exactly the values shown, the full value behind a truncation when exactly one is kept,
// and nothing when none is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { namesRound, type FairnessFields } from '../../src/capture/readers/fields.js';
import { scanDocument, type ScannedRound } from '../../src/capture/dom/scanner.js';
import { chip, ELLIPSES, fairnessText, GAME_NAMES, hex64, labelledLine, labelText, LABELS, randomText, truncate, valueText } from './arbitraries.js';
import { build, el, pageSpec, pairSpec, textSpec, type Spec } from './dom-spec.js';
import { fieldProblems } from './field-checks.js';
import { BIG_INPUT_MS, bigCases, CASE_MS, Counters, MB, PROPERTY_TIMEOUT, runProperty, share, show, targetCases, withinTime } from './harness.js';

const TARGET = 'scanner';
const CASES = targetCases(500);

// ---------------------------------------------------------------------------------------------
// What the page holds verbatim: every text node, attribute and control value, and the text each
// element shows (its text without buttons, scripts and controls: what a reader sees as one value).

const NOT_VALUE = new Set(['button', 'script', 'style', 'template', 'noscript', 'svg', 'input', 'textarea', 'select', 'output']);

function haystackOf(root: Node): string[] {
  const found: string[] = [];
  const visible = (node: Node): string => {
    if (node.nodeType === 3) {
      found.push((node as Text).data);
      return (node as Text).data;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return '';
    let text = '';
    if (node.nodeType === 1) {
      const element = node as Element;
      for (const attribute of Array.from(element.attributes)) found.push(attribute.value);
      if ('value' in element && typeof (element as HTMLInputElement).value === 'string') found.push((element as HTMLInputElement).value);
    }
    for (let child = node.firstChild; child; child = child.nextSibling) {
      const shown = visible(child);
      const hidden = child.nodeType === 1 && (NOT_VALUE.has((child as Element).localName) || (child as Element).getAttribute('role') === 'button');
      if (!hidden) text += shown;
    }
    found.push(text);
    return text;
  };
  visible(root);
  return found;
}

function roundProblems(rounds: ScannedRound[], occurs: (value: string) => boolean): string[] {
  const problems: string[] = [];
  rounds.forEach((round, index) => {
    for (const problem of fieldProblems(round.fields, { occurs, allowEllipsis: false, allowCanonicalGame: true })) problems.push(`round ${index}: ${problem}`);
    if (!namesRound(round.fields)) problems.push(`round ${index}: names no round: ${show(round.fields)}`);
  });
  return problems;
}

function scanPage(children: Spec[], limitMs: number, counters?: Counters, title = ''): void {
  document.title = title;
  document.body.replaceChildren(...children.map((child) => build(document, child)));
  const rounds = withinTime(limitMs, 'scanDocument', () => scanDocument(document));
  counters?.add(rounds.length > 0 ? 'with a round' : 'no round');
  if (rounds.some((round) => round.fields.serverSeed !== undefined || round.fields.commitment !== undefined)) counters?.add('with a seed');
  const haystack = haystackOf(document.body);
  haystack.push(document.title);
  const problems = roundProblems(rounds, (value) => haystack.some((text) => text.includes(value)));
  if (problems.length > 0) throw new Error(`${problems.slice(0, 8).join('\n')}\nrounds: ${show(rounds, 600)}\nbody: ${show(document.body.innerHTML, 1500)}`);
}

// ---------------------------------------------------------------------------------------------
// Clean panels with known values: what must be read, recovered, or left missing.

type Shown = 'full' | 'title' | 'aria-label' | 'data' | 'copy-button' | 'none' | 'ambiguous' | 'inconsistent';

interface PanelField {
  field: 'serverSeed' | 'commitment' | 'clientSeed' | 'nonce' | 'result';
  label: string;
  full: string;
  shown: Shown;
  keep: number;
  ellipsis: string;
  other: string;
}

const panelField = (field: PanelField['field'], value: fc.Arbitrary<string>, truncatable: boolean): fc.Arbitrary<PanelField> =>
  fc.record({
    field: fc.constant(field),
    label: fc.tuple(fc.constantFrom(...LABELS[field].filter((label) => !/american|european|Hits|Drawn|Gezogene|Ziehung/i.test(label))), fc.constantFrom('', ':')).map(([label, colon]) => label + colon),
    full: value,
    shown: truncatable ? fc.constantFrom<Shown>('full', 'full', 'title', 'aria-label', 'data', 'copy-button', 'none', 'ambiguous', 'inconsistent') : fc.constant<Shown>('full'),
    keep: fc.integer({ min: 1, max: 12 }),
    ellipsis: fc.constantFrom<string>(...ELLIPSES),
    other: hex64,
  });

const panel = fc.record({
  layout: fc.constantFrom('dl', 'th', 'td', 'siblings', 'inline', 'columns'),
  fields: fc
    .tuple(
      fc.option(panelField('serverSeed', hex64, true), { nil: undefined }),
      fc.option(panelField('commitment', hex64, true), { nil: undefined }),
      fc.option(panelField('clientSeed', hex64, true), { nil: undefined }),
      fc.option(panelField('nonce', fc.nat().map(String), false), { nil: undefined }),
      fc.option(panelField('result', chip, false), { nil: undefined }),
    )
    .map((fields) => fields.filter((field): field is PanelField => field !== undefined)),
});

/** The display of a field, the attributes of its value element, and the value the scanner must read. */
function display(field: PanelField): { text: string; attrs: [string, string][]; extra: Spec[]; expected: string | undefined } {
  if (field.shown === 'full') return { text: field.full, attrs: [], extra: [], expected: field.full };
  const text = truncate(field.full, field.keep, field.ellipsis);
  const readable = field.keep * 2 >= 4; // fewer shown characters prove nothing
  switch (field.shown) {
    case 'title':
      return { text, attrs: [['title', field.full]], extra: [], expected: readable ? field.full : undefined };
    case 'aria-label':
      return { text, attrs: [['aria-label', field.full]], extra: [], expected: readable ? field.full : undefined };
    case 'data':
      return { text, attrs: [['data-full-value', field.full]], extra: [], expected: readable ? field.full : undefined };
    case 'copy-button':
      return { text, attrs: [], extra: [el('button', ['Copy'], [['data-clipboard-text', field.full]])], expected: readable ? field.full : undefined };
    case 'ambiguous': {
      // A second full value that the display abbreviates just as well: neither may be taken.
      const middle = field.other.slice(0, field.full.length - 2 * field.keep);
      const second = field.full.slice(0, field.keep) + middle + field.full.slice(-field.keep);
      const attrs: [string, string][] = [['title', field.full], ['data-other', second]];
      return { text, attrs, extra: [], expected: readable && second === field.full ? field.full : undefined };
    }
    case 'inconsistent': {
      // A full value that does not match what is shown (its first character differs).
      const wrong = (field.full[0] === 'a' ? 'b' : 'a') + field.full.slice(1);
      return { text, attrs: [['title', wrong]], extra: [], expected: undefined };
    }
    default:
      return { text, attrs: [], extra: [], expected: undefined };
  }
}

function panelSpec(layout: string, fields: PanelField[]): { spec: Spec; expected: FairnessFields } {
  const expected: Record<string, string> = {};
  const shown = fields.map((field) => ({ field, ...display(field) }));
  for (const { field, expected: value } of shown) if (value !== undefined) expected[field.field] = value;
  let spec: Spec;
  // A column table names at least two columns; with one field it is a th/td row.
  switch (layout === 'columns' && fields.length < 2 ? 'th' : layout) {
    case 'dl':
      spec = el('dl', shown.flatMap(({ field, text, attrs, extra }) => [el('dt', [field.label]), el('dd', [text, ...extra], attrs)]));
      break;
    case 'th':
    case 'td':
      spec = el('table', [el('tbody', shown.map(({ field, text, attrs, extra }) => el('tr', [el(layout, [field.label]), el('td', [text, ...extra], attrs)])))]);
      break;
    case 'siblings':
      spec = el('div', shown.map(({ field, text, attrs, extra }) => el('div', [el('div', [el('span', [field.label])]), el('div', [el('span', [text]), ...extra], attrs)])));
      break;
    case 'inline':
      spec = el('div', shown.map(({ field, text, attrs, extra }) => el('p', [`${field.label.replace(/:$/, '')}: ${text}`, ...extra], attrs)));
      break;
    default:
      spec = el('table', [
        el('thead', [el('tr', shown.map(({ field }) => el('th', [field.label])))]),
        el('tbody', [el('tr', shown.map(({ text, attrs, extra }) => el('td', [text, ...extra], attrs)))]),
      ]);
  }
  return { spec, expected: expected as FairnessFields };
}

// ---------------------------------------------------------------------------------------------

describe('fuzz: scanDocument', () => {
  it(
    'never throws and returns only untruncated values the page holds verbatim (generated DOM)',
    () => {
      const counters = new Counters();
      runProperty(
        TARGET,
        'generated DOM',
        fc.property(pageSpec, fc.constantFrom('', '', 'Keno', 'Europäisches Roulette – Cloudbet'), (children, title) => scanPage(children, CASE_MS, counters, title)),
        share(CASES, 0.45),
        counters,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'never throws and returns only values the text holds (generated texts in text nodes and <pre>)',
    () => {
      const counters = new Counters();
      runProperty(
        TARGET,
        'generated texts',
        fc.property(fc.array(fairnessText, { minLength: 1, maxLength: 4 }), fc.constantFrom('pre', 'div', 'p', 'td'), (texts, tag) =>
          scanPage(texts.map((text) => el(tag, [text])), CASE_MS, counters),
        ),
        share(CASES, 0.15),
        counters,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'reads a clean panel exactly: shown values, the one full value behind a truncation, nothing guessed',
    () => {
      const counters = new Counters();
      runProperty(
        TARGET,
        'clean panels',
        fc.property(panel, ({ layout, fields }) => {
          const { spec, expected } = panelSpec(layout, fields);
          document.title = '';
          document.body.replaceChildren(build(document, spec));
          const rounds = withinTime(CASE_MS, 'scanDocument', () => scanDocument(document));
          const read = rounds.map(({ fields: found }) => {
            const { game: _game, ...rest } = found;
            return rest;
          });
          if (namesRound(expected)) {
            counters.add('round expected');
            expect(read, document.body.innerHTML).toEqual([expected]);
          } else {
            counters.add('no round expected');
            expect(read, document.body.innerHTML).toEqual([]);
          }
        }),
        share(CASES, 0.3),
        counters,
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'survives nesting deeper than its walks go',
    () => {
      runProperty(
        TARGET,
        'deep nesting',
        fc.property(fc.integer({ min: 20, max: 120 }), fc.constantFrom('div', 'span', 'dd', 'td', 'label'), pairSpec, fc.array(textSpec, { maxLength: 3 }), (depth, tag, pair, texts) => {
          // The pair at the bottom of a chain, and text at every few levels.
          let spec: Spec = pair;
          for (let level = 0; level < depth; level++) spec = el(tag, level % 7 === 0 ? [texts[level % Math.max(1, texts.length)] ?? '', spec] : [spec]);
          scanPage([spec], CASE_MS);
        }),
        share(CASES, 0.05),
      );
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'never reads a value whose text goes deeper than it looks',
    () => {
      runProperty(
        TARGET,
        'deep values',
        fc.property(fc.integer({ min: 1, max: 80 }), fc.constantFrom('dl', 'th', 'siblings'), hex64, (depth, layout, seed) => {
          // The value's text is split: its middle sits `depth` elements further down.
          let middle: Spec = seed.slice(20, 44);
          for (let level = 0; level < depth; level++) middle = el('span', [middle]);
          const value = [seed.slice(0, 20), middle, seed.slice(44)];
          const pair =
            layout === 'dl'
              ? el('dl', [el('dt', ['Server Seed']), el('dd', value)])
              : layout === 'th'
                ? el('table', [el('tr', [el('th', ['Server Seed']), el('td', value)])])
                : el('div', [el('span', ['Server Seed']), el('div', value)]);
          scanPage([pair], CASE_MS);
        }),
        share(CASES, 0.05),
      );
    },
    PROPERTY_TIMEOUT,
  );

  /** 1 MB pages: a long history table, one huge value, a huge text block, a sea of whitespace. */
  const bigPage = fc.oneof(
    fc.tuple(hex64, hex64).map(([seed, commitment]): Spec[] => {
      const header = el('tr', ['Nonce', 'Server Seed', 'Server Seed Hash', 'Result'].map((label) => el('th', [label])));
      const rowText = (nonce: number) => el('tr', [el('td', [String(nonce)]), el('td', [truncate(seed, 6, '…')], [['title', seed]]), el('td', [commitment]), el('td', [String(nonce % 37)])]);
      const rows = Array.from({ length: Math.ceil(MB / 200) }, (_, nonce) => rowText(nonce));
      return [el('table', [el('thead', [header]), el('tbody', rows)])];
    }),
    fc.constantFrom('a', ' ', '.', '…', ' a …').map((unit): Spec[] => [el('dl', [el('dt', ['Server Seed']), el('dd', [`ab${unit.repeat(MB / unit.length)}cd…ef`], [['title', 'x']])])]),
    fc.constantFrom('Server Seed: abc\n', 'Nonce\n', 'Hits: [\n', '🎯 Hits: [ 1, 2 ]\n').map((line): Spec[] => [el('pre', [line.repeat(Math.ceil(MB / line.length))])]),
    fc.constant<Spec[]>(Array.from({ length: 2000 }, () => el('div', [el('span', ['Client Seed']), el('span', [' '.repeat(500) + 'x'])]))),
  );

  it(
    'scans 1 MB pages in bounded time, with the same promises',
    () => {
      runProperty(TARGET, '1 MB inputs', fc.property(bigPage, (children) => scanPage(children, BIG_INPUT_MS)), bigCases(1, 8));
    },
    PROPERTY_TIMEOUT,
  );
});
