import { randomUUID } from 'node:crypto';
import {
  ENTITY_NAMES,
  type ConfigurablePart,
  type OptionGroup as OptionGroupContract,
} from '@ordering/common';
import { DomainError } from '../core/errors.js';
import { defineResource } from '../crud/resource.js';
import { OptionGroup } from './option-group.entity.js';
import { countLinkedProducts, numberParts, relinkProducts } from './product-parts.js';
import { optionGroupInput } from './schemas.js';

/** JSON of an option group; `productCount` is added when read (`complete`). */
export function optionGroupJson(group: OptionGroup) {
  return {
    id: group.id,
    uid: group.uid,
    name: group.name,
    part: group.part,
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
  } satisfies Omit<OptionGroupContract, 'productCount'>;
}

/** The group's part before this write, for the products' copies to keep their option ids. */
const sourceOf = new WeakMap<OptionGroup, ConfigurablePart>();

/**
 * Shared option groups ("Optionsvorlagen"): back office only (not in /api/init, the storefront reads
 * the products' copies). Saving one rewrites the copies in every product that links it, in the same
 * transaction; deleting one that products still link is refused (409 naming how many).
 */
export const optionGroupResource = defineResource({
  path: 'option-groups',
  entity: OptionGroup,
  names: ENTITY_NAMES['option-groups'],
  input: optionGroupInput,
  read: 'catalog:read',
  write: 'catalog:write',
  trackVersion: false,
  searchable: ['name'],
  sortable: ['name'],
  defaultSort: 'name',
  toJson: optionGroupJson,
  complete: async (em, items) => {
    const counts = await countLinkedProducts(
      em,
      items.map((item) => String(item.uid)),
    );
    for (const item of items) item.productCount = counts.get(String(item.uid)) ?? 0;
  },
  assign: async (em, group, input) => {
    // The entity already carries the input: the stored part comes from the database.
    if (group.id) {
      const stored = await em.getRepository(OptionGroup).findOneBy({ id: group.id });
      if (stored) sourceOf.set(group, stored.part);
    }
    group.uid ??= randomUUID();
    group.part = numberParts([input.part])[0]!;
  },
  afterWrite: async (em, group, _ctx, _input, publish) => {
    if (!group.id) return;
    await relinkProducts(em, group, sourceOf.get(group) ?? group.part, publish);
  },
  beforeDelete: async (em, group) => {
    const count = (await countLinkedProducts(em, [group.uid])).get(group.uid) ?? 0;
    if (count === 0) return;
    throw new DomainError(
      'conflict',
      `Diese Optionsvorlage wird noch von ${count === 1 ? 'einem Produkt' : `${count} Produkten`} verwendet. Bitte lösen Sie dort zuerst die Verknüpfung.`,
      undefined,
      'option_group_in_use',
    );
  },
});
