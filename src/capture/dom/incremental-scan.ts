// Rescans only what the page changed. A history page with 1 000 rounds re-read whole after every
// bet cost ~110 ms of the page's main thread per scan; the bet changed one entry.
//
// The parts: a whole scan records which nodes hold several rounds (`conflicted`, grouping.ts). No
// round's container is above such a node, so a child of one is a self-contained part (part-scan.ts
// says when it stays one; scan-context.ts keeps what a whole scan learnt and states the invariants
// this rests on). A change is rescanned as the part it lies in; a change that is in no
// part (a page with at most one round), or that may join rounds a whole scan would have kept apart
// (something removed from a node holding several rounds), makes the scan a whole one.
//
// A whole scan of a long page runs in slices (step): the page may change between two. What it
// changed inside a round read meanwhile may have been read half before and half after, so such a
// round is left out, and every change made during the scan is scanned right after it, as usual.
import { pageTally } from '../readers/capture-tally.js';
import { parentOf, rootWatch, type ShadowReach } from './dom-query.js';
import { scanPart } from './part-scan.js';
import { partOf, type KeptContext, type ScanContext } from './scan-context.js';
import { wholeSteps, type ScannedRound, type WholeScan } from './scanner.js';
import { touchesColumnHeader } from './table-columns.js';

/** Past this many changed parts, one whole scan is cheaper than reading them one by one. */
const MAX_PARTS = 64;
/**
 * A page that keeps changing is still scanned whole this often. Part scans equal whole scans on
 * history pages (test/fuzz/incremental-scan.fuzz.test.ts); on a page built oddly enough that they
 * do not, what a part scan misses is read within this time.
 */
const WHOLE_EVERY_MS = 30_000;

export interface IncrementalOptions {
  now?: () => number;
  wholeEveryMs?: number;
  /** Each open shadow root as it is found: its changes are to be observed from then on. */
  onRoot?: (root: ShadowRoot) => void;
}

export interface ScanCounts {
  whole: number;
  parts: number;
}

export interface IncrementalScanner {
  readonly counts: ScanCounts;
  /** Shadow roots entered, and closed ones seen (dom-query.ts). */
  readonly reach: ShadowReach;
  /** The next scan reads the whole document (first scan, document loaded). */
  needWhole(): void;
  /** Notes what the page changed (MutationObserver records). */
  noteMutations(records: readonly MutationRecord[]): void;
  /** Notes a node whose state changed without a mutation (a control typed into). */
  noteChanged(node: Node): void;
  /** Whether a change is waiting for a scan. */
  pending(): boolean;
  /** Custom elements scanned without a root, checked again at each scan (dom-query.ts). */
  bareHosts(): number;
  /** A scan of what changed (everything, for a whole scan): a whole one pauses (yields) now and then; one at a time, run to its end (scanner.ts drain). */
  steps(): Generator<void, ScannedRound[]>;
}

// A closure rather than a class: its state stays out of the minified content script's text (size budget).
export function incrementalScanner(document: Document, options: IncrementalOptions = {}): IncrementalScanner {
  const now = options.now ?? (() => performance.now());
  const wholeEveryMs = options.wholeEveryMs ?? WHOLE_EVERY_MS;
  const counts: ScanCounts = { whole: 0, parts: 0 };
  let context: KeptContext | undefined;
  /** Nodes the page changed since the last scan. */
  const changed = new Set<Node>();
  let wholeNeeded = true;
  let lastWholeAt = -Infinity;

  const needWhole = (): void => {
    wholeNeeded = true;
    changed.clear();
  };

  /** The parts holding the changes, outermost only; undefined when a whole scan is needed. */
  const changedParts = (known: ScanContext): Element[] | undefined => {
    const parts = new Set<Element>();
    for (const node of changed) {
      if (!node.isConnected) continue; // removed since: its old parent's change is noted
      const part = partOf(node, known);
      // A changed header row changes how every row of its table reads.
      if (part === undefined || touchesColumnHeader(part, known.columnTables)) return undefined;
      parts.add(part);
    }
    if (parts.size > MAX_PARTS) return undefined;
    return [...parts].filter((part) => !hasAncestorIn(part, parts));
  };

  /** Rounds of the changed parts; undefined when one of them needs a whole scan. */
  const scanParts = (known: KeptContext): ScannedRound[] | undefined => {
    const parts = changedParts(known);
    if (parts === undefined) return undefined;
    const rounds: ScannedRound[] = [];
    for (const part of parts) {
      const found = scanPart(part, known, watch);
      if (found === undefined) return undefined;
      known.keep(found); // the next part reads the marks this one left
      rounds.push(...found.rounds);
    }
    counts.parts += parts.length;
    return rounds;
  };

  const watch = rootWatch(options.onRoot, () => pageTally.closedHost());
  /** While a whole scan runs: the nodes the page changed and all that holds them; and the changes, noted once it ends. */
  let touched: Set<Node> | undefined;
  let later: MutationRecord[] = [];
  const touch = (node: Node): void => {
    for (let above: Node | null = node; above && !touched!.has(above); above = parentOf(above)) touched!.add(above);
  };

  function* wholeJob(): Generator<void, ScannedRound[]> {
    wholeNeeded = false;
    const seen = (touched = new Set());
    const noted = (later = []);
    let whole: WholeScan;
    try {
      whole = yield* wholeSteps(document, watch);
    } finally {
      touched = undefined;
    }
    context = whole.context;
    lastWholeAt = now();
    counts.whole++;
    // A round the page changed or removed during the scan is read again by the part scan of that change.
    const rounds = whole.rounds.filter((_, index) => {
      const { container, hits } = whole.groups[index]!;
      return container.isConnected && !seen.has(container) && !hits.some((hit) => hit.source !== undefined && seen.has(hit.source));
    });
    scanner.noteMutations(noted);
    return rounds;
  }

  const scanner: IncrementalScanner = {
    counts,
    reach: watch.reach,
    needWhole,
    noteMutations(records) {
      if (touched) {
        for (const record of records) touch(record.target);
        if (later.length < MAX_PARTS * 4) later.push(...records);
        else wholeNeeded = true;
        return;
      }
      if (wholeNeeded || context === undefined) return;
      for (const record of records) {
        if (record.type !== 'childList' || !context.conflicted.has(record.target)) {
          changed.add(record.target);
        } else if (record.removedNodes.length > 0) {
          // The rounds left may now share a container with what was beside them: only a whole scan knows.
          return needWhole();
        } else {
          // Added to a node holding several rounds: each added node is a part of its own.
          for (const node of Array.from(record.addedNodes)) changed.add(node);
        }
      }
      if (changed.size > MAX_PARTS * 4) needWhole();
    },
    noteChanged(node) {
      // As a change of its own: noted at once, or once the whole scan in progress ends.
      scanner.noteMutations([{ target: node } as MutationRecord]);
    },
    pending: () => wholeNeeded || changed.size > 0,
    bareHosts: watch.waiting,
    *steps() {
      // A root attached since to a host scanned bare: its part is read anew (and the root watched from then on).
      for (const host of watch.rooted()) scanner.noteChanged(host);
      const due = changed.size > 0 && now() - lastWholeAt >= wholeEveryMs;
      const partial = wholeNeeded || due || context === undefined ? undefined : scanParts(context);
      changed.clear();
      return partial ?? (yield* wholeJob());
    },
  };
  return scanner;
}

function hasAncestorIn(element: Element, parts: ReadonlySet<Element>): boolean {
  for (let node = parentOf(element); node; node = parentOf(node)) if (parts.has(node as Element)) return true;
  return false;
}
