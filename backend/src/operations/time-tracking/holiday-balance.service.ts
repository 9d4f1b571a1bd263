import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { RequestContext } from '../../core/request-context.js';
import { Clock } from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import { HTTP_MESSAGES } from '../../core/messages.js';
import { CrudService, type ListResult } from '../../crud/crud.service.js';
import { INT32_MAX } from '../../core/input.js';
import { parseInput } from '../../core/validation.js';
import { EventBus } from '../../core/events.js';
import { TransactionalConnection } from '../../core/transaction.js';
import { User } from '../../auth/user.entity.js';
import { assertManager, isBranchScoped } from '../operations.validation.js';
import { HolidayBalance } from './holiday-balance.entity.js';
import { holidayBalanceResource } from './holiday-balance.resource.js';

/** The stored balance as the CRUD layer serialises it. */
interface StoredBalanceJson {
  id: number;
  user: { id: number };
  year: number;
  entitlementDays: number;
  carriedOverDays: number;
  [key: string]: unknown;
}

/** A balance with the days taken and remaining (the contract's `days` and `usedDays` included). */
export interface HolidayBalanceJson extends StoredBalanceJson {
  days: number;
  takenDays: number;
  usedDays: number;
  remainingDays: number;
}

/** One row of the holiday sheet: a user's balance of a year (id null when none is stored yet). */
export interface HolidayBalanceSheetRow {
  id: number | null;
  user: { id: number; username: string; firstName: string; lastName: string };
  year: number;
  entitlementDays: number;
  carriedOverDays: number;
  days: number;
  takenDays: number;
  usedDays: number;
  remainingDays: number;
}

const sheetQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  user: z.coerce.number().int().positive().max(INT32_MAX).optional(),
});

/** Sums in half days, so that 25 − 1 − 0.5 is exactly 23.5. */
const halves = (n: number) => Math.round(n * 2);

/** The calendar year the business runs in (holiday years are counted in the branch's time zone). */
const BUSINESS_TIME_ZONE = 'Europe/Vienna';

/**
 * Holiday balances: stored entitlements per user and year, and the days taken, counted from the user's
 * holiday activities of that year (in their branch's time zone).
 */
@Injectable()
export class HolidayBalanceService {
  private readonly crud: CrudService<HolidayBalance>;

  constructor(
    private readonly connection: TransactionalConnection,
    events: EventBus,
    private readonly clock: Clock,
  ) {
    this.crud = new CrudService(holidayBalanceResource, connection, events);
  }

  /** Employees see only their own balances; a filter for someone else is refused. */
  async list(ctx: RequestContext, query: Record<string, unknown>): Promise<ListResult<HolidayBalanceJson>> {
    const own = this.ownUserFilter(ctx, query.user);
    const result = await this.crud.list(ctx, own === undefined ? query : { ...query, user: String(own) });
    return { ...result, items: await this.withTaken(result.items as StoredBalanceJson[]) };
  }

  /** One balance. @throws DomainError not_found, forbidden (someone else's, for employees). */
  async get(ctx: RequestContext, id: number): Promise<HolidayBalanceJson> {
    const balance = (await this.crud.get(ctx, id)) as StoredBalanceJson;
    if (isBranchScoped(ctx) && balance.user.id !== ctx.user?.id)
      throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
    return (await this.withTaken([balance]))[0]!;
  }

  /** Creates a balance (management only). @throws DomainError validation, conflict (user and year exist). */
  async create(ctx: RequestContext, body: unknown): Promise<HolidayBalanceJson> {
    assertManager(ctx);
    return (await this.withTaken([(await this.crud.create(ctx, body)) as StoredBalanceJson]))[0]!;
  }

  /** Updates a balance (management only); computed fields in the body are ignored. */
  async update(ctx: RequestContext, id: number, body: unknown): Promise<HolidayBalanceJson> {
    assertManager(ctx);
    return (await this.withTaken([(await this.crud.update(ctx, id, body)) as StoredBalanceJson]))[0]!;
  }

  /** Deletes a balance (management only). */
  async remove(ctx: RequestContext, id: number): Promise<void> {
    assertManager(ctx);
    await this.crud.remove(ctx, id);
  }

  /**
   * The holiday sheet of a year (default: the current one): every user with a stored balance or with
   * holiday taken in that year. Employees get only their own row.
   */
  async sheet(ctx: RequestContext, rawQuery: unknown): Promise<HolidayBalanceSheetRow[]> {
    const query = parseInput(sheetQuery, rawQuery);
    const year = query.year ?? this.currentYear();
    const own = this.ownUserFilter(ctx, query.user);
    const userId = own ?? query.user;
    const balances = await this.connection
      .manager()
      .getRepository(HolidayBalance)
      .createQueryBuilder('h')
      .leftJoinAndSelect('h.user', 'user')
      .where('h.year = :year', { year })
      .andWhere(userId ? 'h.user = :userId' : '1 = 1', { userId })
      .getMany();
    const taken = await this.takenDays(year, userId ? [userId] : null);
    const userIds = new Set([
      ...balances.map((b) => b.user.id),
      ...[...taken.keys()].map((k) => Number(k.split(':')[0])),
    ]);
    const users = userIds.size
      ? await this.connection
          .manager()
          .getRepository(User)
          .createQueryBuilder('u')
          .whereInIds([...userIds])
          .getMany()
      : [];
    const byUser = new Map(balances.map((b) => [b.user.id, b]));
    return users
      .map((user) => {
        const balance = byUser.get(user.id);
        const numbers = this.numbers(
          balance?.entitlementDays ?? 0,
          balance?.carriedOverDays ?? 0,
          taken.get(`${user.id}:${year}`) ?? 0,
        );
        return {
          id: balance?.id ?? null,
          user: { id: user.id, username: user.username, firstName: user.firstName, lastName: user.lastName },
          year,
          ...numbers,
        };
      })
      .sort(
        (a, b) =>
          a.user.lastName.localeCompare(b.user.lastName, 'de') ||
          a.user.username.localeCompare(b.user.username, 'de'),
      );
  }

  /** For employees: their own user id (and 403 when they ask for someone else); undefined for managers. */
  private ownUserFilter(ctx: RequestContext, requested: unknown): number | undefined {
    if (!isBranchScoped(ctx)) return undefined;
    const own = ctx.user!.id;
    if (requested !== undefined && requested !== '' && String(requested) !== String(own)) {
      throw new DomainError('forbidden', HTTP_MESSAGES.forbidden);
    }
    return own;
  }

  private currentYear(): number {
    return Number(
      new Intl.DateTimeFormat('en', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric' }).format(
        this.clock.now(),
      ),
    );
  }

  private numbers(entitlementDays: number, carriedOverDays: number, takenDays: number) {
    const remaining = (halves(entitlementDays) + halves(carriedOverDays) - halves(takenDays)) / 2;
    return {
      entitlementDays,
      carriedOverDays,
      days: entitlementDays,
      takenDays,
      usedDays: takenDays,
      remainingDays: remaining,
    };
  }

  private async withTaken(items: StoredBalanceJson[]): Promise<HolidayBalanceJson[]> {
    if (items.length === 0) return [];
    const years = [...new Set(items.map((b) => b.year))];
    const taken = new Map<string, number>();
    for (const year of years) {
      const ids = [...new Set(items.filter((b) => b.year === year).map((b) => b.user.id))];
      for (const [key, value] of await this.takenDays(year, ids)) taken.set(key, value);
    }
    return items.map((b) => ({
      ...b,
      ...this.numbers(b.entitlementDays, b.carriedOverDays, taken.get(`${b.user.id}:${b.year}`) ?? 0),
    }));
  }

  /** Holiday days per `userId:year`, from holiday activities starting in that year (branch time zone). */
  private async takenDays(year: number, userIds: number[] | null): Promise<Map<string, number>> {
    const qb = this.connection
      .manager()
      .createQueryBuilder()
      .select('wa.user_id', 'userId')
      .addSelect('SUM(wa.days)', 'days')
      .from('working_activity', 'wa')
      .innerJoin('branch', 'b', 'b.id = wa.branch_id')
      .where(`wa.type = 'holiday'`)
      .andWhere('EXTRACT(YEAR FROM (wa.started_at AT TIME ZONE b.time_zone)) = :year', { year })
      .groupBy('wa.user_id');
    if (userIds) qb.andWhere('wa.user_id IN (:...userIds)', { userIds });
    const rows: Array<{ userId: number | string; days: string | number | null }> = await qb.getRawMany();
    return new Map(rows.map((r) => [`${Number(r.userId)}:${year}`, Number(r.days ?? 0)]));
  }
}
