import type { Category as CategoryContract } from '@ordering/common';
import { In } from 'typeorm';
import { reasonError } from '../core/errors.js';
import { defineResource } from '../crud/resource.js';
import { imageJson } from '../media/image-json.js';
import { Category } from './category.entity.js';
import { refuseWhileInMenus } from './menu-usage.js';
import { Product } from './product.entity.js';
import { categoryInput } from './schemas.js';

/** JSON of a category as the contract's `Category` (plus the back-office `position`). */
export function categoryJson(category: Category) {
  return {
    id: category.id,
    name: category.name,
    description: category.description,
    nameEn: category.nameEn,
    descriptionEn: category.descriptionEn,
    image: category.image ? imageJson(category.image) : null,
    isEnabled: category.isEnabled,
    schedule: category.schedule ?? null,
    isVisibleWhenUnavailable: category.isVisibleWhenUnavailable,
    isBundle: category.isBundle,
    isWithdrawalExempt: category.isWithdrawalExempt,
    upsellProducts: (category.upsellProducts ?? []).map((ref) => ({ id: ref.id })),
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
  // The upsell list names products: each must exist (400 at `upsellProducts.N`).
  assign: async (em, category, input) => {
    const ids = input.upsellProducts.map((ref) => ref.id);
    const found = new Set(
      ids.length
        ? (await em.find(Product, { select: { id: true }, where: { id: In(ids) } })).map((p) => p.id)
        : [],
    );
    ids.forEach((id, index) => {
      if (!found.has(id)) throw reasonError('validation', 'product_unknown', `upsellProducts.${index}`);
    });
    category.upsellProducts = ids.map((id) => ({ id }));
  },
  beforeDelete: (em, category) => refuseWhileInMenus(em, 'category', category.id),
});
