import type { ProductPlacement } from '@ordering/common';
import { In, type EntityManager } from 'typeorm';
import { reasonError } from '../core/errors.js';
import type { RequestContext } from '../core/request-context.js';
import { Menu, MenuCategory, MenuProduct } from './menu.entity.js';

/**
 * A product's places in the menus, edited in the product form (a virtual field `placements`; the menus'
 * catalogue rows keep it). Only menus the user may manage take part: a menu all of whose branches are in the
 * user's branch scope (a menu shared with a foreign branch would change that branch's storefront).
 */
export function mayManageMenu(ctx: RequestContext, branchIds: readonly number[]): boolean {
  const scope = ctx.branchScope();
  if (scope === 'all') return true;
  return branchIds.length > 0 && branchIds.every((id) => scope.includes(id));
}

const branchIdsOf = (menu: Menu) => (menu.branches ?? []).map((branch) => branch.id);

/** The placements of each product, in the menus the reader may manage (menu by id, then menu order). */
export async function readPlacements(
  em: EntityManager,
  ctx: RequestContext,
  productIds: number[],
): Promise<Map<number, ProductPlacement[]>> {
  const byProduct = new Map<number, ProductPlacement[]>();
  if (productIds.length === 0) return byProduct;
  // Only the ids a placement names and its menu's branches (who may manage it): loading the entries as
  // entities brought each menu's branches in full with their delivery areas (an eager relation), one wide
  // row per entry, branch and area, on every product list of the back office.
  const entries = await em
    .createQueryBuilder(MenuProduct, 'mp')
    .innerJoin('mp.menuCategory', 'mc')
    .select('mp.productId', 'productId')
    .addSelect('mp.menu', 'menuId')
    .addSelect('mc.categoryId', 'categoryId')
    .addSelect('mc.position', 'position')
    .addSelect('ARRAY(SELECT mb.branch_id FROM menu_branch mb WHERE mb.menu_id = mp.menu_id)', 'branchIds')
    .where('mp.productId IN (:...productIds)', { productIds })
    .orderBy('mp.id')
    .getRawMany<{
      productId: number;
      menuId: number;
      categoryId: number;
      position: number;
      branchIds: number[];
    }>();
  entries
    .filter((entry) => mayManageMenu(ctx, entry.branchIds))
    .sort((a, b) => a.menuId - b.menuId || a.position - b.position)
    .forEach((entry) => {
      const list = byProduct.get(entry.productId) ?? [];
      list.push({ menu: { id: entry.menuId }, category: { id: entry.categoryId } });
      byProduct.set(entry.productId, list);
    });
  return byProduct;
}

/**
 * Checks the wanted placements before anything is written: the menu exists (400 `menu_unknown`), the user
 * may manage it (403 `menu_forbidden`), the category is in that menu's catalogue (400
 * `category_not_in_menu`). Errors name the entry (`placements.2.category`).
 */
export async function checkPlacements(
  em: EntityManager,
  ctx: RequestContext,
  placements: ProductPlacement[],
): Promise<void> {
  const menuIds = [...new Set(placements.map((p) => p.menu.id))];
  const menus = new Map(
    (menuIds.length
      ? await em.find(Menu, {
          where: { id: In(menuIds) },
          relations: { branches: true, categoryEntries: true },
        })
      : []
    ).map((menu) => [menu.id, menu]),
  );
  placements.forEach((placement, index) => {
    const menu = menus.get(placement.menu.id);
    if (!menu) throw reasonError('validation', 'menu_unknown', `placements.${index}.menu`);
    if (!mayManageMenu(ctx, branchIdsOf(menu)))
      throw reasonError('forbidden', 'menu_forbidden', `placements.${index}.menu`);
    if (!menu.categoryEntries.some((entry) => entry.categoryId === placement.category.id))
      throw reasonError('validation', 'category_not_in_menu', `placements.${index}.category`);
  });
}

/**
 * Makes the product's entries in the menus the user may manage exactly the wanted placements (checked by
 * {@link checkPlacements}): entries that stay keep their position, switch and schedule; new ones go to the end
 * of their category, switched on. Returns the ids of the menus whose catalogue changed.
 */
export async function writePlacements(
  em: EntityManager,
  ctx: RequestContext,
  productId: number,
  placements: ProductPlacement[],
): Promise<number[]> {
  const key = (menuId: number, categoryId: number) => `${menuId}/${categoryId}`;
  const wanted = new Set(placements.map((p) => key(p.menu.id, p.category.id)));
  const existing = (
    await em.find(MenuProduct, {
      where: { productId },
      relations: { menuCategory: true, menu: { branches: true } },
    })
  ).filter((entry) => mayManageMenu(ctx, branchIdsOf(entry.menu)));
  const have = new Set(existing.map((entry) => key(entry.menu.id, entry.menuCategory.categoryId)));
  const changed = new Set<number>();
  const gone = existing.filter((entry) => !wanted.has(key(entry.menu.id, entry.menuCategory.categoryId)));
  if (gone.length) {
    await em.delete(
      MenuProduct,
      gone.map((entry) => entry.id),
    );
    gone.forEach((entry) => changed.add(entry.menu.id));
  }
  for (const placement of placements) {
    if (have.has(key(placement.menu.id, placement.category.id))) continue;
    const menuCategory = await em.findOneOrFail(MenuCategory, {
      where: { menu: { id: placement.menu.id }, categoryId: placement.category.id },
    });
    const last = await em
      .createQueryBuilder(MenuProduct, 'mp')
      .select('MAX(mp.position)', 'max')
      .where('mp.menuCategoryId = :id', { id: menuCategory.id })
      .getRawOne<{ max: number | null }>();
    await em.insert(MenuProduct, {
      menu: { id: placement.menu.id },
      menuCategoryId: menuCategory.id,
      productId,
      position: last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1,
      isEnabled: true,
      schedule: null as never,
    });
    changed.add(placement.menu.id);
  }
  return [...changed].sort((a, b) => a - b);
}
