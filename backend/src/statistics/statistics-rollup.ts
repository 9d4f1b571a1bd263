import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DEFAULT_TIME_ZONE } from '@ordering/common';
import type { Logger } from 'pino';
import { RequestContext } from '../core/request-context.js';
import { LOGGER } from '../core/tokens.js';
import { TransactionalConnection } from '../core/transaction.js';

/**
 * How often the roll-ups are brought up to date without a reader: at start and then every 5 minutes, so
 * the marks of a shop whose statistics nobody opens stay a few days' worth and the first reader after
 * weeks does not recompute them all.
 */
export const ROLLUP_EVERY_MS = 5 * 60 * 1000;

/** The roll-up tables (statistics-rollup.entity.ts), each keyed by `business_date` and `branch_key`. */
const ROLLUP_TABLES = [
  'statistics_order_day',
  'statistics_split_day',
  'statistics_item_day',
  'statistics_hour_day',
] as const;

/** The branch days `$1` (branch keys, 0: no branch) and `$2` (dates), as rows `p(branch_key, business_date)`. */
const DAYS = `SELECT * FROM unnest(CAST($1 AS integer[]), CAST($2 AS date[])) AS p(branch_key, business_date)`;

/**
 * The orders of those days. Joined by branch and day so that the unique `(branch_id, business_date,
 * ticket_number)` index finds them; orders of a deleted branch (`branch_id` null) are branch key 0.
 */
const ORDERS_OF_DAYS = `
  SELECT o.* FROM days p JOIN customer_order o ON o.branch_id = p.branch_key AND o.business_date = p.business_date
  UNION ALL
  SELECT o.* FROM days p JOIN customer_order o ON o.branch_id IS NULL AND o.business_date = p.business_date
   WHERE p.branch_key = 0`;

/**
 * One statement that writes the roll-ups of the orders `src` (a CTE of `customer_order` rows), with the
 * rules of the sets as they were computed from the orders directly (docs/decisions/statistics.md):
 * counted = no quotation, not waiting for payment, not cancelled, rejected or failed; lines by product id
 * and unit with the name of the latest line; the hour in the branch's zone of today.
 */
export function rollupInsertSql(src: string): string {
  const zone = `COALESCE((SELECT zb.time_zone FROM branch zb WHERE zb.id = o.branch_id), '${DEFAULT_TIME_ZONE}')`;
  const counted = `o.is_quotation = false AND o.status NOT IN ('pendingPayment', 'canceled', 'rejected', 'failed')`;
  return `WITH ${src},
  order_days AS (
    INSERT INTO statistics_order_day (business_date, branch_key, state, orders, revenue, items)
    SELECT o.business_date, COALESCE(o.branch_id, 0),
           CASE WHEN o.status IN ('canceled', 'rejected') THEN o.status ELSE 'counted' END,
           COUNT(*), COALESCE(SUM(o.total_gross), 0),
           COALESCE(SUM((SELECT SUM(CAST(i.value->>'amount' AS numeric)) FROM jsonb_array_elements(o.items) AS i)), 0)
      FROM src o
     WHERE o.is_quotation = false AND o.status NOT IN ('pendingPayment', 'failed')
     GROUP BY 1, 2, 3
    RETURNING 1),
  split_days AS (
    INSERT INTO statistics_split_day (business_date, branch_key, split, part, orders, revenue)
    SELECT o.business_date, COALESCE(o.branch_id, 0), k.split, k.part, COUNT(*), COALESCE(SUM(o.total_gross), 0)
      FROM src o CROSS JOIN LATERAL (VALUES
             ('type', CASE WHEN o.is_delivery THEN 'delivery' WHEN o.is_dine_in THEN 'dineIn' ELSE 'takeaway' END),
             ('payment', o.payment_method), ('channel', COALESCE(o.channel, 'unknown'))) AS k (split, part)
     WHERE ${counted}
     GROUP BY 1, 2, 3, 4
    RETURNING 1),
  item_days AS (
    INSERT INTO statistics_item_day
      (business_date, branch_key, product_key, unit, quantity, orders, revenue, name, name_at, name_order_id)
    SELECT o.business_date, COALESCE(o.branch_id, 0), COALESCE(i.value->'product'->>'id', ''),
           COALESCE(i.value->>'unit', ''), SUM(CAST(i.value->>'amount' AS numeric)), COUNT(DISTINCT o.id),
           COALESCE(SUM(CAST(i.value->>'price' AS numeric)), 0),
           (array_agg(i.value->>'name' ORDER BY o.created_at DESC, o.id DESC))[1],
           MAX(o.created_at), (array_agg(o.id ORDER BY o.created_at DESC, o.id DESC))[1]
      FROM src o CROSS JOIN LATERAL jsonb_array_elements(o.items) AS i
     WHERE ${counted}
     GROUP BY 1, 2, 3, 4
    RETURNING 1),
  hour_days AS (
    INSERT INTO statistics_hour_day (business_date, branch_key, dow, hour, orders)
    SELECT o.business_date, COALESCE(o.branch_id, 0),
           CAST(EXTRACT(ISODOW FROM o.created_at AT TIME ZONE ${zone}) AS integer),
           CAST(EXTRACT(HOUR FROM o.created_at AT TIME ZONE ${zone}) AS integer), COUNT(*)
      FROM src o
     WHERE ${counted}
     GROUP BY 1, 2, 3, 4
    RETURNING 1)
  SELECT (SELECT COUNT(*) FROM order_days) AS order_rows, (SELECT COUNT(*) FROM split_days) AS split_rows,
         (SELECT COUNT(*) FROM item_days) AS item_rows,
         (SELECT COUNT(*) FROM hour_days) AS hour_rows`;
}

/**
 * Keeps the daily roll-ups of the order statistics exact. Triggers (migration 1795990000003) append the
 * branch days an order statement touched to `statistics_dirty_day` — in the order's own statement, so the
 * order path sends nothing more and waits for no lock of ours; every statistics read of orders first
 * recomputes those days from `customer_order` ({@link refresh}), so an answer always includes every order
 * committed before it was asked, by the same rules as the straightforward queries over the orders. A timer
 * does the same every {@link ROLLUP_EVERY_MS} in the background.
 */
@Injectable()
export class StatisticsRollup implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;

  constructor(
    private readonly connection: TransactionalConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const run = () => {
      this.running = this.refresh(RequestContext.system()).catch((error: unknown) =>
        this.logger.error({ err: error }, 'statistics roll-up refresh failed'),
      );
    };
    run();
    this.timer = setInterval(run, ROLLUP_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /**
   * Recomputes the roll-ups of every branch day marked since the last call; returns how many days.
   * Refreshes take turns (a table lock only they take; readers and orders never wait for it). The marks
   * are consumed by one statement and the days recomputed by later ones, whose snapshot holds every order
   * whose mark was consumed; a mark of an order not yet committed stays for the next refresh.
   */
  async refresh(ctx: RequestContext): Promise<number> {
    const [pending] = (await this.connection
      .manager(ctx)
      .query(`SELECT EXISTS (SELECT 1 FROM statistics_dirty_day) AS pending`)) as Array<{ pending: boolean }>;
    if (!pending?.pending) return 0;
    return this.connection.withTransaction(ctx, async (em) => {
      await em.query(`LOCK TABLE statistics_order_day IN SHARE ROW EXCLUSIVE MODE`);
      const days = (await em.query(
        `WITH marked AS (DELETE FROM statistics_dirty_day RETURNING branch_key, business_date)
         SELECT DISTINCT branch_key, CAST(business_date AS text) AS day FROM marked`,
      )) as Array<{ branch_key: number; day: string }>;
      if (days.length === 0) return 0;
      const params = [days.map((d) => Number(d.branch_key)), days.map((d) => d.day)];
      await em.query(
        `WITH days AS (${DAYS}),
         ${ROLLUP_TABLES.slice(0, -1)
           .map(
             (table, i) =>
               `d${i} AS (DELETE FROM ${table} s USING days p WHERE s.branch_key = p.branch_key AND s.business_date = p.business_date)`,
           )
           .join(',\n')}
         DELETE FROM ${ROLLUP_TABLES.at(-1)} s USING days p
          WHERE s.branch_key = p.branch_key AND s.business_date = p.business_date`,
        params,
      );
      await em.query(rollupInsertSql(`days AS (${DAYS}), src AS MATERIALIZED (${ORDERS_OF_DAYS})`), params);
      return days.length;
    });
  }
}
