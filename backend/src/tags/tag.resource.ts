import type { Tag as TagContract } from '@ordering/common';
import { tagInput } from '@ordering/common/schemas';
import { defineResource } from '../crud/resource.js';
import { imageJson } from '../media/image-json.js';
import { Tag } from './tag.entity.js';

/** Tags label products and branches (the storefront's tag filter); deleting one removes it from both. */
export const tagResource = defineResource({
  path: 'tags',
  entity: Tag,
  names: { plural: 'Tags', singular: 'Tag' },
  input: tagInput,
  read: 'catalog:read',
  write: 'catalog:write',
  publicRead: true,
  relations: ['image'],
  searchable: ['name'],
  sortable: ['name'],
  defaultSort: 'name',
  // Two tags of one name would be two identical filter tiles.
  unique: ['name'],
  toJson: (tag) =>
    ({
      id: tag.id,
      name: tag.name,
      image: tag.image ? imageJson(tag.image) : null,
      createdAt: tag.createdAt.toISOString(),
      updatedAt: tag.updatedAt.toISOString(),
    }) satisfies TagContract,
});
