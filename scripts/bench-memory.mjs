#!/usr/bin/env node
// Memory of the server process (issue "Scale", item 4): resident set size on the embedded database and on
// the PostgreSQL server, idle after start, after BENCH_SECONDS (60) of mixed load (the storefront's
// /api/init, orders, 20 staff event streams) and after a forced garbage collection, beside bare Node as the
// baseline of the same run. The embedded database's first start (initdb and the demo data) is shown apart:
// its peak is not what a running shop holds. Prints figures, asserts nothing.
//   npm run build && npm run bench:memory
// BENCH_SECONDS (60), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_ONLY
// (embedded or server: measure only that one), BENCH_NODE_ARGS (the server's Node flags instead of those of
// `npm start`, space-separated, to compare V8 settings), BENCH_MALLOC_ENV (the C allocator's settings instead
// of those of `npm start`, NAME=VALUE space-separated, empty for glibc's defaults).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  freshServerDatabase,
  loadShop,
  orderBody,
  serverMallocSettings,
  serverNodeArgs,
  sleep,
  startBackend,
} from './bench-shop.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_ONLY;

/** Resident and peak resident set size of a process, in MB (Linux /proc). */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const mb = (x) => `${x.toFixed(0).padStart(5)} MB`;

/** Asks the process's inspector for a full garbage collection (twice: weak references die in the second). */
async function collectGarbage(inspectPort) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  for (const id of [1, 2]) {
    socket.send(JSON.stringify({ id, method: 'HeapProfiler.collectGarbage' }));
    await new Promise((resolve) => {
      socket.onmessage = (m) => JSON.parse(String(m.data)).id === id && resolve();
    });
  }
  socket.close();
}

async function bareNode() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
  await sleep(1000);
  const { rss } = memoryOf(child.pid);
  child.kill();
  return rss;
}

/** A staff member's event stream (GET /api/events), read and thrown away until aborted. */
async function openStream(base, cookie, signal) {
  const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal });
  (async () => {
    try {
      for await (const chunk of res.body) void chunk;
    } catch {
      // aborted at the end
    }
  })();
}

/** SECONDS of mixed load: 3 storefront readers of /api/init (brotli), 2 customers ordering, 20 streams. */
async function mixedLoad(base) {
  const shop = await loadShop(base);
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin-Demo-2026' }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const controller = new AbortController();
  for (let i = 0; i < 20; i++) await openStream(base, cookie, controller.signal);
  const until = Date.now() + SECONDS * 1000;
  const counts = { init: 0, orders: 0, failed: 0 };
  const reader = async () => {
    while (Date.now() < until) {
      const res = await fetch(`${base}/api/init`, { headers: { 'accept-encoding': 'br' } });
      await res.arrayBuffer();
      counts.init += 1;
    }
  };
  let n = 0;
  const customer = async () => {
    while (Date.now() < until) {
      const res = await fetch(`${base}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(
          orderBody(shop, () => ({ lastName: `Speicher ${++n}`, email: `speicher${n}@example.at` })),
        ),
      });
      await res.arrayBuffer();
      if (res.status === 201) counts.orders += 1;
      else counts.failed += 1;
    }
  };
  await Promise.all([reader(), reader(), reader(), customer(), customer()]);
  controller.abort();
  return counts;
}

/** Starts the backend on `env`, measures idle, after load, after GC; returns the figures. */
async function measure(env) {
  const inspectPort = await freePort();
  const server = await startBackend(env, 'silent', [`--inspect=127.0.0.1:${inspectPort}`]);
  try {
    await sleep(5000);
    const idle = memoryOf(server.pid);
    const counts = await mixedLoad(server.base);
    await sleep(2000);
    const loaded = memoryOf(server.pid);
    await collectGarbage(inspectPort);
    await sleep(1000);
    const collected = memoryOf(server.pid);
    return {
      idle: idle.rss,
      startPeak: idle.peak,
      loaded: loaded.rss,
      peak: loaded.peak,
      gc: collected.rss,
      counts,
    };
  } finally {
    await server.stop();
  }
}

function print(title, bare, r) {
  console.log(`\n${title}`);
  console.log(
    `  idle after start   ${mb(r.idle)}  (${(r.idle / bare).toFixed(1)}× bare Node; peak while starting ${mb(r.startPeak)})`,
  );
  console.log(
    `  after ${SECONDS} s of load ${mb(r.loaded)}  (${(r.loaded / bare).toFixed(1)}× bare Node; peak ${mb(r.peak)})`,
  );
  console.log(`  after a forced GC  ${mb(r.gc)}  (${(r.gc / bare).toFixed(1)}× bare Node)`);
  console.log(
    `  load served: ${r.counts.init} /api/init, ${r.counts.orders} orders (${r.counts.failed} refused), 20 streams`,
  );
}

const bare = await bareNode();
console.log(
  `Resident memory of the server process (targets: PostgreSQL server <= 250 MB after load, embedded <= 400 MB)`,
);
console.log(
  `bare Node (the baseline): ${mb(bare)}; load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log(
  `server's Node flags: ${serverNodeArgs.join(' ') || '(none)'}; allocator: ${serverMallocSettings}`,
);

if (ONLY !== 'server') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  try {
    // The first start creates the database (the prepared cluster or initdb, migrations, demo data): its
    // memory, then a restart.
    const started = Date.now();
    const first = await startBackend({ DATA_DIR: dataDir });
    const healthy = Date.now() - started;
    await sleep(3000);
    const created = memoryOf(first.pid);
    await first.stop();
    console.log(
      `\nEmbedded database, first start (fresh folder): ${mb(created.rss)} 3 s after it answered, ` +
        `peak ${mb(created.peak)}; answered after ${(healthy / 1000).toFixed(1)} s`,
    );
    print(
      'Embedded database (PGlite), restarted on its data folder',
      bare,
      await measure({ DATA_DIR: dataDir }),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (ONLY === 'embedded') process.exit(0);

const database = await freshServerDatabase(SERVER, 'bench_memory');
if (!database) process.exit(0);
try {
  print('PostgreSQL server', bare, await measure({ DATABASE_URL: database.url }));
} finally {
  await database.drop();
  console.log(
    `\nload average at the end ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
}
