import { Injectable } from '@nestjs/common';
import {
  addDays,
  daysBetween,
  localDate,
  PAYMENT_METHODS,
  STATUS_TRANSITIONS,
  t,
  type AppointmentWindow,
  type LeadTimeProduct,
  type OrderType,
  type ReviewAverages,
  type StaffOrderState,
  ticketOf,
  type Ticket,
} from '@ordering/common';
import { Brackets, In, type SelectQueryBuilder } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { isCalendarDay, parseFilterDate, parseIntFilter } from '../core/input.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../crud/crud.service.js';
import { parseId } from '../core/input.js';
import { rowIdOf } from '@ordering/common/schemas';
import { Product } from '../catalog/product.entity.js';
import { slotDays, slotLimitOf } from './order-capacity.js';
import { branchOfOwnKey } from '../auth/branch-key.js';
import { loadForStaff } from './order-actions.js';
import { staffOrderJson } from './order-json.js';
import { Order } from './order.entity.js';
import { assertFrontdeskEnabled, frontdeskTerminal, ticketScreenAccess } from './ticket-screen.js';

/** States in which an order still needs staff (not final). */
export const OPEN_STATES: StaffOrderState[] = ['unconfirmed', 'confirmed', 'inDelivery', 'delivered'];

/** An order not confirmed this many minutes after it arrived counts as missed (see docs/decisions/orders.md). */
export const MISSED_AFTER_MINUTES = 10;

/** The branch's time zone inside a query of orders aliased `o`. */
const ZONE_OF_ORDER =
  "COALESCE((SELECT zb.time_zone FROM branch zb WHERE zb.id = o.branch_id), 'Europe/Vienna')";

const STATES = Object.keys(STATUS_TRANSITIONS) as StaffOrderState[];
const SORTABLE: Record<string, string> = {
  createdAt: 'o.createdAt',
  ticketNumber: 'o.ticketNumber',
  appointmentDate: 'o.appointmentDate',
  totalGross: 'o.totalGross',
  status: 'o.status',
  id: 'o.id',
};

export interface OrderList {
  items: ReturnType<typeof staffOrderJson>[];
  total: number;
}

const invalid = (field: string, key: Parameters<typeof t>[0] = 'validation.invalid') =>
  new DomainError('validation', t(key as never), field);

function positiveInt(raw: unknown, field: string, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,6}$/.test(String(raw)) || Number(raw) < 1) throw invalid(field, 'validation.positive');
  return Number(raw);
}

/** `YYYY-MM-DD` compares with the business date, a full ISO time with the arrival time. */
function timeFilter(raw: unknown, field: 'from' | 'to'): { date?: string; at?: Date } | null {
  if (raw === undefined || raw === '') return null;
  // A calendar day filters by business day; a date-time by arrival. Both must exist (no 30 February).
  if (typeof raw === 'string' && isCalendarDay(raw.trim())) return { date: raw.trim() };
  return { at: parseFilterDate(raw, field) };
}

/**
 * Reads of orders for staff and terminals: the history with filters, the current and the missed orders,
 * the front-desk and back-office lists of a branch (authorised by its API key).
 */
@Injectable()
export class OrderQueryService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
  ) {}

  private base(ctx: RequestContext): SelectQueryBuilder<Order> {
    const qb = this.connection.getRepository(ctx, Order).createQueryBuilder('o');
    const scope = ctx.branchScope();
    if (ctx.user && scope !== 'all') {
      if (scope.length === 0) qb.andWhere('1 = 0');
      else qb.andWhere('o.branchId IN (:...scope)', { scope });
    }
    return qb;
  }

  /**
   * `GET /api/orders`: `branch`, `from`, `to` (date: business day; date-time: arrival), `status` (staff
   * states, comma-separated), `paymentMethod`, `isQuotation`, `isReviewed`, `rating` (the review's overall
   * rating, comma-separated), `q` (name, phone, e-mail, ticket number), `sort` (`-createdAt` default),
   * `page`, `limit`.
   */
  async list(ctx: RequestContext, query: Record<string, unknown>): Promise<OrderList> {
    const qb = this.base(ctx);
    if (query.branch !== undefined && query.branch !== '') {
      qb.andWhere('o.branchId = :branch', { branch: parseIntFilter(query.branch, 'branch', 1) });
    }
    const from = timeFilter(query.from, 'from');
    if (from?.date) qb.andWhere('o.businessDate >= :fromDate', { fromDate: from.date });
    if (from?.at) qb.andWhere('o.createdAt >= :fromAt', { fromAt: from.at });
    const to = timeFilter(query.to, 'to');
    if (to?.date) qb.andWhere('o.businessDate <= :toDate', { toDate: to.date });
    if (to?.at) qb.andWhere('o.createdAt <= :toAt', { toAt: to.at });
    if (query.status !== undefined && query.status !== '') {
      const states = String(query.status).split(',');
      if (!states.every((s) => (STATES as string[]).includes(s)))
        throw invalid('status', 'validation.choice');
      qb.andWhere('o.status IN (:...states)', { states });
    }
    if (query.paymentMethod !== undefined && query.paymentMethod !== '') {
      if (!(PAYMENT_METHODS as readonly string[]).includes(String(query.paymentMethod)))
        throw invalid('paymentMethod', 'validation.choice');
      qb.andWhere('o.paymentMethod = :paymentMethod', { paymentMethod: String(query.paymentMethod) });
    }
    if (query.rating !== undefined && query.rating !== '') {
      // The overall rating of the customer's review, comma-separated ("1,2": the poor ones).
      const ratings = String(query.rating).split(',');
      if (!ratings.every((r) => /^[1-5]$/.test(r))) throw invalid('rating', 'validation.choice');
      qb.andWhere('o.questionnaireRating IN (:...ratings)', { ratings: ratings.map(Number) });
    }
    if (query.isReviewed !== undefined && query.isReviewed !== '') {
      if (!['true', 'false'].includes(String(query.isReviewed)))
        throw invalid('isReviewed', 'validation.choice');
      qb.andWhere(`o.questionnaireRating IS ${query.isReviewed === 'true' ? 'NOT ' : ''}NULL`);
    }
    if (query.isQuotation !== undefined && query.isQuotation !== '') {
      if (!['true', 'false'].includes(String(query.isQuotation)))
        throw invalid('isQuotation', 'validation.choice');
      qb.andWhere('o.isQuotation = :isQuotation', { isQuotation: query.isQuotation === 'true' });
    }
    const q = typeof query.q === 'string' ? query.q.trim() : '';
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
      qb.andWhere(
        new Brackets((w) => {
          for (const column of ['name', 'firstName', 'lastName', 'company', 'phone', 'email'])
            w.orWhere(`o.${column} ILIKE :like`, { like });
          if (/^\d{1,9}$/.test(q)) w.orWhere('o.ticketNumber = :ticket', { ticket: Number(q) });
        }),
      );
    }
    const sort = typeof query.sort === 'string' && query.sort ? query.sort : '-createdAt';
    const column = SORTABLE[sort.replace(/^-/, '')];
    if (!column) throw invalid('sort', 'validation.choice');
    const direction = sort.startsWith('-') ? 'DESC' : 'ASC';
    qb.orderBy(column, direction, 'NULLS LAST').addOrderBy('o.id', direction);
    const page = positiveInt(query.page, 'page', 1);
    const limit = Math.min(positiveInt(query.limit, 'limit', DEFAULT_LIMIT), MAX_LIMIT);
    const [orders, total] = await qb
      .skip((page - 1) * limit)
      .take(limit)
      .getManyAndCount();
    return { items: orders.map(staffOrderJson), total };
  }

  /**
   * Open orders of today and later: not final, and wanted (appointment, else requested time, else
   * arrival) at or after the start of the branch's current local day. Oldest first.
   */
  private async current(qb: SelectQueryBuilder<Order>): Promise<ReturnType<typeof staffOrderJson>[]> {
    const orders = await qb
      .andWhere('o.status IN (:...open)', { open: OPEN_STATES })
      .andWhere(
        `COALESCE(o.appointment, o.appointmentDate, o.createdAt) >=
         (date_trunc('day', CAST(:now AS timestamptz) AT TIME ZONE ${ZONE_OF_ORDER}) AT TIME ZONE ${ZONE_OF_ORDER})`,
        { now: this.clock.now() },
      )
      .limit(MAX_LIMIT)
      .getMany();
    const wanted = (o: Order) => (o.appointment ?? o.appointmentDate ?? o.createdAt).getTime();
    return orders.sort((a, b) => wanted(a) - wanted(b) || a.id - b.id).map(staffOrderJson);
  }

  /** `GET /api/orders/current`: today's and upcoming open orders of the user's branches. */
  /**
   * `GET /api/orders/review-averages`: the customers' review answers per branch and over all, for orders
   * of the business days `from`..`to` (`YYYY-MM-DD`, each optional) and optionally one `branch`, within the
   * caller's branches. Averages of the four ratings with one decimal.
   */
  async reviewAverages(ctx: RequestContext, query: Record<string, unknown>): Promise<ReviewAverages> {
    const day = (field: 'from' | 'to'): string | null => {
      const raw = query[field];
      if (raw === undefined || raw === '') return null;
      if (typeof raw !== 'string' || !isCalendarDay(raw.trim())) throw invalid(field, 'validation.date');
      return raw.trim();
    };
    const from = day('from');
    const to = day('to');
    const params: unknown[] = [];
    const where = ['o.questionnaire_rating IS NOT NULL', 'o.branch_id IS NOT NULL'];
    if (from) where.push(`o.business_date >= CAST($${params.push(from)} AS date)`);
    if (to) where.push(`o.business_date <= CAST($${params.push(to)} AS date)`);
    if (query.branch !== undefined && query.branch !== '') {
      const branch = parseIntFilter(query.branch, 'branch', 1);
      if (ctx.user && !ctx.mayAccessBranch(branch))
        throw new DomainError('forbidden', HTTP_MESSAGES.forbidden, 'branch');
      where.push(`o.branch_id = $${params.push(branch)}`);
    }
    const scope = ctx.branchScope();
    if (ctx.user && scope !== 'all')
      where.push(
        scope.length === 0 ? '1 = 0' : `o.branch_id IN (${scope.map((id) => Math.trunc(id)).join(', ')})`,
      );
    const averages = `COUNT(*) AS count, ROUND(AVG(o.questionnaire_rating), 1) AS rating,
        ROUND(AVG(CAST(o.questionnaire->>'foodRating' AS numeric)), 1) AS food,
        ROUND(AVG(CAST(o.questionnaire->>'serviceRating' AS numeric)), 1) AS service,
        ROUND(AVG(CAST(o.questionnaire->>'processRating' AS numeric)), 1) AS process`;
    const em = this.connection.manager(ctx);
    const rows: Record<string, unknown>[] = await em.query(
      `SELECT o.branch_id AS branch_id, COALESCE(MAX(b.name), MAX(o.branch_name)) AS name, ${averages}
         FROM customer_order o LEFT JOIN branch b ON b.id = o.branch_id
        WHERE ${where.join(' AND ')} GROUP BY o.branch_id ORDER BY name, o.branch_id`,
      params,
    );
    const [all]: Record<string, unknown>[] = await em.query(
      `SELECT ${averages} FROM customer_order o WHERE ${where.join(' AND ')}`,
      params,
    );
    const figures = (row: Record<string, unknown> | undefined) => {
      const avg = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      return {
        count: Number(row?.count ?? 0),
        rating: avg(row?.rating),
        foodRating: avg(row?.food),
        serviceRating: avg(row?.service),
        processRating: avg(row?.process),
      };
    };
    return {
      from,
      to,
      branches: rows.map((row) => ({
        branch: { id: Number(row.branch_id) },
        branchName: String(row.name ?? ''),
        ...figures(row),
      })),
      overall: { branch: null, branchName: '', ...figures(all) },
    } satisfies ReviewAverages;
  }

  async listCurrent(ctx: RequestContext) {
    return this.current(this.base(ctx));
  }

  /**
   * `GET /api/orders/missed`: orders still unconfirmed {@link MISSED_AFTER_MINUTES} minutes (or `minutes`)
   * after they arrived, oldest first.
   */
  async listMissed(ctx: RequestContext, rawMinutes: unknown) {
    const minutes = positiveInt(rawMinutes, 'minutes', MISSED_AFTER_MINUTES);
    const before = new Date(this.clock.now().getTime() - minutes * 60_000);
    const orders = await this.base(ctx)
      .andWhere('o.status = :unconfirmed', { unconfirmed: 'unconfirmed' })
      .andWhere('o.createdAt <= :before', { before })
      .orderBy('o.createdAt', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .take(MAX_LIMIT)
      .getMany();
    return orders.map(staffOrderJson);
  }

  /** `GET /api/orders/{id}`. */
  async get(ctx: RequestContext, id: number) {
    return staffOrderJson(await loadForStaff(this.connection.manager(ctx), ctx, id, false));
  }

  /**
   * The branch of a terminal's path, when the API key is its key (compared in constant time). A wrong key
   * and an unknown branch give the same 401.
   */
  private async terminalBranch(ctx: RequestContext, rawBranchId: string, apiKey: string): Promise<number> {
    const branch = await branchOfOwnKey(this.connection.manager(ctx), rowIdOf(rawBranchId), apiKey);
    if (!branch) throw new DomainError('unauthorized', HTTP_MESSAGES.unauthorized);
    return branch.id;
  }

  /**
   * `GET /api/branches/{id}/availability?from&to&type&products`: the bookable days and windows (hours,
   * lead times of the given products, 180-day horizon and slot capacity applied) between two local dates
   * (default: today and 30 days on; at most 180 days).
   */
  async availability(ctx: RequestContext, rawId: string, query: Record<string, unknown>) {
    const id = parseId(rawId, 'Filiale');
    const em = this.connection.manager(ctx);
    const branch = await em.getRepository(Branch).findOne({ where: { id } });
    if (!branch) throw new DomainError('not_found', 'Filiale wurde nicht gefunden.');
    const type = String(query.type ?? 'takeaway');
    if (!['takeaway', 'delivery', 'dineIn'].includes(type)) throw invalid('type', 'validation.choice');
    const now = this.clock.now();
    const date = (raw: unknown, field: string, fallback: string) => {
      if (raw === undefined || raw === '') return fallback;
      if (typeof raw !== 'string' || !isCalendarDay(raw)) throw invalid(field, 'validation.date');
      return String(raw);
    };
    const from = date(query.from, 'from', localDate(now, branch.timeZone));
    const to = date(query.to, 'to', addDays(from, 30));
    if (to < from || daysBetween(from, to) > 180) throw invalid('to', 'validation.invalid');
    const productIds = String(query.products ?? '')
      .split(',')
      .filter(Boolean);
    if (!productIds.every((p) => /^\d{1,9}$/.test(p))) throw invalid('products', 'validation.invalid');
    const products = productIds.length
      ? await em.getRepository(Product).findBy({ id: In(productIds.map(Number)) })
      : [];
    const limit = slotLimitOf(branch, type as OrderType);
    const { free, full } = await slotDays(
      em,
      branch,
      type as OrderType,
      now,
      products as unknown as LeadTimeProduct[],
    );
    const iso = (windows: readonly AppointmentWindow[]) =>
      windows.map((w) => ({ from: w.from.toISOString(), to: w.to.toISOString() }));
    const fullByDate = new Map(full.map((day) => [day.date, day.windows]));
    return {
      branch: { id: branch.id },
      type,
      slotMinutes: limit.slotMinutes,
      capacity: limit.capacity ?? null,
      days: free
        .filter((day) => day.date >= from && day.date <= to)
        .map((day) => ({
          date: day.date,
          windows: iso(day.windows),
          // The times of the day whose slot is full (shown as full by the pickers, refused on submit).
          full: iso(fullByDate.get(day.date) ?? []),
        })),
    };
  }

  /**
   * `GET /api/orders/frontdesk/{branchId}/{apiKey}`: the branch's open orders of today and later, with the
   * branch's API key or the key of one of its front-desk devices (the board, docs/decisions/frontdesk-board.md).
   */
  async frontdesk(ctx: RequestContext, branchId: string, apiKey: string) {
    const em = this.connection.manager(ctx);
    await assertFrontdeskEnabled(em);
    const terminal = await frontdeskTerminal(em, branchId, apiKey);
    const id = terminal ? terminal.branchId : await this.terminalBranch(ctx, branchId, apiKey);
    const qb = this.connection
      .getRepository(ctx, Order)
      .createQueryBuilder('o')
      .where('o.branchId = :id', { id });
    return this.current(qb);
  }

  /**
   * `GET /api/orders/frontdesk/{branchId}/{apiKey}/tickets`: the ticket screen's numbers (takeaway and
   * dine-in orders of today and later that are being prepared or ready), with nothing else of the orders.
   */
  async tickets(
    ctx: RequestContext,
    branchId: string,
    apiKey: string,
  ): Promise<{ readySeconds: number; columns: number; tickets: Ticket[] }> {
    const access = await ticketScreenAccess(this.connection.manager(ctx), branchId, apiKey);
    const qb = this.connection
      .getRepository(ctx, Order)
      .createQueryBuilder('o')
      .where('o.branchId = :id', { id: access.branchId })
      .andWhere('o.status IN (:...screen)', { screen: ['confirmed', 'inDelivery'] })
      .andWhere('o.isDelivery = false AND o.ticketNumber IS NOT NULL');
    const tickets = (await this.current(qb))
      .map(ticketOf)
      .filter((ticket): ticket is Ticket => ticket !== null && ticket.state !== 'gone');
    return { readySeconds: access.readySeconds, columns: access.columns, tickets };
  }

  /**
   * `GET /api/orders/backoffice/{branchId}/{apiKey}`: every order of the branch's current business day
   * (final ones too) and the open ones of later days, newest first.
   */
  async backoffice(ctx: RequestContext, branchId: string, apiKey: string) {
    const id = await this.terminalBranch(ctx, branchId, apiKey);
    const repo = this.connection.getRepository(ctx, Order);
    const branch = await this.connection.getRepository(ctx, Branch).findOneOrFail({ where: { id } });
    const today = localDate(this.clock.now(), branch.timeZone);
    const orders = await repo
      .createQueryBuilder('o')
      .where('o.branchId = :id', { id })
      .andWhere(
        new Brackets((w) =>
          w
            .where('o.businessDate = :today', { today })
            .orWhere('(o.status IN (:...open) AND COALESCE(o.appointment, o.appointmentDate) >= :now)', {
              open: OPEN_STATES,
              now: this.clock.now(),
            }),
        ),
      )
      .orderBy('o.createdAt', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .take(MAX_LIMIT)
      .getMany();
    return orders.map(staffOrderJson);
  }
}
