// The list's rows, fetched from the worker a page at a time when they come into view, and kept.
// One instance serves one filter; a new filter (or new data) gets a new instance, which shows
// the previous one's rows until its own pages arrive so the list does not flash empty.
import type { RoundRow } from '../shared/records.js';

export type RowPageFetcher = (offset: number, limit: number) => Promise<{ total: number; rows: RoundRow[] }>;

/**
 * Rows per request: one page covers the popup's first screen with its overscan (~25 rows). The
 * worker's answer grows with the page (reading, mapping and sending each row: with 100 000 stored,
 * ~11 ms for 50 rows against ~29 ms for 200), and the first answer is what the popup waits for.
 */
export const ROW_PAGE_SIZE = 50;
/** Pages kept at most (800 × 50 rows); the oldest used are dropped first. */
const MAX_PAGES = 800;

export class RowPages {
  private readonly pages = new Map<number, RoundRow[]>();
  private readonly inFlight = new Map<number, Promise<void>>();
  private knownTotal: number | undefined;

  constructor(
    private readonly fetchPage: RowPageFetcher,
    private readonly pageSize = ROW_PAGE_SIZE,
    private fallback?: RowPages,
  ) {
    // Only one generation back: older ones are never needed again.
    if (fallback) fallback.fallback = undefined;
  }

  /** Rows in the current filter, once the first page has answered. */
  get total(): number | undefined {
    return this.knownTotal ?? this.fallback?.total;
  }

  get(index: number): RoundRow | undefined {
    const page = Math.floor(index / this.pageSize);
    const rows = this.pages.get(page);
    if (rows) {
      // Re-insert: Map order is the least-recently-used order for eviction.
      this.pages.delete(page);
      this.pages.set(page, rows);
      return rows[index - page * this.pageSize];
    }
    return this.fallback?.get(index);
  }

  /** Fetches the pages covering rows [start, end) that are not loaded yet; resolves when all have arrived. */
  async ensure(start: number, end: number): Promise<void> {
    const first = Math.floor(start / this.pageSize);
    const last = Math.max(first, Math.floor((Math.max(start + 1, end) - 1) / this.pageSize));
    const waits: Promise<void>[] = [];
    for (let page = first; page <= last; page++) {
      if (this.pages.has(page)) continue;
      waits.push(this.inFlight.get(page) ?? this.load(page));
    }
    await Promise.all(waits);
  }

  private load(page: number): Promise<void> {
    const request = this.fetchPage(page * this.pageSize, this.pageSize)
      .then((answer) => {
        this.knownTotal = answer.total;
        this.pages.set(page, answer.rows);
        this.fallback = undefined;
        while (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
      })
      .finally(() => this.inFlight.delete(page));
    this.inFlight.set(page, request);
    return request;
  }
}
