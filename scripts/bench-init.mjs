#!/usr/bin/env node
// Benchmark of the public reads on the demo data. Prints figures, asserts nothing.
//   npm run build && npm run bench:init
// 1. GET /api/init one request at a time: the build after a change is the baseline; the cached answer and
//    the 304 revalidation are printed as ratios against it.
// 2. Throughput (autocannon) at 1, 10 and 50 connections for /api/init (200 and 304) and /api/branches,
//    beside a bare node:http server (its own process) sending the very same bytes: the ratio is ours/bare.
// 3. The bytes sent with and without brotli.
// 4. Lists that miss the cache: GET /api/products?limit=50 at 10 connections with a parameter the public
//    cache does not know (so every request is built by the app), anonymous and signed in as staff, beside
//    the cached answer; with the statements each request sends to the database (DB_STATEMENT_COUNT_FILE)
//    and, on the PostgreSQL server, the CPU its backends used for this database.
// BENCH_ROUNDS (30) and BENCH_SECONDS (3 per measurement) make it shorter or longer; BENCH_ONLY=lists runs
// only section 4; BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) runs the backend on
// a fresh database on that server instead of the embedded one (dropped afterwards); BENCH_STATEMENTS=1
// lists the statements per list request by shape.
import { spawn } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ONLY = process.env.BENCH_ONLY ?? '';
const SERVER = process.env.BENCH_DATABASE_URL ?? '';

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-init-'));
const countFile = path.join(dataDir, 'statements.json');
// On the server: a fresh database of our own, so that the demo data is seeded as on the embedded one.
let admin = null;
let database = null;
const { DATABASE_URL: _inherited, ...env } = process.env;
if (SERVER) {
  admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  database = `bench_init_${Date.now()}`;
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
}
const server = spawn(process.execPath, [path.join(root, 'backend/dist/main.js')], {
  env: {
    ...env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DB_STATEMENT_COUNT_FILE: countFile,
  },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 300) throw new Error('Server startet nicht.');
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Admin-Demo-2026' }),
  });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const { data } = await login.json();
  const csrf = data.csrfToken;

  if (ONLY !== 'lists') {
    const time = async (fn) => {
      const t0 = process.hrtime.bigint();
      await fn();
      return Number(process.hrtime.bigint() - t0) / 1e6;
    };
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

    let bytes = 0;
    let etag = '';
    const rebuild = [];
    const cached = [];
    const revalidated = [];
    for (let i = 0; i < ROUNDS; i++) {
      // A change through the API invalidates the cache: the next answer is built anew.
      await fetch(`${base}/api/divisions/1`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
        body: JSON.stringify({
          identifier: 'gruber-linde',
          name: `Gruber & Linde GmbH ${i}`,
          description: '',
        }),
      });
      rebuild.push(
        await time(async () => {
          const res = await fetch(`${base}/api/init`);
          etag = res.headers.get('etag');
          bytes = (await res.arrayBuffer()).byteLength;
        }),
      );
      cached.push(await time(async () => (await fetch(`${base}/api/init`)).arrayBuffer()));
      revalidated.push(
        await time(async () => {
          const res = await fetch(`${base}/api/init`, { headers: { 'if-none-match': etag } });
          if (res.status !== 304) throw new Error(`304 erwartet, ${res.status} erhalten`);
          await res.arrayBuffer();
        }),
      );
    }
    const b = median(rebuild);
    const c = median(cached);
    const r = median(revalidated);
    console.log(
      `GET /api/init on the demo data (${(bytes / 1024).toFixed(1)} KiB), median of ${ROUNDS} rounds:`,
    );
    console.log(`  built after a change (baseline)  ${b.toFixed(1)} ms`);
    console.log(`  cached body                      ${c.toFixed(1)} ms  (${(b / c).toFixed(1)}x faster)`);
    console.log(
      `  If-None-Match -> 304             ${r.toFixed(1)} ms  (${(b / r).toFixed(1)}x faster, 0 bytes of body)`,
    );

    await throughput(base);
  }
  await lists(base, cookie);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
}

/** A raw GET: status, headers and body bytes as sent (no decompression). */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

function cannon(url, connections, headers = {}) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: SECONDS, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );
}

/** As {@link cannon}, with the 95th percentile of the latencies (autocannon reports p90 and p97.5). */
function cannonP95(url, connections, headers = {}) {
  const times = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: SECONDS, headers }, (err, result) => {
      if (err) return reject(err);
      times.sort((a, b) => a - b);
      resolve({ ...result, p95: times.length ? times[Math.ceil(times.length * 0.95) - 1] : NaN });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

async function throughput(base) {
  // The bytes the bare server sends: exactly what our server sends an anonymous reader.
  const routes = {};
  for (const p of ['/api/init', '/api/branches']) {
    await rawGet(base + p);
    await new Promise((r) => setTimeout(r, 500)); // the cache compresses the first answer in the background
    const res = await rawGet(base + p);
    const br = await rawGet(base + p, { 'accept-encoding': 'br' });
    const gz = await rawGet(base + p, { 'accept-encoding': 'gzip' });
    routes[p] = {
      body: res.body,
      etag: res.headers.etag,
      type: res.headers['content-type'],
      br: br.body.length,
      gz: gz.body.length,
    };
  }
  const barePort = await freePort();
  const bareSource = `
    const http = require('node:http');
    const routes = JSON.parse(Buffer.from(process.env.ROUTES, 'base64').toString());
    for (const r of Object.values(routes)) r.body = Buffer.from(r.body, 'base64');
    http.createServer((req, res) => {
      const r = routes[req.url];
      if (!r) { res.statusCode = 404; return res.end(); }
      res.setHeader('ETag', r.etag);
      if (req.headers['if-none-match'] === r.etag) { res.statusCode = 304; return res.end(); }
      res.setHeader('Content-Type', r.type);
      res.setHeader('Content-Length', r.body.length);
      res.end(r.body);
    }).listen(${barePort}, '127.0.0.1', () => process.send('ready'));`;
  const encoded = Buffer.from(
    JSON.stringify(
      Object.fromEntries(
        Object.entries(routes).map(([p, r]) => [p, { ...r, body: r.body.toString('base64') }]),
      ),
    ),
  ).toString('base64');
  const bare = spawn(process.execPath, ['-e', bareSource], {
    env: { ...process.env, ROUTES: encoded },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((r) => bare.once('message', r));
  const bareBase = `http://127.0.0.1:${barePort}`;
  try {
    console.log(
      `\nThroughput, ${SECONDS} s per measurement (autocannon; ours vs. a bare node:http server sending the same bytes):`,
    );
    console.log('  route                      conn   ours req/s   p99 ms   bare req/s   p99 ms   ratio');
    const cases = [
      ['/api/init', '/api/init 200', {}],
      ['/api/init', '/api/init 304', { 'if-none-match': routes['/api/init'].etag }],
      ['/api/branches', '/api/branches 200', {}],
    ];
    for (const [p, label, headers] of cases) {
      for (const connections of [1, 10, 50]) {
        const ours = await cannon(base + p, connections, headers);
        const theirs = await cannon(bareBase + p, connections, headers);
        const ratio = ours.requests.average / theirs.requests.average;
        console.log(
          `  ${label.padEnd(26)} ${String(connections).padStart(4)} ${ours.requests.average.toFixed(0).padStart(12)} ${String(ours.latency.p99).padStart(8)} ${theirs.requests.average.toFixed(0).padStart(12)} ${String(theirs.latency.p99).padStart(8)}   ${ratio.toFixed(2)}`,
        );
      }
    }
    console.log('\nBytes sent to an anonymous reader:');
    for (const [p, r] of Object.entries(routes)) {
      console.log(
        `  ${p.padEnd(16)} plain ${(r.body.length / 1024).toFixed(1)} KiB, gzip ${(r.gz / 1024).toFixed(1)} KiB, brotli ${(r.br / 1024).toFixed(1)} KiB (${((r.br / r.body.length) * 100).toFixed(0)} %)`,
      );
    }
  } finally {
    bare.kill('SIGTERM');
  }
}

/** The server's statement counts, written by it a moment after they change (DB_STATEMENT_COUNT_FILE). */
async function statementCounts() {
  for (;;) {
    await new Promise((r) => setTimeout(r, 700));
    if (!existsSync(countFile)) return { total: 0, byShape: {} };
    try {
      return JSON.parse(readFileSync(countFile, 'utf8'));
    } catch {
      // read while the server rewrote it: read again
    }
  }
}

/** utime + stime of a process (all its threads) in seconds, from /proc (Linux; null elsewhere). */
function processCpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  } catch {
    return null;
  }
}

/**
 * CPU seconds the PostgreSQL backends of our database used so far (server on this machine; null
 * elsewhere): the backends of the pool live as long as the run, so the difference covers a measurement.
 */
function databaseCpuSeconds() {
  if (!database || !existsSync('/proc/self/stat')) return null;
  let sum = null;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmd;
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (!cmd.startsWith('postgres:') || !cmd.includes(` ${database} `)) continue;
    const cpu = processCpuSeconds(pid);
    if (cpu !== null) sum = (sum ?? 0) + cpu;
  }
  return sum;
}

/**
 * Statements per request of `url`: the shapes the server sends while idle (the version poll, the job
 * queue) are left out; `n` requests one after the other.
 */
async function statementsPerRequest(url, headers, n = 20) {
  // Requests of the previous measurement may still be answered: wait until the counts stand still.
  let idle0 = await statementCounts();
  for (let i = 0; i < 20; i++) {
    const again = await statementCounts();
    if (again.total === idle0.total) break;
    idle0 = again;
  }
  await new Promise((r) => setTimeout(r, 1000));
  const idle1 = await statementCounts();
  const background = new Set(
    Object.keys(idle1.byShape).filter((k) => idle1.byShape[k] !== (idle0.byShape[k] ?? 0)),
  );
  for (const k of ['SELECT collection, version FROM collection_version ORDER BY collection'])
    background.add(k);
  const before = await statementCounts();
  for (let i = 0; i < n; i++) await (await fetch(url, { headers })).arrayBuffer();
  const after = await statementCounts();
  const shapes = Object.entries(after.byShape)
    .map(([k, v]) => [k, (v - (before.byShape[k] ?? 0)) / n])
    .filter(([k, v]) => v > 0 && !background.has(k) && !k.startsWith('UPDATE job '))
    .sort((a, b) => b[1] - a[1]);
  return { total: shapes.reduce((s, [, v]) => s + v, 0), shapes };
}

/** Section 4: a 50-row product list built by the app for every request, beside its cached answer. */
async function lists(base, cookie) {
  const list = '/api/products?limit=50';
  // `_` is no parameter of the list: the public cache passes the request to the app, which ignores it.
  const bypass = `${list}&_=1`;
  const first = await fetch(base + list);
  const items = (await first.json()).data.length;
  const total = first.headers.get('x-total-count');
  await fetch(base + list);
  await new Promise((r) => setTimeout(r, 500)); // the second request is kept; compressed in the background
  const bytes = (await rawGet(base + list)).body.length;
  const cases = [
    ['cached (anonymous)', list, {}],
    ['anonymous, not cached (?_=1)', bypass, {}],
    ['staff (signed in, placements)', list, { cookie }],
  ];
  console.log(
    `\nLists that miss the cache: GET ${list} (${items} of ${total} products, ${(bytes / 1024).toFixed(1)} KiB), 10 connections, ${SECONDS} s, on ${database ? 'the PostgreSQL server' : 'the embedded database'}:`,
  );
  console.log(
    '  case                              req/s   p95 ms   vs cached   statements/request   CPU ms/request: server' +
      (database ? ' + PostgreSQL' : ''),
  );
  let cached = 0;
  for (const [label, p, headers] of cases) {
    const statements = await statementsPerRequest(base + p, headers);
    const node0 = processCpuSeconds(server.pid);
    const db0 = databaseCpuSeconds();
    const result = await cannonP95(base + p, 10, headers);
    const node1 = processCpuSeconds(server.pid);
    const db1 = databaseCpuSeconds();
    if (result.non2xx) throw new Error(`${label}: ${result.non2xx} answers were not 2xx`);
    const rps = result.requests.average;
    if (!cached) cached = rps;
    // CPU per request, not only requests/s: on a machine shared with other work it varies far less.
    const perRequest = (a, b) =>
      a === null || b === null ? '' : (((b - a) * 1000) / result.requests.total).toFixed(2);
    const cpu = [perRequest(node0, node1), perRequest(db0, db1)].filter(Boolean).join(' + ');
    console.log(
      `  ${label.padEnd(32)} ${rps.toFixed(0).padStart(6)} ${result.p95.toFixed(1).padStart(8)} ${(rps / cached).toFixed(3).padStart(11)} ${statements.total.toFixed(1).padStart(20)}   ${cpu}`,
    );
    if (process.env.BENCH_STATEMENTS === '1')
      for (const [shape, n] of statements.shapes) console.log(`      ${n.toFixed(2).padStart(6)}  ${shape}`);
  }
}
