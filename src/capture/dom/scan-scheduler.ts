// Coalesces DOM changes into scans: at most one scan per interval, run when the page is idle.
// The interval grows with the cost of the last scan (ten times its duration), so a page that
// re-renders constantly never has more than a tenth of its time taken by scanning.

export interface SchedulerOptions {
  minIntervalMs?: number;
  maxIntervalMs?: number;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  /** Runs the callback when the page is idle (requestIdleCallback), or at once. */
  whenIdle?: (callback: () => void) => void;
}

export interface ScanScheduler {
  /** Asks for a scan; many requests before it runs make one scan. */
  request(): void;
  /** The scheduler's timer (SchedulerOptions.setTimer), for the session's other waits: one clock for tests to drive. */
  setTimer(callback: () => void, ms: number): unknown;
}

// A closure rather than a class: its state stays out of the minified content script's text (size budget).
export function scanScheduler(run: () => void, options: SchedulerOptions = {}): ScanScheduler {
  const minInterval = options.minIntervalMs ?? 100;
  const maxInterval = options.maxIntervalMs ?? 2000;
  const now = options.now ?? (() => performance.now());
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const whenIdle = options.whenIdle ?? ((callback) => callback());
  let pending = false;
  let lastStart = -Infinity;
  let lastDuration = 0;

  const fire = (): void => {
    pending = false;
    lastStart = now();
    try {
      run();
    } finally {
      lastDuration = now() - lastStart;
    }
  };

  return {
    setTimer,
    request() {
      if (pending) return;
      pending = true;
      const interval = Math.min(Math.max(minInterval, lastDuration * 10), maxInterval);
      setTimer(() => whenIdle(fire), Math.max(0, lastStart + interval - now()));
    },
  };
}

/** requestIdleCallback where the browser has it (bounded so a busy page still gets scanned). */
export function browserIdle(win: { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => unknown }) {
  return (callback: () => void): void => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(callback, { timeout: 250 });
    else callback();
  };
}

interface SliceWindow {
  scheduler?: { yield?: () => Promise<unknown> };
  setTimeout: (callback: () => void, ms: number) => unknown;
}

/**
 * Gives the page its turn before a long scan's next slice: scheduler.yield where the browser has it
 * (the rest of the scan keeps its place ahead of other queued work), else a task of its own.
 */
export function browserSlice(win: SliceWindow | null) {
  return (callback: () => void): void => {
    const scheduler = win?.scheduler;
    if (typeof scheduler?.yield === 'function') void scheduler.yield().then(callback, callback);
    else (win ?? globalThis).setTimeout(callback, 0);
  };
}
