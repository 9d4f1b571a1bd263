#!/usr/bin/env node
// Benchmark of the public reads on the demo data. Prints figures, asserts nothing.
//   npm run build && npm run bench:init
// 1. GET /api/init one request at a time: the build after a change is the baseline; the cached answer and
//    the 304 revalidation are printed as ratios against it.
// 2. Throughput (autocannon) at 1, 10 and 50 connections for /api/init (200 and 304) and /api/branches,
//    beside a bare node:http server (its own process) sending the very same bytes: the ratio is ours/bare.
// 3. The bytes sent with and without brotli.
// BENCH_ROUNDS (30) and BENCH_SECONDS (3 per measurement) make it shorter or longer.
import { spawn } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-init-'));
const server = spawn(process.execPath, [path.join(root, 'backend/dist/main.js')], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
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
      body: JSON.stringify({ identifier: 'gruber-linde', name: `Gruber & Linde GmbH ${i}`, description: '' }),
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
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
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
