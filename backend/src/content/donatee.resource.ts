import type { Donatee as DonateeContract } from '@ordering/common';
import { z } from 'zod';
import { defineResource } from '../crud/resource.js';
import { fields } from '../core/validation.js';
import { imageJson } from '../media/image-json.js';
import { Donatee } from './donatee.entity.js';
import { optionalMarkdown } from './rich-text.js';

export const donateeInput = z.object({
  identifier: fields.identifier(),
  name: fields.text(200),
  description: optionalMarkdown(20_000),
  image: fields.ref().nullish(),
});

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
