// @vitest-environment jsdom
// Fuzzes incremental scanning (src/capture/dom/incremental-scan.ts) against the whole scan it stands
// in for. A generated history page, in the layouts casino pages use (dt/dd lists, th/td tables,
// "Label: value" lines, label and value in sibling boxes, a column table with one round per row),
// under headings that may name a game, beside the active seed pair; then random changes as such
// pages make them (a new round at the top or the bottom, a reveal adding the server seed, a value
// or the panel's nonce changing, an attribute set, a round removed), scanned after each step through
// a MutationObserver as the content script does. After every step:
//   - nothing missed: every round a whole scan of the page finds now was reported by some scan;
//   - nothing made up: every round a part scan reports is one a whole scan finds now.
// Lists may sit in open shadow roots, each entry in a shadow root of its own (web components).
// Sliced: a scan paused at a random step while the page changes: every round it reports is one a
// whole scan finds just before or just after the changes (none read half before, half after), and
// with the scan of those changes that follows, none is missed.
// Over arbitrary generated DOM trees (scanner.fuzz's), changed at random, it never throws.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { scanDocument, type ScannedRound } from '../../src/capture/dom/scanner.js';
import { watchedScanner } from '../capture/watched-scanner.js';
import { hex64 } from './arbitraries.js';
import { attribute, build, domNode, el, pageSpec, textSpec, type Spec } from './dom-spec.js';
import { CASE_MS, Counters, FULL, PROPERTY_TIMEOUT, runProperty, share, targetCases, withinTime } from './harness.js';

const TARGET = 'incremental-scan';
// A case here is a page scanned whole and incrementally up to ten times (~12 ms in jsdom, about a
// hundred scanner cases): a full run takes a tenth of the other targets' count (a few minutes).
const CASES = FULL ? share(targetCases(300), 0.1) : targetCases(300);

type Layout = 'dl' | 'table' | 'text' | 'siblings' | 'columns';
const LAYOUTS: Layout[] = ['dl', 'table', 'text', 'siblings', 'columns'];

/** The fields of a round, in page order; `null` server seed: not revealed yet. */
interface RoundSpec {
  commitment: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  result: number;
}

const roundSpec: fc.Arbitrary<RoundSpec> = fc.record({
  commitment: hex64,
  serverSeed: fc.option(hex64, { nil: null }),
  clientSeed: hex64.map((hex) => hex.slice(0, 16)),
  nonce: fc.nat({ max: 100_000 }),
  result: fc.nat({ max: 36 }),
});

const COLUMNS: [string, keyof RoundSpec][] = [
  ['Hashed Server Seed', 'commitment'],
  ['Server Seed', 'serverSeed'],
  ['Client Seed', 'clientSeed'],
  ['Nonce', 'nonce'],
  ['Winning Number', 'result'],
];

const shownPairs = (round: RoundSpec): [string, string][] =>
  COLUMNS.filter(([, field]) => round[field] !== null).map(([label, field]) => [label, String(round[field])]);

function pairSpec(layout: Layout, label: string, value: string): Spec {
  switch (layout) {
    case 'dl':
      return el('div', [el('dt', [label]), el('dd', [value])]);
    case 'table':
      return el('tr', [el('th', [label]), el('td', [value])]);
    case 'text':
      return el('p', [`${label}: ${value}`]);
    default:
      return el('div', [el('div', [el('span', [label])]), el('div', [el('span', [value])])]);
  }
}

/** One history entry; a column table's entry is its row. */
function entrySpec(layout: Layout, round: RoundSpec, id: number): Spec {
  if (layout === 'columns') return el('tr', COLUMNS.map(([, field]) => el('td', [round[field] === null ? '–' : String(round[field])])), [['data-id', String(id)]]);
  const pairs = shownPairs(round).map(([label, value]) => pairSpec(layout, label, value));
  const title = el('h3', [`Bet #${id}`]);
  if (layout === 'dl') return el('article', [title, el('dl', pairs)], [['data-id', String(id)]]);
  if (layout === 'table') return el('section', [title, el('table', [el('tbody', pairs)])], [['data-id', String(id)]]);
  return el('section', [title, ...pairs], [['data-id', String(id)]]);
}

/** A list of entries, under a heading; entries go into its `data-entries` element (valued with the list's index). */
function listSpec(layout: Layout, heading: string, rounds: RoundSpec[], index = 0): Spec {
  const entries = rounds.map((round, id) => entrySpec(layout, round, id));
  const body =
    layout === 'columns'
      ? el('table', [el('thead', [el('tr', COLUMNS.map(([label]) => el('th', [label])))]), el('tbody', entries, [['data-entries', String(index)]])])
      : el('div', entries, [['data-entries', String(index)]]);
  return el('section', [el('h2', [heading]), body]);
}

/** Where a list's web components put it: nowhere, its body in a shadow root, or also each entry in one of its own. */
type Wrap = 'none' | 'list' | 'entries';

/** `node` inside an open shadow root of a new host element. */
function inShadow(document: Document, node: Node, tag: string): Element {
  const host = document.createElement(tag);
  host.attachShadow({ mode: 'open' }).append(node);
  return host;
}

function buildList(document: Document, list: { layout: Layout; heading: string; rounds: RoundSpec[]; wrap: Wrap }, index: number): Element {
  const section = build(document, listSpec(list.layout, list.heading, list.rounds, index)) as Element;
  if (list.wrap === 'none') return section;
  const body = section.lastElementChild!;
  if (list.wrap === 'entries' && list.layout !== 'columns') {
    for (const entry of Array.from(body.children)) {
      const host = document.createElement('x-entry');
      entry.replaceWith(host);
      host.attachShadow({ mode: 'open' }).append(entry);
    }
  }
  section.append(inShadow(document, body, 'x-list'));
  return section;
}

/** Elements matching `selector` in `root` and in every open shadow root under it. */
function deepAll(root: Document | ShadowRoot, selector: string): Element[] {
  const found = Array.from(root.querySelectorAll(selector));
  for (const element of Array.from(root.querySelectorAll('*'))) if (element.shadowRoot) found.push(...deepAll(element.shadowRoot, selector));
  return found;
}

const panelSpec = (round: RoundSpec): Spec =>
  el('aside', [el('h2', ['Active seed pair']), el('dl', [pairSpec('dl', 'Hashed Server Seed', round.commitment), pairSpec('dl', 'Client Seed', round.clientSeed), pairSpec('dl', 'Next Nonce', String(round.nonce))])]);

const listArbitrary = fc.record({
  layout: fc.constantFrom(...LAYOUTS),
  wrap: fc.constantFrom<Wrap>('none', 'none', 'list', 'entries'),
  heading: fc.constantFrom('Keno', 'European Roulette', 'American Roulette', 'Your bets', 'Verlauf'),
  rounds: fc.array(roundSpec, { minLength: 2, maxLength: 8 }),
});

type Change =
  | { kind: 'add'; list: number; top: boolean; round: RoundSpec }
  | { kind: 'reveal'; entry: number; seed: string }
  | { kind: 'value'; at: number; text: string }
  | { kind: 'panel'; nonce: number }
  | { kind: 'title'; at: number; value: string }
  | { kind: 'remove'; entry: number };

const change: fc.Arbitrary<Change> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), list: fc.nat(), top: fc.boolean(), round: roundSpec }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reveal' as const), entry: fc.nat(), seed: hex64 }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('value' as const), at: fc.nat(), text: fc.oneof(hex64, fc.nat({ max: 99 }).map(String)) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('panel' as const), nonce: fc.nat({ max: 100_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('title' as const), at: fc.nat(), value: hex64 }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), entry: fc.nat() }) },
);

const pick = <T>(list: readonly T[], at: number): T | undefined => (list.length === 0 ? undefined : list[at % list.length]);

function apply(document: Document, step: Change, layouts: Layout[], nextId: () => number, wraps: Wrap[] = []): void {
  const entries = deepAll(document, '[data-id]');
  switch (step.kind) {
    case 'add': {
      const lists = deepAll(document, '[data-entries]');
      const list = lists[step.list % lists.length]!;
      const index = Number(list.getAttribute('data-entries'));
      const entry = build(document, entrySpec(layouts[index]!, step.round, nextId()));
      const added = wraps[index] === 'entries' && layouts[index] !== 'columns' ? inShadow(document, entry, 'x-entry') : entry;
      list.insertBefore(added, step.top ? list.firstChild : null);
      return;
    }
    case 'reveal': {
      const entry = pick(entries, step.entry);
      if (!entry || entry.localName === 'tr' || /Server Seed\b(?! \()/.test((entry.textContent ?? '').replace('Hashed Server Seed', ''))) return;
      const layout = entry.localName === 'article' ? 'dl' : entry.querySelector('table') ? 'table' : entry.querySelector('p') ? 'text' : 'siblings';
      const pairs = entry.querySelector('dl, tbody') ?? entry;
      pairs.appendChild(build(document, pairSpec(layout, 'Server Seed', step.seed)));
      return;
    }
    case 'value': {
      // A value of a round (not a label): a dd, td, the second span of a pair, or a line's text.
      const values = entries.flatMap((entry) => Array.from(entry.querySelectorAll('dd, td, div > div:last-child > span, p')));
      const target = pick(values, step.at);
      if (!target) return;
      const text = target.firstChild as Text | null;
      if (text?.nodeType !== 3) return;
      text.data = target.localName === 'p' ? `${text.data.slice(0, text.data.indexOf(':'))}: ${step.text}` : step.text;
      return;
    }
    case 'panel': {
      const nonce = document.querySelector('aside dl > div:last-child dd');
      if (nonce?.firstChild) (nonce.firstChild as Text).data = String(step.nonce);
      return;
    }
    case 'title': {
      const values = entries.flatMap((entry) => Array.from(entry.querySelectorAll('dd, td')));
      pick(values, step.at)?.setAttribute('title', step.value);
      return;
    }
    case 'remove': {
      // An entry of its own component goes with its host.
      const entry = pick(entries, step.entry);
      const root = entry?.getRootNode();
      if (root instanceof ShadowRoot && root.host.localName === 'x-entry') root.host.remove();
      else entry?.remove();
    }
  }
}

const roundId = (round: ScannedRound) => JSON.stringify(round.fields);

/** Scans through the scanner after each batch of changes, checking it against a whole scan. */
function checkSteps(document: Document, batches: (() => void)[], onPartScan: () => void): void {
  const scanner = watchedScanner(document);
  try {
    const reported = new Set(scanner.scan().map(roundId));
    for (const batch of batches) {
      withinTime(CASE_MS, 'the changes', batch);
      const wholeBefore = scanner.counts.whole;
      const rounds = withinTime(CASE_MS, 'an incremental scan', () => scanner.scan()).map(roundId);
      const whole = new Set(scanDocument(document).map(roundId));
      if (scanner.counts.whole === wholeBefore) {
        onPartScan();
        const madeUp = rounds.filter((round) => !whole.has(round));
        if (madeUp.length > 0) throw new Error(`a part scan reported rounds a whole scan does not find:\n${madeUp.join('\n')}`);
      }
      for (const round of rounds) reported.add(round);
      const missed = [...whole].filter((round) => !reported.has(round));
      if (missed.length > 0) throw new Error(`rounds a whole scan finds were never reported:\n${missed.join('\n')}`);
    }
  } finally {
    scanner.stop();
  }
}

const blankDocument = () => new DOMParser().parseFromString('<!doctype html><html><head><title>Cloudbet</title></head><body></body></html>', 'text/html');

describe('incremental scanning', () => {
  it(
    'on history pages, misses no round a whole scan finds and reports none it does not, through the changes such pages make',
    () => {
      const counters = new Counters();
      runProperty(
        TARGET,
        'history pages',
        fc.property(fc.array(listArbitrary, { minLength: 1, maxLength: 3 }), roundSpec, fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 10 }), (lists, active, steps) => {
          const document = blankDocument();
          document.body.replaceChildren(build(document, panelSpec(active)), ...lists.map((list, index) => buildList(document, list, index)));
          let id = 1000;
          const layouts = lists.map((list) => list.layout);
          const wraps = lists.map((list) => list.wrap);
          if (wraps.some((wrap) => wrap !== 'none')) counters.add('pages with shadow roots');
          checkSteps(
            document,
            steps.map((batch) => () => batch.forEach((step) => apply(document, step, layouts, () => id++, wraps))),
            () => counters.add('part scans'),
          );
        }),
        share(CASES, 0.8),
        counters,
      );
      // Worth something only if part scans happen: most steps on such pages take that path.
      if ((counters.values['part scans'] ?? 0) < share(CASES, 0.8)) throw new Error(`only ${counters.values['part scans'] ?? 0} steps were scanned as parts`);
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'in slices, reports no round read half before and half after a change made mid-scan, and misses none',
    () => {
      const counters = new Counters();
      const batch = fc.array(change, { minLength: 1, maxLength: 3 });
      runProperty(
        TARGET,
        'sliced scans',
        fc.property(
          fc.array(listArbitrary, { minLength: 1, maxLength: 3 }),
          roundSpec,
          fc.boolean(),
          fc.array(fc.record({ pauseAt: fc.nat({ max: 12 }), meanwhile: batch, after: batch }), { minLength: 1, maxLength: 6 }),
          (lists, active, alwaysWhole, steps) => {
            const document = blankDocument();
            document.body.replaceChildren(build(document, panelSpec(active)), ...lists.map((list, index) => buildList(document, list, index)));
            let id = 1000;
            const layouts = lists.map((list) => list.layout);
            const wraps = lists.map((list) => list.wrap);
            const changeAll = (changes: Change[]) => changes.forEach((step) => apply(document, step, layouts, () => id++, wraps));
            // Every scan with changes whole (so sliced), or part scans where they apply.
            const scanner = watchedScanner(document, alwaysWhole ? { wholeEveryMs: 0 } : undefined);
            const reported = new Set<string>();
            try {
              for (const step of steps) {
                const before = new Set(scanDocument(document).map(roundId));
                let changedMidScan = false;
                const { rounds } = withinTime(CASE_MS, 'a sliced scan', () =>
                  scanner.sliced(step.pauseAt, () => {
                    changeAll(step.meanwhile);
                    changedMidScan = true;
                  }),
                );
                if (!changedMidScan) changeAll(step.meanwhile);
                else counters.add('changes made mid-scan');
                const after = new Set(scanDocument(document).map(roundId));
                const mixed = rounds.map(roundId).filter((round) => !before.has(round) && !after.has(round));
                if (mixed.length > 0) throw new Error(`a sliced scan reported rounds no whole scan finds before or after the changes:\n${mixed.join('\n')}`);
                for (const round of rounds) reported.add(roundId(round));
                for (const round of scanner.scan()) reported.add(roundId(round));
                const missed = [...after].filter((round) => !reported.has(round));
                if (missed.length > 0) throw new Error(`rounds a whole scan finds were never reported:\n${missed.join('\n')}`);
                changeAll(step.after);
              }
            } finally {
              scanner.stop();
            }
          },
        ),
        share(CASES, 0.5),
        counters,
      );
      if ((counters.values['changes made mid-scan'] ?? 0) < share(CASES, 0.5) / 2) throw new Error(`only ${counters.values['changes made mid-scan'] ?? 0} changes came mid-scan`);
    },
    PROPERTY_TIMEOUT,
  );

  it(
    'never throws on arbitrary pages changed at random',
    () => {
      runProperty(
        TARGET,
        'arbitrary pages',
        fc.property(
          pageSpec,
          fc.array(fc.tuple(fc.nat(), fc.nat(), fc.oneof(domNode, textSpec), attribute), { minLength: 1, maxLength: 8 }),
          (children, changes) => {
            const document = blankDocument();
            document.body.replaceChildren(...children.map((child) => build(document, child)));
            const scanner = watchedScanner(document);
            scanner.scan();
            for (const [at, kind, spec, [name, value]] of changes) {
              const elements = Array.from(document.body.querySelectorAll('*'));
              const target = pick([document.body, ...elements], at)!;
              if (kind % 3 === 0) target.insertBefore(build(document, spec), target.firstChild);
              else if (kind % 3 === 1 && target !== document.body) target.remove();
              else target.setAttribute(name, value);
              withinTime(CASE_MS, 'an incremental scan', () => scanner.scan());
            }
            scanner.stop();
          },
        ),
        share(CASES, 0.2),
      );
    },
    PROPERTY_TIMEOUT,
  );
});
