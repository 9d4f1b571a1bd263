import { ENTITY_NAMES } from '@ordering/common';
import { z } from 'zod';
import { DomainError } from '../../core/errors.js';
import { defineResource } from '../../crud/resource.js';
import { fields } from '../../core/validation.js';
import { optionalDate, optionalRef } from '../operations.validation.js';
import { PROJECT_STATUSES, Project } from './project.entity.js';

export const projectResource = defineResource({
  path: 'projects',
  entity: Project,
  names: ENTITY_NAMES.projects,
  input: z.object({
    name: fields.text(200),
    number: z
      .string()
      .trim()
      .max(50)
      .nullish()
      .transform((v) => v || null),
    customerName: fields.optionalText(200),
    customerContact: fields.optionalText(200),
    street: fields.optionalText(200),
    zipCode: fields.optionalText(20),
    city: fields.optionalText(100),
    status: z.enum(PROJECT_STATUSES).default('planned'),
    startDate: optionalDate(),
    endDate: optionalDate(),
    description: fields.optionalText(20000),
    isEnabled: fields.bool(true),
    branch: optionalRef(),
    division: optionalRef(),
  }),
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
