#!/usr/bin/env node
// The store page in the browser at catalogue scale (issue 29, item 2; docs/decisions/storefront.md): time to
// the first product and to interactive in Chromium at phone size (Pixel 7) with the CPU slowed 4× (CDP
// Emulation.setCPUThrottlingRate), each run in a fresh browser context (nothing cached), median of `--runs`
// (default 5). On the demo data and on the demo data with 10,000 more products on the Wien menu (100
// categories; written by scripts/seed-large-menu.mjs in one statement), each beside the other as a ratio.
// Targets: first product ≤ 1.5 s and ≤ 1.5× the demo's.
//
//   first product  from the navigation's start to the frame after the first product card is in the page
//   interactive    the end of the last long task (≥ 50 ms) before 2 s without one, from the navigation's
//                  start; at least the first product's time
//
// `measureStorePage(base, path, options)` is exported for scripts/bench-catalog.mjs. Build first:
// npx nx run-many -t build --projects=common,backend,web. Options: --runs=N, --products=N.
/* global window, document, MutationObserver, requestAnimationFrame -- the page functions run in Chromium */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, devices } from '@playwright/test';
import { startBackend } from './bench-shop.mjs';
import { seedLargeMenu } from './seed-large-menu.mjs';

const PHONE = devices['Pixel 7'];
const QUIET_MS = 2000;

/** The bytes of an answer as sent with `encoding` (`identity`, `br`, `gzip`), undecoded. */
function sentBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': encoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }),
        );
      })
      .on('error', reject);
  });
}

/** Median of the numbers. */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Opens `base + path` `runs` times in fresh contexts at phone size with the CPU slowed `cpu`×; returns the
 * medians (ms) and the single runs.
 */
export async function measureStorePage(base, pagePath, { runs = 5, cpu = 4, browser: given } = {}) {
  const browser =
    given ??
    (await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    }));
  const samples = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: PHONE.viewport,
        deviceScaleFactor: PHONE.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
        userAgent: PHONE.userAgent,
        locale: 'de-DE',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window;
        w.__bench = { firstProduct: null, longTasks: [] };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.__bench.longTasks.push(entry.startTime + entry.duration);
        }).observe({ type: 'longtask', buffered: true });
        const observer = new MutationObserver(() => {
          if (w.__bench.firstProduct !== null || !document.querySelector('.product-card')) return;
          w.__bench.firstProduct = -1;
          requestAnimationFrame(() => setTimeout(() => (w.__bench.firstProduct = performance.now()), 0));
          observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      await page.goto(base + pagePath, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__bench.firstProduct > 0, null, { timeout: 120_000 });
      // Quiet for QUIET_MS after the last long task (polled in the page's own time).
      await page.waitForFunction(
        (quiet) => {
          const b = window.__bench;
          const last = Math.max(b.firstProduct, ...b.longTasks);
          return performance.now() - last >= quiet;
        },
        QUIET_MS,
        { timeout: 120_000, polling: 250 },
      );
      const sample = await page.evaluate(() => {
        const b = window.__bench;
        return { firstProduct: b.firstProduct, interactive: Math.max(b.firstProduct, ...b.longTasks) };
      });
      samples.push(sample);
      await context.close();
    }
  } finally {
    if (!given) await browser.close();
  }
  return {
    firstProduct: median(samples.map((s) => s.firstProduct)),
    interactive: median(samples.map((s) => s.interactive)),
    samples,
  };
}

async function main() {
  const runs = Math.max(1, Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5) || 5);
  const products = Number(process.argv.find((a) => a.startsWith('--products='))?.slice(11) ?? 10_000);
  const categories = 100;
  const page = '/store/gasthaus-linde-wien';
  const { DATABASE_URL: _server, ...env } = process.env; // the embedded database, a folder of its own
  process.env = env;
  const results = {};
  for (const kind of ['demo', 'large']) {
    const dataDir = mkdtempSync(path.join(tmpdir(), `bench-catalog-web-${kind}-`));
    try {
      if (kind === 'large') {
        const seeding = await startBackend({ DATA_DIR: dataDir });
        await seeding.stop();
        const started = performance.now();
        await seedLargeMenu(dataDir, { products, categories });
        console.log(
          `  ${products} products in ${categories} categories written in ${Math.round(performance.now() - started)} ms (one INSERT statement)`,
        );
      }
      const shop = await startBackend({ DATA_DIR: dataDir });
      try {
        // One warm-up request, so the server's first build of /api/init and the catalogue is not measured.
        const init = await (await fetch(`${shop.base}/api/init`)).json();
        const menus = init.data.find((entry) => entry.url.endsWith('menus'))?.data.data ?? [];
        for (const menu of menus) await fetch(`${shop.base}/api/menus/${menu.id}/catalog`);
        const wien = init.data
          .find((entry) => entry.url.endsWith('branches'))
          ?.data.data.find((branch) => branch.identifier === 'gasthaus-linde-wien');
        const menu = menus.find((candidate) => candidate.branches.some((ref) => ref.id === wien?.id));
        const sizes = {};
        for (const [name, url] of [
          ['/api/init', `${shop.base}/api/init`],
          ['menu catalogue', `${shop.base}/api/menus/${menu?.id}/catalog`],
        ]) {
          const plain = await sentBytes(url, 'identity');
          // A large answer is compressed once per version in the background: ask until it is (≤ 10 s).
          let br = await sentBytes(url, 'br');
          for (let tries = 0; br.encoding === 'identity' && tries < 20; tries++) {
            await new Promise((resolve) => setTimeout(resolve, 500));
            br = await sentBytes(url, 'br');
          }
          sizes[name] =
            `${(plain.bytes / 1024).toFixed(0)} KB plain, ${(br.bytes / 1024).toFixed(0)} KB as sent to a browser (${br.encoding})`;
        }
        results[kind] = { ...(await measureStorePage(shop.base, page, { runs })), sizes };
      } finally {
        await shop.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const ms = (x) => `${Math.round(x)} ms`;
  const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
  const [l1] = loadavg();
  console.log(
    `\nStore page in Chromium, Pixel 7 size, CPU 4× slower, median of ${runs} (load average ${l1.toFixed(2)})`,
  );
  console.log(`                     demo data    +${products} products   ratio`);
  for (const [label, key] of [
    ['first product', 'firstProduct'],
    ['interactive', 'interactive'],
  ])
    console.log(
      `  ${label.padEnd(16)} ${ms(results.demo[key]).padStart(10)}   ${ms(results.large[key]).padStart(16)}   ${ratio(results.large[key], results.demo[key])}`,
    );
  for (const kind of ['demo', 'large'])
    for (const [name, size] of Object.entries(results[kind].sizes))
      console.log(`  ${kind.padEnd(5)} ${name}: ${size}`);
  const first = results.large.firstProduct;
  const met = first <= 1500 && first <= 1.5 * results.demo.firstProduct;
  console.log(`  target: first product ≤ 1500 ms and ≤ 1.5× the demo's: ${met ? 'met' : 'NOT met'}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
