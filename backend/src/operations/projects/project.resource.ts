import { projectInput } from '@ordering/common/schemas';
import { ENTITY_NAMES } from '@ordering/common';
import { DomainError } from '../../core/errors.js';
import { defineResource } from '../../crud/resource.js';
import { Project } from './project.entity.js';

export const projectResource = defineResource({
  path: 'projects',
  entity: Project,
  names: ENTITY_NAMES.projects,
  input: projectInput,
  read: 'projects:read',
  write: 'projects:write',
  relations: ['branch', 'division'],
  filters: {
    status: { type: 'string', op: 'in' },
    branch: { type: 'number' },
    // The project's own organisation, or its branch's.
    division: {
      type: 'number',
      apply: (qb, alias, value) =>
        qb.andWhere(
          `(${alias}.division = :projectDivision OR EXISTS (SELECT 1 FROM branch b WHERE b.id = ${alias}.branch_id AND b.division_id = :projectDivision))`,
          { projectDivision: value },
        ),
    },
    isEnabled: { type: 'boolean' },
  },
  searchable: ['name', 'number', 'customerName', 'city', 'street'],
  sortable: ['name', 'number', 'status', 'startDate', 'endDate', 'customerName'],
  defaultSort: '-createdAt',
  unique: ['number'],
  trackVersion: false,
  assign: (_em, project) => {
    if (project.startDate && project.endDate && project.endDate < project.startDate) {
      throw new DomainError('validation', 'Das Ende darf nicht vor dem Beginn liegen.', 'endDate');
    }
  },
});
