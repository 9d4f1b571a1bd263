/**
 * What the storefront shows of the catalogue (spec sections 4, 5 and 9): product and category visibility by
 * switch and schedule, the active menu of a branch, and the category bar.
 *
 * @packageDocumentation
 */
import type { Branch } from './contract/branch.js';
import type { Category, Menu, MenuCategoryEntry, Product, Schedule } from './contract/catalog.js';
import { DEFAULT_TIME_ZONE } from './contract/branch.js';
import { isOpenAt } from './opening-hours.js';

/** How an entity appears: normal, shown disabled (unavailable but visible-when-unavailable) or hidden. */
export type Visibility = 'available' | 'disabled' | 'hidden';

/** The fields visibility reads. */
export interface VisibilitySubject {
  /** Switched on. */
  isEnabled: boolean;
  /** Availability schedule (none: always). */
  schedule?: Schedule;
  /** Shown disabled when unavailable. */
  isVisibleWhenUnavailable?: boolean;
}

/** Whether a schedule allows `now` (no schedule or an empty one: always). */
export function isWithinSchedule(
  schedule: Schedule | undefined,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  if (!schedule || schedule.length === 0) return true;
  return isOpenAt({ rules: schedule, timeZone }, now);
}

/** Whether an entity can be ordered now: enabled and within its schedule. */
export function isAvailable(
  subject: VisibilitySubject,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  return subject.isEnabled && isWithinSchedule(subject.schedule, now, timeZone);
}

/**
 * Spec section 5: shown if enabled and (no schedule or within it), or if visible-when-unavailable is set;
 * otherwise hidden. Unavailable but shown means disabled.
 */
export function visibility(
  subject: VisibilitySubject,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): Visibility {
  if (isAvailable(subject, now, timeZone)) return 'available';
  return subject.isVisibleWhenUnavailable ? 'disabled' : 'hidden';
}

/**
 * The visibility of a product inside a menu: the menu entry's own switch and schedule and the product's must
 * both allow it; visible-when-unavailable comes from the product.
 */
export function productVisibility(
  product: Pick<Product, 'isEnabled' | 'schedule' | 'isVisibleWhenUnavailable'>,
  entry: Pick<VisibilitySubject, 'isEnabled' | 'schedule'> | null,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): Visibility {
  const available = isAvailable(product, now, timeZone) && (!entry || isAvailable(entry, now, timeZone));
  if (available) return 'available';
  return product.isVisibleWhenUnavailable ? 'disabled' : 'hidden';
}

/** The active menu of a branch: among its menus, the one with the latest `availableFrom` not after `now`. */
export function activeMenu<M extends Pick<Menu, 'availableFrom' | 'branches'>>(
  menus: readonly M[],
  branchId: number,
  now: Date,
): M | null {
  let best: M | null = null;
  let bestTime = -Infinity;
  for (const menu of menus) {
    if (!menu.branches.some((branch) => branch.id === branchId)) continue;
    const time = Date.parse(menu.availableFrom);
    if (Number.isNaN(time) || time > now.getTime()) continue;
    if (time > bestTime) {
      best = menu;
      bestTime = time;
    }
  }
  return best;
}

/** A category of the store page with its visible products. */
export interface CatalogGroup<C, P> {
  /** The category. */
  category: C;
  /** Its visibility. */
  visibility: Visibility;
  /** Products to show, with their visibility (hidden ones left out). */
  products: { product: P; visibility: Visibility }[];
}

/**
 * The store page's product groups for a menu: categories in menu order, hidden ones and hidden products left
 * out; products of a disabled category show disabled; categories without products are dropped.
 */
export function catalogGroups<
  C extends Pick<Category, 'id' | 'isEnabled' | 'schedule' | 'isVisibleWhenUnavailable'>,
  P extends Pick<Product, 'id' | 'isEnabled' | 'schedule' | 'isVisibleWhenUnavailable'>,
>(
  menu: { catalog: readonly MenuCategoryEntry[] },
  categories: readonly C[],
  products: readonly P[],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): CatalogGroup<C, P>[] {
  const groups: CatalogGroup<C, P>[] = [];
  // By id once: a menu of 10,000 products looked each one up in the whole list (quadratic, seconds on a phone).
  const categoryById = firstById(categories);
  const productById = firstById(products);
  for (const entry of menu.catalog) {
    const category = categoryById.get(entry.id);
    if (!category) continue;
    const categoryVisibility = visibility(category, now, timeZone);
    if (categoryVisibility === 'hidden') continue;
    const shown: { product: P; visibility: Visibility }[] = [];
    for (const productEntry of entry.products) {
      const product = productById.get(productEntry.id);
      if (!product) continue;
      let productVis = productVisibility(product, productEntry, now, timeZone);
      if (productVis === 'available' && categoryVisibility === 'disabled') productVis = 'disabled';
      if (productVis !== 'hidden') shown.push({ product, visibility: productVis });
    }
    if (shown.length > 0) groups.push({ category, visibility: categoryVisibility, products: shown });
  }
  return groups;
}

/** The items by id; the first of equal ids wins, as `find` did. */
function firstById<T extends { id: number }>(items: readonly T[]): Map<number, T> {
  const byId = new Map<number, T>();
  for (const item of items) if (!byId.has(item.id)) byId.set(item.id, item);
  return byId;
}

/** The category bar: the groups' categories without bundles (spec section 2; empty ones are already gone). */
export function categoryBarItems<C extends Pick<Category, 'isBundle'>>(
  groups: readonly CatalogGroup<C, unknown>[],
): C[] {
  return groups.filter((group) => !group.category.isBundle).map((group) => group.category);
}

/** The branches a menu belongs to, for the back office. */
export function menuBranchIds(menu: Pick<Menu, 'branches'>): number[] {
  return menu.branches.map((branch) => branch.id);
}

/** The time zone of a branch or the default. */
export function branchTimeZone(branch: Pick<Branch, 'timeZone'> | null | undefined): string {
  return branch?.timeZone || DEFAULT_TIME_ZONE;
}
