import type { Category as CategoryContract } from '@ordering/common';
import { defineResource } from '../crud/resource.js';
import { imageJson } from '../media/image-json.js';
import { Category } from './category.entity.js';
import { refuseWhileInMenus } from './menu-usage.js';
import { categoryInput } from './schemas.js';

/** JSON of a category as the contract's `Category` (plus the back-office `position`). */
export function categoryJson(category: Category) {
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    image: category.image ? imageJson(category.image) : null,
    isEnabled: category.isEnabled,
    schedule: category.schedule ?? null,
    isVisibleWhenUnavailable: category.isVisibleWhenUnavailable,
    isBundle: category.isBundle,
    isWithdrawalExempt: category.isWithdrawalExempt,
    position: category.position,
    createdAt: category.createdAt.toISOString(),
    updatedAt: category.updatedAt.toISOString(),
  } satisfies CategoryContract & { position: number };
}

export const categoryResource = defineResource({
  path: 'categories',
  entity: Category,
  names: { plural: 'Kategorien', singular: 'Kategorie' },
  input: categoryInput,
  read: 'catalog:read',
  write: 'catalog:write',
  publicRead: true,
  // Disabled categories are hidden from the storefront like disabled products.
  scope: (ctx, qb, e) => {
    if (!ctx.can('catalog:read'))
      qb.andWhere(`(${e}.isEnabled = true OR ${e}.isVisibleWhenUnavailable = true)`);
  },
  relations: ['image'],
  filters: { isEnabled: { type: 'boolean' }, isBundle: { type: 'boolean' } },
  searchable: ['name', 'description'],
  sortable: ['name', 'position'],
  defaultSort: 'position',
  toJson: categoryJson,
  beforeDelete: (em, category) => refuseWhileInMenus(em, 'category', category.id),
});
