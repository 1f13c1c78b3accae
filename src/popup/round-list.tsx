// The round list, virtualised: rows have one fixed height, only the visible window (plus an
// overscan margin) is in the DOM, and rows are fetched from the worker a page at a time as they
// come into view. Stays fast with 100 000 rounds.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { RoundFilter } from '../shared/records.js';
import { ErrorNote } from '../ui/bits.js';
import { useEnv } from './env.js';
import { PlaceholderRow, ROW_HEIGHT, RoundRowItem } from './round-row.js';
import { ROW_PAGE_SIZE, RowPages } from './row-pages.js';
import { scrollToReveal, visibleWindow } from './virtual-window.js';

const OVERSCAN = 6;
/** Used until the viewport has been measured (and in test DOMs, which have no layout). */
const FALLBACK_HEIGHT = 400;

export interface RoundListProps {
  filter: RoundFilter;
  /** Bumped when the stored rounds changed: rows are fetched again, the old ones shown meanwhile. */
  revision: number;
  /** False while another view covers the list; it keeps its place and cache. */
  active: boolean;
  onOpen: (key: string) => void;
  /** A row to give focus back to when the list becomes active again. */
  focusKey?: string;
}

export function RoundList({ filter, revision, active, onOpen, focusKey }: RoundListProps) {
  const { client, t } = useEnv();
  const viewport = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(FALLBACK_HEIGHT);
  const [, redraw] = useState(0);
  const [error, setError] = useState<unknown>(undefined);
  const pendingFocus = useRef<number | null>(null);

  // One RowPages per filter and revision; a new revision keeps showing the old rows until it loads.
  const filterKey = `${filter.status ?? ''}|${filter.gameId ?? ''}`;
  const store = useRef<{ filterKey: string; revision: number; pages: RowPages } | null>(null);
  if (!store.current || store.current.filterKey !== filterKey || store.current.revision !== revision) {
    const fallback = store.current?.filterKey === filterKey ? store.current.pages : undefined;
    const fetchPage = (offset: number, limit: number) => client.ask({ type: 'rounds', filter, offset, limit });
    store.current = { filterKey, revision, pages: new RowPages(fetchPage, ROW_PAGE_SIZE, fallback) };
  }
  const pages = store.current.pages;
  const total = pages.total;
  const { start, end } = visibleWindow(scrollTop, height, ROW_HEIGHT, total ?? 0, OVERSCAN);

  useEffect(() => {
    if (viewport.current) viewport.current.scrollTop = 0;
    setScrollTop(0);
  }, [filterKey]);

  useEffect(() => {
    let live = true;
    // Before the total is known, the first page tells it.
    pages.ensure(start, total === undefined ? 1 : end).then(
      () => {
        if (!live) return;
        setError(undefined);
        redraw((n) => n + 1);
      },
      (reason: unknown) => live && setError(reason),
    );
    return () => {
      live = false;
    };
  }, [pages, start, end, total]);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element || !active) return;
    // display:none drops the scroll position; put it back.
    if (element.scrollTop !== scrollTop) element.scrollTop = scrollTop;
    const measure = () => element.clientHeight > 0 && setHeight(element.clientHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);

  useEffect(() => {
    if (!active || focusKey === undefined) return;
    const rows = list.current?.querySelectorAll<HTMLElement>('li[data-key]') ?? [];
    Array.from(rows)
      .find((row) => row.dataset.key === focusKey)
      ?.querySelector('button')
      ?.focus();
  }, [active, focusKey]);

  // After keyboard navigation, focus the target row once it is drawn.
  useEffect(() => {
    if (pendingFocus.current === null) return;
    const button = list.current?.querySelector<HTMLElement>(`button[data-index="${pendingFocus.current}"]`);
    if (button) {
      button.focus();
      pendingFocus.current = null;
    }
  });

  const open = (event: MouseEvent) => {
    const row = (event.target as Element).closest<HTMLElement>('li[data-key]');
    if (row?.dataset.key) onOpen(row.dataset.key);
  };

  const navigate = (event: KeyboardEvent) => {
    const current = Number((event.target as HTMLElement).dataset.index);
    if (!Number.isInteger(current) || total === undefined) return;
    const perPage = Math.max(1, Math.floor(height / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + perPage,
      PageUp: current - perPage,
      Home: 0,
      End: total - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = Math.min(total - 1, Math.max(0, target));
    const top = scrollToReveal(next, scrollTop, height, ROW_HEIGHT);
    if (viewport.current) viewport.current.scrollTop = top;
    setScrollTop(top);
    const drawn = list.current?.querySelector<HTMLElement>(`button[data-index="${next}"]`);
    if (drawn) drawn.focus();
    // Not drawn yet: focused by the effect above once it is.
    else pendingFocus.current = next;
  };

  const rows = [];
  let windowLoaded = total !== undefined;
  for (let index = start; index < end; index++) {
    const row = pages.get(index);
    if (!row) windowLoaded = false;
    rows.push(row ? <RoundRowItem key={row.key} row={row} index={index} total={total ?? 0} /> : <PlaceholderRow key={`loading-${index}`} index={index} />);
  }

  return (
    <div class="round-list">
      {error !== undefined && <ErrorNote error={error} />}
      <p class="list-count" aria-live="polite">
        {total === undefined ? t('loading') : total === 0 ? t(filterKey === '|' ? 'noRoundsYet' : 'noRoundsMatch') : t('roundsCount', total)}
      </p>
      <div class="viewport" ref={viewport} onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}>
        <ul
          class="rows"
          ref={list}
          role="list"
          aria-label={t('roundsListLabel')}
          // Set once every row in view is drawn, so tests and tools know the list is complete.
          data-ready={windowLoaded ? 'true' : 'false'}
          style={{ height: `${(total ?? 0) * ROW_HEIGHT}px` }}
          onClick={open}
          onKeyDown={navigate}
        >
          {rows}
        </ul>
      </div>
    </div>
  );
}
