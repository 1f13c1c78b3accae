// Wires capture together for one document: scans on load and on DOM changes (in the document and
// in each open shadow root as it is found; a long scan in slices that let the page run between
// them, scan-scheduler.ts), takes rounds from
// the JSON tap's events, and hands claims to the outbox. Everything the page can trigger runs
// inside a guard: capture never throws into the page, it counts its errors instead. Nothing here
// writes markup or evaluates page text. The browser API is passed in (see content.ts).
import type { CapturedClaim } from '../../shared/records.js';
import type { CaptureChannel } from '../../shared/capture-channel.js';
import { pageTally } from '../readers/capture-tally.js';
import { strictClock } from './clock.js';
import { roundTracker } from './round-tracker.js';
import { fairnessControlOf } from '../dom/fairness-control.js';
import { playerSeeds } from './player-seed.js';
import type { ShadowReach } from '../dom/dom-query.js';
import { firstSeenLog, toClaim } from '../readers/normalise.js';
import { claimOutbox, type ClaimOutbox, type OutboxOptions } from './outbox.js';
import { incrementalScanner, type ScanCounts } from '../dom/incremental-scan.js';
import { browserSlice, scanScheduler, type SchedulerOptions } from '../dom/scan-scheduler.js';
import { drain } from '../dom/scanner.js';
import { parsePoint } from '../dom/parse-point.js';
import { decodeTapDetail, TAP_EVENT } from '../page-world/tap-channel.js';

/**
 * The player's own actions: the bet is a click or a key press. Only trusted events count (a page
 * script cannot make one), and only in this document (core/witness.ts).
 */
const ACTION_EVENTS = ['pointerdown', 'keydown'];

/** Attributes that can carry a full value or a control's value; others (class, style) are noise. */
const WATCHED_ATTRIBUTES = ['title', 'aria-label', 'value', 'data-value', 'data-full', 'data-clipboard-text', 'data-seed', 'data-hash', 'hidden'];
const OBSERVED: MutationObserverInit = { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: WATCHED_ATTRIBUTES };
/** A slice of a long scan runs about this long before the page gets its turn (a task over 50 ms is a long task). */
const SLICE_MS = 25;
/** Rounds turned into claims, or offered to the outbox, between two pauses. */
const OFFER_STEP = 100;
/**
 * A custom element defined late attaches its root with no change an observer sees; each scan checks
 * the bare ones again. While some are bare, a scan (cheap when nothing changed) runs this often,
 * at most RECHECKS times after the page last changed. On the scheduler's timer, like every wait of
 * the session: a test drives it (test/capture/session/bare-host-recheck.test.ts).
 */
const RECHECK_MS = 2000;
/**
 * How long the parser must leave the round it is writing alone before it is read all the same (the
 * recheck after it reads it). A network pause longer than this inside a value is read half.
 */
const QUIET_MS = 3000;
const RECHECKS = 30;
/** Client seed values remembered with when this document first showed them (player-seed.ts credits none shown before its typing). */
const MAX_SHOWN_SEEDS = 1024;

/** The worker's answer to a batch: what to send again, and the reveals it checked. */
export interface SendReply {
  retryLater: number[];
  revealed: string[];
}

export interface CaptureOptions {
  document: Document;
  /**
   * Hands a batch to the worker (worker-send.ts): resolves with the indexes to send again later, or
   * with those and the commitments whose server seed in the batch the worker checked (round-tracker.ts).
   */
  send: (claims: CapturedClaim[]) => Promise<number[] | SendReply | void>;
  now?: () => number;
  scheduler?: SchedulerOptions;
  outbox?: OutboxOptions;
  /** Runs the next slice of a long scan once the page has had its turn (default: browserSlice). */
  nextSlice?: (callback: () => void) => void;
  sliceMs?: number;
  /** Hears, at each action, the round's first action and the slots whose outcome ends it (round-tracker.ts; sent to the worker by content.ts). */
  reportAction?: (roundActionAt: number, slots: string[]) => void;
  /**
   * Learns the words of the page's language (false) or of every language (true) that English and
   * German are not (readers/labels.ts addVocabulary, asked of the worker by content.ts); resolves
   * with whether any were new.
   */
  vocabulary?: (all: boolean) => Promise<boolean>;
}

export interface CaptureStats {
  scans: number;
  tapEvents: number;
  /** Trusted player actions seen. */
  actions: number;
  errors: number;
}

export interface CaptureSession {
  readonly stats: CaptureStats;
  /** Whole scans and changed parts scanned (incremental-scan.ts). */
  readonly scanCounts: ScanCounts;
  readonly outbox: ClaimOutbox;
  /** Scans right away, a sliced scan in progress to its end (tests; normal scans come from the scheduler). */
  scanNow(): void;
  /** Open shadow roots read, closed ones seen (for the capture diagnostics). */
  shadowReach(): ShadowReach;
  stop(): void;
}

export function startCapture(options: CaptureOptions): CaptureSession {
  const { document } = options;
  const now = options.now ?? Date.now;
  const clock = strictClock(now);
  /** The parser's last node at the latest scan while loading, its text then, and since when both were so. */
  let parsePointSeen: [Node, string | null, number] | undefined;
  /** Whether the latest scan left a round being parsed for later. */
  let deferred = false;
  const stats: CaptureStats = { scans: 0, tapEvents: 0, actions: 0, errors: 0 };
  const firstSeen = firstSeenLog(clock);
  /** The client seeds the player's own keys and pastes spelled (player-seed.ts). */
  const seeds = playerSeeds();
  /** Which action an outcome is credited with as its bet, and when a round ends (round-tracker.ts). */
  const rounds = roundTracker((clientSeed) => seeds.typedAt(clientSeed) !== undefined);
  /**
   * When each client seed value was first read here: one the page showed before the player began
   * typing it (its suggestion, prefilled in the field, copied and pasted back) is the casino's
   * choice, not the player's (test/attack/client-seed-typed.test.ts). Bounded: past it, a value
   * read for the first time may have been one forgotten, so it counts as shown as early as the
   * earliest forgotten one (a flood costs the player's typing its credit, never the other way).
   * Partial all the same: a page can show its suggestion in a form no reader reads.
   */
  const shownSeeds = new Map<string, number>();
  let forgottenFrom = Infinity;
  /** While a trusted action is handled, what is read first was held before it (clock.beforeNow). */
  let beforeAction = false;
  const outbox = claimOutbox(async (claims) => {
    const reply = await options.send(claims);
    if (reply === undefined || Array.isArray(reply)) return reply;
    for (const commitment of reply.revealed) {
      guard(() => {
        const report = rounds.verified(commitment);
        if (report) options.reportAction?.(...report);
      });
    }
    return reply.retryLater;
  }, options.outbox);
  // One observer for the document and every open shadow root (a root's changes do not reach the document's).
  const scanner = incrementalScanner(document, { onRoot: (root) => observer.observe(root, OBSERVED) });
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const nextSlice = options.nextSlice ?? browserSlice(document.defaultView);
  let sliceQueued = false;
  let stopped = false;
  /** The scan in progress with the offer of its rounds, paused between slices. */
  let job: Generator<void, void> | undefined;
  /** Vocabularies asked for (0, 1: the page's language, 2: every language), each once the one before has come. */
  let asked = 0;
  let words: Promise<unknown> = Promise.resolve();

  const guard = (action: () => void): void => {
    try {
      action();
    } catch {
      stats.errors++;
    }
  };

  /**
   * One clock reading for everything one scan or one message shows: they were seen together.
   * Pauses (yields) every OFFER_STEP rounds; no player action comes in between (onAction ends it first).
   */
  function* offerSteps(found: ReturnType<typeof decodeTapDetail>, source: CapturedClaim['source'], channel: (index: number) => CaptureChannel): Generator<void, void> {
    const claims: CapturedClaim[] = [];
    const at = beforeAction ? clock.beforeNow() : clock();
    for (const [index, fields] of found.entries()) {
      const claim = toClaim(fields, source, firstSeen, at, rounds.credited());
      const clientSeed = claim?.clientSeed;
      if (clientSeed !== undefined && !shownSeeds.has(clientSeed)) {
        if (shownSeeds.size >= MAX_SHOWN_SEEDS) {
          const [oldest, shownAt] = shownSeeds.entries().next().value!;
          forgottenFrom = Math.min(forgottenFrom, shownAt);
          shownSeeds.delete(oldest);
        }
        shownSeeds.set(clientSeed, Math.min(at, forgottenFrom));
      }
      const typedAt = claim?.result === undefined || clientSeed === undefined ? undefined : seeds.typedAt(clientSeed);
      if (typedAt !== undefined && !(shownSeeds.get(clientSeed!)! < typedAt)) claim!.clientSeedTypedAt = typedAt;
      pageTally.count(channel(index), fields, claim);
      if (claim) claims.push(claim);
      if (index % OFFER_STEP === OFFER_STEP - 1) yield;
    }
    rounds.read(claims, at);
    for (let start = 0; start < claims.length; start += OFFER_STEP) {
      if (start > 0) yield;
      outbox.offer(claims.slice(start, start + OFFER_STEP));
    }
  }

  function* scanJob(): Generator<void, void> {
    const scanned = yield* scanner.steps();
    stats.scans++;
    // The page's language at the first scan (its <html> may not be parsed at document_start), every
    // language once a 64-hex text is left that no label named. The page's own words come first (they
    // win over another language's same word); whatever the new words read is read by a whole scan
    // then, stamped then: later than shown, which only takes `witnessed` away, never lends it.
    for (const all of [false, true].slice(asked, pageTally.tally.bare ? 2 : 1)) {
      asked++;
      words = words.then(() => options.vocabulary?.(all)).then((added) => added && onLoaded(), () => undefined);
    }
    // While the page is loading, a round in the elements the parser is still writing may be half
    // read (five of a keno draw's ten chips: a false "nonce" mismatch once the rest is read, seen in
    // Firefox on a long history page; a "2" of "29"). Such a round waits for the next whole scan,
    // unless the parser left it alone for QUIET_MS (a page that stays loading must not hide its
    // latest round for good). Not at the player's action: read then, a network pause in the middle
    // of a value would be a half outcome; read later, it is stamped after the action, which only
    // takes a round's end (and so `witnessed`) away, never lends it.
    const open = parsePoint(document);
    // Quiet: the parser's last node the same, with the same text, for QUIET_MS (a page that changes
    // something elsewhere all the time, a ticking clock, must not keep it unread).
    if (open !== undefined && (open !== parsePointSeen?.[0] || open.textContent !== parsePointSeen[1])) parsePointSeen = [open, open.textContent, now()];
    const settled = open === undefined || now() - parsePointSeen![2] >= QUIET_MS;
    // A value's parent too: a run of sibling chips after its label (the first chip is the value node) is still being written.
    const writing = (node: Node) => (node.parentNode ?? node).contains(open!);
    const rounds = settled ? scanned : scanned.filter((round) => !round.valueNodes.some(writing));
    // Read again by the next scan, a whole one (the scheduler's interval bounds how often).
    deferred = rounds.length < scanned.length;
    if (deferred) scanner.needWhole();
    yield* offerSteps(
      rounds.map((round) => round.fields),
      'dom',
      (index) => rounds[index]!.channel,
    );
  }

  /** Runs the job in progress, or a new one, until it ends (true) or `pause()` says the page's turn has come. */
  const runJob = (pause: () => boolean): boolean => {
    for (const running = (job ??= scanJob()); ; ) {
      job = undefined; // a job that throws is not resumed
      if (running.next().done) return true;
      job = running;
      if (pause()) return false;
    }
  };

  /**
   * Scans what changed. Sliced: a whole scan of a long page pauses every SLICE_MS and goes on in
   * the next slice; once it ends, what the page changed meanwhile is scanned as usual. Not sliced
   * (pagehide, the player's action, tests): a scan in progress is run to its end at once, then
   * what changed meanwhile, so everything shown up to now is read now.
   */
  const scanRun = (sliced: boolean): void =>
    guard(() => {
      // A document still being parsed is read too, but for the round the parser is writing (scanJob).
      if (stopped) return;
      const started = performance.now();
      scanner.noteMutations(observer.takeRecords());
      const done = runJob(sliced ? () => performance.now() - started >= sliceMs : () => false);
      if (!done) {
        if (!sliceQueued) {
          sliceQueued = true;
          nextSlice(() => {
            sliceQueued = false;
            scanRun(true);
          });
        }
      } else if (scanner.pending()) {
        if (sliced) scheduler.request();
        else runJob(() => false);
      }
    });
  const scanNow = (): void => scanRun(false);

  const scheduler = scanScheduler(() => scanRun(true), options.scheduler);
  const request = (): void => guard(() => scheduler.request());
  let rechecks = 0;
  /** A recheck is waiting on the scheduler's timer (the one tests inject; it need not return an id). */
  let rechecking = false;
  const awaitRecheck = (): void => {
    if (!rechecking) {
      rechecking = true; // first: a timer that runs at once ends the wait itself
      scheduler.setTimer(recheck, RECHECK_MS);
    }
  };
  const recheck = (): void => {
    rechecking = false;
    if (stopped) return;
    // A loading document is waited for: one reopened by document.open() has lost our
    // DOMContentLoaded listener (and every other), and may change nothing more once closed. A round
    // it deferred (scanJob) is read again meanwhile, once the page has left it alone.
    if (document.readyState === 'loading') {
      if (deferred) request();
      return awaitRecheck();
    }
    if ((scanner.bareHosts() === 0 && !scanner.pending()) || rechecks++ >= RECHECKS) return;
    request();
    awaitRecheck();
  };
  const onMutations = (records: MutationRecord[]): void =>
    guard(() => {
      // The document's own children changed: document.open() (or its element replaced).
      if (records.some((record) => record.target === document)) listen();
      scanner.noteMutations(records);
      scheduler.request();
      rechecks = 0;
      awaitRecheck();
    });
  // Typing into (or a script setting) an input changes its value property without a mutation.
  const onInput = (event: Event): void =>
    guard(() => {
      if (event.target instanceof Node) scanner.noteChanged(event.target);
      scheduler.request();
    });
  const onLoaded = (): void =>
    guard(() => {
      scanner.needWhole();
      scheduler.request();
    });

  const onTap = (event: Event): void =>
    guard(() => {
      stats.tapEvents++;
      const via: Parameters<typeof decodeTapDetail>[1] = {};
      const found = decodeTapDetail((event as CustomEvent<unknown>).detail, via);
      if (via.keys) pageTally.keys(via.channel ?? 'fetch', via.keys);
      if (via.frames) pageTally.frames(via.channel ?? 'fetch', via.frames);
      drain(offerSteps(found, 'json', () => via.channel ?? 'fetch'));
    });

  /**
   * The page is being left: no timer of ours runs again. What it shows now is read at once (the
   * scan scheduled for its latest change may not have run, and the JSON tap's copy of the same
   * round may still be on its way), and everything waiting is sent, even behind a send in progress.
   */
  const onPageHide = (): void =>
    guard(() => {
      scanNow();
      outbox.flushLeaving();
    });

  // Runs before the page's own listeners (registered at document_start, capture phase on window).
  // What the page showed up to now is read first, so it is stamped before the action: an outcome
  // already on screen can never pass for one that came after the bet. Stamped in the millisecond
  // before the action's when none of this one was read yet (a trusted action is the one moment the
  // page cannot choose; clock.ts), so it counts as before it. Nothing here runs page code or tells
  // the page (no event, no markup): what the page does in answer to the press comes after our
  // reading and is stamped after it. The tap reads small messages on arrival (tap-install.ts); a
  // big one still queued at the press is read, and stamped, after it. A press while the document
  // is still loading counts too (it may be the bet; a page could stay loading forever), and what
  // the page showed so far is read before it like any other time, but for a round the parser is
  // still writing (scanJob).
  const onAction = (event: Event): void =>
    guard(() => {
      if (!event.isTrusted) return;
      beforeAction = true; // scanNow is guarded: it never throws
      scanNow();
      beforeAction = false;
      const on = fairnessControlOf(event);
      const at = clock();
      const report = rounds.act(at, on !== undefined); // first: an option left out must not skip it (?. skips its arguments)
      options.reportAction?.(...report);
      stats.actions++;
      const key = event as KeyboardEvent;
      if (on !== 'client-seed') seeds.elsewhere(event.type !== 'keydown' ? 'click' : key.key === 'Tab' ? 'tab' : 'key');
      else if (event.type === 'keydown') seeds.key(event.composedPath()[0]!, key.key, key.ctrlKey || key.altKey || key.metaKey, at);
      else seeds.clicked(event.composedPath()[0]!);
    });
  const onPaste = (event: Event): void =>
    guard(() => {
      if (event.isTrusted && fairnessControlOf(event) === 'client-seed') seeds.paste(event.composedPath()[0]!, (event as ClipboardEvent).clipboardData?.getData('text/plain') ?? '', clock());
    });
  const win = document.defaultView;

  // Again when the document is reopened: document.open() erases every listener of the document and
  // its window (the observer stays), and a bet in it would go unseen (red8-reopened-frame). Adding
  // one that is still there again adds nothing.
  const listen = (): void => {
    document.addEventListener('input', onInput, true);
    document.addEventListener('change', onInput, true);
    document.addEventListener(TAP_EVENT, onTap);
    for (const type of ACTION_EVENTS) win?.addEventListener(type, onAction, true);
    win?.addEventListener('paste', onPaste, true);
    win?.addEventListener('pagehide', onPageHide);
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', onLoaded, { once: true });
  };
  const observer = new MutationObserver(onMutations);
  observer.observe(document, OBSERVED);
  listen();
  request();
  awaitRecheck();

  return {
    stats,
    scanCounts: scanner.counts,
    outbox,
    scanNow,
    shadowReach: () => ({ ...scanner.reach }),
    stop() {
      stopped = true;
      observer.disconnect();
      document.removeEventListener('input', onInput, true);
      document.removeEventListener('change', onInput, true);
      document.removeEventListener(TAP_EVENT, onTap);
      document.removeEventListener('DOMContentLoaded', onLoaded);
      for (const type of ACTION_EVENTS) win?.removeEventListener(type, onAction, true);
      win?.removeEventListener('paste', onPaste, true);
      win?.removeEventListener('pagehide', onPageHide);
    },
  };
}
