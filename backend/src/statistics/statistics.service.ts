import { Injectable } from '@nestjs/common';
import {
  addDays,
  COMPARED_STATISTICS_SETS,
  DEFAULT_TIME_ZONE,
  previousPeriod,
  publicPagePathSql,
  type IsoDate,
  localDate,
  startOfLocalDay,
  type StatisticsResults,
  type StatisticsSet,
  type WorkerFigure,
  type ShiftFigure,
  workedMsWithin,
} from '@ordering/common';
import type { EntityManager } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';
import { HTTP_MESSAGES } from '../core/messages.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import type { PauseJson } from '../operations/time-tracking/working-activity.entity.js';
import {
  emptyMatrix,
  fillDays,
  money,
  parseStatisticsQuery,
  type StatisticsQueryInput,
} from './statistics.query.js';
import { StatisticsRollup } from './statistics-rollup.js';

/** A checked query with the branches it may read: null = every branch (and orders without one). */
interface Scope extends StatisticsQueryInput {
  branches: number[] | null;
}

type Row = Record<string, unknown>;
type ComparedSet = (typeof COMPARED_STATISTICS_SETS)[number];
/** A set's answer as its query computes it; `get` adds `previous` to the compared sets. */
type Base<S extends StatisticsSet> = S extends StatisticsSet ? Omit<StatisticsResults[S], 'previous'> : never;

/** What a compared set's answer says of its previous period: the range and the key figures, no series. */
function previousFigures(before: Base<ComparedSet>) {
  const { from, to, total } = before;
  return {
    from,
    to,
    total,
    ...('averageOrderValue' in before
      ? { orders: before.orders, averageOrderValue: before.averageOrderValue }
      : {}),
    ...('lostRevenue' in before ? { lostRevenue: before.lostRevenue } : {}),
  };
}
const int = (v: unknown) => Number(v ?? 0);

/**
 * The roll-up rows of orders that count as business (placed: not a quotation, no open online payment; not
 * cancelled, rejected or failed), and of the cancelled and rejected ones (`statistics_order_day`, alias `s`).
 */
const COUNTED = `s.state = 'counted'`;
const CANCELED = `s.state IN ('canceled', 'rejected')`;
/** The sets read from the order roll-ups, which are brought up to date first. */
const ORDER_SETS: readonly StatisticsSet[] = [
  'orders',
  'revenue',
  'canceled-orders',
  'items',
  'popular-items',
  'order-times',
  'order-splits',
];

/**
 * The statistics sets of the back office (`GET /api/statistics/{set}`), aggregated in SQL that runs on
 * PGlite and PostgreSQL alike. Orders are counted by their business day (the branch's local date) and
 * their arrival hour in the branch's zone; the analytics log (which knows no branch) by the shop's zone.
 * See docs/decisions/statistics.md for what each figure counts.
 */
@Injectable()
export class StatisticsService {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly clock: Clock,
    private readonly rollup: StatisticsRollup,
  ) {}

  /**
   * One set for the query's range and branch.
   * @throws DomainError('validation') for a bad query, 'forbidden' for a branch outside the user's scope,
   *   'not_found' for an unknown branch.
   */
  async get<S extends StatisticsSet>(
    ctx: RequestContext,
    set: S,
    query: Record<string, unknown>,
  ): Promise<StatisticsResults[S]> {
    const input = parseStatisticsQuery(query, this.clock.now());
    const em = this.connection.manager(ctx);
    const scope = await this.scope(ctx, em, input);
    if (ORDER_SETS.includes(set)) await this.rollup.refresh(ctx);
    const run = <K extends StatisticsSet>(set: K, scope: Scope): Promise<Base<K>> => {
      const sets: { [K in StatisticsSet]: () => Promise<Base<K>> } = {
        'unique-visitors': () => this.uniqueVisitors(em, scope),
        'page-views': () => this.pageViews(em, scope),
        pages: () => this.pages(em, scope),
        events: () => this.events(em, scope),
        orders: () => this.orders(em, scope),
        revenue: () => this.revenue(em, scope),
        'canceled-orders': () => this.canceledOrders(em, scope),
        items: () => this.items(em, scope),
        'popular-items': () => this.popularItems(em, scope),
        'visitor-times': () => this.visitorTimes(em, scope),
        'order-times': () => this.orderTimes(em, scope),
        'working-activities': () => this.workingActivities(em, scope),
        'working-schedules': () => this.workingSchedules(em, scope),
        conversion: () => this.conversion(em, scope),
        'order-splits': () => this.orderSplits(em, scope),
      };
      return sets[set]() as Promise<Base<K>>;
    };
    const result = await run(set, scope);
    if (!(COMPARED_STATISTICS_SETS as readonly StatisticsSet[]).includes(set))
      return result as unknown as StatisticsResults[S];
    // The key figures also for the period of the same length before, by the same rules and filter.
    const before = await run(set, { ...scope, ...previousPeriod(scope.from, scope.to) });
    return {
      ...result,
      previous: previousFigures(before as Base<ComparedSet>),
    } as unknown as StatisticsResults[S];
  }

  private async scope(ctx: RequestContext, em: EntityManager, input: StatisticsQueryInput): Promise<Scope> {
    const allowed = ctx.branchScope();
    if (input.branchId !== null) {
      if (!ctx.mayAccessBranch(input.branchId))
        throw new DomainError('forbidden', HTTP_MESSAGES.forbidden, 'branchId');
      if (!(await em.getRepository(Branch).exists({ where: { id: input.branchId } })))
        throw new DomainError('not_found', 'Filiale wurde nicht gefunden.', 'branchId');
      return { ...input, branches: [input.branchId] };
    }
    return { ...input, branches: allowed === 'all' ? null : allowed };
  }

  private range(scope: Scope, byBranch = true) {
    return { from: scope.from, to: scope.to, branchId: byBranch ? scope.branchId : null, byBranch };
  }

  /** `AND <column> IN (…)` for the scope (ids are checked integers), or nothing for every branch. */
  private branchFilter(scope: Scope, column: string): string {
    if (scope.branches === null) return '';
    if (scope.branches.length === 0) return ' AND 1 = 0';
    return ` AND ${column} IN (${scope.branches.map((id) => Math.trunc(id)).join(', ')})`;
  }

  /**
   * The range's rows of a roll-up (alias `s`) for the scope; branch key 0 (orders of a deleted branch)
   * only without a branch filter, as `customer_order.branch_id IN (…)` never matched their null.
   */
  private orderWhere(scope: Scope, condition: string): string {
    return `${condition} AND s.business_date BETWEEN CAST($1 AS date) AND CAST($2 AS date)${this.branchFilter(scope, 's.branch_key')}`;
  }

  /**
   * The range's roll-up rows by day and, in the same pass, in all (grouping sets; `whole` = 1): orders,
   * revenue, the average order value (AVG(total_gross) was numeric SUM / COUNT, `numeric_avg`: the same
   * division on the same sum), and the cancelled and rejected orders apart.
   */
  private async orderSeries(em: EntityManager, scope: Scope, condition: string) {
    const rows: Row[] = await em.query(
      `SELECT CAST(s.business_date AS text) AS day, GROUPING(s.business_date) AS whole,
              COALESCE(SUM(s.orders), 0) AS orders, ROUND(COALESCE(SUM(s.revenue), 0), 2) AS revenue,
              ROUND(COALESCE(SUM(s.revenue) / NULLIF(SUM(s.orders), 0), 0), 2) AS average,
              COALESCE(SUM(s.orders) FILTER (WHERE s.state = 'canceled'), 0) AS canceled,
              COALESCE(SUM(s.orders) FILTER (WHERE s.state = 'rejected'), 0) AS rejected
         FROM statistics_order_day s WHERE ${this.orderWhere(scope, condition)}
        GROUP BY GROUPING SETS ((s.business_date), ())`,
      [scope.from, scope.to],
    );
    const days = rows.filter((r) => int(r.whole) === 0);
    const all = rows.find((r) => int(r.whole) === 1)!;
    const orders = new Map(days.map((r) => [String(r.day), int(r.orders)]));
    const revenue = new Map(days.map((r) => [String(r.day), money(r.revenue as string)]));
    return { orders, revenue, all };
  }

  private async orders(em: EntityManager, scope: Scope): Promise<Base<'orders'>> {
    const { orders } = await this.orderSeries(em, scope, COUNTED);
    const series = fillDays(scope.from, scope.to, orders);
    return { ...this.range(scope), total: series.reduce((sum, d) => sum + d.value, 0), series };
  }

  private async revenue(em: EntityManager, scope: Scope): Promise<Base<'revenue'>> {
    const { revenue, all } = await this.orderSeries(em, scope, COUNTED);
    return {
      ...this.range(scope),
      total: money(all.revenue as string),
      orders: int(all.orders),
      averageOrderValue: money(all.average as string),
      series: fillDays(scope.from, scope.to, revenue),
    };
  }

  private async canceledOrders(em: EntityManager, scope: Scope): Promise<Base<'canceled-orders'>> {
    const { orders, all } = await this.orderSeries(em, scope, CANCELED);
    const series = fillDays(scope.from, scope.to, orders);
    return {
      ...this.range(scope),
      total: series.reduce((sum, d) => sum + d.value, 0),
      canceled: int(all.canceled),
      rejected: int(all.rejected),
      lostRevenue: money(all.revenue as string),
      series,
    };
  }

  private async items(em: EntityManager, scope: Scope): Promise<Base<'items'>> {
    const rows: Row[] = await em.query(
      `SELECT CAST(s.business_date AS text) AS day, COALESCE(SUM(s.items), 0) AS quantity
         FROM statistics_order_day s WHERE ${this.orderWhere(scope, COUNTED)} GROUP BY s.business_date`,
      [scope.from, scope.to],
    );
    const series = fillDays(
      scope.from,
      scope.to,
      new Map(rows.map((r) => [String(r.day), Number(r.quantity)])),
    );
    return { ...this.range(scope), total: series.reduce((sum, d) => sum + d.value, 0), series };
  }

  private async popularItems(em: EntityManager, scope: Scope): Promise<Base<'popular-items'>> {
    const rows: Row[] = await em.query(
      // Only counted orders' lines are rolled up. The name is the latest line's (by the order's arrival,
      // then id); an order lies in one branch day, so the days' order counts add up.
      `SELECT NULLIF(s.product_key, '') AS product_id, s.unit,
              (array_agg(s.name ORDER BY s.name_at DESC, s.name_order_id DESC))[1] AS name,
              SUM(s.quantity) AS quantity, SUM(s.orders) AS orders,
              ROUND(COALESCE(SUM(s.revenue), 0), 2) AS revenue
         FROM statistics_item_day s
        WHERE ${this.orderWhere(scope, 'TRUE')}
        GROUP BY s.product_key, s.unit ORDER BY quantity DESC, revenue DESC, name ASC LIMIT ${scope.limit}`,
      [scope.from, scope.to],
    );
    return {
      ...this.range(scope),
      items: rows.map((r) => ({
        productId: r.product_id === null ? null : Number(r.product_id),
        name: String(r.name ?? ''),
        unit: String(r.unit),
        quantity: Number(r.quantity),
        orders: int(r.orders),
        revenue: money(r.revenue as string),
      })),
    };
  }

  private async orderTimes(em: EntityManager, scope: Scope): Promise<Base<'order-times'>> {
    const rows: Row[] = await em.query(
      // Counted orders only, by arrival in the branch's zone (of today: a new zone recomputes the days).
      `SELECT s.dow, s.hour, SUM(s.orders) AS n
         FROM statistics_hour_day s WHERE ${this.orderWhere(scope, 'TRUE')} GROUP BY 1, 2`,
      [scope.from, scope.to],
    );
    return { ...this.range(scope), ...matrixOf(rows) };
  }

  // The analytics log: the shop's zone, never by branch.

  private logBounds(scope: Scope): [Date, Date, string] {
    return [
      startOfLocalDay(scope.from, DEFAULT_TIME_ZONE),
      startOfLocalDay(addDays(scope.to, 1), DEFAULT_TIME_ZONE),
      DEFAULT_TIME_ZONE,
    ];
  }

  private static readonly LOG_WHERE = 'a.occurred_at >= $1 AND a.occurred_at < $2';
  private static readonly LOG_DAY = 'CAST(CAST(a.occurred_at AT TIME ZONE $3 AS date) AS text)';

  private async logSeries(em: EntityManager, scope: Scope, select: string, condition: string) {
    const where = `${StatisticsService.LOG_WHERE}${condition}`;
    const rows: Row[] = await em.query(
      `SELECT ${StatisticsService.LOG_DAY} AS day, ${select} AS n FROM analytics_log a WHERE ${where} GROUP BY 1`,
      this.logBounds(scope),
    );
    const [total]: Row[] = await em.query(
      `SELECT ${select} AS n FROM analytics_log a WHERE ${where}`,
      this.logBounds(scope).slice(0, 2),
    );
    return {
      ...this.range(scope, false),
      total: int(total!.n),
      series: fillDays(scope.from, scope.to, new Map(rows.map((r) => [String(r.day), int(r.n)]))),
    };
  }

  private uniqueVisitors(em: EntityManager, scope: Scope) {
    return this.logSeries(em, scope, 'COUNT(DISTINCT a.visitor_hash)', '');
  }

  private pageViews(em: EntityManager, scope: Scope) {
    return this.logSeries(em, scope, 'COUNT(*)', ` AND a.type = 'pageview'`);
  }

  private async pages(em: EntityManager, scope: Scope): Promise<Base<'pages'>> {
    const [from, to] = this.logBounds(scope);
    // Grouped by the path without secrets (rows are stored so; the rule again here for any row that is not).
    const rows: Row[] = await em.query(
      `SELECT ${publicPagePathSql('a.path')} AS path, COUNT(*) AS views, COUNT(DISTINCT a.visitor_hash) AS visitors
         FROM analytics_log a WHERE ${StatisticsService.LOG_WHERE} AND a.type = 'pageview'
        GROUP BY 1 ORDER BY views DESC, path ASC LIMIT 20`,
      [from, to],
    );
    const [total]: Row[] = await em.query(
      `SELECT COUNT(*) AS n FROM analytics_log a WHERE ${StatisticsService.LOG_WHERE} AND a.type = 'pageview'`,
      [from, to],
    );
    return {
      ...this.range(scope, false),
      total: int(total!.n),
      pages: rows.map((r) => ({ path: String(r.path), views: int(r.views), visitors: int(r.visitors) })),
    };
  }

  private async events(em: EntityManager, scope: Scope): Promise<Base<'events'>> {
    const [from, to] = this.logBounds(scope);
    const rows: Row[] = await em.query(
      `SELECT a.type, a.category, a.action, COUNT(*) AS n, COUNT(DISTINCT a.visitor_hash) AS visitors
         FROM analytics_log a WHERE ${StatisticsService.LOG_WHERE} AND a.type <> 'pageview'
        GROUP BY 1, 2, 3 ORDER BY n DESC, a.type, a.category, a.action LIMIT 20`,
      [from, to],
    );
    const [total]: Row[] = await em.query(
      `SELECT COUNT(*) AS n FROM analytics_log a WHERE ${StatisticsService.LOG_WHERE} AND a.type <> 'pageview'`,
      [from, to],
    );
    return {
      ...this.range(scope, false),
      total: int(total!.n),
      events: rows.map((r) => ({
        type: String(r.type),
        category: String(r.category),
        action: String(r.action),
        count: int(r.n),
        visitors: int(r.visitors),
      })),
    };
  }

  /** Visitors with consent and those of them who ordered (a `purchase` record), both from the log. */
  private async conversion(em: EntityManager, scope: Scope): Promise<Base<'conversion'>> {
    const [from, to] = this.logBounds(scope);
    const [row]: Row[] = await em.query(
      `SELECT COUNT(DISTINCT a.visitor_hash) AS visitors,
              COUNT(DISTINCT a.visitor_hash) FILTER (WHERE ${StatisticsService.PURCHASE}) AS buyers,
              COUNT(*) FILTER (WHERE ${StatisticsService.PURCHASE}) AS purchases
         FROM analytics_log a WHERE ${StatisticsService.LOG_WHERE}`,
      [from, to],
    );
    return {
      ...this.range(scope, false),
      visitors: int(row!.visitors),
      buyers: int(row!.buyers),
      purchases: int(row!.purchases),
    };
  }

  private static readonly PURCHASE = `a.type = 'commerce' AND a.action = 'purchase'`;

  /** The counted orders by type, payment method and channel; money summed exactly by the database. */
  private async orderSplits(em: EntityManager, scope: Scope): Promise<Base<'order-splits'>> {
    // Each split ordered as its own query was: revenue (rounded), orders, part. The roll-up holds the type
    // (from the flags) and the channel ('unknown' when none) as the parts.
    const rows: Row[] = await em.query(
      `SELECT s.split, s.part, SUM(s.orders) AS orders, ROUND(COALESCE(SUM(s.revenue), 0), 2) AS revenue
         FROM statistics_split_day s WHERE ${this.orderWhere(scope, 'TRUE')}
        GROUP BY s.split, s.part ORDER BY s.split, revenue DESC, orders DESC, part ASC`,
      [scope.from, scope.to],
    );
    const parts = (split: string) =>
      rows
        .filter((r) => r.split === split)
        .map((r) => ({ key: String(r.part), orders: int(r.orders), revenue: money(r.revenue as string) }));
    const { all } = await this.orderSeries(em, scope, COUNTED);
    return {
      ...this.range(scope),
      orders: int(all.orders),
      revenue: money(all.revenue as string),
      byType: parts('type') as Base<'order-splits'>['byType'],
      byPaymentMethod: parts('payment') as Base<'order-splits'>['byPaymentMethod'],
      byChannel: parts('channel') as Base<'order-splits'>['byChannel'],
    };
  }

  private async visitorTimes(em: EntityManager, scope: Scope): Promise<Base<'visitor-times'>> {
    // A visitor counts once per cell and day (the hash changes daily anyway).
    const rows: Row[] = await em.query(
      `SELECT CAST(EXTRACT(ISODOW FROM a.occurred_at AT TIME ZONE $3) AS integer) AS dow,
              CAST(EXTRACT(HOUR FROM a.occurred_at AT TIME ZONE $3) AS integer) AS hour,
              COUNT(DISTINCT a.visitor_hash) AS n
         FROM analytics_log a WHERE ${StatisticsService.LOG_WHERE} GROUP BY 1, 2`,
      this.logBounds(scope),
    );
    return { ...this.range(scope, false), ...matrixOf(rows) };
  }

  // Time tracking: by the start in the branch's zone.

  private trackingWhere(scope: Scope, alias: string, column: string): string {
    return `${alias}.${column} >= (CAST(CAST($1 AS date) AS timestamp) AT TIME ZONE b.time_zone)
        AND ${alias}.${column} < (CAST(CAST($2 AS date) + 1 AS timestamp) AT TIME ZONE b.time_zone)${this.branchFilter(scope, `${alias}.branch_id`)}`;
  }

  private async workingActivities(em: EntityManager, scope: Scope): Promise<Base<'working-activities'>> {
    // Absences by their start; work by the part inside the range: a shift across midnight counts in each
    // day with its part, pauses likewise (the week overview's rule, `workedMsWithin`), so work that began
    // the evening before the range is read too.
    const from = `(CAST(CAST($1 AS date) AS timestamp) AT TIME ZONE b.time_zone)`;
    const to = `(CAST(CAST($2 AS date) + 1 AS timestamp) AT TIME ZONE b.time_zone)`;
    const rows: Row[] = await em.query(
      `SELECT wa.user_id, u.first_name, u.last_name, u.username, wa.type, wa.started_at, wa.ended_at,
              wa.pauses, wa.days, b.time_zone
         FROM working_activity wa JOIN branch b ON b.id = wa.branch_id JOIN app_user u ON u.id = wa.user_id
        WHERE wa.started_at < ${to}
          AND (wa.started_at >= ${from}
               OR (wa.type = 'work' AND (wa.ended_at IS NULL OR wa.ended_at > ${from})))${this.branchFilter(scope, 'wa.branch_id')}
        ORDER BY wa.started_at`,
      [scope.from, scope.to],
    );
    const clock = this.clock.now();
    const now = clock.getTime();
    const perDay = new Map<string, number>();
    const msOf = new Map<number, number>();
    const people = new Map<number, WorkerFigure>();
    let activities = 0;
    let running = 0;
    for (const r of rows) {
      const userId = int(r.user_id);
      const person =
        people.get(userId) ??
        people
          .set(userId, {
            userId,
            name: nameOf(r),
            minutes: 0,
            activities: 0,
            holidayDays: 0,
            sickDays: 0,
          })
          .get(userId)!;
      if (r.type === 'holiday') person.holidayDays += Number(r.days ?? 0);
      else if (r.type === 'sick') person.sickDays += Number(r.days ?? 0);
      else {
        const ended = r.ended_at ? new Date(r.ended_at as string).getTime() : null;
        const timed = {
          startedAt: new Date(r.started_at as string).toISOString(),
          endedAt: ended === null ? null : new Date(ended).toISOString(),
          pauses: (r.pauses as PauseJson[] | null) ?? [],
        };
        const zone = String(r.time_zone ?? DEFAULT_TIME_ZONE);
        const first = localDate(new Date(timed.startedAt), zone);
        const last = localDate(new Date(ended ?? now), zone);
        for (
          let day = first < scope.from ? (scope.from as IsoDate) : first;
          day <= last && day <= scope.to;
        ) {
          const next = addDays(day, 1);
          const ms = workedMsWithin(timed, clock, startOfLocalDay(day, zone), startOfLocalDay(next, zone));
          perDay.set(day, (perDay.get(day) ?? 0) + ms);
          msOf.set(userId, (msOf.get(userId) ?? 0) + ms);
          day = next;
        }
        person.activities += 1;
        activities += 1;
        if (ended === null) running += 1;
      }
    }
    // Whole minutes: each day's and each person's exact sum, floored once (like the week overview).
    for (const [day, ms] of perDay) perDay.set(day, Math.floor(ms / 60_000));
    for (const person of people.values())
      person.minutes = Math.floor((msOf.get(person.userId) ?? 0) / 60_000);
    const byUser = [...people.values()].sort((a, b) => b.minutes - a.minutes || a.name.localeCompare(b.name));
    const series = fillDays(scope.from, scope.to, perDay);
    return {
      ...this.range(scope),
      total: series.reduce((sum, d) => sum + d.value, 0),
      series,
      activities,
      running,
      holidayDays: byUser.reduce((sum, p) => sum + p.holidayDays, 0),
      sickDays: byUser.reduce((sum, p) => sum + p.sickDays, 0),
      byUser,
    };
  }

  private async workingSchedules(em: EntityManager, scope: Scope): Promise<Base<'working-schedules'>> {
    const rows: Row[] = await em.query(
      `SELECT ws.user_id, u.first_name, u.last_name, u.username,
              CAST(CAST(ws.starts_at AT TIME ZONE b.time_zone AS date) AS text) AS day, COUNT(*) AS shifts,
              CAST(ROUND(SUM(EXTRACT(EPOCH FROM ws.ends_at - ws.starts_at)) / 60) AS integer) AS minutes
         FROM working_schedule ws JOIN branch b ON b.id = ws.branch_id JOIN app_user u ON u.id = ws.user_id
        WHERE ${this.trackingWhere(scope, 'ws', 'starts_at')}
        GROUP BY 1, 2, 3, 4, 5`,
      [scope.from, scope.to],
    );
    const perDay = new Map<string, number>();
    const people = new Map<number, ShiftFigure>();
    for (const r of rows) {
      const userId = int(r.user_id);
      const person =
        people.get(userId) ??
        people.set(userId, { userId, name: nameOf(r), minutes: 0, shifts: 0 }).get(userId)!;
      person.minutes += int(r.minutes);
      person.shifts += int(r.shifts);
      perDay.set(String(r.day), (perDay.get(String(r.day)) ?? 0) + int(r.minutes));
    }
    const byUser = [...people.values()].sort((a, b) => b.minutes - a.minutes || a.name.localeCompare(b.name));
    const series = fillDays(scope.from, scope.to, perDay);
    return {
      ...this.range(scope),
      total: series.reduce((sum, d) => sum + d.value, 0),
      shifts: byUser.reduce((sum, p) => sum + p.shifts, 0),
      series,
      byUser,
    };
  }
}

function nameOf(r: Row): string {
  return `${String(r.first_name ?? '')} ${String(r.last_name ?? '')}`.trim() || String(r.username);
}

/** Rows of (ISO weekday 1-7, hour, n) as the 7 × 24 matrix with Monday first. */
function matrixOf(rows: Row[]) {
  const matrix = emptyMatrix();
  let total = 0;
  for (const r of rows) {
    const n = int(r.n);
    matrix[int(r.dow) - 1]![int(r.hour)] = n;
    total += n;
  }
  return { total, max: Math.max(0, ...matrix.flat()), matrix };
}
