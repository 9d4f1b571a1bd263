import { z } from 'zod';
import { defineResource } from '../crud/resource.js';
import { fields } from '../core/validation.js';
import { Division } from './division.entity.js';

export const divisionResource = defineResource({
  path: 'divisions',
  entity: Division,
  names: { plural: 'Organisationen', singular: 'Organisation' },
  input: z.object({
    identifier: fields.identifier(),
    name: fields.text(200),
    description: fields.optionalText(5000),
  }),
  read: 'organisation:read',
  write: 'organisation:write',
  publicRead: true,
  searchable: ['name', 'identifier'],
  sortable: ['name', 'identifier'],
  defaultSort: 'name',
  unique: ['identifier'],
});
