import { workingScheduleInput } from '@ordering/common/schemas';
import { ENTITY_NAMES } from '@ordering/common';
import { DomainError } from '../../core/errors.js';
import { defineResource } from '../../crud/resource.js';
import { Department } from '../departments/department.entity.js';
import { assertAfter, assertManager, overlapFilters } from '../operations.validation.js';
import { WorkingSchedule } from './working-schedule.entity.js';

export const workingScheduleResource = defineResource({
  path: 'working-schedules',
  entity: WorkingSchedule,
  names: ENTITY_NAMES['working-schedules'],
  input: workingScheduleInput,
  read: 'time-tracking:read',
  write: 'time-tracking:write',
  relations: ['user', 'branch', 'department'],
  // Employees read their branches' plan; planning itself is the management's.
  branchScope: 'branch',
  filters: {
    user: { type: 'number' },
    branch: { type: 'number' },
    department: { type: 'number' },
    ...overlapFilters('startsAt', 'endsAt'),
  },
  searchable: ['comment'],
  sortable: ['startsAt', 'endsAt'],
  defaultSort: 'startsAt',
  trackVersion: false,
  assign: async (em, schedule, _input, ctx) => {
    assertManager(ctx);
    assertAfter(schedule.startsAt, schedule.endsAt, 'endsAt');
    if (schedule.department) {
      const department = await em.findOne(Department, {
        where: { id: schedule.department.id },
        relations: { branch: true },
      });
      if (department!.branch.id !== schedule.branch.id) {
        throw new DomainError('validation', 'Die Abteilung gehört zu einer anderen Filiale.', 'department');
      }
    }
  },
  beforeDelete: (_em, _schedule, ctx) => assertManager(ctx),
});
