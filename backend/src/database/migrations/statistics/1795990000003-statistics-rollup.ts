import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily roll-ups of the order statistics (issue 29, item 5; docs/decisions/statistics.md, "A year of
 * orders"): per branch day the orders, revenue and line amounts by state, the counted orders by type, payment method
 * and channel, the best sellers'
 * lines, the arrival hours; `statistics_dirty_day` lists the branch days whose orders changed since, filled
 * by triggers on `customer_order` (in the order's own statement) and on a branch's time zone, emptied by
 * the next statistics read. Backfilled here from every order by the rules written out below (not imported,
 * so the history does not change with the code; the code's copy is `rollupInsertSql`).
 */
export class StatisticsRollup1795990000003 implements MigrationInterface {
  name = 'StatisticsRollup1795990000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "statistics_order_day" ("business_date" date NOT NULL, "branch_key" integer NOT NULL, "state" character varying(10) NOT NULL, "orders" integer NOT NULL, "revenue" numeric(14,2) NOT NULL, "items" numeric NOT NULL, CONSTRAINT "pk_statistics_order_day" PRIMARY KEY ("business_date", "branch_key", "state"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "statistics_split_day" ("business_date" date NOT NULL, "branch_key" integer NOT NULL, "split" character varying(10) NOT NULL, "part" character varying(30) NOT NULL, "orders" integer NOT NULL, "revenue" numeric(14,2) NOT NULL, CONSTRAINT "pk_statistics_split_day" PRIMARY KEY ("business_date", "branch_key", "split", "part"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "statistics_item_day" ("business_date" date NOT NULL, "branch_key" integer NOT NULL, "product_key" text NOT NULL, "unit" text NOT NULL, "quantity" numeric, "orders" integer NOT NULL, "revenue" numeric NOT NULL, "name" text, "name_at" TIMESTAMP WITH TIME ZONE NOT NULL, "name_order_id" integer NOT NULL, CONSTRAINT "pk_statistics_item_day" PRIMARY KEY ("business_date", "branch_key", "product_key", "unit"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "statistics_hour_day" ("business_date" date NOT NULL, "branch_key" integer NOT NULL, "dow" smallint NOT NULL, "hour" smallint NOT NULL, "orders" integer NOT NULL, CONSTRAINT "pk_statistics_hour_day" PRIMARY KEY ("business_date", "branch_key", "dow", "hour"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "statistics_dirty_day" ("id" BIGSERIAL NOT NULL, "branch_key" integer NOT NULL, "business_date" date NOT NULL, CONSTRAINT "pk_statistics_dirty_day" PRIMARY KEY ("id"))`,
    );

    // Marks: inserted and deleted orders that can count; updates that change what the roll-ups read.
    await queryRunner.query(`CREATE FUNCTION statistics_orders_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO statistics_dirty_day (branch_key, business_date)
  SELECT DISTINCT COALESCE(n.branch_id, 0), n.business_date FROM statistics_new n
   WHERE n.is_quotation = false AND n.status NOT IN ('pendingPayment', 'failed');
  RETURN NULL;
END $$`);
    await queryRunner.query(`CREATE FUNCTION statistics_orders_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO statistics_dirty_day (branch_key, business_date)
  SELECT DISTINCT COALESCE(o.branch_id, 0), o.business_date FROM statistics_old o
   WHERE o.is_quotation = false AND o.status NOT IN ('pendingPayment', 'failed');
  RETURN NULL;
END $$`);
    await queryRunner.query(`CREATE FUNCTION statistics_orders_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO statistics_dirty_day (branch_key, business_date)
  SELECT DISTINCT k.branch_key, k.business_date
    FROM statistics_old o JOIN statistics_new n ON n.id = o.id
   CROSS JOIN LATERAL (VALUES (COALESCE(o.branch_id, 0), o.business_date),
                              (COALESCE(n.branch_id, 0), n.business_date)) AS k (branch_key, business_date)
   WHERE (o.status, o.is_quotation, o.branch_id, o.business_date, o.created_at, o.total_gross, o.is_delivery,
          o.is_dine_in, o.payment_method, o.channel, o.items)
         IS DISTINCT FROM
         (n.status, n.is_quotation, n.branch_id, n.business_date, n.created_at, n.total_gross, n.is_delivery,
          n.is_dine_in, n.payment_method, n.channel, n.items);
  RETURN NULL;
END $$`);
    await queryRunner.query(`CREATE FUNCTION statistics_orders_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM statistics_order_day;
  DELETE FROM statistics_split_day;
  DELETE FROM statistics_item_day;
  DELETE FROM statistics_hour_day;
  DELETE FROM statistics_dirty_day;
  RETURN NULL;
END $$`);
    // The hour of order-times is read in the branch's zone of today: a new zone recomputes its days.
    await queryRunner.query(`CREATE FUNCTION statistics_branch_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO statistics_dirty_day (branch_key, business_date)
  SELECT DISTINCT NEW.id, o.business_date FROM customer_order o WHERE o.branch_id = NEW.id;
  RETURN NULL;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER statistics_orders_inserted AFTER INSERT ON customer_order REFERENCING NEW TABLE AS statistics_new FOR EACH STATEMENT EXECUTE FUNCTION statistics_orders_inserted()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER statistics_orders_deleted AFTER DELETE ON customer_order REFERENCING OLD TABLE AS statistics_old FOR EACH STATEMENT EXECUTE FUNCTION statistics_orders_deleted()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER statistics_orders_updated AFTER UPDATE ON customer_order REFERENCING OLD TABLE AS statistics_old NEW TABLE AS statistics_new FOR EACH STATEMENT EXECUTE FUNCTION statistics_orders_updated()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER statistics_orders_truncated AFTER TRUNCATE ON customer_order FOR EACH STATEMENT EXECUTE FUNCTION statistics_orders_truncated()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER statistics_branch_zone_changed AFTER UPDATE OF time_zone ON branch FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION statistics_branch_zone_changed()`,
    );

    // The backfill: every order's day, by the sets' rules.
    await queryRunner.query(`WITH src AS (SELECT * FROM customer_order),
  order_days AS (
    INSERT INTO statistics_order_day (business_date, branch_key, state, orders, revenue, items)
    SELECT o.business_date, COALESCE(o.branch_id, 0),
           CASE WHEN o.status IN ('canceled', 'rejected') THEN o.status ELSE 'counted' END,
           COUNT(*), COALESCE(SUM(o.total_gross), 0),
           COALESCE(SUM((SELECT SUM(CAST(i.value->>'amount' AS numeric)) FROM jsonb_array_elements(o.items) AS i)), 0)
      FROM src o
     WHERE o.is_quotation = false AND o.status NOT IN ('pendingPayment', 'failed')
     GROUP BY 1, 2, 3),
  split_days AS (
    INSERT INTO statistics_split_day (business_date, branch_key, split, part, orders, revenue)
    SELECT o.business_date, COALESCE(o.branch_id, 0), k.split, k.part, COUNT(*), COALESCE(SUM(o.total_gross), 0)
      FROM src o CROSS JOIN LATERAL (VALUES
             ('type', CASE WHEN o.is_delivery THEN 'delivery' WHEN o.is_dine_in THEN 'dineIn' ELSE 'takeaway' END),
             ('payment', o.payment_method), ('channel', COALESCE(o.channel, 'unknown'))) AS k (split, part)
     WHERE o.is_quotation = false AND o.status NOT IN ('pendingPayment', 'canceled', 'rejected', 'failed')
     GROUP BY 1, 2, 3, 4),
  item_days AS (
    INSERT INTO statistics_item_day
      (business_date, branch_key, product_key, unit, quantity, orders, revenue, name, name_at, name_order_id)
    SELECT o.business_date, COALESCE(o.branch_id, 0), COALESCE(i.value->'product'->>'id', ''),
           COALESCE(i.value->>'unit', ''), SUM(CAST(i.value->>'amount' AS numeric)), COUNT(DISTINCT o.id),
           COALESCE(SUM(CAST(i.value->>'price' AS numeric)), 0),
           (array_agg(i.value->>'name' ORDER BY o.created_at DESC, o.id DESC))[1],
           MAX(o.created_at), (array_agg(o.id ORDER BY o.created_at DESC, o.id DESC))[1]
      FROM src o CROSS JOIN LATERAL jsonb_array_elements(o.items) AS i
     WHERE o.is_quotation = false AND o.status NOT IN ('pendingPayment', 'canceled', 'rejected', 'failed')
     GROUP BY 1, 2, 3, 4)
INSERT INTO statistics_hour_day (business_date, branch_key, dow, hour, orders)
SELECT o.business_date, COALESCE(o.branch_id, 0),
       CAST(EXTRACT(ISODOW FROM o.created_at AT TIME ZONE COALESCE((SELECT zb.time_zone FROM branch zb WHERE zb.id = o.branch_id), 'Europe/Vienna')) AS integer),
       CAST(EXTRACT(HOUR FROM o.created_at AT TIME ZONE COALESCE((SELECT zb.time_zone FROM branch zb WHERE zb.id = o.branch_id), 'Europe/Vienna')) AS integer),
       COUNT(*)
  FROM src o
 WHERE o.is_quotation = false AND o.status NOT IN ('pendingPayment', 'canceled', 'rejected', 'failed')
 GROUP BY 1, 2, 3, 4`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER statistics_branch_zone_changed ON branch`);
    for (const name of ['inserted', 'deleted', 'updated', 'truncated'])
      await queryRunner.query(`DROP TRIGGER statistics_orders_${name} ON customer_order`);
    for (const name of [
      'statistics_branch_zone_changed',
      'statistics_orders_inserted',
      'statistics_orders_deleted',
      'statistics_orders_updated',
      'statistics_orders_truncated',
    ])
      await queryRunner.query(`DROP FUNCTION ${name}()`);
    for (const table of [
      'statistics_dirty_day',
      'statistics_hour_day',
      'statistics_item_day',
      'statistics_split_day',
      'statistics_order_day',
    ])
      await queryRunner.query(`DROP TABLE "${table}"`);
  }
}
