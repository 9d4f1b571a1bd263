import { ENTITY_NAMES } from '@ordering/common';
import { departmentInput } from '@ordering/common/schemas';
import { defineResource } from '../../crud/resource.js';
import { Department } from './department.entity.js';

export const departmentResource = defineResource({
  path: 'departments',
  entity: Department,
  names: ENTITY_NAMES.departments,
  input: departmentInput,
  read: 'organisation:read',
  write: 'organisation:write',
  relations: ['branch', 'division'],
  filters: {
    branch: { type: 'number' },
    // The department's own organisation, or its branch's.
    division: {
      type: 'number',
      apply: (qb, alias, value) =>
        qb.andWhere(
          `(${alias}.division = :departmentDivision OR EXISTS (SELECT 1 FROM branch b WHERE b.id = ${alias}.branch_id AND b.division_id = :departmentDivision))`,
          { departmentDivision: value },
        ),
    },
  },
  searchable: ['name', 'identifier', 'description'],
  sortable: ['name', 'identifier'],
  defaultSort: 'name',
  unique: ['identifier'],
  trackVersion: false,
});
