import { workingActivityInput } from '@ordering/common/schemas';
import { ENTITY_NAMES, t } from '@ordering/common';
import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../../core/request-context.js';
import { DomainError } from '../../core/errors.js';
import { HTTP_MESSAGES } from '../../core/messages.js';
import { defineResource } from '../../crud/resource.js';
import { Task } from '../projects/task.entity.js';
import { assertAfter, END_BEFORE_START, isBranchScoped, overlapFilters } from '../operations.validation.js';
import {
  OPEN_ACTIVITY_CONFLICT,
  type PauseJson,
  WORKING_ACTIVITY_STATUSES,
  WorkingActivity,
  type WorkingActivityStatus,
} from './working-activity.entity.js';

const forbidden = () => new DomainError('forbidden', HTTP_MESSAGES.forbidden);

/**
 * Employees record and change only their own work (holiday and sick leave are entered by the management),
 * and only in their branches (the resource's branch scope).
 */
async function assertMayWrite(em: EntityManager, ctx: RequestContext, activity: WorkingActivity) {
  if (!isBranchScoped(ctx)) return;
  if (activity.user?.id !== ctx.user?.id || activity.type !== 'work') throw forbidden();
  if (activity.id) {
    const stored = await em.findOne(WorkingActivity, {
      where: { id: activity.id },
      relations: { user: true },
    });
    if (stored && (stored.user.id !== ctx.user?.id || stored.type !== 'work')) throw forbidden();
  }
}

/**
 * One open activity per user (docs/decisions/time-tracking.md): an activity without end is refused while the
 * user has another open one. The user's row is locked first, as the clock does, so a booking at the tablet
 * and a save in the back office cannot both open one; the unique index `uq_working_activity_user_open`
 * stays the last word and answers the same 409.
 */
async function assertOnlyOpenActivity(em: EntityManager, ctx: RequestContext, activity: WorkingActivity) {
  // Outside the user's branches the branch scope answers (403) before anything is said about the rows.
  if (activity.endedAt || !activity.user?.id || !ctx.mayAccessBranch(activity.branch?.id)) return;
  await em.query('SELECT id FROM app_user WHERE id = $1 FOR UPDATE', [activity.user.id]);
  const other = await em
    .getRepository(WorkingActivity)
    .createQueryBuilder('a')
    .where('a.user_id = :user AND a.endedAt IS NULL', { user: activity.user.id })
    .andWhere(activity.id ? 'a.id <> :id' : '1 = 1', { id: activity.id ?? 0 })
    .getExists();
  if (other)
    throw new DomainError(
      'conflict',
      OPEN_ACTIVITY_CONFLICT.message,
      OPEN_ACTIVITY_CONFLICT.field,
      OPEN_ACTIVITY_CONFLICT.code,
    );
}

/** Checks the pauses (inside the activity, in order, only the last one open) and writes them as ISO strings. */
function normalisePauses(
  activity: WorkingActivity,
  pauses: Array<{ start: Date; end: Date | null }>,
): PauseJson[] {
  const started = activity.startedAt.getTime();
  const ended = activity.endedAt?.getTime() ?? null;
  let previousEnd = started;
  return pauses.map((pause, i) => {
    const start = pause.start.getTime();
    if (start < previousEnd || (ended !== null && start >= ended)) {
      throw new DomainError(
        'validation',
        'Die Pause muss innerhalb der Aktivität und nach der vorigen Pause liegen.',
        `pauses.${i}.start`,
      );
    }
    if (pause.end === null) {
      // Only the last pause of a running activity may still last.
      if (i !== pauses.length - 1 || ended !== null)
        throw new DomainError('validation', t('validation.blank'), `pauses.${i}.end`);
      return { start: pause.start.toISOString(), end: null };
    }
    const end = pause.end.getTime();
    if (end <= start) throw new DomainError('validation', END_BEFORE_START, `pauses.${i}.end`);
    if (ended !== null && end > ended) {
      throw new DomainError(
        'validation',
        'Die Pause muss innerhalb der Aktivität liegen.',
        `pauses.${i}.end`,
      );
    }
    previousEnd = end;
    return { start: pause.start.toISOString(), end: pause.end.toISOString() };
  });
}

/** running, paused (the last pause is open) or ended. */
function statusOf(activity: WorkingActivity): WorkingActivityStatus {
  if (activity.endedAt) return 'ended';
  return activity.pauses.at(-1)?.end === null ? 'paused' : 'running';
}

const pauseMinutesOf = (pauses: PauseJson[]) =>
  Math.round(
    pauses.reduce(
      (sum, p) => sum + (p.end ? new Date(p.end).getTime() - new Date(p.start).getTime() : 0),
      0,
    ) / 60_000,
  );

export const workingActivityResource = defineResource({
  path: 'working-activities',
  entity: WorkingActivity,
  names: ENTITY_NAMES['working-activities'],
  input: workingActivityInput,
  read: 'time-tracking:read',
  write: 'time-tracking:write',
  relations: ['user', 'branch', 'project', 'task'],
  branchScope: 'branch',
  // An employee reads only its own records (never a colleague's sick leave or holiday): a colleague's row
  // is the 404 of an unknown id. Rows of other branches stay visible to this condition so that the
  // branch scope answers them with its 403, as for every branch-scoped collection.
  scope: (ctx, qb, alias) => {
    if (!isBranchScoped(ctx)) return;
    const branchIds = ctx.user!.branchIds.length > 0 ? ctx.user!.branchIds : [0];
    qb.andWhere(`(${alias}.user = :scopeOwnUserId OR ${alias}.branch NOT IN (:...scopeOwnBranchIds))`, {
      scopeOwnUserId: ctx.user!.id,
      scopeOwnBranchIds: branchIds,
    });
  },
  filters: {
    user: { type: 'number' },
    branch: { type: 'number' },
    project: { type: 'number' },
    task: { type: 'number' },
    type: { type: 'string', op: 'in' },
    status: {
      type: 'string',
      op: 'in',
      apply: (qb, alias, value) => {
        const statuses = value as string[];
        if (statuses.some((s) => !(WORKING_ACTIVITY_STATUSES as readonly string[]).includes(s))) {
          throw new DomainError('validation', t('validation.choice'), 'status');
        }
        qb.andWhere(`${alias}.status IN (:...activityStatuses)`, { activityStatuses: statuses });
      },
    },
    ...overlapFilters('startedAt', 'endedAt'),
  },
  searchable: ['comment'],
  sortable: ['startedAt', 'endedAt', 'type', 'status'],
  defaultSort: '-startedAt',
  trackVersion: false,
  assign: async (em, activity, input, ctx) => {
    await assertMayWrite(em, ctx, activity);
    if (activity.task) {
      const task = await em.findOne(Task, { where: { id: activity.task.id }, relations: { project: true } });
      if (activity.project && activity.project.id !== task!.project.id) {
        throw new DomainError('validation', 'Die Aufgabe gehört nicht zum gewählten Projekt.', 'task');
      }
      activity.project = task!.project;
    }
    assertAfter(activity.startedAt, activity.endedAt, 'endedAt');
    if (activity.type === 'work') {
      activity.days = null;
      activity.pauses = normalisePauses(activity, input.pauses);
    } else {
      // Holiday and sick leave are whole periods with a day count, no pauses.
      if (!activity.endedAt) throw new DomainError('validation', t('validation.blank'), 'endedAt');
      if (activity.days === null) throw new DomainError('validation', t('validation.blank'), 'days');
      activity.pauses = [];
    }
    activity.status = statusOf(activity);
    activity.pauseMinutes = pauseMinutesOf(activity.pauses);
    await assertOnlyOpenActivity(em, ctx, activity);
  },
  beforeDelete: (_em, activity, ctx) => {
    if (isBranchScoped(ctx) && (activity.user.id !== ctx.user?.id || activity.type !== 'work'))
      throw forbidden();
  },
});
