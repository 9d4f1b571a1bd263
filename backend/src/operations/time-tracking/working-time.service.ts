import { Injectable } from '@nestjs/common';
import { isRowId } from '@ordering/common/schemas';
import {
  addDays,
  type IsoDate,
  localDate,
  startOfLocalDay,
  t,
  weekdayOf,
  workedMsWithin,
} from '@ordering/common';
import { Clock } from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import { isCalendarDay } from '../../core/input.js';
import type { RequestContext } from '../../core/request-context.js';
import { TransactionalConnection } from '../../core/transaction.js';
import { isBranchScoped } from '../operations.validation.js';
import { WorkingActivity } from './working-activity.entity.js';

/** The business's calendar (weeks are counted in Vienna, like the holiday years). */
const BUSINESS_TIME_ZONE = 'Europe/Vienna';

/** One employee's week: minutes worked per day (Monday first) and in total. */
export interface WorkingWeekRow {
  user: { id: number; username: string; firstName: string; lastName: string };
  /** Seven entries, Monday to Sunday: whole minutes worked that day (pauses excluded). */
  days: number[];
  /** Whole minutes of the week (the exact sum, floored once). */
  totalMinutes: number;
  /** Work activities still open (running or paused) in this week. */
  openActivities: number;
}

/**
 * The working-time overview (Arbeitszeiten): work activities of a week per employee and day. An activity
 * across midnight counts in each day with its part; its pauses likewise. Employees see only their own row.
 */
@Injectable()
export class WorkingTimeService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
  ) {}

  /**
   * `GET /api/time-sheets/working-time?week=YYYY-MM-DD&branch=ID`: the week (Monday to Sunday) that holds
   * the day (default: today), optionally of one branch.
   * @throws DomainError validation (`week`, `branch`).
   */
  async week(ctx: RequestContext, query: Record<string, unknown>) {
    const now = this.clock.now();
    const raw =
      query.week === undefined || query.week === '' ? localDate(now, BUSINESS_TIME_ZONE) : String(query.week);
    if (!isCalendarDay(raw)) throw new DomainError('validation', t('validation.date'), 'week');
    const monday = addDays(raw as IsoDate, -weekdayOf(raw as IsoDate));
    const bounds = Array.from({ length: 8 }, (_, i) =>
      startOfLocalDay(addDays(monday, i), BUSINESS_TIME_ZONE),
    );
    const branch = query.branch === undefined || query.branch === '' ? null : Number(query.branch);
    if (branch !== null && !isRowId(branch))
      throw new DomainError('validation', t('validation.number'), 'branch');
    const qb = this.connection
      .getRepository(ctx, WorkingActivity)
      .createQueryBuilder('a')
      .leftJoinAndSelect('a.user', 'user')
      .where('a.type = :work', { work: 'work' })
      .andWhere('a.startedAt < :to AND (a.endedAt IS NULL OR a.endedAt > :from)', {
        from: bounds[0],
        to: bounds[7],
      });
    if (branch !== null) qb.andWhere('a.branch_id = :branch', { branch });
    if (isBranchScoped(ctx)) qb.andWhere('a.user_id = :own', { own: ctx.user!.id });
    const activities = await qb.getMany();
    const rows = new Map<number, { row: WorkingWeekRow; ms: number[] }>();
    for (const a of activities) {
      const entry = rows.get(a.user.id) ?? {
        row: {
          user: {
            id: a.user.id,
            username: a.user.username,
            firstName: a.user.firstName,
            lastName: a.user.lastName,
          },
          days: [],
          totalMinutes: 0,
          openActivities: 0,
        },
        ms: Array.from({ length: 7 }, () => 0),
      };
      rows.set(a.user.id, entry);
      if (!a.endedAt) entry.row.openActivities += 1;
      const timed = {
        startedAt: a.startedAt.toISOString(),
        endedAt: a.endedAt ? a.endedAt.toISOString() : null,
        pauses: a.pauses,
      };
      for (let d = 0; d < 7; d++) entry.ms[d]! += workedMsWithin(timed, now, bounds[d]!, bounds[d + 1]!);
    }
    return {
      week: monday,
      days: Array.from({ length: 7 }, (_, i) => addDays(monday, i)),
      rows: [...rows.values()]
        .map(({ row, ms }) => ({
          ...row,
          days: ms.map((x) => Math.floor(x / 60_000)),
          totalMinutes: Math.floor(ms.reduce((s, x) => s + x, 0) / 60_000),
        }))
        .sort(
          (x, y) =>
            x.user.lastName.localeCompare(y.user.lastName, 'de') ||
            x.user.username.localeCompare(y.user.username, 'de'),
        ),
    };
  }
}
