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

export class ScanScheduler {
  private pending = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private lastDuration = 0;
  private readonly minInterval: number;
  private readonly maxInterval: number;
  private readonly now: () => number;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly whenIdle: (callback: () => void) => void;

  constructor(
    private readonly run: () => void,
    options: SchedulerOptions = {},
  ) {
    this.minInterval = options.minIntervalMs ?? 100;
    this.maxInterval = options.maxIntervalMs ?? 2000;
    this.now = options.now ?? (() => performance.now());
    this.setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.whenIdle = options.whenIdle ?? ((callback) => callback());
  }

  /** Asks for a scan; many requests before it runs make one scan. */
  request(): void {
    if (this.pending) return;
    this.pending = true;
    const interval = Math.min(Math.max(this.minInterval, this.lastDuration * 10), this.maxInterval);
    const wait = Math.max(0, this.lastStart + interval - this.now());
    this.setTimer(() => this.whenIdle(() => this.fire()), wait);
  }

  private fire(): void {
    this.pending = false;
    const start = this.now();
    this.lastStart = start;
    try {
      this.run();
    } finally {
      this.lastDuration = this.now() - start;
    }
  }
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
