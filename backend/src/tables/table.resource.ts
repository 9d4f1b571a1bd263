import { tableInput } from '@ordering/common/schemas';
import { defineResource } from '../crud/resource.js';
import { DiningTable } from './table.entity.js';

export const tableResource = defineResource({
  path: 'tables',
  entity: DiningTable,
  names: { plural: 'Tische', singular: 'Tisch' },
  input: tableInput,
  read: 'tables:read',
  write: 'tables:write',
  publicRead: true,
  // The storefront orders to tables of public branches only; a branch still being set up keeps its tables
  // to the staff (docs/decisions/security.md).
  scope: (ctx, qb, e) => {
    if (!ctx.can('tables:read'))
      qb.andWhere(`EXISTS (SELECT 1 FROM branch pb WHERE pb.id = ${e}.branch_id AND pb.is_public = true)`);
  },
  relations: ['branch'],
  branchScope: 'branch',
  filters: { branch: { type: 'number' } },
  searchable: ['identifier'],
  sortable: ['identifier'],
  // "1, 2, 10, 11", not "1, 10, 11, 2" (issue 24): the back office's and the employees' table lists.
  naturalSort: ['identifier'],
  defaultSort: 'identifier',
});
