import type { CatalogGroup } from '@ordering/common';
import { lazy, startTransition, Suspense, useEffect, useMemo, useState } from 'react';
import { categoryJumpOffset } from '../stores/scrolling';
import { groupElementId } from './CategoryBar';
import type { CatalogJump, CatalogListProps, Named } from './catalogRows';

export type { CatalogJump, CatalogListProps, Named };

/**
 * Up to this many products the whole menu is rendered, as it always was: a menu of a few screens costs
 * little, every product stays findable by the browser's own search, and the windowing's code (its own chunk)
 * is not loaded at all.
 */
export const WINDOW_FROM_PRODUCTS = 120;

/** Products rendered plainly while the windowing's chunk of a large menu is on its way. */
const FIRST_PRODUCTS = 24;

/** Products of a whole menu rendered at once when it arrives: enough to fill a phone or a desktop window. */
export const FIRST_RENDERED = 12;

// The windowed menu (docs/decisions/storefront.md, "Windowing") with its virtualizer: only for large menus.
const WindowedCatalog = lazy(() => import('./CatalogWindow'));

/**
 * The menu: rendered whole up to {@link WINDOW_FROM_PRODUCTS} products; above, windowed over the page's
 * scrolling, with the first products rendered plainly while the windowing's chunk loads.
 */
export function CatalogList<C extends Named, P>(props: CatalogListProps<C, P>) {
  const { groups } = props;
  const total = useMemo(() => groups.reduce((sum, group) => sum + group.products.length, 0), [groups]);
  if (total <= WINDOW_FROM_PRODUCTS) return <PlainCatalog {...props} />;
  return (
    <Suspense fallback={<PlainCatalog {...props} groups={firstProducts(groups, FIRST_PRODUCTS)} />}>
      <WindowedCatalog {...(props as unknown as CatalogListProps<Named, unknown>)} />
    </Suspense>
  );
}

/** The groups cut after their first `count` products. */
function firstProducts<C, P>(groups: readonly CatalogGroup<C, P>[], count: number): CatalogGroup<C, P>[] {
  const out: CatalogGroup<C, P>[] = [];
  let left = count;
  for (const group of groups) {
    if (left <= 0) break;
    out.push({ ...group, products: group.products.slice(0, left) });
    left -= group.products.length;
  }
  return out;
}

/**
 * Every group with every product: first those holding the first {@link FIRST_RENDERED} products, the rest in
 * a React transition right after, which React renders in slices of a few milliseconds (rendering a whole
 * menu in one go was the store page's one long task, about 250 ms on a phone; issue 10). A `#category-…`
 * address gets every group at once and lands on its group once it is rendered.
 */
function PlainCatalog<C extends Named, P>({
  groups: all,
  sectionClass,
  gridClass,
  head,
  card,
}: CatalogListProps<C, P>) {
  const groups = useProgressiveGroups(all);
  const hasGroups = groups.length > 0;
  const complete = groups.length === all.length;
  useEffect(() => {
    if (!hasGroups || !complete || !window.location.hash.startsWith('#category-')) return;
    const target = document.getElementById(window.location.hash.slice(1));
    if (target)
      window.scrollTo({
        top: target.getBoundingClientRect().top + window.scrollY - categoryJumpOffset(target),
      });
  }, [hasGroups, complete]);
  return (
    <div className="catalog-list" data-menu-complete={complete}>
      {groups.map((group) => {
        const id = group.category.id;
        const titleId = `${groupElementId(id)}-title`;
        return (
          <section
            key={id}
            id={groupElementId(id)}
            data-category-id={id}
            className={sectionClass}
            aria-labelledby={titleId}
          >
            {head(group, titleId)}
            <ul className={gridClass}>
              {group.products.map((entry, index) => card(entry, { index, size: group.products.length }))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function useProgressiveGroups<C, P>(groups: readonly CatalogGroup<C, P>[]): readonly CatalogGroup<C, P>[] {
  const [all, setAll] = useState(
    () => typeof window !== 'undefined' && window.location.hash.startsWith('#category-'),
  );
  let first = 0;
  for (let count = 0; first < groups.length && count < FIRST_RENDERED; first++)
    count += groups[first]!.products.length;
  const complete = all || first >= groups.length;
  useEffect(() => {
    if (complete || groups.length === 0) return;
    const timer = setTimeout(() => startTransition(() => setAll(true)), 0);
    return () => clearTimeout(timer);
  }, [complete, groups.length]);
  return complete ? groups : groups.slice(0, first);
}
