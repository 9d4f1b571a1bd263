#!/usr/bin/env node
// A large catalogue (issue 29, item 2). Prints figures, asserts nothing.
//   npm run build && npm run bench:catalog
// On a fresh database of each kind (PGlite in a temporary folder; a database of its own on the PostgreSQL
// server of BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, "" to skip it) the
// backend starts with the demo data and is measured; then it stops, BENCH_PRODUCTS (10,000) products in
// 100 categories are written into a new menu of the Vienna inn that is active from now on (plain SQL: one
// INSERT ... SELECT per table, copying a demo product, category and menu), and it starts and is measured
// again. Printed per database, at 10,000 products beside the demo's figure: the first (cold) build of the
// menu's catalogue with the liveness probe's worst answer meanwhile and when its compressed forms are kept;
// /api/init bytes (plain and brotli) and p95 at 10 connections; the catalogue's parts (a menu over 1,000
// products comes in parts, `?part=N`): their number and bytes, the p95 of part 0 (the first screen) and of
// the later parts at 10 connections (cached, brotli), and of the whole menu (10 clients each fetching every
// part in a row); part 0's p95 beside a bare node:http server sending the same bytes; /api/health/live p99
// while 10 clients fetch the catalogue with brotli, beside the same probe while they fetch those bytes from
// the bare server (what the load costs the machine).
// BENCH_SECONDS (5) per measurement; BENCH_ONLY=embedded or server measures one kind. BENCH_KEEP=1 keeps
// the large databases (folder, server database) and prints how to start on them (the browser figures are
// measured on those); other scripts import `prepareLargeCatalog` and `seedLargeCatalog`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, percentile, root, sleep, startBackend } from './bench-shop.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CATEGORIES = 100;
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KEEP = process.env.BENCH_KEEP === '1';
const ONLY = process.env.BENCH_ONLY ?? '';

/**
 * Writes `products` products in `categories` categories into a new menu of the Vienna inn, active from now
 * on, with plain SQL (`query(sql, params)` returns the rows): each table gets one INSERT ... SELECT that
 * copies a demo row (a product with pictures and tags, a category, a menu) with a new name, uid and
 * position. Raises the versions of the collections it wrote, so running instances drop their caches.
 * Returns the new menu's id and the seconds it took.
 */
export async function seedLargeCatalog(query, { products = PRODUCTS, categories = CATEGORIES } = {}) {
  const started = process.hrtime.bigint();
  const one = async (sql, params) => (await query(sql, params))[0];
  const columns = async (table) =>
    (
      await query(
        `SELECT column_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1 AND column_name <> 'id'
           AND is_generated = 'NEVER' ORDER BY ordinal_position`,
        [table],
      )
    ).map((r) => r.column_name);
  /** Copies the row `templateId` of `table` `count` times (g = 1..count), `overrides` as SQL by column. */
  const copy = async (table, templateId, count, overrides) => {
    const cols = await columns(table);
    const list = cols.map((c) => `"${c}"`).join(', ');
    const values = cols.map((c) => overrides[c] ?? `t."${c}"`).join(', ');
    return (
      await query(
        `INSERT INTO "${table}" (${list}) SELECT ${values} FROM "${table}" t, generate_series(1, $1::int) g
         WHERE t.id = $2 ORDER BY g RETURNING id`,
        [count, templateId],
      )
    ).map((r) => Number(r.id));
  };
  const vienna = await one(`SELECT id FROM branch WHERE identifier = 'gasthaus-linde-wien'`);
  const product = await one(
    `SELECT p.id FROM product p WHERE p.is_enabled AND p.type = 'simple'
     ORDER BY (SELECT count(*) FROM product_image i WHERE i.product_id = p.id) DESC,
              (SELECT count(*) FROM product_tag x WHERE x.product_id = p.id) DESC, p.id LIMIT 1`,
  );
  const category = await one(`SELECT id FROM category WHERE is_enabled ORDER BY id LIMIT 1`);
  const menu = await one(`SELECT id FROM menu ORDER BY id LIMIT 1`);
  const stamp = { created_at: 'now()', updated_at: 'now()' };
  const productIds = await copy('product', product.id, products, {
    ...stamp,
    name: `'Produkt ' || g`,
    uid: 'gen_random_uuid()',
    position: 'g',
  });
  await query(
    `INSERT INTO product_image (product_id, image_id)
     SELECT p.id, i.image_id FROM unnest($1::int[]) p(id), product_image i WHERE i.product_id = $2`,
    [productIds, product.id],
  );
  await query(
    `INSERT INTO product_tag (product_id, tag_id)
     SELECT p.id, x.tag_id FROM unnest($1::int[]) p(id), product_tag x WHERE x.product_id = $2`,
    [productIds, product.id],
  );
  const categoryIds = await copy('category', category.id, categories, {
    ...stamp,
    name: `'Kategorie ' || g`,
    position: 'g',
  });
  const [menuId] = await copy('menu', menu.id, 1, {
    ...stamp,
    name: `'Großer Katalog'`,
    available_from: `now() - interval '1 minute'`,
  });
  await query(`INSERT INTO menu_branch (menu_id, branch_id) VALUES ($1, $2)`, [menuId, vienna.id]);
  const entryIds = (
    await query(
      `INSERT INTO menu_category (menu_id, category_id, position)
       SELECT $1, c.id, c.n - 1 FROM unnest($2::int[]) WITH ORDINALITY c(id, n) ORDER BY c.n RETURNING id`,
      [menuId, categoryIds],
    )
  ).map((r) => Number(r.id));
  const per = Math.ceil(products / categories);
  await query(
    `INSERT INTO menu_product (menu_id, menu_category_id, product_id, position, is_enabled)
     SELECT $1, ($2::int[])[((p.n - 1) / $4) + 1], p.id, (p.n - 1) % $4, true
     FROM unnest($3::int[]) WITH ORDINALITY p(id, n)`,
    [menuId, entryIds, productIds, per],
  );
  for (const collection of ['products', 'categories', 'menus'])
    await query(
      `INSERT INTO collection_version (collection, version, updated_at) VALUES ($1, 1, now())
       ON CONFLICT (collection) DO UPDATE SET version = collection_version.version + 1, updated_at = now()`,
      [collection],
    );
  return { menuId, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/**
 * A fresh database of the kind (`embedded` or `server`), started once with the demo data (measured by
 * `onDemo(base)` when given), then stopped and given the large catalogue. Returns the environment to start
 * the backend on it, the seeding figures and `cleanup()`.
 */
export async function prepareLargeCatalog(kind, { onDemo, products = PRODUCTS } = {}) {
  let env;
  let query;
  let close;
  let cleanup;
  if (kind === 'embedded') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-catalog-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const admin = new pg.Client({ connectionString: SERVER });
    await admin.connect();
    const database = `bench_catalog_${Date.now()}`;
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const url = new URL(SERVER);
    url.pathname = `/${database}`;
    env = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      const dropper = new pg.Client({ connectionString: SERVER });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await dropper.end();
    };
  }
  const demo = await startBackend(env);
  try {
    if (onDemo) await onDemo(demo.base);
  } finally {
    await demo.stop();
  }
  if (kind === 'embedded') {
    const { openPGlite } = await import(
      pathToFileURL(path.join(root, 'backend/dist/database/pglite-driver.js')).href
    );
    const db = await openPGlite(env.DATA_DIR);
    query = async (sql, params) => (await db.query(sql, params)).rows;
    close = () => db.close();
  } else {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    query = async (sql, params) => (await client.query(sql, params)).rows;
    close = () => client.end();
  }
  try {
    const seeded = await seedLargeCatalog(query, { products });
    return { env, seeded, cleanup };
  } finally {
    await close();
  }
}

/** A raw GET: status, headers, the bytes on the wire and the milliseconds it took. */
function rawGet(url, headers = {}) {
  const t0 = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (c) => (bytes += c.length));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            bytes,
            ms: Number(process.hrtime.bigint() - t0) / 1e6,
          }),
        );
      })
      .on('error', reject);
  });
}

/**
 * autocannon at `connections` for SECONDS, with the 95th percentile (it reports p90 and p97.5); `paths`:
 * each connection asks these one after the other, round and round.
 */
function cannon(url, connections, headers = {}, paths) {
  const times = [];
  const requests = paths?.map((path) => ({ method: 'GET', path }));
  return new Promise((resolve, reject) => {
    const options = { url, connections, duration: SECONDS, headers, ...(requests ? { requests } : {}) };
    const instance = autocannon(options, (err, result) => {
      if (err) return reject(err);
      resolve({
        requests: result.requests.total,
        rps: result.requests.average,
        p95: percentile(times, 95),
        errors: result.non2xx + result.errors,
      });
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/**
 * The whole menu as the store page loads it: `connections` clients for SECONDS, each fetching every part one
 * after the other (brotli, kept-alive connections), over and over. The milliseconds of each whole menu.
 */
async function wholeMenu(urls, connections) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const get = (url) =>
    new Promise((resolve, reject) => {
      http
        .get(url, { agent, headers: { 'accept-encoding': 'br' } }, (res) => {
          res.on('data', () => {});
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${res.statusCode}`))));
        })
        .on('error', reject);
    });
  const times = [];
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const t0 = process.hrtime.bigint();
        for (const url of urls) await get(url);
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  agent.destroy();
  return { p95: percentile(times, 95), menus: times.length };
}

/** The body bytes of a GET, as sent (not decoded). */
function rawBody(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/**
 * A bare node:http server in a process of its own that answers every request with these bytes and headers:
 * the baseline of a cached answer (what sending the bytes costs on this machine now).
 */
async function bareServer(body, headers) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-catalog-bare-'));
  const file = path.join(dir, 'body');
  writeFileSync(file, body);
  const code = `const http=require('node:http');const fs=require('node:fs');const b=fs.readFileSync(process.argv[1]);const h=JSON.parse(process.argv[2]);const s=http.createServer((q,r)=>{r.writeHead(200,{...h,'content-length':b.length});r.end(b)});s.listen(Number(process.argv[3]),'127.0.0.1',()=>console.log(s.address().port));`;
  const child = spawn(
    process.execPath,
    ['-e', code, file, JSON.stringify(headers), String(await freePort())],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise((resolve) =>
    child.stdout.once('data', (d) => resolve(Number(String(d).trim()))),
  );
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      child.kill();
      await new Promise((r) => child.on('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Latencies of /api/health/live, one request after the other, until `until()` says stop. */
async function probeHealth(base, until) {
  const times = [];
  while (!until()) {
    const r = await rawGet(`${base}/api/health/live`);
    times.push(r.ms);
    await sleep(5);
  }
  return times;
}

/** The active menu of the Vienna inn, from /api/init (as activeMenu in common reads it). */
async function viennaMenu(base) {
  const init = await (await fetch(`${base}/api/init`)).json();
  const list = (url) => init.data.find((e) => e.url === url).data.data;
  const vienna = list('/api/branches').find((b) => b.identifier === 'gasthaus-linde-wien');
  const now = Date.now();
  const menus = list('/api/menus')
    .filter((m) => m.branches.some((b) => b.id === vienna.id) && Date.parse(m.availableFrom) <= now)
    .sort((a, b) => Date.parse(b.availableFrom) - Date.parse(a.availableFrom));
  return menus[0].id;
}

/**
 * /api/health/live's latencies (one probe after the other) while 10 clients fetch `url` with brotli for
 * SECONDS, from a process of their own (so that the probe's timing is not this process's work).
 */
async function healthUnderLoad(base, url) {
  const load = spawn(process.execPath, [new URL(import.meta.url).pathname, '--load', url, String(SECONDS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  load.stdout.on('data', (c) => (out += c));
  const done = new Promise((r) => load.on('exit', r));
  await sleep(300);
  let loaded = false;
  const probe = probeHealth(base, () => loaded);
  await done;
  loaded = true;
  return { times: await probe, requests: Number(out.trim() || 0) };
}

/** The figures of one started backend. */
async function measure(base) {
  const out = {};
  const menuId = await viennaMenu(base);
  const catalog = `${base}/api/menus/${menuId}/catalog`;
  // The first (cold) build, with the liveness probe running beside it.
  let done = false;
  const probe = probeHealth(base, () => done);
  const cold = await rawGet(catalog);
  out.coldMs = cold.ms;
  // Until the compressed forms are kept (a brotli answer comes from memory).
  const t0 = Date.now();
  for (;;) {
    const r = await rawGet(catalog, { 'accept-encoding': 'br' });
    // Kept answers carry their length; the app's compression streams them without one.
    if (r.headers['content-encoding'] === 'br' && r.headers['content-length'] !== undefined) break;
    if (Date.now() - t0 > 120_000) break;
    await sleep(20);
  }
  out.compressedAfterMs = Date.now() - t0 + cold.ms;
  done = true;
  const coldHealth = await probe;
  out.coldHealthMax = Math.max(...coldHealth);
  out.coldHealthP99 = percentile(coldHealth, 99);

  out.initPlain = (await rawGet(`${base}/api/init`)).bytes;
  out.initBr = (await rawGet(`${base}/api/init`, { 'accept-encoding': 'br' })).bytes;
  out.catalogPlain = (await rawGet(catalog)).bytes;
  out.catalogBr = (await rawGet(catalog, { 'accept-encoding': 'br' })).bytes;
  // A large menu comes in parts (`?part=N`, their number in part 0's `part.count`; 1 before parts existed).
  const first = JSON.parse((await rawBody(catalog)).body.toString());
  out.partCount = first.data.part?.count ?? 1;
  const partUrls = Array.from({ length: out.partCount }, (_, i) => (i ? `${catalog}?part=${i}` : catalog));
  out.partBytes = [];
  for (const url of partUrls) {
    // Asked until kept compressed (a part is compressed once, after its first answer).
    for (let i = 0; i < 200; i++) {
      const r = await rawGet(url, { 'accept-encoding': 'br' });
      if (r.headers['content-encoding'] === 'br' && r.headers['content-length'] !== undefined) break;
      await sleep(20);
    }
    out.partBytes.push({
      plain: (await rawGet(url)).bytes,
      br: (await rawGet(url, { 'accept-encoding': 'br' })).bytes,
    });
  }
  const br = { 'accept-encoding': 'br' };
  out.init = await cannon(`${base}/api/init`, 10, br);
  out.catalog = await cannon(catalog, 10, br);
  if (out.partCount > 1)
    out.later = await cannon(
      catalog,
      10,
      br,
      partUrls.slice(1).map((url) => new URL(url).pathname + new URL(url).search),
    );
  out.whole = await wholeMenu(partUrls, 10);
  const cached = await rawBody(catalog, br);
  const bare = await bareServer(cached.body, {
    'content-type': cached.headers['content-type'],
    'content-encoding': cached.headers['content-encoding'] ?? 'identity',
  });
  try {
    out.bare = await cannon(bare.url, 10, br);
    // The liveness probe while 10 clients fetch the same bytes from the bare server: what the load costs the
    // machine (the load generator receives as many bytes), the baseline of the probe under our own load.
    const baseline = await healthUnderLoad(base, bare.url);
    out.baseHealthP99 = percentile(baseline.times, 99);
    out.baseHealthMax = Math.max(...baseline.times);
    out.baseLoadRequests = baseline.requests;
  } finally {
    await bare.stop();
  }
  const underLoad = await healthUnderLoad(base, catalog);
  out.healthP99 = percentile(underLoad.times, 99);
  out.healthMax = Math.max(...underLoad.times);
  out.healthN = underLoad.times.length;
  out.loadRequests = underLoad.requests;
  return out;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const sum = (parts, key) => parts.reduce((total, part) => total + part[key], 0);
const max = (parts, key) => parts.reduce((most, part) => Math.max(most, part[key]), 0);
const ms = (n) => `${n.toFixed(1)} ms`;
const ratio = (a, b) => `${(a / b).toFixed(2)}x`;

function print(label, demo, large, seeded) {
  const rows = [
    [
      'first build of the catalogue (cold)',
      ms(demo.coldMs),
      ms(large.coldMs),
      ratio(large.coldMs, demo.coldMs),
    ],
    [
      '  liveness worst / p99 meanwhile',
      `${ms(demo.coldHealthMax)} / ${ms(demo.coldHealthP99)}`,
      `${ms(large.coldHealthMax)} / ${ms(large.coldHealthP99)}`,
      ratio(large.coldHealthMax, demo.coldHealthMax),
    ],
    [
      '  compressed forms kept after',
      ms(demo.compressedAfterMs),
      ms(large.compressedAfterMs),
      ratio(large.compressedAfterMs, demo.compressedAfterMs),
    ],
    [
      '/api/init bytes plain',
      kb(demo.initPlain),
      kb(large.initPlain),
      ratio(large.initPlain, demo.initPlain),
    ],
    ['/api/init bytes brotli', kb(demo.initBr), kb(large.initBr), ratio(large.initBr, demo.initBr)],
    [
      '/api/init p95, 10 conn. (br)',
      ms(demo.init.p95),
      ms(large.init.p95),
      ratio(large.init.p95, demo.init.p95),
    ],
    [
      '/api/init requests/s',
      demo.init.rps.toFixed(0),
      large.init.rps.toFixed(0),
      ratio(large.init.rps, demo.init.rps),
    ],
    [
      'catalogue (part 0) bytes plain',
      kb(demo.catalogPlain),
      kb(large.catalogPlain),
      ratio(large.catalogPlain, demo.catalogPlain),
    ],
    [
      'catalogue (part 0) bytes brotli',
      kb(demo.catalogBr),
      kb(large.catalogBr),
      ratio(large.catalogBr, demo.catalogBr),
    ],
    ['catalogue parts', String(demo.partCount), String(large.partCount), ''],
    [
      '  later parts: bytes plain (sum)',
      kb(sum(demo.partBytes.slice(1), 'plain')),
      kb(sum(large.partBytes.slice(1), 'plain')),
      '',
    ],
    [
      '  later parts: bytes brotli (sum / largest)',
      `${kb(sum(demo.partBytes.slice(1), 'br'))} / ${kb(max(demo.partBytes.slice(1), 'br'))}`,
      `${kb(sum(large.partBytes.slice(1), 'br'))} / ${kb(max(large.partBytes.slice(1), 'br'))}`,
      '',
    ],
    [
      '  whole menu bytes plain / brotli',
      `${kb(sum(demo.partBytes, 'plain'))} / ${kb(sum(demo.partBytes, 'br'))}`,
      `${kb(sum(large.partBytes, 'plain'))} / ${kb(sum(large.partBytes, 'br'))}`,
      ratio(sum(large.partBytes, 'br'), sum(demo.partBytes, 'br')),
    ],
    [
      'later parts p95 cached, 10 conn. (br)',
      demo.later ? ms(demo.later.p95) : '-',
      large.later ? ms(large.later.p95) : '-',
      '',
    ],
    [
      'whole menu (all parts in a row) p95, 10 cl.',
      ms(demo.whole.p95),
      ms(large.whole.p95),
      ratio(large.whole.p95, demo.whole.p95),
    ],
    [
      'catalogue (part 0) p95 cached, 10 conn. (br)',
      ms(demo.catalog.p95),
      ms(large.catalog.p95),
      ratio(large.catalog.p95, demo.catalog.p95),
    ],
    [
      'catalogue requests/s',
      demo.catalog.rps.toFixed(0),
      large.catalog.rps.toFixed(0),
      ratio(large.catalog.rps, demo.catalog.rps),
    ],
    [
      '  bare node:http, same bytes: p95',
      ms(demo.bare.p95),
      ms(large.bare.p95),
      ratio(large.bare.p95, demo.bare.p95),
    ],
    [
      '  ours / bare (p95)',
      ratio(demo.catalog.p95, demo.bare.p95),
      ratio(large.catalog.p95, large.bare.p95),
      '',
    ],
    [
      '/api/health/live p99, load on a bare server',
      ms(demo.baseHealthP99),
      ms(large.baseHealthP99),
      ratio(large.baseHealthP99, demo.baseHealthP99),
    ],
    [
      '  worst, its answers',
      `${ms(demo.baseHealthMax)}, ${demo.baseLoadRequests}`,
      `${ms(large.baseHealthMax)}, ${large.baseLoadRequests}`,
      '',
    ],
    [
      '/api/health/live p99 under load',
      ms(demo.healthP99),
      ms(large.healthP99),
      ratio(large.healthP99, demo.healthP99),
    ],
    [
      '  worst, probes / catalogue answers',
      `${ms(demo.healthMax)}, ${demo.healthN} / ${demo.loadRequests}`,
      `${ms(large.healthMax)}, ${large.healthN} / ${large.loadRequests}`,
      '',
    ],
    [
      '  ours / bare-load baseline (p99)',
      ratio(demo.healthP99, demo.baseHealthP99),
      ratio(large.healthP99, large.baseHealthP99),
      '',
    ],
  ];
  console.log(
    `\n${label}: seeded ${PRODUCTS} products in ${CATEGORIES} categories in ${seeded.seconds.toFixed(1)} s (plain SQL)`,
  );
  console.log(
    `  ${'figure'.padEnd(46)} ${'demo'.padStart(18)} ${`${PRODUCTS} products`.padStart(18)} ${'ratio'.padStart(8)}`,
  );
  for (const [name, a, b, r] of rows)
    console.log(`  ${name.padEnd(46)} ${a.padStart(18)} ${b.padStart(18)} ${r.padStart(8)}`);
  const errors = demo.init.errors + demo.catalog.errors + large.init.errors + large.catalog.errors;
  if (errors) console.log(`  (${errors} answers were errors or not 2xx)`);
}

async function main() {
  console.log(
    `bench:catalog, load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const kinds = [
    ['PGlite (embedded)', 'embedded'],
    ...(SERVER ? [['PostgreSQL server', 'server']] : []),
  ].filter(([, kind]) => !ONLY || kind === ONLY);
  for (const [label, kind] of kinds) {
    let demo;
    const prepared = await prepareLargeCatalog(kind, {
      onDemo: async (base) => (demo = await measure(base)),
    });
    try {
      const large = await startBackend(prepared.env);
      let figures;
      try {
        figures = await measure(large.base);
      } finally {
        await large.stop();
      }
      print(label, demo, figures, prepared.seeded);
      console.log(
        `  load average: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
      if (KEEP) {
        const env = Object.entries(prepared.env)
          .filter(([, v]) => v)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ');
        console.log(`  kept: ${env} node backend/dist/main.js  (menu ${prepared.seeded.menuId})`);
      }
    } finally {
      if (!KEEP) await prepared.cleanup();
    }
  }
}

if (process.argv[2] === '--load') {
  // The load of the health measurement: 10 clients fetching the catalogue with brotli; prints the count.
  const [, , , url, seconds] = process.argv;
  autocannon(
    { url, connections: 10, duration: Number(seconds), headers: { 'accept-encoding': 'br' } },
    (err, r) => {
      if (err) throw err;
      console.log(r.requests.total);
    },
  );
} else if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
