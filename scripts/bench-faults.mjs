#!/usr/bin/env node
// Figures of the product under attack and faults (issue 28): how many status-page streams one address can
// open (target: the cap, EVENT_STREAMS_PER_ADDRESS), health p99 during a 200-order burst (target: liveness
// <= 100 ms; `/api/health` and, where it answers, `/api/health/live`), the time to recover after a
// PostgreSQL restart, and orders lost (target 0). Prints figures, asserts nothing.
//   npm run build && npm run bench:faults
// BENCH_ORDERS (200 per burst), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_LOG_LEVEL (the backends' LOG_LEVEL, default silent).
//
// The restart is simulated for the bench's own database, never done to the machine's PostgreSQL (others
// use it): the backend reaches the server through a TCP proxy here; the "restart" ends every session of
// the bench database with pg_terminate_backend (57P01 admin_shutdown, as a restart does) and closes the
// proxy's port for two seconds (connections refused), then opens it again.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadShop, orderBody, percentile, sleep, startBackend } from './bench-shop.mjs';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 200);
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DOWN_MS = 2000;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'silent';

const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : '–');
/** The customers of this benchmark (a fresh address per run: the bench database may be reused). */
const customer = (n) => ({ lastName: `Störung ${n}`, email: `stoerung${n}-${Date.now()}@example.at` });

/**
 * Places one order as a client should: a 503 (or the key still in flight) is tried again with the same
 * Idempotency-Key. Returns what the client saw.
 */
async function placeOrder(base, body, seen) {
  const key = randomUUID();
  for (let attempt = 0; attempt < 200; attempt++) {
    let status;
    let json;
    try {
      const res = await fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      json = await res.json();
    } catch {
      status = 'hang or network error';
    }
    seen[status] = (seen[status] ?? 0) + 1;
    if (status === 201) return { uid: json.data.order.uid, email: body.email };
    await sleep(250);
  }
  return null;
}

/** Sequential probes of each URL until `stop()`; returns their latencies. */
function probe(base, urls) {
  const latencies = Object.fromEntries(urls.map((u) => [u, []]));
  let running = true;
  const done = Promise.all(
    urls.map(async (url) => {
      while (running) {
        const started = performance.now();
        try {
          await (await fetch(base + url, { signal: AbortSignal.timeout(30_000) })).arrayBuffer();
        } catch {}
        latencies[url].push(performance.now() - started);
        await sleep(20);
      }
    }),
  );
  return {
    stop: async () => {
      running = false;
      await done;
      return latencies;
    },
  };
}

/** A burst of `count` orders at concurrency 20, with health probed all along; `during` runs alongside. */
async function burst(base, shop, count, during) {
  const urls = ['/api/health'];
  if ((await fetch(`${base}/api/health/live`)).status === 200) urls.push('/api/health/live');
  const probes = probe(base, urls);
  const seen = {};
  const acknowledged = [];
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const extra = during?.(() => acknowledged.length);
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < count) {
        next += 1;
        const placed = await placeOrder(base, orderBody(shop, customer), seen);
        if (placed) acknowledged.push(placed);
        else failed += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const extraResult = await extra;
  const health = await probes.stop();
  return { seen, acknowledged, failed, seconds, health, extra: extraResult };
}

function printHealth(health) {
  for (const [url, xs] of Object.entries(health))
    console.log(
      `  ${url.padEnd(16)} during the burst: p50 ${ms(percentile(xs, 50))}, p99 ${ms(percentile(xs, 99))}, max ${ms(Math.max(...xs))} (${xs.length} probes)`,
    );
  if (!health['/api/health/live'])
    console.log('  /api/health/live: not answered by this build (no liveness route yet)');
}

/** Opens status-page streams from this one address until one is refused; returns the count and the refusal. */
async function streamsOfOneAddress(base, shop) {
  const orders = [];
  for (let i = 0; i < 30; i++) {
    const res = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify(orderBody(shop, customer)),
    });
    const json = await res.json();
    if (res.status === 201) orders.push(json.data.order);
  }
  const controllers = [];
  let opened = 0;
  let refusal = 'none up to 200';
  for (let i = 0; i < 200; i++) {
    const order = orders[Math.floor(i / 4) % orders.length]; // 4 per order: under the per-order cap
    const controller = new AbortController();
    const res = await fetch(`${base}/api/orders/public/${order.uid}/${order.hash}/events`, {
      signal: controller.signal,
    });
    if (res.status !== 200) {
      refusal = `${res.status}, Retry-After ${res.headers.get('retry-after')}`;
      await res.arrayBuffer().catch(() => undefined);
      break;
    }
    // Held and read, as a browser holds its EventSource (an unread, unreferenced fetch body is collected
    // and its connection closed, which would free the slot and inflate the count).
    controllers.push({ controller, reader: res.body.getReader() });
    controllers
      .at(-1)
      .reader.read()
      .catch(() => undefined);
    opened += 1;
  }
  for (const c of controllers) c.controller.abort();
  return { opened, refusal };
}

/** A TCP proxy to the server whose connections can be broken and refused, as by a restart. */
function tcpProxy(targetHost, targetPort) {
  const sockets = new Set();
  let server;
  let port = 0;
  const up = () =>
    new Promise((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => {
        port = server.address().port;
        resolve();
      });
    });
  const down = () =>
    new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return { up, down, port: () => port };
}

console.log(
  `Faults and attacks, ${ORDERS} orders per burst (targets: streams = the cap, liveness p99 <= 100 ms, orders lost 0)`,
);

// Embedded database: streams of one address, health during a burst.
{
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-faults-'));
  const backend = await startBackend({ DATA_DIR: dataDir }, LOG_LEVEL);
  try {
    const shop = await loadShop(backend.base);
    const streams = await streamsOfOneAddress(backend.base, shop);
    console.log('\nEmbedded database (PGlite):');
    console.log(
      `  status-page streams one address opened: ${streams.opened} (cap EVENT_STREAMS_PER_ADDRESS, default 20); the next: ${streams.refusal}`,
    );
    const b = await burst(backend.base, shop, ORDERS);
    console.log(
      `  burst: ${b.acknowledged.length}/${ORDERS} orders acknowledged in ${b.seconds.toFixed(1)} s, answers ${JSON.stringify(b.seen)}`,
    );
    printHealth(b.health);
  } finally {
    await backend.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// PostgreSQL server: health during a burst, and a restart in the middle of a second one.
const admin = new pg.Client({ connectionString: SERVER });
try {
  await admin.connect();
} catch {
  console.log(`\nPostgreSQL-Server: übersprungen, ${SERVER} ist nicht erreichbar.`);
  process.exit(0);
}
const name = `bench_faults_${Date.now()}`;
await admin.query(`CREATE DATABASE "${name}"`);
const target = new URL(SERVER);
const proxy = tcpProxy(target.hostname, Number(target.port || 5432));
await proxy.up();
const viaProxy = new URL(SERVER);
viaProxy.hostname = '127.0.0.1';
viaProxy.port = String(proxy.port());
viaProxy.pathname = `/${name}`;
const direct = new URL(SERVER);
direct.pathname = `/${name}`;
const backend = await startBackend({ DATABASE_URL: viaProxy.toString() }, LOG_LEVEL);
const db = new pg.Client({ connectionString: direct.toString() });
try {
  await db.connect();
  const shop = await loadShop(backend.base);
  console.log('\nPostgreSQL server:');
  const quiet = await burst(backend.base, shop, ORDERS);
  console.log(
    `  burst: ${quiet.acknowledged.length}/${ORDERS} orders acknowledged in ${quiet.seconds.toFixed(1)} s, answers ${JSON.stringify(quiet.seen)}`,
  );
  printHealth(quiet.health);

  const restarted = await burst(backend.base, shop, ORDERS, async (acknowledgedSoFar) => {
    while (acknowledgedSoFar() < ORDERS / 4) await sleep(10);
    await db.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    await proxy.down();
    await sleep(DOWN_MS);
    await proxy.up();
    const up = performance.now();
    for (;;) {
      try {
        if (
          (await fetch(`${backend.base}/api/health`, { signal: AbortSignal.timeout(30_000) })).status === 200
        )
          return performance.now() - up;
      } catch {}
      await sleep(20);
    }
  });
  const uids = restarted.acknowledged.map((o) => o.uid);
  const stored = await db.query('SELECT uid FROM customer_order WHERE uid = ANY($1)', [uids]);
  const found = new Set(stored.rows.map((r) => r.uid));
  const lost = uids.filter((u) => !found.has(u)).length;
  const emails = restarted.acknowledged.map((o) => o.email);
  const twice = await db.query(
    'SELECT count(*) AS n FROM (SELECT email FROM customer_order WHERE email = ANY($1) GROUP BY email HAVING count(*) > 1) d',
    [emails],
  );
  console.log(
    `  restart (sessions ended, port closed ${DOWN_MS} ms) after ${ORDERS / 4} of ${ORDERS} orders:`,
  );
  console.log(`    answers ${JSON.stringify(restarted.seen)} (500: ${restarted.seen[500] ?? 0})`);
  console.log(`    time to recover (server back -> /api/health 200): ${ms(restarted.extra)}`);
  console.log(
    `    orders lost: ${lost} of ${uids.length} acknowledged; written twice: ${twice.rows[0].n}; never acknowledged: ${restarted.failed}`,
  );
  printHealth(restarted.health);
} finally {
  await backend.stop();
  await db.end().catch(() => undefined);
  await proxy.down().catch(() => undefined);
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}
