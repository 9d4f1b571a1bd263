import { preparationStationInput } from '@ordering/common/schemas';
import { defineResource } from '../crud/resource.js';
import { PreparationStation } from './preparation-station.entity.js';

/**
 * The preparation stations of the branches (docs/decisions/kitchen.md): staff who run the orders read them
 * (the kitchen display's station picker); managers set them up.
 */
export const preparationStationResource = defineResource({
  path: 'preparation-stations',
  entity: PreparationStation,
  names: { plural: 'Stationen', singular: 'Station' },
  input: preparationStationInput,
  read: 'orders:read',
  write: 'organisation:write',
  relations: ['branch', 'categories', 'products'],
  branchScope: 'branch',
  filters: { branch: { type: 'number' } },
  searchable: ['name'],
  sortable: ['name', 'position'],
  defaultSort: 'position',
  trackVersion: false,
});
