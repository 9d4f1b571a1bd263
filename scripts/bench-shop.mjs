// What the order benchmarks share (bench-orders, bench-faults): the built backend started on its own data,
// the demo shop as the storefront sees it, and real carts of 3 to 8 items. Prints nothing, asserts nothing.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STOREFRONT_PRODUCT_DEFAULTS, withStorefrontDefaults } from '@ordering/common';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS, serverEnv } from './server-flags.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const tryPort = (port) =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(null));
    srv.listen(port, '127.0.0.1', () => {
      const { port: got } = srv.address();
      srv.close(() => resolve(got));
    });
  });

/**
 * A free port: any, or the first free one of BENCH_PORTS (`4500-4599`) when a shared machine gives each
 * session its own range.
 */
export const freePort = async () => {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) return tryPort(0);
  for (let port = Number(range[1]); port <= Number(range[2]); port++) {
    const got = await tryPort(port);
    if (got) return got;
  }
  throw new Error(`Kein freier Port in ${process.env.BENCH_PORTS}.`);
};

/** The p-th percentile of the numbers (NaN for none). */
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

/**
 * The server's Node flags in the benchmarks: those `npm start` uses, or BENCH_NODE_ARGS (space-separated;
 * empty for none) to compare V8 settings.
 */
export const serverNodeArgs =
  process.env.BENCH_NODE_ARGS === undefined
    ? SERVER_NODE_FLAGS
    : process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean);

/**
 * The server's environment in the benchmarks: this process's, with the C allocator's settings of `npm start`
 * (`serverEnv`), or with BENCH_MALLOC_ENV's instead (space-separated NAME=VALUE pairs; empty for glibc's
 * defaults) to compare them.
 */
export const serverBaseEnv =
  process.env.BENCH_MALLOC_ENV === undefined
    ? serverEnv(process.env)
    : {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !(name in SERVER_MALLOC_ENV))),
        ...Object.fromEntries(
          process.env.BENCH_MALLOC_ENV.split(' ')
            .filter(Boolean)
            .map((pair) => pair.split('=')),
        ),
      };

/** The allocator's settings the benchmarks' server runs with, as `NAME=VALUE …` (for the printout). */
export const serverMallocSettings =
  Object.keys(SERVER_MALLOC_ENV)
    .filter((name) => serverBaseEnv[name] !== undefined)
    .map((name) => `${name}=${serverBaseEnv[name]}`)
    .join(' ') || "(glibc's defaults)";

/**
 * Starts the built backend with its own data (`env`: DATA_DIR or DATABASE_URL, and any other setting);
 * public writes unthrottled; started with {@link serverNodeArgs}, then `nodeArgs` (e.g. `--inspect`), in
 * {@link serverBaseEnv}.
 * Returns its base URL, its process id and a stop function.
 */
export async function startBackend(env, logLevel = 'silent', nodeArgs = []) {
  const port = await freePort();
  // BENCH_BUILD: another build's folder (with backend/dist and web/dist), to compare two builds in one run.
  const build = process.env.BENCH_BUILD ?? root;
  const args = [...serverNodeArgs, ...nodeArgs, path.join(build, 'backend/dist/main.js')];
  const child = spawn(process.execPath, args, {
    env: {
      ...serverBaseEnv,
      PORT: String(port),
      LOG_LEVEL: logLevel,
      RATE_LIMIT_PUBLIC_WRITES: '999999/60',
      ...(process.env.BENCH_BUILD ? { WEB_DIST: path.join(build, 'web/dist') } : {}),
      ...env,
    },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 600) throw new Error('Server startet nicht.');
    await sleep(200);
  }
  return {
    base,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.on('exit', r));
    },
  };
}

/** The Vienna inn, its orderable simple products and the bookable times, as the storefront sees them. */
export async function loadShop(base) {
  const init = await (await fetch(`${base}/api/init`)).json();
  const list = (url) => init.data.find((e) => e.url === url).data.data;
  const vienna = list('/api/branches').find((b) => b.identifier === 'gasthaus-linde-wien');
  const menus = list('/api/menus').filter((m) => m.branches.some((b) => b.id === vienna.id));
  const menu = menus.sort((a, b) => b.availableFrom.localeCompare(a.availableFrom))[0];
  // The menu's products come with its catalogue (not with /api/init), as the store page reads them.
  // (Part 0: the demo's menu is one part. Fields at their defaults are left out; put back as the store does.)
  const catalog = (await (await fetch(`${base}/api/menus/${menu.id}/catalog`)).json()).data;
  for (const product of catalog.products) withStorefrontDefaults(product, STOREFRONT_PRODUCT_DEFAULTS);
  const products = catalog.products.filter(
    (p) => p.type === 'simple' && p.isEnabled && !p.isPriceHidden && !p.isLeadTimeEnabled && !p.schedule,
  );
  const availability = await (
    await fetch(`${base}/api/branches/${vienna.id}/availability?type=takeaway`)
  ).json();
  // Every bookable 5-minute step of the next days: orders spread over them like real pre-orders.
  const times = [];
  for (const day of availability.data.days)
    for (const w of day.windows)
      for (let t = Date.parse(w.from); t <= Date.parse(w.to); t += 5 * 60_000)
        times.push(new Date(t).toISOString());
  if (!times.length || products.length < 3) throw new Error('Keine bestellbaren Produkte oder Zeiten.');
  return { vienna, products, times };
}

let seq = 0;
/**
 * The next takeaway order with 3 to 8 items; `customer(n)` names the n-th customer
 * (`{ lastName, email }`).
 */
export function orderBody(shop, customer) {
  const n = 3 + (seq % 6);
  const items = Array.from({ length: n }, (_, i) => {
    const p = shop.products[(seq * 7 + i * 3) % shop.products.length];
    return { product: { id: p.id, uid: p.uid }, amount: 1 + (i % 3), unit: p.unit, parts: [] };
  });
  const appointmentDate = shop.times[seq % shop.times.length];
  seq += 1;
  return {
    firstName: 'Bench',
    ...customer(seq),
    phone: '+43 664 1234567',
    paymentMethod: 'cash',
    legalInstructions: true,
    privacyPolicy: true,
    branch: { id: shop.vienna.id },
    isDelivery: false,
    isDineIn: false,
    appointmentDate,
    items,
  };
}

/**
 * A fresh database named `<prefix>_<time>` on the PostgreSQL server `server`: its `url` and `drop()` (which
 * also ends the admin connection). Null, after printing why, when the server cannot be reached.
 */
export async function freshServerDatabase(server, prefix) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: server });
  try {
    await admin.connect();
  } catch {
    console.log(`\nPostgreSQL-Server: übersprungen, ${server} ist nicht erreichbar.`);
    return null;
  }
  const name = `${prefix}_${Date.now()}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
