#!/usr/bin/env node
// `npm run bench:print`: time from an order's creation to its receipt's last byte at the fake printer
// (real backend in-process, the terminal logic, the event stream), p50 and p95; target p95 ≤ 1 s.
// Runs desktop/test/print-latency.spec.ts with more orders: BENCH_PRINT_ORDERS (100), BENCH_PRINT_BURST (20).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', path.join(root, 'node_modules/jest/bin/jest.js'), 'test/print-latency'],
  {
    cwd: path.join(root, 'desktop'),
    stdio: 'inherit',
    env: {
      ...process.env,
      BENCH_PRINT_ORDERS: process.env.BENCH_PRINT_ORDERS ?? '100',
      BENCH_PRINT_BURST: process.env.BENCH_PRINT_BURST ?? '20',
    },
  },
);
process.exit(result.status ?? 1);
