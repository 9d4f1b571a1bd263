import type { CatalogGroup, Visibility } from '@ordering/common';
import type { ReactNode, RefObject } from 'react';

/** A product of a group as the cards show it. */
export interface CatalogEntry<P> {
  product: P;
  visibility: Visibility;
}

/**
 * One line of the windowed menu: a group's heading (title, picture, description) or one row of its product
 * grid. Only the lines on screen (and a margin) are rendered; each is measured once it is.
 */
export type CatalogRow<C, P> =
  | { kind: 'head'; key: string; groupIndex: number; group: CatalogGroup<C, P> }
  | {
      kind: 'row';
      key: string;
      groupIndex: number;
      group: CatalogGroup<C, P>;
      /** The products of this row, at most `columns`. */
      products: CatalogEntry<P>[];
      /** The index of the row's first product within its group (for `aria-posinset`). */
      first: number;
      /** The group's last row (it carries the space below the group). */
      last: boolean;
    };

/**
 * The menu as lines: per group its heading, then its products in rows of `columns` (the number of columns
 * the grid has at the current width).
 */
export function catalogRows<C extends { id: number }, P>(
  groups: readonly CatalogGroup<C, P>[],
  columns: number,
): CatalogRow<C, P>[] {
  const width = Math.max(1, Math.floor(columns));
  const rows: CatalogRow<C, P>[] = [];
  groups.forEach((group, groupIndex) => {
    const id = group.category.id;
    rows.push({ kind: 'head', key: `h${id}`, groupIndex, group });
    for (let first = 0; first < group.products.length; first += width) {
      rows.push({
        kind: 'row',
        key: `r${id}-${first}-${width}`,
        groupIndex,
        group,
        products: group.products.slice(first, first + width),
        first,
        last: first + width >= group.products.length,
      });
    }
  });
  return rows;
}

/** The index of a category's heading among the rows; -1 when the category is not shown. */
export function headRowIndex<C extends { id: number }, P>(
  rows: readonly CatalogRow<C, P>[],
  categoryId: number,
): number {
  return rows.findIndex((row) => row.kind === 'head' && row.group.category.id === categoryId);
}

/** The number of columns a CSS grid lays out (its resolved `grid-template-columns`). */
export function gridColumnCount(template: string): number {
  const tracks = template
    .trim()
    .split(/\s+(?![^(]*\))/)
    .filter((track) => track !== '' && track !== 'none');
  return Math.max(1, tracks.length);
}

export interface Named {
  id: number;
  name: string;
}

/** The jump of the category bar to a category: true when made, false when the category is not shown. */
export type CatalogJump = (categoryId: number) => boolean;

/** A menu's groups and how its parts look (the store page's or the kiosk's). */
export interface CatalogListProps<C extends Named, P> {
  groups: readonly CatalogGroup<C, P>[];
  /** A first guess of a windowed line's height before it is measured (px). */
  estimate: (row: CatalogRow<C, P>) => number;
  /** Set to the windowed menu's jump while it is shown (the category bar uses it), null otherwise. */
  jumpRef: RefObject<CatalogJump | null>;
  /** The section's class (`product-group`, `kiosk-group`). */
  sectionClass: string;
  /** The grid's class (`product-grid`, `product-grid kiosk-grid`). */
  gridClass: string;
  /** The heading's content; its title element must carry `id={titleId}`. */
  head: (group: CatalogGroup<C, P>, titleId: string) => ReactNode;
  /** A product's card; `position` is its place in its group. */
  card: (entry: CatalogEntry<P>, position: { index: number; size: number }) => ReactNode;
  /** The section's name while its heading is not rendered (windowed). */
  label: (group: CatalogGroup<C, P>) => string;
}
