import { divisionInput } from '@ordering/common/schemas';
import { defineResource } from '../crud/resource.js';
import { Division } from './division.entity.js';

export const divisionResource = defineResource({
  path: 'divisions',
  entity: Division,
  names: { plural: 'Organisationen', singular: 'Organisation' },
  input: divisionInput,
  read: 'organisation:read',
  write: 'organisation:write',
  publicRead: true,
  searchable: ['name', 'identifier'],
  sortable: ['name', 'identifier'],
  defaultSort: 'name',
  unique: ['identifier'],
});
