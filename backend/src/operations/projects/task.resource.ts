import { taskInput } from '@ordering/common/schemas';
import { ENTITY_NAMES, t } from '@ordering/common';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DomainError } from '../../core/errors.js';
import { defineResource } from '../../crud/resource.js';
import { Task } from './task.entity.js';
import { isCalendarDay } from '../../core/input.js';

const dueDateFilter = (param: 'from' | 'to') => ({
  type: 'string' as const,
  apply: (qb: SelectQueryBuilder<ObjectLiteral>, alias: string, value: unknown) => {
    const s = String(value);
    if (!isCalendarDay(s)) throw new DomainError('validation', t('validation.date'), param);
    qb.andWhere(`${alias}.dueDate ${param === 'from' ? '>=' : '<='} :taskDue_${param}`, {
      [`taskDue_${param}`]: s,
    });
  },
});

export const taskResource = defineResource({
  path: 'tasks',
  entity: Task,
  names: ENTITY_NAMES.tasks,
  input: taskInput,
  read: 'projects:read',
  write: 'projects:write',
  relations: ['project', 'assignee'],
  filters: {
    project: { type: 'number' },
    status: { type: 'string', op: 'in' },
    assignee: { type: 'number' },
    from: dueDateFilter('from'),
    to: dueDateFilter('to'),
  },
  searchable: ['name', 'description'],
  sortable: ['name', 'status', 'dueDate', 'position'],
  defaultSort: 'position',
  trackVersion: false,
  assign: (_em, task, input) => {
    const current = task.status ?? 'open';
    if (input.status) task.status = input.status;
    else if (input.isDone === true) task.status = 'done';
    else if (input.isDone === false) task.status = current === 'done' ? 'open' : current;
    else task.status = current;
  },
  toJson: (task) => ({
    id: task.id,
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
    project: { id: task.project.id },
    name: task.name,
    description: task.description,
    status: task.status,
    isDone: task.status === 'done',
    assignee: task.assignee ? { id: task.assignee.id } : null,
    dueDate: task.dueDate,
    position: task.position,
    estimatedHours: task.estimatedHours,
  }),
});
