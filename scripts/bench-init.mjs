#!/usr/bin/env node
// Benchmark of GET /api/init on the demo data: the uncached build (after a change) is the baseline; the
// cached answer and the 304 revalidation are printed as ratios against it. Prints figures, asserts nothing.
//   npm run build && npm run bench:init
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});
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
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
