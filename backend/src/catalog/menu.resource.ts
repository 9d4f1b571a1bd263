import type { Menu as MenuContract, MenuSummary } from '@ordering/common';
import type { MenuCategoryEntry } from '@ordering/common';
import { In, type EntityManager } from 'typeorm';
import { DomainError } from '../core/errors.js';
import { defineResource } from '../crud/resource.js';
import { Category } from './category.entity.js';
import { Menu, MenuCategory, MenuProduct } from './menu.entity.js';
import { Product } from './product.entity.js';
import { menuInput, type MenuInput } from './schemas.js';

const missing = 'Der ausgewählte Eintrag existiert nicht.';

/** The catalogue of a menu as spec section 3 shows it: categories in order, each with its products in order. */
export function menuCatalog(menu: Menu): MenuCategoryEntry[] {
  const byPosition = <T extends { position: number; id: number }>(a: T, b: T) =>
    a.position - b.position || a.id - b.id;
  // Grouped once by category entry: a menu of 10,000 products in 100 categories is one pass, not 100.
  const byEntry = new Map<number, MenuProduct[]>();
  for (const product of menu.productEntries ?? []) {
    const list = byEntry.get(product.menuCategoryId);
    if (list) list.push(product);
    else byEntry.set(product.menuCategoryId, [product]);
  }
  return [...(menu.categoryEntries ?? [])].sort(byPosition).map((entry) => ({
    id: entry.categoryId,
    products: (byEntry.get(entry.id) ?? []).sort(byPosition).map((product) => ({
      id: product.productId,
      isEnabled: product.isEnabled,
      schedule: product.schedule ?? null,
    })),
  }));
}

/** JSON of a menu as the contract's `Menu`. */
export function menuJson(menu: Menu) {
  return {
    id: menu.id,
    name: menu.name,
    availableFrom: menu.availableFrom.toISOString(),
    branches: (menu.branches ?? []).map((branch) => ({ id: branch.id })).sort((a, b) => a.id - b.id),
    catalog: menuCatalog(menu),
    createdAt: menu.createdAt.toISOString(),
    updatedAt: menu.updatedAt.toISOString(),
  } satisfies MenuContract;
}

/** JSON of a menu without its catalogue, as `/api/init` carries it (the catalogue has its own route). */
export function menuSummaryJson(menu: Menu) {
  return {
    id: menu.id,
    name: menu.name,
    availableFrom: menu.availableFrom.toISOString(),
    branches: (menu.branches ?? []).map((branch) => ({ id: branch.id })).sort((a, b) => a.id - b.id),
    createdAt: menu.createdAt.toISOString(),
    updatedAt: menu.updatedAt.toISOString(),
  } satisfies MenuSummary;
}

/** Every category and product the catalogue names must exist; the error names the entry (`catalog.0.products.2.id`). */
async function assertCatalogExists(em: EntityManager, catalog: MenuInput['catalog']): Promise<void> {
  const categoryIds = [...new Set(catalog.map((entry) => entry.id))];
  const productIds = [...new Set(catalog.flatMap((entry) => entry.products.map((product) => product.id)))];
  const categories = new Set(
    categoryIds.length
      ? (await em.getRepository(Category).find({ select: { id: true }, where: { id: In(categoryIds) } })).map(
          (c) => c.id,
        )
      : [],
  );
  const products = new Set(
    productIds.length
      ? (await em.getRepository(Product).find({ select: { id: true }, where: { id: In(productIds) } })).map(
          (p) => p.id,
        )
      : [],
  );
  catalog.forEach((entry, index) => {
    if (!categories.has(entry.id)) throw new DomainError('validation', missing, `catalog.${index}.id`);
    entry.products.forEach((product, productIndex) => {
      if (!products.has(product.id))
        throw new DomainError('validation', missing, `catalog.${index}.products.${productIndex}.id`);
    });
  });
}

/** Replaces a menu's catalogue rows with the given catalogue. */
export async function writeCatalog(
  em: EntityManager,
  menu: Menu,
  catalog: MenuInput['catalog'],
): Promise<void> {
  await em.delete(MenuCategory, { menu: { id: menu.id } });
  for (const [position, entry] of catalog.entries()) {
    const category = await em.save(
      em.create(MenuCategory, { menu: { id: menu.id }, categoryId: entry.id, position }),
    );
    if (entry.products.length === 0) continue;
    await em.insert(
      MenuProduct,
      entry.products.map((product, productPosition) => ({
        menu: { id: menu.id },
        menuCategoryId: category.id,
        productId: product.id,
        position: productPosition,
        isEnabled: product.isEnabled,
        schedule: product.schedule,
      })),
    );
  }
}

export const menuResource = defineResource({
  path: 'menus',
  entity: Menu,
  names: { plural: 'Produktkataloge', singular: 'Produktkatalog' },
  input: menuInput,
  read: 'catalog:read',
  write: 'catalog:write',
  publicRead: true,
  relations: ['branches', 'categoryEntries', 'productEntries'],
  filters: {
    branch: {
      type: 'number',
      apply: (qb, alias, value) =>
        qb.andWhere(
          `EXISTS (SELECT 1 FROM menu_branch mb WHERE mb.menu_id = ${alias}.id AND mb.branch_id = :branchFilter)`,
          {
            branchFilter: value,
          },
        ),
    },
  },
  searchable: ['name'],
  sortable: ['name', 'availableFrom'],
  defaultSort: '-availableFrom',
  toJson: menuJson,
  assign: async (em, menu, input) => {
    await assertCatalogExists(em, input.catalog);
    // The rows are written once the menu has its id; the loaded ones must not take part in this save.
    delete (menu as Partial<Menu>).categoryEntries;
    delete (menu as Partial<Menu>).productEntries;
  },
  // The catalogue rows need the menu's id: written once it is saved.
  afterWrite: (em, menu, _ctx, input) => writeCatalog(em, menu, input.catalog),
});
