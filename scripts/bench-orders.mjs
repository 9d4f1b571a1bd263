#!/usr/bin/env node
// Benchmark of order creation (POST /api/orders) with real carts of 3 to 8 items on the demo data, on the
// embedded database and on the PostgreSQL server, at concurrency 1 and 20; the liveness and readiness
// checks' latency during the concurrency-20 burst (target: liveness p99 <= 100 ms); and the time from a
// created order to its event on a staff SSE client (GET /api/events); the statements (= round trips) per
// order, counted by the server (DB_STATEMENT_COUNT_FILE) over the concurrency-1 phase; and, as the
// physical baseline, the rate of plain INSERTs of the same rows (each order's rows in one statement, one
// transaction per order, at concurrency 20 through `pg` on the server; on PGlite, which `pg` cannot
// reach, through PGlite's own query call in this process). Prints figures, asserts nothing.
//   npm run build && npm run bench:orders
// BENCH_ORDERS (200 per run), BENCH_ONLY=pglite|server (one database kind), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_STATEMENTS=1 also lists the statements per order by shape, BENCH_CPU_PROF=<dir> writes a CPU
// profile of the server (node --cpu-prof) per database kind into <dir>.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshServerDatabase, loadShop, orderBody, percentile, sleep, startBackend } from './bench-shop.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The demo's customers of this benchmark. */
const customer = (n) => ({ lastName: `Kunde ${n}`, email: `kunde${n}@example.at` });

async function post(base, body) {
  const started = performance.now();
  const res = await fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(json.errors ?? json)}`);
  return { ms, uid: json.data.order.uid, sent: started, answered: performance.now() };
}

async function load(base, shop, concurrency, count) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        latencies.push((await post(base, orderBody(shop, customer))).ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: count / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** A staff SSE client: resolves each order uid's event arrival time. */
async function staffStream(base) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin-Demo-2026' }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal });
  const arrivals = new Map();
  const waiting = new Map();
  (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!/^event: order\.created$/m.test(block)) continue;
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5))
            .join('\n');
          const uid = JSON.parse(data).order?.uid ?? JSON.parse(data).uid;
          const at = performance.now();
          arrivals.set(uid, at);
          waiting.get(uid)?.(at);
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  return {
    arrival: (uid) =>
      arrivals.has(uid)
        ? Promise.resolve(arrivals.get(uid))
        : new Promise((resolve) => waiting.set(uid, resolve)),
    close: () => controller.abort(),
  };
}

async function eventLatency(base, shop, count) {
  const stream = await staffStream(base);
  await new Promise((r) => setTimeout(r, 300));
  // From the moment the order is sent (its creation included) to its event at the staff client; the
  // event is pushed after the commit, usually before the 201 itself reaches the customer.
  const delays = [];
  let beforeAnswer = 0;
  for (let i = 0; i < count; i++) {
    const created = await post(base, orderBody(shop, customer));
    const arrived = await Promise.race([
      stream.arrival(created.uid),
      new Promise((r) => setTimeout(() => r(null), 5000)),
    ]);
    if (arrived === null) continue;
    delays.push(arrived - created.sent);
    if (arrived <= created.answered) beforeAnswer += 1;
  }
  stream.close();
  return {
    p50: percentile(delays, 50),
    p95: percentile(delays, 95),
    received: delays.length,
    count,
    beforeAnswer,
  };
}

/**
 * Asks `path` again and again (one request at a time, 20 ms apart) until stopped; resolves the latencies.
 * Liveness must not wait for the orders' database work, readiness does.
 */
function sampleHealth(base, path) {
  const latencies = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${base}${path}`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    running = false;
    await done;
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), n: latencies.length };
  };
}

/** The server's statement counts (written by it a moment after they change). */
async function statementCounts(file) {
  await sleep(800);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return { total: 0, byShape: {} };
  }
}

/** Statements per order between two counts, in all and by shape (most first). */
function perOrder(before, after, orders) {
  const shapes = Object.entries(after.byShape)
    .map(([shape, n]) => [shape, (n - (before.byShape[shape] ?? 0)) / orders])
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  return { total: (after.total - before.total) / orders, shapes };
}

/** The tables an order writes, with how its rows are found (`$1`: the order's id, `$2`: its uid). */
const ORDER_ROWS = [
  ['customer_order', 'id = $1::int'],
  ['order_payment', 'order_id = $1::int'],
  ['event_log', 'order_uid::text = $2::text'],
  ['job', "payload ->> 'orderId' = $1::text"],
  ['audit_log', "entity_type = 'orders' AND entity_id::text = $1::text"],
  ['idempotency_key', "response -> 'data' -> 'order' ->> 'uid' = $2::text"],
];

/**
 * The physical floor: the rows the benchmark's orders wrote (read back from the database), inserted
 * again into copies of their tables (same columns, defaults and indexes) as one statement per order in a
 * transaction of its own, with the ticket counter's upsert in the same statement. `query(sql, params)`
 * runs one statement; `concurrency` callers share it.
 */
async function plainInsertRate(query, concurrency) {
  const orders = (await query(`SELECT id, uid FROM customer_order ORDER BY id DESC LIMIT $1`, [ORDERS])).rows;
  const present = [];
  for (const [table] of ORDER_ROWS) {
    const exists = await query(`SELECT to_regclass($1) IS NOT NULL AS ok`, [table]);
    if (!exists.rows[0].ok) continue;
    present.push(ORDER_ROWS.find(([t]) => t === table));
    await query(`DROP TABLE IF EXISTS bench_copy_${table}`);
    await query(`CREATE TABLE bench_copy_${table} (LIKE ${table} INCLUDING DEFAULTS INCLUDING INDEXES)`);
  }
  await query(`DROP TABLE IF EXISTS bench_copy_counter`);
  await query(
    `CREATE TABLE bench_copy_counter (branch_id int, business_date date, last int, PRIMARY KEY (branch_id, business_date))`,
  );
  const rowsOf = [];
  for (const order of orders) {
    const sets = [];
    for (const [table, where] of present) {
      const params = [order.id, order.uid].slice(0, where.includes('$2') ? 2 : 1);
      const sql = `SELECT coalesce(jsonb_agg(t), '[]') AS rows FROM ${table} t WHERE ${where}`;
      const rows = (
        await query(
          where.includes('$1') ? sql : sql.replaceAll('$2', '$1'),
          where.includes('$1') ? params : [order.uid],
        )
      ).rows[0].rows;
      sets.push(typeof rows === 'string' ? rows : JSON.stringify(rows));
    }
    rowsOf.push(sets);
  }
  const sql =
    `WITH ticket AS (INSERT INTO bench_copy_counter (branch_id, business_date, last) VALUES (1, '2026-01-01', 1)
       ON CONFLICT (branch_id, business_date) DO UPDATE SET last = bench_copy_counter.last + 1 RETURNING last)` +
    present
      .map(
        ([table], i) =>
          `, w${i} AS (INSERT INTO bench_copy_${table} SELECT * FROM jsonb_populate_recordset(NULL::bench_copy_${table}, $${i + 1}::jsonb))`,
      )
      .join('') +
    ` SELECT last FROM ticket`;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < rowsOf.length) {
        const sets = rowsOf[next++];
        await query(sql, sets);
      }
    }),
  );
  const perSecond = rowsOf.length / ((performance.now() - started) / 1000);
  const rows = rowsOf.reduce((n, sets) => n + sets.reduce((m, set) => m + JSON.parse(set).length, 1), 0);
  for (const [table] of present) await query(`DROP TABLE bench_copy_${table}`);
  await query(`DROP TABLE bench_copy_counter`);
  return { perSecond, rowsPerOrder: rows / rowsOf.length, tables: present.map(([t]) => t) };
}

async function run(label, env, baseline, cleanup) {
  const countFile = path.join(os.tmpdir(), `bench-orders-statements-${process.pid}-${Date.now()}.json`);
  const profileDir = process.env.BENCH_CPU_PROF;
  const backend = await startBackend(
    { ...env, DB_STATEMENT_COUNT_FILE: countFile },
    'silent',
    profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  let stopped = false;
  try {
    const shop = await loadShop(backend.base);
    await load(backend.base, shop, 4, 20); // warm-up
    const counted = Math.min(ORDERS, 100);
    const before = await statementCounts(countFile);
    const one = await load(backend.base, shop, 1, counted);
    const statements = perOrder(before, await statementCounts(countFile), counted);
    const live = sampleHealth(backend.base, '/api/health/live');
    const ready = sampleHealth(backend.base, '/api/health/ready');
    const twenty = await load(backend.base, shop, 20, ORDERS);
    const health = { live: await live(), ready: await ready() };
    const events = await eventLatency(backend.base, shop, 50);
    console.log(`\n${label}:`);
    for (const [c, r] of [
      [1, one],
      [20, twenty],
    ])
      console.log(
        `  concurrency ${String(c).padStart(2)}: ${r.perSecond.toFixed(1).padStart(6)} orders/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms`,
      );
    for (const [name, h] of Object.entries(health))
      console.log(
        `  GET /api/health/${name} during the concurrency-20 burst: p50 ${h.p50.toFixed(1)} ms, p99 ${h.p99.toFixed(1)} ms (${h.n} requests)`,
      );
    console.log(
      `  order sent -> its event at a staff SSE client: p50 ${events.p50?.toFixed(1)} ms, p95 ${events.p95?.toFixed(1)} ms (${events.received}/${events.count} received, ${events.beforeAnswer} before the 201 reached the customer)`,
    );
    console.log(
      `  statements (= round trips) per order at concurrency 1: ${statements.total.toFixed(1)} (all the server sent over ${counted} orders, its background polls and jobs included)`,
    );
    if (process.env.BENCH_STATEMENTS === '1')
      for (const [shape, n] of statements.shapes) console.log(`    ${n.toFixed(2).padStart(6)}  ${shape}`);
    await backend.stop();
    stopped = true;
    const floor = await baseline();
    console.log(
      `  physical baseline: plain INSERT of the same rows (${floor.rowsPerOrder.toFixed(1)} rows per order in ${floor.tables.length + 1} tables, one statement per order, ${floor.concurrency} at a time): ${floor.perSecond.toFixed(0)} orders/s; the app reaches ${((twenty.perSecond / floor.perSecond) * 100).toFixed(1)} % of it at concurrency 20 (ratio 1 : ${(floor.perSecond / twenty.perSecond).toFixed(1)})`,
    );
  } finally {
    if (!stopped) await backend.stop();
    rmSync(countFile, { force: true });
    await cleanup?.();
  }
}

console.log(
  `POST /api/orders with carts of 3-8 items, ${ORDERS} orders per run (targets: server >= 300 orders/s with p99 < 100 ms at concurrency 20; event p95 < 300 ms; liveness p99 <= 100 ms during the burst)`,
);
const ONLY = process.env.BENCH_ONLY; // 'pglite' or 'server': one database kind only
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
if (ONLY !== 'server')
  await run(
    'Embedded database (PGlite)',
    { DATA_DIR: dataDir },
    async () => {
      // The data folder the server left, opened in this process (one connection: one caller at a time).
      const { PGlite } = await import('@electric-sql/pglite');
      const { uuid_ossp } = await import('@electric-sql/pglite/contrib/uuid_ossp');
      const db = await PGlite.create({ dataDir, extensions: { uuid_ossp } });
      try {
        return { ...(await plainInsertRate((sql, params) => db.query(sql, params), 1)), concurrency: 1 };
      } finally {
        await db.close();
      }
    },
    () => rmSync(dataDir, { recursive: true, force: true }),
  );

if (ONLY === 'pglite') process.exit(0);
const database = await freshServerDatabase(SERVER, 'bench_orders');
if (!database) process.exit(0);
const url = database.url;
await run(
  'PostgreSQL server',
  { DATABASE_URL: url },
  async () => {
    const pool = new pg.Pool({ connectionString: url, max: 20 });
    pool.on('error', () => {}); // idle clients ended by the database's removal afterwards
    try {
      return { ...(await plainInsertRate((sql, params) => pool.query(sql, params), 20)), concurrency: 20 };
    } finally {
      await pool.end();
    }
  },
  () => database.drop(),
);
