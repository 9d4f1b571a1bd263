#!/usr/bin/env node
// Benchmark of the back office's statistics at a year's volume (issue 29, item 5): a fresh database of each
// kind (a PGlite temp folder; a database created on the PostgreSQL server and dropped at the end) gets the
// demo shop from the built backend's first start, then a year of orders written as plain SQL batches
// (BENCH_STATISTICS_PER_DAY orders a day in each of two branches, default 200: 146,000 orders; realistic
// carts of 1-6 lines taken from real orders placed through the API, a share cancelled, rejected, failed
// or waiting for payment, takeaway/delivery/dine-in, several payment methods and channels). Then every
// statistics set is asked over 30 and 365 days as the dashboard asks it (signed in as admin, over HTTP),
// one request at a time (p50/p95 of BENCH_STATISTICS_RUNS runs, default 20), and the whole dashboard at
// once (every set in parallel, as the screen loads). Baseline: a plain `SELECT count(*)` over the same
// orders (the range's business days), through a direct connection. Prints figures, asserts nothing.
//   npm run build && npm run bench:statistics
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_STATISTICS_KINDS
// (`pglite,server`), BENCH_STATISTICS_KEEP=1 keeps the server database (its name is printed) for EXPLAIN.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { STATISTICS_SETS } from '@ordering/common';
import pg from 'pg';
import { freshServerDatabase, loadShop, orderBody, percentile, startBackend } from './bench-shop.mjs';

const PER_DAY = Number(process.env.BENCH_STATISTICS_PER_DAY ?? 200);
const RUNS = Number(process.env.BENCH_STATISTICS_RUNS ?? 20);
const DAYS = 365;
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KINDS = (process.env.BENCH_STATISTICS_KINDS ?? 'pglite,server').split(',');
const ZONE = 'Europe/Vienna';

/** Every set of the statistics API, as the contract lists them. */
const SETS = STATISTICS_SETS;

/** A small deterministic generator (mulberry32), so both databases get the same year. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (rnd, weighted) => {
  let r = rnd() * weighted.reduce((s, [, w]) => s + w, 0);
  for (const [value, w] of weighted) if ((r -= w) < 0) return value;
  return weighted.at(-1)[0];
};

const localDay = (date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
const addDays = (day, n) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Orders placed through the API: their stored lines become the year's cart lines (one per product). */
async function templates(base) {
  const shop = await loadShop(base);
  const init = await (await fetch(`${base}/api/init`)).json();
  const branches = init.data.find((e) => e.url === '/api/branches').data.data;
  const linz =
    branches.find((b) => b.identifier === 'gasthaus-linde-linz') ??
    branches.find((b) => b.id !== shop.vienna.id);
  const lines = new Map();
  let pricing = null;
  for (let i = 0; i < 12; i++) {
    const res = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(
        orderBody(shop, (n) => ({ lastName: `Vorlage ${n}`, email: `vorlage${n}@example.at` })),
      ),
    });
    const json = await res.json();
    if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(json)}`);
    pricing ??= json.data.order.pricing;
    for (const line of json.data.order.items) {
      const cents = Math.round(Number(line.price) * 100);
      lines.set(line.product.id, { line, unitCents: Math.round(cents / Number(line.amount)) });
    }
  }
  return { branches: [shop.vienna, linz], lines: [...lines.values()], pricing };
}

const STATUSES = [
  ['completed', 78],
  ['delivered', 6],
  ['confirmed', 3],
  ['unconfirmed', 1],
  ['canceled', 6],
  ['rejected', 4],
  ['failed', 1],
  ['pendingPayment', 1],
];
const TYPES = [
  ['takeaway', 50],
  ['delivery', 30],
  ['dineIn', 20],
];
const PAYMENTS = [
  ['cash', 45],
  ['atm-card', 30],
  ['mollie', 15],
  ['datatrans', 8],
  ['hydro-ag-voucher', 2],
];
const CHANNELS = [
  ['web', 55],
  ['app', 25],
  ['kiosk', 15],
  [null, 5],
];

/** The year's orders, day by day (the last day is today in Vienna), as rows for `jsonb_to_recordset`. */
function* yearOfOrders(t) {
  const rnd = random(29);
  const today = localDay(new Date());
  for (let d = DAYS - 1; d >= 0; d--) {
    const day = addDays(today, -d);
    for (const branch of t.branches) {
      const startUtc = Date.parse(`${day}T00:00:00Z`);
      for (let n = 1; n <= PER_DAY; n++) {
        // Arrival 10:00-22:00 local (the offset is 1 or 2 hours): 08:00-20:00 UTC plus a little.
        const at = new Date(
          startUtc + (8 * 60 + Math.floor(rnd() * 12 * 60)) * 60_000 + Math.floor(rnd() * 60_000),
        );
        const status = pick(rnd, STATUSES);
        const type = pick(rnd, TYPES);
        const payment = status === 'pendingPayment' ? 'mollie' : pick(rnd, PAYMENTS);
        const count = 1 + Math.floor(rnd() * 6);
        const items = [];
        let cents = 0;
        for (let i = 0; i < count; i++) {
          const { line, unitCents } = t.lines[Math.floor(rnd() * rnd() * t.lines.length)];
          const amount = 1 + Math.floor(rnd() * rnd() * 4);
          cents += unitCents * amount;
          items.push({ ...line, amount, price: (unitCents * amount) / 100 });
        }
        if (type === 'delivery') cents += 350;
        const total = (cents / 100).toFixed(2);
        yield {
          uid: randomUUID(),
          hash: randomBytes(24).toString('base64url'),
          status,
          branch_id: branch.id,
          branch_name: branch.name,
          ticket_number: 1000 + n, // above the demo's and the templates' numbers
          business_date: localDay(at),
          is_delivery: type === 'delivery',
          is_dine_in: type === 'dineIn',
          is_confirmed: !['unconfirmed', 'pendingPayment', 'rejected', 'failed'].includes(status),
          is_rejected: status === 'rejected',
          is_canceled: status === 'canceled',
          is_completed: status === 'completed' || status === 'delivered',
          is_delivered: status === 'delivered',
          is_failed: status === 'failed',
          is_paid: ['mollie', 'datatrans'].includes(payment) && status !== 'pendingPayment',
          table_identifier: type === 'dineIn' ? `T${1 + Math.floor(rnd() * 12)}` : null,
          first_name: 'Jahres',
          last_name: `Kunde ${n}`,
          email: `kunde${n}@example.at`,
          phone: '+43 664 1234567',
          payment_method: payment,
          channel: pick(rnd, CHANNELS),
          items,
          pricing: { ...t.pricing, totalGross: Number(total) },
          total_gross: total,
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
        };
      }
    }
  }
}

const COLUMNS = `uid uuid, hash varchar, status varchar, branch_id int, branch_name varchar, ticket_number int,
  business_date date, is_delivery boolean, is_dine_in boolean, is_confirmed boolean, is_rejected boolean,
  is_canceled boolean, is_completed boolean, is_delivered boolean, is_failed boolean, is_paid boolean,
  table_identifier varchar, first_name varchar, last_name varchar, email varchar, phone varchar,
  payment_method varchar, channel varchar, items jsonb, pricing jsonb, total_gross numeric, created_at timestamptz,
  updated_at timestamptz`;
const NAMES = COLUMNS.split(',').map((c) => c.trim().split(/\s+/)[0]);

/** Writes the year in batches of 2,000 orders, one INSERT each; returns the seconds it took. */
async function seed(query, t) {
  const started = performance.now();
  let batch = [];
  const flush = async () => {
    if (!batch.length) return;
    await query(
      `INSERT INTO customer_order (${NAMES.join(', ')}) SELECT ${NAMES.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${COLUMNS})`,
      [JSON.stringify(batch)],
    );
    batch = [];
  };
  for (const row of yearOfOrders(t)) {
    batch.push(row);
    if (batch.length === 2000) await flush();
  }
  await flush();
  await query('ANALYZE', []);
  return (performance.now() - started) / 1000;
}

async function timed(fn, runs) {
  await fn();
  await fn();
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

const ranges = () => {
  const to = localDay(new Date());
  return [30, 365].map((days) => ({ days, from: addDays(to, -(days - 1)), to }));
};

async function measure(base) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin-Demo-2026' }),
  });
  if (!login.ok) throw new Error(`Anmeldung: ${login.status}`);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const ask = async (set, r) => {
    const res = await fetch(`${base}/api/statistics/${set}?from=${r.from}&to=${r.to}`, {
      headers: { cookie },
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${set}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const figures = {};
  // The first order set after the year was written also brings the roll-ups of every day up to date.
  const first = performance.now();
  await ask('orders', ranges()[0]);
  figures.first = performance.now() - first;
  for (const r of ranges()) {
    figures[r.days] = {};
    for (const set of SETS) figures[r.days][set] = await timed(() => ask(set, r), RUNS);
    figures[r.days].dashboard = await timed(
      () => Promise.all(SETS.map((set) => ask(set, r))),
      Math.max(5, RUNS / 4),
    );
    const orders = await ask('orders', r);
    figures[r.days].orders.count = orders.data.total;
  }
  return figures;
}

async function baseline(query) {
  const out = {};
  for (const r of ranges()) {
    const sql = `SELECT count(*) FROM customer_order WHERE business_date BETWEEN $1 AND $2`;
    out[r.days] = {
      ...(await timed(() => query(sql, [r.from, r.to]), RUNS)),
      rows: Number((await query(sql, [r.from, r.to])).rows[0].count),
    };
  }
  return out;
}

function print(label, seconds, figures, base) {
  console.log(
    `\n${label}: ${(PER_DAY * 2 * DAYS).toLocaleString('en')} orders written in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `  the first statistics request after the restart (orders, 30 days; the roll-ups of the year just written are recomputed by the start's background refresh, which this request waits for, or by the request itself): ${figures.first.toFixed(0)} ms`,
  );
  for (const days of [30, 365]) {
    const b = base[days];
    console.log(
      `  ${days} days (${b.rows.toLocaleString('en')} orders in the range; ${figures[days].orders.count.toLocaleString('en')} counted): baseline SELECT count(*) p50 ${b.p50.toFixed(1)} ms, p95 ${b.p95.toFixed(1)} ms`,
    );
    for (const set of [...SETS, 'dashboard']) {
      const f = figures[days][set];
      console.log(
        `    ${(set === 'dashboard' ? 'whole dashboard (all sets at once)' : set).padEnd(36)} p50 ${f.p50.toFixed(1).padStart(7)} ms  p95 ${f.p95.toFixed(1).padStart(7)} ms  (p50 ${(f.p50 / b.p50).toFixed(1)} x baseline)`,
      );
    }
  }
  console.log(
    `  load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

console.log(
  `Statistics over a year of orders (${PER_DAY} a day in each of two branches), p50/p95 of ${RUNS} requests per set (targets: p95 <= 200 ms on the server, <= 500 ms on PGlite over 365 days); load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, ${os.cpus().length} cores`,
);

if (KINDS.includes('pglite')) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-statistics-'));
  try {
    let backend = await startBackend({ DATA_DIR: dataDir });
    const t = await templates(backend.base);
    await backend.stop();
    const { PGlite } = await import('@electric-sql/pglite');
    const { uuid_ossp } = await import('@electric-sql/pglite/contrib/uuid_ossp');
    let db = await PGlite.create({ dataDir, extensions: { uuid_ossp } });
    const seconds = await seed((sql, params) => db.query(sql, params), t);
    await db.close();
    backend = await startBackend({ DATA_DIR: dataDir });
    let figures;
    try {
      figures = await measure(backend.base);
    } finally {
      await backend.stop();
    }
    db = await PGlite.create({ dataDir, extensions: { uuid_ossp } });
    const base = await baseline((sql, params) => db.query(sql, params));
    await db.close();
    print('Embedded database (PGlite)', seconds, figures, base);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (KINDS.includes('server')) {
  const database = await freshServerDatabase(SERVER, 'bench_statistics');
  if (!database) process.exit(0);
  const url = new URL(database.url);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => {});
  try {
    let backend = await startBackend({ DATABASE_URL: url.toString() });
    const t = await templates(backend.base);
    await backend.stop();
    const seconds = await seed((sql, params) => pool.query(sql, params), t);
    backend = await startBackend({ DATABASE_URL: url.toString() });
    let figures;
    try {
      figures = await measure(backend.base);
    } finally {
      await backend.stop();
    }
    const base = await baseline((sql, params) => pool.query(sql, params));
    print('PostgreSQL server', seconds, figures, base);
  } finally {
    await pool.end();
    if (process.env.BENCH_STATISTICS_KEEP === '1') console.log(`  kept: ${url.toString()}`);
    else await database.drop();
  }
}
