import { z } from 'zod';
import { defineResource } from '../crud/resource.js';
import { fields } from '../core/validation.js';
import { DiningTable } from './table.entity.js';

export const tableResource = defineResource({
  path: 'tables',
  entity: DiningTable,
  names: { plural: 'Tische', singular: 'Tisch' },
  input: z.object({
    identifier: z.string().trim().min(1).max(50),
    branch: fields.ref(),
  }),
  read: 'tables:read',
  write: 'tables:write',
  publicRead: true,
  relations: ['branch'],
  branchScope: 'branch',
  filters: { branch: { type: 'number' } },
  searchable: ['identifier'],
  sortable: ['identifier'],
  defaultSort: 'identifier',
});
