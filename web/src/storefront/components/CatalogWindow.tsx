import type { CatalogGroup } from '@ordering/common';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { categoryJumpOffset, categoryScrollOffset } from '../stores/scrolling';
import { groupElementId } from './CategoryBar';
import {
  catalogRows,
  gridColumnCount,
  headRowIndex,
  type CatalogListProps,
  type CatalogRow,
  type Named,
} from './catalogRows';

/** Lines rendered beyond the window's edges, above and below. */
const OVERSCAN = 6;

/** How long after a jump its heading is kept below the category bar while rows are measured (ms). */
const SETTLE_MS = 15_000;

/** What the page hands the windowed menu: its groups and how its lines look. */
export interface CatalogWindowOptions<C extends Named, P> {
  groups: readonly CatalogGroup<C, P>[];
  /** A first guess of a line's height before it is measured (px). */
  estimate: (row: CatalogRow<C, P>) => number;
}

/** The windowed menu's state: its lines, the virtualizer and the jump to a category. */
export interface CatalogWindow<C extends Named, P> {
  rows: CatalogRow<C, P>[];
  virtualizer: ReturnType<typeof useWindowVirtualizer<HTMLElement>>;
  listRef: (element: HTMLDivElement | null) => void;
  scrollMargin: number;
  /** Scrolls so that a category's heading stands below the category bar; false when it is not shown. */
  jumpTo: (categoryId: number, behavior?: 'auto' | 'smooth') => boolean;
}

/**
 * The menu windowed over the page's scrolling (docs/decisions/storefront.md, "Windowing"): the groups as
 * lines (heading, rows of the product grid), of which only those on screen and a margin are rendered. The
 * grid's column count is read from the rendered grid, so the CSS stays the one place that decides it.
 */
export function useCatalogWindow<C extends Named, P>({
  groups,
  estimate,
}: CatalogWindowOptions<C, P>): CatalogWindow<C, P> {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [columns, setColumns] = useState(1);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [offset, setOffset] = useState(() =>
    typeof window === 'undefined' ? 150 : categoryScrollOffset(window.innerWidth),
  );
  const rows = useMemo(() => catalogRows(groups, columns), [groups, columns]);
  const hasRows = rows.length > 0;
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  // The rows measured so far (at this column count): unmeasured rows are guessed at their average, so the
  // page's length and a jump far down are right from the first rows on (cards of one menu are much alike).
  const measured = useRef({ columns, rows: 0, total: 0 });
  if (measured.current.columns !== columns) measured.current = { columns, rows: 0, total: 0 };
  const virtualizer = useWindowVirtualizer<HTMLElement>({
    count: rows.length,
    estimateSize: (index) => {
      const row = rowsRef.current[index]!;
      const { rows: count, total } = measured.current;
      if (row.kind === 'row' && !row.last && count > 0) return total / count;
      return estimate(row);
    },
    // Unrounded heights: rounded ones add up to a visible error over a thousand rows above a jump's target.
    measureElement: (element, entry) => {
      const size = entry?.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;
      if (element.getAttribute('data-row') === 'row') {
        measured.current.rows += 1;
        measured.current.total += size;
      }
      return size;
    },
    getItemKey: (index) => rowsRef.current[index]?.key ?? index,
    overscan: OVERSCAN,
    scrollMargin,
    scrollPaddingStart: offset,
    // The first render already fills the window (before the window's size is observed).
    initialRect:
      typeof window === 'undefined'
        ? { width: 0, height: 800 }
        : { width: window.innerWidth, height: window.innerHeight },
  });

  // The grid's columns and the list's place on the page: read after every layout change of the list (the
  // banner's picture, the filter's chips and the window's width move or narrow it).
  useLayoutEffect(() => {
    if (!element) return;
    const read = () => {
      const grid = element.querySelector<HTMLElement>('.catalog-row');
      if (grid) setColumns(gridColumnCount(getComputedStyle(grid).gridTemplateColumns));
      setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
      setOffset(categoryJumpOffset(element));
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(element);
    if (element.parentElement) observer.observe(element.parentElement);
    return () => observer.disconnect();
  }, [element, hasRows]);

  // Once the scrolling has come to rest, the heading is put exactly below the bar: rows measured on the way
  // (their guessed heights replaced) may have moved it, on a far jump by thousands of pixels and several
  // times. It keeps at it for a while, however many corrections that takes on a busy device (a count of
  // corrections gave up too early once and left the heading under the kiosk's bar); the guest's own
  // scrolling or touch ends it at once.
  const settle = useCallback(
    (categoryId: number, again: () => void) => {
      const until = performance.now() + SETTLE_MS;
      let last = NaN;
      let still = 0;
      let watched = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
      const stop = () => {
        clearTimeout(timer);
        events.forEach((name) => window.removeEventListener(name, stop));
      };
      const next = () => {
        if (performance.now() < until) timer = setTimeout(check, 50);
        else stop();
      };
      const check = () => {
        const y = window.scrollY;
        // At rest: the same position three polls running and the virtualizer's own scrolling over.
        still = y === last && !virtualizer.isScrolling ? still + 1 : 0;
        last = y;
        if (still < 3) return next();
        const heading = document.getElementById(groupElementId(categoryId));
        if (!heading) {
          // Not rendered where the guess put it (the list had not been placed yet): once more.
          again();
          still = 0;
          return next();
        }
        const off = heading.getBoundingClientRect().top - categoryJumpOffset(heading);
        const room = document.documentElement.scrollHeight - window.innerHeight - y;
        if (Math.abs(off) >= 0.5 && (off < 0 || room > 1)) {
          window.scrollTo({ top: y + off, behavior: 'instant' });
          still = 0;
          watched = 0;
          return next();
        }
        // In place: watched a little longer, as rows measured late may still move it.
        if (++watched < 10) return next();
        stop();
      };
      events.forEach((name) => window.addEventListener(name, stop, { passive: true }));
      timer = setTimeout(check, 50);
    },
    [virtualizer],
  );

  const jumpTo = useCallback(
    (categoryId: number, behavior: 'auto' | 'smooth' = 'smooth') => {
      const index = headRowIndex(rowsRef.current, categoryId);
      if (index < 0) return false;
      virtualizer.scrollToIndex(index, { align: 'start', behavior });
      settle(categoryId, () => {
        const again = headRowIndex(rowsRef.current, categoryId);
        if (again >= 0) virtualizer.scrollToIndex(again, { align: 'start', behavior: 'auto' });
      });
      return true;
    },
    [virtualizer, settle],
  );

  // A `#category-…` address lands on its group once the menu is there.
  const landed = useRef(false);
  const placed = scrollMargin > 0;
  useEffect(() => {
    if (landed.current || rows.length === 0 || !element || !placed) return;
    landed.current = true;
    const match = /^#category-(\d+)$/.exec(window.location.hash);
    if (match) jumpTo(Number(match[1]), 'auto');
  }, [rows.length, element, placed, jumpTo]);

  return { rows, virtualizer, listRef: setElement, scrollMargin, jumpTo };
}

/**
 * The lines on screen, in sections per group: a section holds the group's lines that are rendered, and is
 * named by its heading (or by the category's name while the heading is above the window).
 */
export default function WindowedCatalog<C extends Named, P>({
  groups,
  estimate,
  jumpRef,
  sectionClass,
  gridClass,
  head,
  card,
  label,
}: CatalogListProps<C, P>) {
  const list = useCatalogWindow({ groups, estimate });
  const { virtualizer, rows, scrollMargin } = list;
  // The category bar jumps through the virtualizer while this view is there.
  useEffect(() => {
    jumpRef.current = list.jumpTo;
    return () => {
      jumpRef.current = null;
    };
  }, [jumpRef, list.jumpTo]);
  const items = virtualizer.getVirtualItems();
  const runs: { groupIndex: number; items: typeof items }[] = [];
  for (const item of items) {
    const row = rows[item.index];
    if (!row) continue;
    const run = runs[runs.length - 1];
    if (run && run.groupIndex === row.groupIndex) run.items.push(item);
    else runs.push({ groupIndex: row.groupIndex, items: [item] });
  }
  const top = items.length > 0 ? items[0]!.start - scrollMargin : 0;
  return (
    <div ref={list.listRef} className="catalog-window" style={{ height: virtualizer.getTotalSize() }}>
      <div className="catalog-window__lines" style={{ transform: `translateY(${top}px)` }}>
        {runs.map((run) => {
          const group = rows[run.items[0]!.index]!.group;
          const id = group.category.id;
          const titleId = `${groupElementId(id)}-title`;
          const withHead = rows[run.items[0]!.index]!.kind === 'head';
          return (
            <section
              key={id}
              id={withHead ? groupElementId(id) : undefined}
              className={`${sectionClass} catalog-section`}
              aria-labelledby={withHead ? titleId : undefined}
              aria-label={withHead ? undefined : label(group)}
            >
              {run.items.map((item) => {
                const row = rows[item.index]!;
                if (row.kind === 'head')
                  return (
                    <div
                      key={item.key}
                      data-index={item.index}
                      data-row="head"
                      data-category-id={id}
                      ref={virtualizer.measureElement}
                      className="catalog-head"
                    >
                      {head(group, titleId)}
                    </div>
                  );
                return (
                  <ul
                    key={item.key}
                    data-index={item.index}
                    data-row={row.last ? 'last' : 'row'}
                    data-category-id={id}
                    ref={virtualizer.measureElement}
                    className={`${gridClass} catalog-row${row.last ? ' catalog-row--last' : ''}`}
                  >
                    {row.products.map((entry, index) =>
                      card(entry, { index: row.first + index, size: group.products.length }),
                    )}
                  </ul>
                );
              })}
            </section>
          );
        })}
      </div>
    </div>
  );
}
