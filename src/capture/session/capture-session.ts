// Wires capture together for one document: scans on load and on DOM changes (in the document and
// in each open shadow root as it is found; a long scan in slices that let the page run between
// them, scan-scheduler.ts), takes rounds from
// the JSON tap's events, and hands claims to the outbox. Everything the page can trigger runs
// inside a guard: capture never throws into the page, it counts its errors instead. Nothing here
// writes markup or evaluates page text. The browser API is passed in (see content.ts).
import { canonicalNonce, isCommitmentSighting } from '../../shared/claim-kinds.js';
import type { CapturedClaim } from '../../shared/records.js';
import type { CaptureChannel } from '../../shared/capture-channel.js';
import { pageTally } from '../readers/capture-tally.js';
import { strictClock } from './clock.js';
import type { ShadowReach } from '../dom/dom-query.js';
import { firstSeenLog, toClaim } from '../readers/normalise.js';
import { claimOutbox, type ClaimOutbox, type OutboxOptions } from './outbox.js';
import { incrementalScanner, type ScanCounts } from '../dom/incremental-scan.js';
import { browserSlice, scanScheduler, type SchedulerOptions } from '../dom/scan-scheduler.js';
import { drain } from '../dom/scanner.js';
import { decodeTapDetail, TAP_EVENT } from '../page-world/tap-channel.js';

/**
 * The player's own actions: the bet is a click or a key press. Only trusted events count (a page
 * script cannot make one), and only in this document (core/witness.ts).
 */
const ACTION_EVENTS = ['pointerdown', 'keydown'];

/** Slots remembered per round: one per action at most, bounded for a page that changes its panel at every click. */
const MAX_ROUND_SLOTS = 16;

/** A panel state that names the slot of the next bet: a commitment sighting with its client seed and nonce. */
const isPanelState = (claim: CapturedClaim): boolean => isCommitmentSighting(claim) && claim.clientSeed !== undefined && claim.nonce !== undefined;
/** The slot a panel state names for the next bet, or an outcome was played in: commitment, client seed and nonce. */
const slotOf = (claim: CapturedClaim): string =>
  `${claim.commitment?.toLowerCase() ?? ''}|${claim.clientSeed ?? ''}|${claim.nonce === undefined ? '' : canonicalNonce(claim.nonce)}`;

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
const RECHECKS = 30;

export interface CaptureOptions {
  document: Document;
  send: (claims: CapturedClaim[]) => Promise<number[] | void>;
  now?: () => number;
  scheduler?: SchedulerOptions;
  outbox?: OutboxOptions;
  /** Runs the next slice of a long scan once the page has had its turn (default: browserSlice). */
  nextSlice?: (callback: () => void) => void;
  sliceMs?: number;
}

export interface CaptureStats {
  scans: number;
  tapEvents: number;
  /** Trusted player actions seen. */
  actions: number;
  errors: number;
  lastScanMs: number;
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
  const clock = strictClock(options.now ?? Date.now);
  const stats: CaptureStats = { scans: 0, tapEvents: 0, actions: 0, errors: 0, lastScanMs: 0 };
  const firstSeen = firstSeenLog(clock);
  /**
   * Trusted player actions in this document: the latest one, and the first one of the current
   * round. The extension cannot tell which click placed the bet, so an outcome is credited with
   * the earliest action that could have been its bet: the first of the round (the round's
   * commitment must precede every click of it), or, when a round has ended with no click since (an
   * auto-bet plays on), the latest before. A round ends only with the outcome of the very slot
   * (commitment, client seed, nonce) the panel showed, alone, at one of its actions: an outcome the
   * page slips in for another pair, nonce or hidden second panel (an old round, a made-up one) does
   * not start a fresh round, so it cannot clear the bet's click away.
   */
  let lastActionAt: number | undefined;
  let roundActionAt: number | undefined;
  /** The slot the latest scan or message that showed a panel state showed; none when it showed several. */
  let shownSlot: string | undefined;
  /** The slots shown at the current round's actions. */
  let roundSlots = new Set<string>();
  /** While a trusted action is handled, what is read first was held before it (clock.beforeNow). */
  let beforeAction = false;
  const outbox = claimOutbox(options.send, options.outbox);
  // One observer for the document and every open shadow root (a root's changes do not reach the document's).
  const scanner = incrementalScanner(document, { onRoot: (root) => observer.observe(root, OBSERVED) });
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const nextSlice = options.nextSlice ?? browserSlice(document.defaultView);
  let sliceQueued = false;
  let stopped = false;
  /** The scan in progress with the offer of its rounds, paused between slices. */
  let job: Generator<void, void> | undefined;

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
      const claim = toClaim(fields, source, firstSeen, at, roundActionAt ?? lastActionAt);
      pageTally.count(channel(index), fields, claim);
      if (claim) claims.push(claim);
      if (index % OFFER_STEP === OFFER_STEP - 1) yield;
    }
    const panels = new Set(claims.filter(isPanelState).map(slotOf));
    if (panels.size > 0) shownSlot = panels.size === 1 ? [...panels][0] : undefined;
    // The outcome of a slot shown at the round's actions ends the round: the next click may be the next bet.
    if (roundActionAt !== undefined && claims.some((claim) => claim.observedAt.result === at && roundSlots.has(slotOf(claim)))) {
      roundActionAt = undefined;
      roundSlots = new Set();
    }
    for (let start = 0; start < claims.length; start += OFFER_STEP) {
      if (start > 0) yield;
      outbox.offer(claims.slice(start, start + OFFER_STEP));
    }
  }

  function* scanJob(): Generator<void, void> {
    const rounds = yield* scanner.steps();
    stats.scans++;
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
      // A document still being parsed can end in the middle of a round: five of a keno draw's
      // ten chips so far. Read then, it would be recorded as a second, different outcome of that
      // round (a false "nonce" mismatch; seen in Firefox on a long history page). Its
      // DOMContentLoaded scans it whole; pages that change later insert finished elements. (A
      // press meanwhile still counts: onAction.)
      if (stopped || document.readyState === 'loading') return;
      const started = performance.now();
      scanner.noteMutations(observer.takeRecords());
      const done = runJob(sliced ? () => performance.now() - started >= sliceMs : () => false);
      stats.lastScanMs = performance.now() - started;
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
    // DOMContentLoaded listener (and every other), and may change nothing more once closed.
    if (document.readyState === 'loading') return awaitRecheck();
    if ((scanner.bareHosts() === 0 && !scanner.pending()) || rechecks++ >= RECHECKS) return;
    request();
    awaitRecheck();
  };
  const onMutations = (records: MutationRecord[]): void =>
    guard(() => {
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
  // is still loading counts too (it may be the bet; a page could stay loading forever), though
  // nothing is read then (scanRun): what the page showed is read, and stamped, once parsed.
  const onAction = (event: Event): void =>
    guard(() => {
      if (!event.isTrusted) return;
      beforeAction = true; // scanNow is guarded: it never throws
      scanNow();
      beforeAction = false;
      lastActionAt = clock();
      roundActionAt ??= lastActionAt;
      if (shownSlot !== undefined && roundSlots.size < MAX_ROUND_SLOTS) roundSlots.add(shownSlot);
      stats.actions++;
    });
  const win = document.defaultView;

  const observer = new MutationObserver(onMutations);
  observer.observe(document, OBSERVED);
  document.addEventListener('input', onInput, true);
  document.addEventListener('change', onInput, true);
  document.addEventListener(TAP_EVENT, onTap);
  for (const type of ACTION_EVENTS) win?.addEventListener(type, onAction, true);
  win?.addEventListener('pagehide', onPageHide);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', onLoaded, { once: true });
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
      win?.removeEventListener('pagehide', onPageHide);
    },
  };
}
