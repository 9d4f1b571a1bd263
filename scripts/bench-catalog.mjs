#!/usr/bin/env node
// Benchmark of the catalogue at scale (issue "Scale", item 2). Prints figures, asserts nothing.
//   npm run build && npm run bench:catalog
// 1. The demo data on a fresh embedded database: /api/init bytes (plain, brotli) and p95 at 10 connections,
//    the Vienna menu's catalogue route (bytes, p95 at 10 connections with brotli), /api/health p99 while 10
//    clients fetch that catalogue with brotli.
// 2. The same database with 10,000 more products in 100 more categories, all on Vienna's active menu
//    (written with SQL while the server is stopped), the same figures, each beside the demo's as a ratio.
// BENCH_SECONDS (5 per measurement) makes it shorter or longer. The store page's time to the first product
// in Chromium is not measured here (see docs/decisions/storefront.md).
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { percentile, root, sleep, startBackend } from './bench-shop.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CATEGORIES = Number(process.env.BENCH_CATEGORIES ?? 100);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A raw GET over a kept-alive connection: status, headers and body bytes as sent. */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** `connections` clients asking `url` back to back for `seconds`: latencies in ms. */
async function load(url, connections, headers, seconds = SECONDS) {
  const until = performance.now() + seconds * 1000;
  const latencies = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await rawGet(url, headers);
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies;
}

/** /api/health asked every 20 ms while 10 clients load the menu catalogue with brotli. */
async function healthUnderLoad(base, menuUrl) {
  const latencies = [];
  const stop = { done: false };
  const probe = (async () => {
    while (!stop.done) {
      const t0 = performance.now();
      await rawGet(`${base}/api/health`);
      latencies.push(performance.now() - t0);
      await sleep(20);
    }
  })();
  const menu = await load(menuUrl, 10, { 'accept-encoding': 'br' });
  stop.done = true;
  await probe;
  return { health: latencies, menu };
}

/** Every figure for the shop running at `base`. */
async function measure(base) {
  const init = await (await fetch(`${base}/api/init`)).json();
  const list = (url) => init.data.find((e) => e.url === url).data.data;
  const vienna = list('/api/branches').find((b) => b.identifier === 'gasthaus-linde-wien');
  const menu = list('/api/menus')
    .filter((m) => m.branches.some((b) => b.id === vienna.id) && Date.parse(m.availableFrom) <= Date.now())
    .sort((a, b) => b.availableFrom.localeCompare(a.availableFrom))[0];
  const menuUrl = `${base}/api/branches/${vienna.id}/menus/${menu.id}/catalog`;
  // First answers (the catalogue is built and compressed once), timed.
  let t0 = performance.now();
  const initPlain = await rawGet(`${base}/api/init`);
  const initFirstMs = performance.now() - t0;
  await sleep(500); // the public cache compresses the first answer in the background
  const initBr = await rawGet(`${base}/api/init`, { 'accept-encoding': 'br' });
  t0 = performance.now();
  const menuBr = await rawGet(menuUrl, { 'accept-encoding': 'br' });
  const menuFirstMs = performance.now() - t0;
  const menuPlain = await rawGet(menuUrl);
  const products = JSON.parse(menuPlain.body.toString()).data.products.length;
  const initLatencies = await load(`${base}/api/init`, 10, { 'accept-encoding': 'br' });
  const menuLatencies = await load(menuUrl, 10, { 'accept-encoding': 'br' });
  const under = await healthUnderLoad(base, menuUrl);
  return {
    products,
    initBytes: initPlain.body.length,
    initBr: initBr.headers['content-encoding'] === 'br' ? initBr.body.length : NaN,
    initFirstMs,
    initP95: percentile(initLatencies, 95),
    initRate: initLatencies.length / SECONDS,
    menuBytes: menuPlain.body.length,
    menuBr: menuBr.headers['content-encoding'] === 'br' ? menuBr.body.length : NaN,
    menuFirstMs,
    menuP95: percentile(menuLatencies, 95),
    menuRate: menuLatencies.length / SECONDS,
    healthP99: percentile(under.health, 99),
    healthN: under.health.length,
  };
}

/** 10,000 products in 100 categories on Vienna's active menu, written with SQL (copies of demo rows). */
async function addLargeCatalogue(dataDir) {
  const { openDatabase } = await import(
    pathToFileURL(path.join(root, 'backend/dist/database/data-source.js'))
  );
  const { ENTITIES } = await import(pathToFileURL(path.join(root, 'backend/dist/schema/entities.js')));
  const db = await openDatabase({ kind: 'embedded', dataDir, durable: false }, ENTITIES);
  const q = (sql, params) => db.dataSource.query(sql, params);
  try {
    const columns = async (table, skip) =>
      (
        await q(
          `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = 'public' ORDER BY ordinal_position`,
          [table],
        )
      )
        .map((r) => r.column_name)
        .filter((c) => !skip.includes(c));
    const [{ id: menuId }] = await q(
      `SELECT m.id FROM menu m JOIN menu_branch mb ON mb.menu_id = m.id JOIN branch b ON b.id = mb.branch_id
       WHERE b.identifier = 'gasthaus-linde-wien' AND m.available_from <= now() ORDER BY m.available_from DESC LIMIT 1`,
    );
    const [{ id: productTemplate }] = await q(
      `SELECT p.id FROM product p JOIN menu_product mp ON mp.product_id = p.id
       WHERE mp.menu_id = $1 AND p.type = 'simple' AND p.is_enabled AND p.schedule IS NULL ORDER BY p.id LIMIT 1`,
      [menuId],
    );
    const [{ id: categoryTemplate }] = await q(
      `SELECT c.id FROM category c JOIN menu_category mc ON mc.category_id = c.id
       WHERE mc.menu_id = $1 AND c.is_enabled AND NOT c.is_bundle ORDER BY c.id LIMIT 1`,
      [menuId],
    );
    await q('BEGIN');
    const categoryCols = await columns('category', ['id']);
    const categoryValues = categoryCols.map((c) =>
      c === 'name'
        ? `'Kategorie ' || g`
        : c === 'position'
          ? `1000 + g`
          : c === 'uid'
            ? 'gen_random_uuid()'
            : c,
    );
    const newCategories = await q(
      `INSERT INTO category (${categoryCols.join(', ')})
       SELECT ${categoryValues.join(', ')} FROM category, generate_series(1, ${CATEGORIES}) g WHERE category.id = $1
       RETURNING id`,
      [categoryTemplate],
    );
    const productCols = await columns('product', ['id']);
    const productValues = productCols.map((c) =>
      c === 'name'
        ? `'Produkt ' || g`
        : c === 'description'
          ? `'Hausgemacht, mit Zutaten aus der Region, Nummer ' || g`
          : c === 'price'
            ? `(500 + (g % 2000))`
            : c === 'position'
              ? `1000 + g`
              : c === 'uid'
                ? 'gen_random_uuid()'
                : c,
    );
    const newProducts = await q(
      `INSERT INTO product (${productCols.join(', ')})
       SELECT ${productValues.join(', ')} FROM product, generate_series(1, ${PRODUCTS}) g WHERE product.id = $1
       RETURNING id`,
      [productTemplate],
    );
    const [{ max }] = await q(
      'SELECT coalesce(max(position), 0) AS max FROM menu_category WHERE menu_id = $1',
      [menuId],
    );
    const categoryIds = newCategories.map((r) => r.id);
    const entries = await q(
      `INSERT INTO menu_category (menu_id, category_id, position)
       SELECT $1, id, $2 + ordinality FROM unnest($3::int[]) WITH ORDINALITY AS t(id, ordinality) RETURNING id`,
      [menuId, Number(max), categoryIds],
    );
    const entryIds = entries.map((r) => r.id);
    const productIds = newProducts.map((r) => r.id);
    await q(
      `INSERT INTO menu_product (menu_id, menu_category_id, product_id, position, is_enabled)
       SELECT $1, ($2::int[])[1 + ((o - 1) % array_length($2::int[], 1))], id, o, true
       FROM unnest($3::int[]) WITH ORDINALITY AS t(id, o)`,
      [menuId, entryIds, productIds],
    );
    await q(`UPDATE collection_version SET version = version + 1`);
    await q('COMMIT');
  } finally {
    await db.close();
  }
}

const row = (label, demo, large, unit, digits = 1) => {
  const f = (x) => (Number.isFinite(x) ? x.toFixed(digits) : '–');
  const ratio = Number.isFinite(demo) && Number.isFinite(large) && demo > 0 ? (large / demo).toFixed(2) : '–';
  console.log(
    `  ${label.padEnd(44)} ${f(demo).padStart(10)} ${f(large).padStart(12)} ${unit.padEnd(5)} ${ratio.padStart(8)}`,
  );
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-catalog-'));
try {
  console.log(
    `Catalogue benchmark, embedded database, ${SECONDS} s per load, load average ${os.loadavg()[0].toFixed(2)}`,
  );
  let shop = await startBackend({ DATA_DIR: dataDir });
  const demo = await measure(shop.base);
  await shop.stop();
  const t0 = performance.now();
  await addLargeCatalogue(dataDir);
  console.log(
    `  ${PRODUCTS} products in ${CATEGORIES} categories written in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  shop = await startBackend({ DATA_DIR: dataDir });
  const large = await measure(shop.base);
  await shop.stop();
  console.log(
    `\n  figure                                             demo   ${large.products} prod.  unit     ratio`,
  );
  row('products on the Vienna menu', demo.products, large.products, '', 0);
  row('/api/init plain', demo.initBytes / 1024, large.initBytes / 1024, 'KiB');
  row('/api/init brotli', demo.initBr / 1024, large.initBr / 1024, 'KiB');
  row('/api/init first answer', demo.initFirstMs, large.initFirstMs, 'ms');
  row('/api/init p95, 10 connections (br)', demo.initP95, large.initP95, 'ms');
  row('/api/init requests/s, 10 connections', demo.initRate, large.initRate, '/s', 0);
  row('menu route plain', demo.menuBytes / 1024, large.menuBytes / 1024, 'KiB');
  row('menu route brotli', demo.menuBr / 1024, large.menuBr / 1024, 'KiB');
  row('menu route first answer (build + compress)', demo.menuFirstMs, large.menuFirstMs, 'ms');
  row('menu route p95, 10 connections (br, cached)', demo.menuP95, large.menuP95, 'ms');
  row('menu route requests/s, 10 connections', demo.menuRate, large.menuRate, '/s', 0);
  row('/api/health p99 under 10 menu clients (br)', demo.healthP99, large.healthP99, 'ms');
  console.log(
    `\n  targets at 10,000 products: /api/init <= 100 KB and p95 <= 20 ms; menu p95 <= 50 ms; health p99 <= 50 ms`,
  );
} finally {
  agent.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
