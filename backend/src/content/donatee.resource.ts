import { donateeInput as sharedDonateeInput } from '@ordering/common/schemas';
import type { Donatee as DonateeContract } from '@ordering/common';
import { defineResource } from '../crud/resource.js';
import { imageJson } from '../media/image-json.js';
import { Donatee } from './donatee.entity.js';
import { optionalMarkdown } from '../core/rich-text.js';

/** The shared shape (common/src/schemas/content.ts) with the description's markdown cleaned. */
export const donateeInput = sharedDonateeInput.extend({ description: optionalMarkdown(20_000) });

/** `/api/donatees`: donation recipients offered at checkout. */
export const donateeResource = defineResource({
  path: 'donatees',
  entity: Donatee,
  names: { plural: 'Spendenempfänger', singular: 'Spendenempfänger' },
  input: donateeInput,
  read: 'content:read',
  write: 'content:write',
  publicRead: true,
  relations: ['image'],
  searchable: ['name', 'identifier'],
  sortable: ['name', 'identifier'],
  defaultSort: 'name',
  unique: ['identifier'],
  toJson: (donatee) =>
    ({
      id: donatee.id,
      identifier: donatee.identifier,
      name: donatee.name,
      description: donatee.description,
      image: donatee.image ? imageJson(donatee.image) : null,
      createdAt: donatee.createdAt.toISOString(),
      updatedAt: donatee.updatedAt.toISOString(),
    }) satisfies DonateeContract,
});
