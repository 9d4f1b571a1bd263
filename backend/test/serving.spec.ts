import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PUBLIC_LIST_SOURCES } from '../src/init/init.service.js';
import {
  cacheKey as cacheKeyOf,
  LARGE_ENTRY_BYTES,
  listParameters,
  MAX_ENTRIES,
  MAX_PLAIN_BYTES,
  PublicReadCache,
} from '../src/serving/public-cache.js';
import { activeMenu } from '@ordering/common';
import { withInitPreload } from '../src/web/web-app.js';
import { branchCatalogPreload } from '../src/web/store-preload.js';
import { MemoryRateLimitStore, RedisRateLimitStore } from '../src/serving/rate-limit.js';
import { FixedClock } from '../src/core/clock.js';
import { signIn } from './support/auth.js';
import { startSecondInstance } from './support/second-instance.js';
import { startTestApp, testServerUrl, type TestApp } from './support/test-app.js';

/** A raw GET (no automatic decompression), with the body as bytes. */
function rawGet(
  baseUrl: string,
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(baseUrl + urlPath, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
  });
}

/** Waits until the condition holds (the cache compresses a new answer in the background). */
async function waitFor(condition: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('Bedingung nicht erfüllt');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const decode = (r: { headers: http.IncomingHttpHeaders; body: Buffer }) =>
  JSON.parse(
    (r.headers['content-encoding'] === 'br'
      ? zlib.brotliDecompressSync(r.body)
      : r.headers['content-encoding'] === 'gzip'
        ? zlib.gunzipSync(r.body)
        : r.body
    ).toString('utf8'),
  );

describe('serving: public reads from memory, compression, headers, CORS, rate limits', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html lang="de"><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>',
    );
    const js = 'export const x = "' + 'bestellen '.repeat(300) + '";';
    writeFileSync(path.join(webDist, 'assets/app-abc123.js'), js);
    writeFileSync(path.join(webDist, 'assets/app-abc123.js.br'), zlib.brotliCompressSync(js));
    writeFileSync(path.join(webDist, 'assets/app-abc123.js.gz'), zlib.gzipSync(js));
    writeFileSync(path.join(webDist, 'assets/app-abc123.js.map'), '{"version":3}');
    t = await startTestApp({
      seed: true,
      env: {
        WEB_DIST: webDist,
        CORS_ORIGINS: 'https://partner.example.at',
        RATE_LIMIT_PUBLIC_WRITES: '3/60',
        BCRYPT_COST: '4',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  describe('public reads', () => {
    it('answers a repeated anonymous /api/init from memory, and shows a change to a product in its menu’s catalogue at once', async () => {
      const cache = t.app.get(PublicReadCache);
      const storedBefore = cache.stats.stored;
      const first = await rawGet(t.baseUrl, '/api/init');
      expect(first.status).toBe(200);
      await waitFor(() => cache.stats.stored > storedBefore);
      const hitsBefore = cache.stats.hits;
      const second = await rawGet(t.baseUrl, '/api/init');
      expect(cache.stats.hits).toBe(hitsBefore + 1);
      expect(decode(second)).toEqual(decode(first));

      const admin = await signIn(t, 'admin', 'Admin-Demo-2026');
      const products = (await t.request('GET', '/api/products', undefined, admin.cookie)).body.data;
      const product = products[0];
      const renamed = await t.request(
        'PUT',
        `/api/products/${product.id}`,
        { ...product, name: 'Umbenannt im Cache-Test' },
        admin.write,
      );
      expect(renamed.status).toBe(200);
      expect(product.placements.length).toBeGreaterThan(0);
      const after = decode(await rawGet(t.baseUrl, `/api/menus/${product.placements[0].menu.id}/catalog`));
      expect(after.data.products.map((p: { name: string }) => p.name)).toContain('Umbenannt im Cache-Test');
    });

    it('shows a configuration change in the very next /api/init, every time (no wait for the poll)', async () => {
      const admin = await signIn(t, 'admin', 'Admin-Demo-2026');
      const config = (await t.request('GET', '/api/config', undefined, admin.cookie)).body.data;
      const configOf = (init: { data: Array<{ url: string; data: { data: Record<string, unknown> } }> }) =>
        init.data.find((e) => e.url === '/api/config')!.data.data;
      const seen: boolean[] = [];
      try {
        for (let i = 0; i < 20; i++) {
          const want = i % 2 === 0;
          await rawGet(t.baseUrl, '/api/init'); // a cached answer the write must replace
          const saved = await t.request(
            'POST',
            '/api/config',
            { ...config, enablePluginVoucherPayments: want },
            admin.write,
          );
          expect(saved.status).toBe(200);
          seen.push(
            configOf(decode(await rawGet(t.baseUrl, '/api/init'))).enablePluginVoucherPayments === want,
          );
        }
      } finally {
        await t.request('POST', '/api/config', config, admin.write);
      }
      expect(seen.filter((fresh) => !fresh)).toHaveLength(0);
    });

    it('sends brotli, gzip and plain answers that decode to the same JSON, with one ETag and a 304', async () => {
      const cache = t.app.get(PublicReadCache);
      const storedBefore = cache.stats.stored;
      await rawGet(t.baseUrl, '/api/branches');
      await waitFor(() => cache.stats.stored > storedBefore);
      const plain = await rawGet(t.baseUrl, '/api/branches');
      const br = await rawGet(t.baseUrl, '/api/branches', { 'accept-encoding': 'br, gzip' });
      const gz = await rawGet(t.baseUrl, '/api/branches', { 'accept-encoding': 'gzip' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(decode(br)).toEqual(decode(plain));
      expect(decode(gz)).toEqual(decode(plain));
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
      expect(plain.headers['x-total-count']).toBe(String(decode(plain).data.length));
      expect(br.headers.etag).toBe(plain.headers.etag);
      const again = await rawGet(t.baseUrl, '/api/branches', { 'if-none-match': String(plain.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    });

    it('never serves a signed-in reader from the anonymous cache (managers see the API key)', async () => {
      await rawGet(t.baseUrl, '/api/branches');
      const admin = await signIn(t, 'admin', 'Admin-Demo-2026');
      const staff = await t.request('GET', '/api/branches', undefined, admin.cookie);
      expect(staff.body.data[0].apiKey).toEqual(expect.any(String));
      const anonymous = decode(await rawGet(t.baseUrl, '/api/branches'));
      expect(anonymous.data[0].apiKey).toBeUndefined();
    });
  });

  describe('bounds of the public cache (a stream of distinct URLs must not cost memory or compression)', () => {
    it('keeps no entry and compresses nothing for parameters the route does not read', async () => {
      const cache = t.app.get(PublicReadCache);
      await rawGet(t.baseUrl, '/api/init');
      await rawGet(t.baseUrl, '/api/products');
      await waitFor(() => cache.size.entries >= 2);
      // Earlier tests' answers still being compressed settle first.
      await new Promise((r) => setTimeout(r, 300));
      const entries = cache.size.entries;
      const compressions = cache.stats.compressions;
      const plain = decode(await rawGet(t.baseUrl, '/api/init'));
      for (let i = 0; i < 150; i++) {
        const x = Math.random().toString(36).slice(2);
        const init = await rawGet(t.baseUrl, `/api/init?x=${x}`);
        expect(init.status).toBe(200);
        if (i === 0) expect(decode(init)).toEqual(plain);
        expect((await rawGet(t.baseUrl, `/api/products?${x}=1&page=1`)).status).toBe(200);
      }
      await new Promise((r) => setTimeout(r, 100));
      expect(cache.size.entries).toBe(entries);
      expect(cache.stats.compressions).toBe(compressions);
    });

    it('compresses a parameterised answer only when it is asked for again', async () => {
      const cache = t.app.get(PublicReadCache);
      const compressions = cache.stats.compressions;
      for (let i = 0; i < 50; i++)
        expect((await rawGet(t.baseUrl, `/api/tags?q=${Math.random().toString(36).slice(2)}`)).status).toBe(
          200,
        );
      await new Promise((r) => setTimeout(r, 100));
      expect(cache.stats.compressions).toBe(compressions);
    });

    it('gives a real parameter its own answer, one entry whatever the order of the parameters', async () => {
      const cache = t.app.get(PublicReadCache);
      const all = decode(await rawGet(t.baseUrl, '/api/products'));
      expect(all.data.length).toBeGreaterThan(1);
      const storedBefore = cache.stats.stored;
      await rawGet(t.baseUrl, '/api/products?limit=1&page=2');
      await rawGet(t.baseUrl, '/api/products?page=2&limit=1');
      await waitFor(() => cache.stats.stored > storedBefore);
      const hits = cache.stats.hits;
      const second = await rawGet(t.baseUrl, '/api/products?page=2&limit=1', { 'accept-encoding': 'br' });
      expect(cache.stats.hits).toBe(hits + 1);
      expect(second.headers['content-encoding']).toBe('br');
      expect(decode(second).data.map((p: { id: number }) => p.id)).toEqual([all.data[1].id]);
      expect(second.headers['x-total-count']).toBe(String(all.data.length));
    });

    it('keeps a large answer in its compressed forms only, and unpacks it for a client that accepts neither', async () => {
      const cache = t.app.get(PublicReadCache);
      const url = '/api/products?limit=40';
      try {
        cache.largeEntryBytes = 1000;
        const plain = await rawGet(t.baseUrl, url);
        expect(plain.body.length).toBeGreaterThan(1000);
        const { compressedOnly, stored } = cache.stats;
        const bytesBefore = cache.size.bytes;
        await rawGet(t.baseUrl, url); // the second ask is kept
        await waitFor(() => cache.stats.stored > stored);
        expect(cache.stats.compressedOnly).toBe(compressedOnly + 1);
        const hits = cache.stats.hits;
        const br = await rawGet(t.baseUrl, url, { 'accept-encoding': 'br' });
        const gz = await rawGet(t.baseUrl, url, { 'accept-encoding': 'gzip' });
        const none = await rawGet(t.baseUrl, url);
        const head = await new Promise<http.IncomingMessage>((resolve, reject) =>
          http
            .request(t.baseUrl + url, { method: 'HEAD' }, resolve)
            .on('error', reject)
            .end(),
        );
        expect(cache.stats.hits).toBe(hits + 4);
        expect(br.headers['content-encoding']).toBe('br');
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(none.headers['content-encoding']).toBeUndefined();
        expect(none.body.equals(plain.body)).toBe(true);
        expect(none.headers['content-length']).toBe(String(plain.body.length));
        expect(head.headers['content-length']).toBe(String(plain.body.length));
        expect(decode(br)).toEqual(decode(plain));
        expect(decode(gz)).toEqual(decode(plain));
        // Only the compressed forms are held.
        expect(cache.size.bytes - bytesBefore).toBe(br.body.length + gz.body.length);
      } finally {
        cache.largeEntryBytes = LARGE_ENTRY_BYTES;
      }
    });

    it('keeps no answer over the plain bound: it is answered by the app each time, uncompressed here', async () => {
      const cache = t.app.get(PublicReadCache);
      const url = '/api/products?limit=41';
      try {
        cache.maxPlainBytes = 1000;
        const { tooLarge, compressions, stored } = cache.stats;
        const first = await rawGet(t.baseUrl, url);
        expect(first.body.length).toBeGreaterThan(1000);
        await rawGet(t.baseUrl, url);
        await waitFor(() => cache.stats.tooLarge > tooLarge);
        const hits = cache.stats.hits;
        const again = await rawGet(t.baseUrl, url);
        expect(again.body.equals(first.body)).toBe(true);
        expect(cache.stats.hits).toBe(hits);
        expect(cache.stats.stored).toBe(stored);
        expect(cache.stats.compressions).toBe(compressions);
      } finally {
        cache.maxPlainBytes = MAX_PLAIN_BYTES;
      }
    });

    it(`holds at most ${MAX_ENTRIES} answers, dropping the least recently used`, async () => {
      const cache = t.app.get(PublicReadCache);
      const evictions = cache.stats.evictions;
      for (let page = 1; page <= MAX_ENTRIES + 20; page++) {
        await rawGet(t.baseUrl, `/api/tags?page=${page}`);
        await rawGet(t.baseUrl, `/api/tags?page=${page}`);
      }
      await waitFor(() => cache.stats.evictions >= evictions + 20);
      await new Promise((r) => setTimeout(r, 100));
      expect(cache.size.entries).toBeLessThanOrEqual(MAX_ENTRIES);
      const hits = cache.stats.hits;
      await rawGet(t.baseUrl, `/api/tags?page=${MAX_ENTRIES + 20}`);
      expect(cache.stats.hits).toBe(hits + 1);
    });

    it('keys by path and the parameters the route reads, sorted', () => {
      const lists = listParameters(PUBLIC_LIST_SOURCES);
      const cacheKey = (url: string) => cacheKeyOf(url, lists);
      expect(cacheKey('/api/init')).toBe('/api/init');
      expect(cacheKey('/api/init?')).toBe('/api/init');
      expect(cacheKey('/api/init?x=1')).toBeNull();
      expect(cacheKey('/api/products/3?x=1')).toBeNull();
      expect(cacheKey('/api/products?sort=name&limit=5')).toBe('/api/products?limit=5&sort=name');
      expect(cacheKey('/api/products?%6Cimit=5')).toBe('/api/products?limit=5');
      expect(cacheKey('/api/products?limit=5&limit=6')).toBeNull();
      expect(cacheKey('/api/products?limit[a]=5')).toBeNull();
      expect(cacheKey('/api/branches?division=2')).toBe('/api/branches?division=2');
      expect(cacheKey('/api/orders')).toBeNull();
      // A catalogue reads only `part`, in the route's own spelling; part 0 is the route itself.
      expect(cacheKey('/api/menus/3/catalog')).toBe('/api/menus/3/catalog');
      expect(cacheKey('/api/menus/3/catalog?part=0')).toBe('/api/menus/3/catalog');
      expect(cacheKey('/api/menus/3/catalog?part=12')).toBe('/api/menus/3/catalog?part=12');
      for (const query of ['part=012', 'part=-1', 'part=x', 'part=1&part=2', 'part=1&x=1', 'x=1'])
        expect({ query, key: cacheKey(`/api/menus/3/catalog?${query}`) }).toEqual({ query, key: null });
    });
  });

  describe('compression of the web app and the API', () => {
    it('sends the precompressed twin of a built asset and no source maps', async () => {
      const br = await rawGet(t.baseUrl, '/assets/app-abc123.js', { 'accept-encoding': 'gzip, br' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toContain('javascript');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(zlib.brotliDecompressSync(br.body).toString()).toContain('bestellen');
      const plain = await rawGet(t.baseUrl, '/assets/app-abc123.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toContain('bestellen');
      expect((await rawGet(t.baseUrl, '/assets/app-abc123.js.map')).status).toBe(404);
    });

    it('announces /api/init in the head of storefront pages, not of staff screens', async () => {
      const preload = '<link rel="preload" href="/api/init" as="fetch" crossorigin="anonymous">';
      for (const page of ['/', '/store/gasthaus-linde-wien', '/kiosk/gasthaus-linde-wien', '/leistungen']) {
        const html = (await rawGet(t.baseUrl, page)).body.toString();
        expect(html).toContain(`<head>${preload}`);
        expect(html.split(preload)).toHaveLength(2);
      }
      for (const page of ['/backend/login', '/frontdesk/1/key', '/zeiterfassung/1/key']) {
        const html = (await rawGet(t.baseUrl, page)).body.toString();
        expect(html).toContain('<div id="root">');
        expect(html).not.toContain('/api/init');
      }
    });

    it("announces a branch page's active menu catalogue beside /api/init", async () => {
      const init = decode(await rawGet(t.baseUrl, '/api/init')) as {
        data: { url: string; data: { data: Record<string, unknown>[] } }[];
      };
      const list = (url: string) => init.data.find((entry) => entry.url === url)!.data.data;
      const wien = list('/api/branches').find((b) => b.identifier === 'gasthaus-linde-wien')!;
      const menu = activeMenu(
        list('/api/menus') as unknown as { id: number; availableFrom: string; branches: { id: number }[] }[],
        wien.id as number,
        new Date(),
      )!;
      const link = `<link rel="preload" href="/api/menus/${menu.id}/catalog" as="fetch" crossorigin="anonymous">`;
      // The page waits at most PRELOAD_WAIT_MS for the branch's menus; on a busy machine a page may come
      // without the link, so the pages are asked a few times.
      for (const page of [
        '/store/gasthaus-linde-wien',
        '/store/gasthaus-linde-wien/checkout',
        '/kiosk/gasthaus-linde-wien',
      ]) {
        let html = '';
        for (let tries = 0; tries < 10 && !html.includes(link); tries++)
          html = (await rawGet(t.baseUrl, page)).body.toString();
        expect(html).toContain(
          `<head><link rel="preload" href="/api/init" as="fetch" crossorigin="anonymous">${link}</head>`,
        );
      }
      for (const page of ['/', '/store/unbekannt', '/leistungen', '/backend/login', '/store/%E0%A4%A']) {
        const html = (await rawGet(t.baseUrl, page)).body.toString();
        expect(html).not.toContain('/catalog');
      }
    });

    it('puts the announcement at the end of an existing head', () => {
      const html = '<html><head><title>Shop</title></head><body></body></html>';
      expect(withInitPreload(html, '/store/x')).toBe(
        '<html><head><title>Shop</title><link rel="preload" href="/api/init" as="fetch" crossorigin="anonymous"></head><body></body></html>',
      );
      expect(withInitPreload(html, '/backend')).toBe(html);
      expect(withInitPreload(html, '/backendx')).not.toBe(html);
      expect(withInitPreload(html, '/store/x', ['/api/menus/3/catalog?a=1&b="2"'])).toContain(
        '<link rel="preload" href="/api/menus/3/catalog?a=1&amp;b=&quot;2&quot;" as="fetch" crossorigin="anonymous"></head>',
      );
    });

    it("finds a branch page's menu by the clock and gives up rather than delay the page", async () => {
      const json = JSON.stringify({
        data: [
          { url: '/api/branches', data: { data: [{ id: 4, identifier: 'linde wien' }, { id: 5 }] } },
          {
            url: '/api/menus',
            data: {
              data: [
                { id: 1, availableFrom: '2026-01-01T00:00:00.000Z', branches: [{ id: 4 }] },
                { id: 2, availableFrom: '2026-06-01T00:00:00.000Z', branches: [{ id: 4 }] },
              ],
            },
          },
        ],
      });
      let now = new Date('2026-03-01T12:00:00Z');
      let reads = 0;
      const preloads = branchCatalogPreload(
        async () => {
          reads += 1;
          return { key: 'k1', json };
        },
        () => now,
      );
      await expect(preloads('/store/linde%20wien')).resolves.toEqual(['/api/menus/1/catalog']);
      await expect(preloads('/kiosk/linde%20wien/checkout')).resolves.toEqual(['/api/menus/1/catalog']);
      now = new Date('2026-07-01T12:00:00Z');
      await expect(preloads('/store/linde%20wien')).resolves.toEqual(['/api/menus/2/catalog']);
      expect(reads).toBe(3);
      for (const page of ['/store/andere', '/', '/storex/linde%20wien', '/store/%E0%A4%A', '/backend/linde'])
        await expect(preloads(page)).resolves.toEqual([]);
      now = new Date('2025-01-01T00:00:00Z'); // before every menu
      await expect(preloads('/store/linde%20wien')).resolves.toEqual([]);

      const never = branchCatalogPreload(
        () => new Promise(() => {}),
        () => now,
        20,
      );
      await expect(never('/store/linde%20wien')).resolves.toEqual([]);
      const failing = branchCatalogPreload(
        () => Promise.reject(new Error('db')),
        () => now,
      );
      await expect(failing('/store/linde%20wien')).resolves.toEqual([]);
    });

    it('compresses API answers made per request', async () => {
      const admin = await signIn(t, 'admin', 'Admin-Demo-2026');
      const res = await rawGet(t.baseUrl, '/api/products', { ...admin.cookie, 'accept-encoding': 'br' });
      expect(res.headers['content-encoding']).toBe('br');
      expect(Array.isArray(decode(res).data)).toBe(true);
    });
  });

  describe('security headers', () => {
    it.each(['/', '/store/gasthaus-linde-wien', '/backend/login', '/api/health', '/api/init'])(
      'sets the policy headers on %s',
      async (url) => {
        const res = await rawGet(t.baseUrl, url);
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).toContain("frame-ancestors 'self'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['permissions-policy']).toContain('camera=()');
        expect(res.headers['strict-transport-security']).toBeUndefined();
      },
    );
  });

  describe('CORS', () => {
    it('refuses another site in German and lets a configured partner in', async () => {
      const foreign = await t.request('GET', '/api/branches', undefined, { origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect(foreign.body.errors[0]).toMatchObject({ code: 'origin_not_allowed' });
      const partner = await t.request('GET', '/api/branches', undefined, {
        origin: 'https://partner.example.at',
      });
      expect(partner.status).toBe(200);
      expect(partner.headers.get('access-control-allow-origin')).toBe('https://partner.example.at');
      const preflight = await t.request('OPTIONS', '/api/orders', undefined, {
        origin: 'https://partner.example.at',
        'access-control-request-method': 'POST',
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('Idempotency-Key');
    });
  });

  describe('rate limits on public writes', () => {
    it('answers the fourth sign-in link request of one address in a minute with 429 and Retry-After', async () => {
      const statuses: number[] = [];
      let last: { status: number; headers: Headers; body: any } | undefined;
      for (let i = 0; i < 4; i++) {
        last = await t.request('POST', '/api/auth/login-link', { email: `niemand${i}@example.at` });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
      expect(statuses[3]).toBe(429);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(last!.body.errors[0].message).toMatch(/^Zu viele Anfragen/);
    });
  });
});

describe(MemoryRateLimitStore.name, () => {
  it('counts per key in fixed windows by the clock', async () => {
    const clock = new FixedClock(new Date('2026-11-23T10:00:00Z'));
    const store = new MemoryRateLimitStore(clock);
    expect((await store.hit('a', 60_000)).count).toBe(1);
    expect((await store.hit('a', 60_000)).count).toBe(2);
    expect((await store.hit('b', 60_000)).count).toBe(1);
    clock.advance(60_001);
    expect(await store.hit('a', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });
});

describe(RedisRateLimitStore.name, () => {
  it('shares counters through Redis (127.0.0.1:6379)', async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const a = new RedisRateLimitStore(url);
    const b = new RedisRateLimitStore(url);
    const key = `test-${Date.now()}-${Math.random()}`;
    try {
      const first = await a.hit(key, 5000).catch(() => null);
      if (!first) {
        console.log(`Übersprungen: kein Redis unter ${url} erreichbar.`);
        return;
      }
      expect(first.count).toBe(1);
      expect((await b.hit(key, 5000)).count).toBe(2);
      expect((await a.hit(key, 5000)).resetInMs).toBeLessThanOrEqual(5000);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

const server = testServerUrl();
(server ? describe : describe.skip)('two backend instances on one PostgreSQL server', () => {
  it('shows a change made through one instance in the other’s cached /api/init within a second', async () => {
    const t1 = await startTestApp({ seed: true, env: { BCRYPT_COST: '4' } });
    const second = (await startSecondInstance(t1, { BCRYPT_COST: '4' }))!;
    const base2 = second.baseUrl;
    try {
      const names = async () =>
        decode(await rawGet(base2, '/api/init'))
          .data.find((e: { url: string }) => e.url === '/api/divisions')
          .data.data.map((d: { name: string }) => d.name) as string[];
      await names();
      await new Promise((r) => setTimeout(r, 300));
      await names(); // cached now
      const admin = await signIn(t1, 'admin', 'Admin-Demo-2026');
      const division = (await t1.request('GET', '/api/divisions', undefined, admin.cookie)).body.data[0];
      const changedAt = Date.now();
      const put = await t1.request(
        'PUT',
        `/api/divisions/${division.id}`,
        { ...division, name: 'Über die andere Instanz' },
        admin.write,
      );
      expect(put.status).toBe(200);
      let seenAfter = -1;
      while (Date.now() - changedAt < 10_000) {
        if ((await names()).includes('Über die andere Instanz')) {
          seenAfter = Date.now() - changedAt;
          break;
        }
        await new Promise((r) => setTimeout(r, 25));
      }
      console.log(`Änderung auf der zweiten Instanz sichtbar nach ${seenAfter} ms`);
      expect(seenAfter).toBeGreaterThanOrEqual(0);
      // The poll runs every 250 ms, then /api/init is rebuilt once: a second is the target (printed above,
      // and by the benchmark); the bound only catches an invalidation that does not work, without failing
      // on a loaded machine.
      expect(seenAfter).toBeLessThan(5000);
    } finally {
      await second.close();
      await t1.close();
    }
  });
});
if (!server) console.log('Übersprungen: zwei Instanzen brauchen einen PostgreSQL-Server (DATABASE_URL).');
