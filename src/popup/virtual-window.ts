// Which rows of a fixed-row-height list to draw: the visible ones plus a margin on each side.

export interface RowWindow {
  /** First row to draw (inclusive). */
  start: number;
  /** One past the last row to draw. */
  end: number;
}

export function visibleWindow(scrollTop: number, viewportHeight: number, rowHeight: number, total: number, overscan: number): RowWindow {
  if (total <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.min(total, Math.max(0, first - overscan));
  const end = Math.min(total, first + visible + overscan);
  return { start, end };
}

/** The scrollTop that brings row `index` fully into view, or the current one if it already is. */
export function scrollToReveal(index: number, scrollTop: number, viewportHeight: number, rowHeight: number): number {
  const top = index * rowHeight;
  if (top < scrollTop) return top;
  const bottom = top + rowHeight;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return scrollTop;
}
