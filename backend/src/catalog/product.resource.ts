import { randomUUID } from 'node:crypto';
import { t } from '@ordering/common';
import { DomainError } from '../core/errors.js';
import { defineResource } from '../crud/resource.js';
import { imageJson } from '../media/image-json.js';
import { refuseWhileInMenus } from './menu-usage.js';
import { checkPlacements, readPlacements, writePlacements } from './placements.js';
import { linkParts, numberParts } from './product-parts.js';
import { Product } from './product.entity.js';
import { PRODUCT_TYPES, type Product as ProductContract } from '@ordering/common';
import { productInput } from './schemas.js';

/** JSON of a product as the contract's `Product` (plus `tags` as refs and the back-office `position`). */
export function productJson(product: Product) {
  const order = product.imageOrder ?? [];
  const rank = (id: number) => (order.includes(id) ? order.indexOf(id) : order.length + id);
  return {
    id: product.id,
    uid: product.uid,
    name: product.name,
    description: product.description,
    nameEn: product.nameEn,
    descriptionEn: product.descriptionEn,
    allergenCodes: product.allergenCodes ?? [],
    allergens: product.allergens,
    images: [...(product.images ?? [])].sort((a, b) => rank(a.id) - rank(b.id)).map(imageJson),
    type: product.type,
    price: product.price,
    isPriceHidden: product.isPriceHidden,
    unit: product.unit,
    alternativeUnits: product.alternativeUnits ?? [],
    minimumQuantity: product.minimumQuantity,
    maximumQuantity: product.maximumQuantity,
    quantityStepSize: product.quantityStepSize,
    defaultQuantity: product.defaultQuantity,
    defaultUnit: product.defaultUnit,
    pricing: product.pricing,
    netQuantity: product.netQuantity,
    netQuantityUnit: product.netQuantityUnit,
    calculationModel: product.calculationModel,
    tax: product.tax,
    takeawayTax: product.takeawayTax,
    dineInTax: product.dineInTax,
    isEnabled: product.isEnabled,
    schedule: product.schedule ?? null,
    isVisibleWhenUnavailable: product.isVisibleWhenUnavailable,
    isStepByStep: product.isStepByStep,
    isWithdrawalExempt: product.isWithdrawalExempt,
    isLeadTimeEnabled: product.isLeadTimeEnabled,
    leadTimeType: product.leadTimeType,
    leadTimeValue: product.leadTimeValue,
    config: { parts: product.config?.parts ?? [] },
    tags: (product.tags ?? []).map((tag) => ({ id: tag.id })).sort((a, b) => a.id - b.id),
    position: product.position,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  } satisfies ProductContract;
}

export const productResource = defineResource({
  path: 'products',
  entity: Product,
  names: { plural: 'Produkte', singular: 'Produkt' },
  input: productInput,
  read: 'catalog:read',
  write: 'catalog:write',
  publicRead: true,
  // A disabled product is the back office's business: the storefront (and whoever cannot read the
  // catalogue in the back office) sees it only when it is to be shown greyed out (spec section 5:
  // "visible when unavailable"), else not even by id.
  scope: (ctx, qb, e) => {
    if (!ctx.can('catalog:read'))
      qb.andWhere(`(${e}.isEnabled = true OR ${e}.isVisibleWhenUnavailable = true)`);
  },
  relations: ['images', 'tags'],
  filters: {
    // Products the category shows in any menu (menus place products into categories).
    category: {
      type: 'number',
      apply: (qb, alias, value) =>
        qb.andWhere(
          `EXISTS (SELECT 1 FROM menu_product mp INNER JOIN menu_category mc ON mc.id = mp.menu_category_id WHERE mp.product_id = ${alias}.id AND mc.category_id = :categoryFilter)`,
          { categoryFilter: value },
        ),
    },
    tag: {
      type: 'number',
      apply: (qb, alias, value) =>
        qb.andWhere(
          `EXISTS (SELECT 1 FROM product_tag pt WHERE pt.product_id = ${alias}.id AND pt.tag_id = :tagFilter)`,
          {
            tagFilter: value,
          },
        ),
    },
    type: {
      type: 'string',
      apply: (qb, alias, value) => {
        if (!(PRODUCT_TYPES as readonly string[]).includes(String(value))) {
          throw new DomainError('validation', t('validation.choice'), 'type');
        }
        qb.andWhere(`${alias}.type = :typeFilter`, { typeFilter: value });
      },
    },
    isEnabled: { type: 'boolean' },
  },
  searchable: ['name', 'description'],
  sortable: ['name', 'price', 'position'],
  defaultSort: 'position',
  toJson: productJson,
  // The back office reads where the product stands in the menus it may manage (the storefront does not).
  complete: async (em, items, ctx) => {
    if (!ctx.can('catalog:read')) return;
    const placements = await readPlacements(
      em,
      ctx,
      items.map((item) => Number(item.id)),
    );
    for (const item of items) item.placements = placements.get(Number(item.id)) ?? [];
  },
  assign: async (em, product, input, ctx) => {
    product.uid ??= randomUUID();
    product.imageOrder = input.images.map((image) => image.id);
    // A part linked to an option group is the group's current content (docs/decisions/catalog-form.md).
    product.config = { parts: numberParts(await linkParts(em, product.id, input.config.parts)) };
    if (input.placements) await checkPlacements(em, ctx, input.placements);
  },
  // The placements go into the menus' catalogues in the product's transaction; each changed menu gets its
  // audit entry and raises the menus' version (the storefront's snapshot).
  afterWrite: async (em, product, ctx, input, publish) => {
    if (!input.placements) return;
    const menus = await writePlacements(em, ctx, product.id, input.placements);
    for (const menuId of menus)
      await publish({ entityType: 'menus', entityId: menuId, changes: { products: { to: product.id } } });
  },
  beforeDelete: (em, product) => refuseWhileInMenus(em, 'product', product.id),
});
