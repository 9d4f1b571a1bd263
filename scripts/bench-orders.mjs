#!/usr/bin/env node
// Benchmark of order creation (POST /api/orders) with real carts of 3 to 8 items on the demo data, on the
// embedded database and on the PostgreSQL server, at concurrency 1 and 20; the liveness and readiness
// checks' latency during the concurrency-20 burst (target: liveness p99 <= 100 ms); and the time from a
// created order to its event on a staff SSE client (GET /api/events). Prints figures, asserts nothing.
//   npm run build && npm run bench:orders
// BENCH_ORDERS (200 per run), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadShop, orderBody, percentile, startBackend } from './bench-shop.mjs';

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

async function run(label, env, cleanup) {
  const backend = await startBackend(env);
  try {
    const shop = await loadShop(backend.base);
    await load(backend.base, shop, 4, 20); // warm-up
    const one = await load(backend.base, shop, 1, Math.min(ORDERS, 100));
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
  } finally {
    await backend.stop();
    await cleanup?.();
  }
}

console.log(
  `POST /api/orders with carts of 3-8 items, ${ORDERS} orders per run (targets: server >= 300 orders/s with p99 < 100 ms at concurrency 20; event p95 < 300 ms; liveness p99 <= 100 ms during the burst)`,
);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
await run('Embedded database (PGlite)', { DATA_DIR: dataDir }, () =>
  rmSync(dataDir, { recursive: true, force: true }),
);

const admin = new pg.Client({ connectionString: SERVER });
try {
  await admin.connect();
} catch {
  console.log(`\nPostgreSQL-Server: übersprungen, ${SERVER} ist nicht erreichbar.`);
  process.exit(0);
}
const name = `bench_orders_${Date.now()}`;
await admin.query(`CREATE DATABASE "${name}"`);
const url = new URL(SERVER);
url.pathname = `/${name}`;
await run('PostgreSQL server', { DATABASE_URL: url.toString() }, async () => {
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
});
