import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { EntityManager } from 'typeorm';
import { Branch } from '../src/branches/branch.entity.js';
import { fillDays, money } from '../src/statistics/statistics.query.js';
import { loadDemo, ORDER_TEST_ENV, type Demo } from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The order sets read from the daily roll-ups (issue 29, item 5) answer exactly what the straightforward
 * queries over `customer_order` answered before (kept below as the reference, as they were): random
 * orders of every state, type, payment method and channel, lines with and without product id, units and
 * decimal amounts, arrivals around the nights the clocks change (Vienna and New York), orders without a
 * branch; then random status changes, edits, moves, deletions and a branch's new time zone. After each
 * change every set is compared for several ranges, with and without a branch filter.
 */
describe('statistics: the roll-ups answer what the orders say', () => {
  let t: TestApp;
  let demo: Demo;
  type Row = Record<string, unknown>;
  const int = (v: unknown) => Number(v ?? 0);

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    demo = await loadDemo(t);
  });
  afterAll(async () => {
    await t.close();
  });

  // The reference: the queries of the sets before the roll-ups, unchanged.
  const ZONE = `COALESCE((SELECT zb.time_zone FROM branch zb WHERE zb.id = o.branch_id), 'Europe/Vienna')`;
  const COUNTED = `o.is_quotation = false AND o.status NOT IN ('pendingPayment', 'canceled', 'rejected', 'failed')`;
  const CANCELED = `o.is_quotation = false AND o.status IN ('canceled', 'rejected')`;
  const where = (branchId: number | null, condition: string) =>
    `${condition} AND o.business_date BETWEEN CAST($1 AS date) AND CAST($2 AS date)${branchId === null ? '' : ` AND o.branch_id IN (${branchId})`}`;

  async function reference(em: EntityManager, from: string, to: string, branchId: number | null) {
    const q = (sql: string): Promise<Row[]> => em.query(sql, [from, to]);
    const series = async (condition: string) => {
      const rows = await q(
        `SELECT CAST(o.business_date AS text) AS day, COUNT(*) AS orders, ROUND(COALESCE(SUM(o.total_gross), 0), 2) AS revenue
           FROM customer_order o WHERE ${where(branchId, condition)} GROUP BY o.business_date`,
      );
      return {
        orders: fillDays(from, to, new Map(rows.map((r) => [String(r.day), int(r.orders)]))),
        revenue: fillDays(from, to, new Map(rows.map((r) => [String(r.day), money(r.revenue as string)]))),
      };
    };
    const counted = await series(COUNTED);
    const canceled = await series(CANCELED);
    const [totals] = await q(
      `SELECT COUNT(*) AS orders, ROUND(COALESCE(SUM(o.total_gross), 0), 2) AS total,
              ROUND(COALESCE(AVG(o.total_gross), 0), 2) AS average FROM customer_order o WHERE ${where(branchId, COUNTED)}`,
    );
    const [lost] = await q(
      `SELECT COUNT(*) FILTER (WHERE o.status = 'canceled') AS canceled, COUNT(*) FILTER (WHERE o.status = 'rejected') AS rejected,
              ROUND(COALESCE(SUM(o.total_gross), 0), 2) AS lost FROM customer_order o WHERE ${where(branchId, CANCELED)}`,
    );
    const items = await q(
      `SELECT CAST(o.business_date AS text) AS day, COALESCE(SUM(CAST(i.value->>'amount' AS numeric)), 0) AS quantity
         FROM customer_order o CROSS JOIN LATERAL jsonb_array_elements(o.items) AS i
        WHERE ${where(branchId, COUNTED)} GROUP BY o.business_date`,
    );
    const popular = await q(
      `SELECT i.value->'product'->>'id' AS product_id, COALESCE(i.value->>'unit', '') AS unit,
              (array_agg(i.value->>'name' ORDER BY o.created_at DESC, o.id DESC))[1] AS name,
              SUM(CAST(i.value->>'amount' AS numeric)) AS quantity, COUNT(DISTINCT o.id) AS orders,
              ROUND(COALESCE(SUM(CAST(i.value->>'price' AS numeric)), 0), 2) AS revenue
         FROM customer_order o CROSS JOIN LATERAL jsonb_array_elements(o.items) AS i
        WHERE ${where(branchId, COUNTED)}
        GROUP BY 1, 2 ORDER BY quantity DESC, revenue DESC, name ASC LIMIT 50`,
    );
    const times = await q(
      `SELECT CAST(EXTRACT(ISODOW FROM o.created_at AT TIME ZONE ${ZONE}) AS integer) AS dow,
              CAST(EXTRACT(HOUR FROM o.created_at AT TIME ZONE ${ZONE}) AS integer) AS hour, COUNT(*) AS n
         FROM customer_order o WHERE ${where(branchId, COUNTED)} GROUP BY 1, 2`,
    );
    const split = async (expression: string) =>
      (
        await q(
          `SELECT ${expression} AS part, COUNT(*) AS orders, ROUND(COALESCE(SUM(o.total_gross), 0), 2) AS revenue
             FROM customer_order o WHERE ${where(branchId, COUNTED)} GROUP BY 1 ORDER BY revenue DESC, orders DESC, part ASC`,
        )
      ).map((r) => ({ key: String(r.part), orders: int(r.orders), revenue: money(r.revenue as string) }));
    const matrix = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    for (const r of times) matrix[int(r.dow) - 1]![int(r.hour)] = int(r.n);
    const sum = (s: { value: number }[]) => s.reduce((a, d) => a + d.value, 0);
    return {
      orders: { total: sum(counted.orders), series: counted.orders },
      revenue: {
        total: money(totals!.total as string),
        orders: int(totals!.orders),
        averageOrderValue: money(totals!.average as string),
        series: counted.revenue,
      },
      'canceled-orders': {
        total: sum(canceled.orders),
        canceled: int(lost!.canceled),
        rejected: int(lost!.rejected),
        lostRevenue: money(lost!.lost as string),
        series: canceled.orders,
      },
      items: (() => {
        const s = fillDays(from, to, new Map(items.map((r) => [String(r.day), Number(r.quantity)])));
        return { total: sum(s), series: s };
      })(),
      'popular-items': popular.map((r) => ({
        productId: r.product_id === null ? null : Number(r.product_id),
        name: String(r.name ?? ''),
        unit: String(r.unit),
        quantity: Number(r.quantity),
        orders: int(r.orders),
        revenue: money(r.revenue as string),
      })),
      'order-times': { total: times.reduce((a, r) => a + int(r.n), 0), matrix },
      'order-splits': {
        orders: int(totals!.orders),
        revenue: money(totals!.total as string),
        byType: await split(
          `CASE WHEN o.is_delivery THEN 'delivery' WHEN o.is_dine_in THEN 'dineIn' ELSE 'takeaway' END`,
        ),
        byPaymentMethod: await split('o.payment_method'),
        byChannel: await split(`COALESCE(o.channel, 'unknown')`),
      },
    };
  }

  const get = async (set: string, from: string, to: string, branchId: number | null, extra = '') => {
    const res = await t.request(
      'GET',
      `/api/statistics/${set}?from=${from}&to=${to}${branchId === null ? '' : `&branchId=${branchId}`}${extra}`,
      undefined,
      demo.admin,
    );
    if (res.status !== 200) throw new Error(`${set}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };

  /** Every order set over the API against the reference, for the range and branch. */
  async function compare(from: string, to: string, branchId: number | null) {
    const want = await reference(t.dataSource.manager, from, to, branchId);
    const pick = <T extends Record<string, unknown>>(o: T, keys: string[]) =>
      Object.fromEntries(keys.map((k) => [k, o[k]]));
    for (const set of [
      'orders',
      'revenue',
      'canceled-orders',
      'items',
      'order-times',
      'order-splits',
    ] as const) {
      const expected = want[set] as Record<string, unknown>;
      const got = await get(set, from, to, branchId);
      expect({ set, from, to, branchId, ...pick(got, Object.keys(expected)) }).toEqual({
        set,
        from,
        to,
        branchId,
        ...expected,
      });
    }
    // Best sellers: the same groups with the same figures, in the same ranking (groups tied on every
    // ranked figure may come in either order, as before).
    const got = (await get('popular-items', from, to, branchId, '&limit=50')).items as Row[];
    const canon = (rows: Row[]) =>
      [...rows].sort((a, b) => `${a.productId}|${a.unit}`.localeCompare(`${b.productId}|${b.unit}`));
    expect(canon(got)).toEqual(canon(want['popular-items']));
    const ranked = (rows: Row[]) => rows.map((r) => [r.quantity, r.revenue, r.name]);
    expect(ranked(got)).toEqual(ranked(want['popular-items']));
  }

  const ZONES: Record<string, string> = {};
  const localDate = (at: Date, zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(at);
  /** The nights the clocks change in 2026 (Vienna: 29 March, 25 October; New York: 8 March, 1 November) and neighbours. */
  const DAYS = [
    '2026-03-07',
    '2026-03-08',
    '2026-03-09',
    '2026-03-28',
    '2026-03-29',
    '2026-03-30',
    '2026-10-24',
    '2026-10-25',
    '2026-10-26',
    '2026-10-31',
    '2026-11-01',
    '2026-11-02',
  ];
  const STATES = [
    'unconfirmed',
    'confirmed',
    'inDelivery',
    'delivered',
    'completed',
    'rejected',
    'canceled',
    'failed',
    'pendingPayment',
  ];
  const UNITS = ['Stk.', 'kg', 'm²', null];
  let ticket = 50_000;

  const line = fc.record({
    product: fc.constantFrom(1, 2, 3, 4, 5, null),
    unit: fc.constantFrom(...UNITS),
    amount: fc.constantFrom('1', '2', '3', '0.5', '1.25', '0.125'),
    cents: fc.integer({ min: 1, max: 99_999 }),
    version: fc.integer({ min: 0, max: 2 }),
  });
  const order = fc.record({
    branch: fc.constantFrom('vienna', 'linz', 'graz', 'none'),
    day: fc.constantFrom(...DAYS),
    minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
    second: fc.integer({ min: 0, max: 59 }),
    /** The business day is the arrival's local date, now and then a day off (an older zone). */
    shift: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, -1, 1),
    status: fc.constantFrom(...STATES),
    quotation: fc.constantFrom(false, false, false, false, true),
    type: fc.constantFrom('takeaway', 'delivery', 'dineIn'),
    payment: fc.constantFrom('cash', 'atm-card', 'mollie', 'datatrans', 'hydro-ag-voucher'),
    channel: fc.constantFrom('web', 'app', 'kiosk', null),
    lines: fc.array(line, { minLength: 0, maxLength: 5 }),
    deliveryCents: fc.integer({ min: 0, max: 500 }),
  });
  type Generated = typeof order extends fc.Arbitrary<infer T> ? T : never;

  async function insert(orders: Generated[]) {
    const branchIds: Record<string, number | null> = {
      vienna: demo.vienna.id,
      linz: demo.linz.id,
      graz: demo.graz.id,
      none: null,
    };
    const rows = orders.map((o) => {
      const at = new Date(Date.parse(`${o.day}T00:00:00Z`) + o.minute * 60_000 + o.second * 1000);
      const branchId = branchIds[o.branch]!;
      const zone = branchId === null ? 'Europe/Vienna' : ZONES[o.branch]!;
      const local = localDate(at, zone);
      const businessDate = new Date(Date.parse(`${local}T00:00:00Z`) + o.shift * 86_400_000)
        .toISOString()
        .slice(0, 10);
      // Within one order a product's lines carry one name (the catalogue's at that moment).
      const items = o.lines.map((l) => ({
        product: l.product === null ? null : { id: l.product, uid: `p${l.product}` },
        name: `Produkt ${l.product ?? 'frei'} (${o.lines.find((m) => m.product === l.product)!.version})`,
        amount: Number(l.amount),
        ...(l.unit === null ? {} : { unit: l.unit }),
        price: l.cents / 100,
      }));
      const cents = o.lines.reduce((s, l) => s + l.cents, 0) + o.deliveryCents;
      ticket += 1;
      return {
        uid: randomUUID(),
        hash: `h${ticket}`,
        status: o.status,
        branch_id: branchId,
        ticket_number: ticket,
        business_date: businessDate,
        is_quotation: o.quotation,
        is_delivery: o.type === 'delivery',
        is_dine_in: o.type === 'dineIn',
        payment_method: o.payment,
        channel: o.channel,
        items,
        pricing: {},
        total_gross: (cents / 100).toFixed(2),
        created_at: at.toISOString(),
      };
    });
    await t.dataSource.query(
      `INSERT INTO customer_order (uid, hash, status, branch_id, ticket_number, business_date, is_quotation, is_delivery,
              is_dine_in, payment_method, channel, items, pricing, total_gross, created_at)
       SELECT uid, hash, status, branch_id, ticket_number, business_date, is_quotation, is_delivery, is_dine_in,
              payment_method, channel, items, pricing, total_gross, created_at
         FROM jsonb_to_recordset($1::jsonb) AS x(uid uuid, hash varchar, status varchar, branch_id int, ticket_number int,
              business_date date, is_quotation boolean, is_delivery boolean, is_dine_in boolean, payment_method varchar,
              channel varchar, items jsonb, pricing jsonb, total_gross numeric, created_at timestamptz)`,
      [JSON.stringify(rows)],
    );
  }

  const change = fc.record({
    kind: fc.constantFrom('status', 'status', 'status', 'delete', 'items', 'move', 'channel', 'quotation'),
    pick: fc.integer({ min: 0, max: 10_000 }),
    status: fc.constantFrom(...STATES),
    branch: fc.constantFrom('vienna', 'linz', 'graz'),
  });

  async function apply(changes: (typeof change extends fc.Arbitrary<infer T> ? T : never)[]) {
    const ids = (
      (await t.dataSource.query(
        `SELECT id FROM customer_order WHERE ticket_number > 50000 ORDER BY id`,
      )) as Row[]
    ).map((r) => int(r.id));
    if (ids.length === 0) return;
    const branchIds: Record<string, number> = {
      vienna: demo.vienna.id,
      linz: demo.linz.id,
      graz: demo.graz.id,
    };
    for (const c of changes) {
      const id = ids[c.pick % ids.length]!;
      if (c.kind === 'status')
        await t.dataSource.query(`UPDATE customer_order SET status = $1 WHERE id = $2`, [c.status, id]);
      else if (c.kind === 'delete')
        await t.dataSource.query(`DELETE FROM customer_order WHERE id = $1`, [id]);
      else if (c.kind === 'items')
        await t.dataSource.query(
          `UPDATE customer_order SET items = items || jsonb_build_array(jsonb_build_object('product', jsonb_build_object('id', 3), 'name', 'Nachbestellt', 'amount', 2, 'unit', 'Stk.', 'price', 7.35)),
                  total_gross = total_gross + 7.35 WHERE id = $1`,
          [id],
        );
      else if (c.kind === 'move')
        await t.dataSource.query(
          `UPDATE customer_order SET branch_id = $1, business_date = business_date + 1 WHERE id = $2`,
          [branchIds[c.branch], id],
        );
      else if (c.kind === 'channel')
        await t.dataSource.query(`UPDATE customer_order SET channel = NULL WHERE id = $1`, [id]);
      else
        await t.dataSource.query(`UPDATE customer_order SET is_quotation = NOT is_quotation WHERE id = $1`, [
          id,
        ]);
    }
  }

  async function compareAll() {
    await compare('2026-03-01', '2026-11-30', null);
    await compare('2026-03-01', '2026-11-30', demo.vienna.id);
    await compare('2026-03-08', '2026-03-08', demo.graz.id);
    await compare('2026-03-29', '2026-03-30', null);
    await compare('2026-10-25', '2026-11-01', demo.linz.id);
    await compare('2026-10-25', '2026-10-25', null);
  }

  it('starts with roll-ups equal to the demo orders (the migration filled them) and empties them with the orders', async () => {
    await compare('2026-01-01', '2026-12-31', null);
    const [rows] = (await t.dataSource.query(`SELECT COUNT(*) AS n FROM statistics_order_day`)) as Row[];
    expect(int(rows!.n)).toBeGreaterThan(0);
  });

  it('gives every order set exactly as the straightforward queries, through inserts, changes, deletions and a new time zone', async () => {
    for (const name of ['vienna', 'linz', 'graz'] as const) ZONES[name] = demo[name].timeZone;
    await fc.assert(
      fc.asyncProperty(
        fc.array(order, { minLength: 1, maxLength: 60 }),
        fc.array(change, { minLength: 1, maxLength: 25 }),
        async (orders, changes) => {
          await insert(orders);
          await compareAll();
          await apply(changes);
          await compareAll();
          await t.dataSource.query(`DELETE FROM customer_order WHERE ticket_number > 50000`);
        },
      ),
      { numRuns: Number(process.env.STATISTICS_RUNS ?? 6), seed: Number(process.env.STATISTICS_SEED ?? 29) },
    );
  });

  it('recomputes the order times of a branch whose time zone changed', async () => {
    await insert(
      fc
        .sample(order, { numRuns: 80, seed: 5 })
        .map((o) => ({ ...o, branch: 'graz', status: 'completed', quotation: false })),
    );
    await compareAll();
    await t.dataSource.getRepository(Branch).update(demo.graz.id, { timeZone: 'America/New_York' });
    ZONES.graz = 'America/New_York';
    const before = await get('order-times', '2026-03-01', '2026-11-30', demo.graz.id);
    await compareAll();
    expect(before.total).toBeGreaterThan(0);
    await t.dataSource.query(`DELETE FROM customer_order WHERE ticket_number > 50000`);
    await t.dataSource.getRepository(Branch).update(demo.graz.id, { timeZone: demo.graz.timeZone });
  });
});
