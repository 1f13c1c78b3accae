// Wires capture together for one document: scans on load and on DOM changes, takes rounds from
// the JSON tap's events, and hands claims to the outbox. Everything the page can trigger runs
// inside a guard: capture never throws into the page, it counts its errors instead. Nothing here
// writes markup or evaluates page text. The browser API is passed in (see content.ts).
import type { CapturedClaim } from '../shared/records.js';
import { FirstSeen, toClaim } from './normalise.js';
import { ClaimOutbox, type OutboxOptions } from './outbox.js';
import { ScanScheduler, type SchedulerOptions } from './scan-scheduler.js';
import { scanDocument } from './scanner.js';
import { decodeTapDetail, TAP_EVENT } from './tap-channel.js';

/** Attributes that can carry a full value or a control's value; others (class, style) are noise. */
const WATCHED_ATTRIBUTES = ['title', 'aria-label', 'value', 'data-value', 'data-full', 'data-clipboard-text', 'data-seed', 'data-hash', 'hidden'];

export interface CaptureOptions {
  document: Document;
  send: (claims: CapturedClaim[]) => Promise<void>;
  now?: () => number;
  scheduler?: SchedulerOptions;
  outbox?: OutboxOptions;
}

export interface CaptureStats {
  scans: number;
  tapEvents: number;
  errors: number;
  lastScanMs: number;
}

export interface CaptureSession {
  readonly stats: CaptureStats;
  readonly outbox: ClaimOutbox;
  /** Scans right away (tests; normal scans come from the scheduler). */
  scanNow(): void;
  stop(): void;
}

export function startCapture(options: CaptureOptions): CaptureSession {
  const { document } = options;
  const now = options.now ?? Date.now;
  const stats: CaptureStats = { scans: 0, tapEvents: 0, errors: 0, lastScanMs: 0 };
  const firstSeen = new FirstSeen(now);
  const outbox = new ClaimOutbox(options.send, options.outbox);

  const guard = (action: () => void): void => {
    try {
      action();
    } catch {
      stats.errors++;
    }
  };

  const offer = (found: ReturnType<typeof decodeTapDetail>, source: CapturedClaim['source']): void => {
    const claims: CapturedClaim[] = [];
    for (const fields of found) {
      const claim = toClaim(fields, source, firstSeen);
      if (claim) claims.push(claim);
    }
    if (claims.length > 0) outbox.offer(claims);
  };

  const scanNow = (): void =>
    guard(() => {
      // A document still being parsed can end in the middle of a round: five of a keno draw's
      // ten chips so far. Read then, it would be recorded as a second, different outcome of that
      // round (a false "nonce" mismatch; seen in Firefox on a long history page). Its
      // DOMContentLoaded scans it whole; pages that change later insert finished elements.
      if (document.readyState === 'loading') return;
      const started = performance.now();
      const rounds = scanDocument(document);
      stats.scans++;
      stats.lastScanMs = performance.now() - started;
      offer(
        rounds.map((round) => round.fields),
        'dom',
      );
    });

  const scheduler = new ScanScheduler(scanNow, options.scheduler);
  const request = (): void => guard(() => scheduler.request());

  const onTap = (event: Event): void =>
    guard(() => {
      stats.tapEvents++;
      offer(decodeTapDetail((event as CustomEvent<unknown>).detail), 'json');
    });

  const flushNow = (): void => guard(() => void outbox.flush().catch(() => undefined));

  const observer = new MutationObserver(request);
  observer.observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: WATCHED_ATTRIBUTES,
  });
  // Typing into (or a script setting) an input changes its value property without a mutation.
  document.addEventListener('input', request, true);
  document.addEventListener('change', request, true);
  document.addEventListener(TAP_EVENT, onTap);
  document.defaultView?.addEventListener('pagehide', flushNow);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', request, { once: true });
  request();

  return {
    stats,
    outbox,
    scanNow,
    stop() {
      observer.disconnect();
      document.removeEventListener('input', request, true);
      document.removeEventListener('change', request, true);
      document.removeEventListener(TAP_EVENT, onTap);
      document.removeEventListener('DOMContentLoaded', request);
      document.defaultView?.removeEventListener('pagehide', flushNow);
    },
  };
}
