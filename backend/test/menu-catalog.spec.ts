import { menuCatalogPath, type MenuCatalog, type MenuOutline } from '@ordering/common';
import http from 'node:http';
import zlib from 'node:zlib';
import { MenuCatalogService } from '../src/catalog/menu-catalog.service.js';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startSecondInstance } from './support/second-instance.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);

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

const decode = (r: { headers: http.IncomingHttpHeaders; body: Buffer }): { data: MenuCatalog } =>
  JSON.parse(
    (r.headers['content-encoding'] === 'br'
      ? zlib.brotliDecompressSync(r.body)
      : r.headers['content-encoding'] === 'gzip'
        ? zlib.gunzipSync(r.body)
        : r.body
    ).toString('utf8'),
  );

async function waitFor(condition: () => Promise<boolean>, ms = 5000) {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('Bedingung nicht erfüllt');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the products of a menu: their own cached, compressed, ETag'd route; /api/init without them", () => {
  let t: TestApp;
  let menu: MenuOutline;
  let branchId: number;
  let otherBranchId: number;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, authenticator: new HeaderAuthenticator() });
    const init = (await t.request('GET', '/api/init')).body.data as Array<{
      url: string;
      data: { data: any };
    }>;
    const byUrl = Object.fromEntries(init.map((e) => [e.url, e.data.data]));
    const menus = byUrl['/api/menus'] as MenuOutline[];
    const branches = byUrl['/api/branches'] as Array<{ id: number }>;
    menu = menus.find((m) => m.branches.length < branches.length && m.branches.length > 0)!;
    branchId = menu.branches[0]!.id;
    otherBranchId = branches.find((b) => !menu.branches.some((x) => x.id === b.id))!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const path = () => menuCatalogPath(branchId, menu.id);

  it('/api/init carries the menus with their categories only, and no products', async () => {
    const init = (await t.request('GET', '/api/init')).body.data as Array<{
      url: string;
      data: { data: any };
    }>;
    expect(init.map((e) => e.url)).not.toContain('/api/products');
    const menus = init.find((e) => e.url === '/api/menus')!.data.data as MenuOutline[];
    expect(menus.length).toBeGreaterThan(0);
    for (const m of menus) for (const entry of m.catalog) expect(Object.keys(entry)).toEqual(['id']);
    // The route has them, in the menu's order.
    const full = (await t.request('GET', `/api/menus/${menu.id}`)).body.data;
    expect(menu.catalog.map((e) => e.id)).toEqual(full.catalog.map((e: { id: number }) => e.id));
  });

  it('answers the menu with its products, in every encoding, with an ETag and a 304', async () => {
    const plain = await rawGet(t.baseUrl, path());
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toContain('application/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const etag = plain.headers.etag!;
    expect(etag).toMatch(/^"menu-/);
    const body = decode(plain).data;
    expect(body.menu.id).toBe(menu.id);
    const named = body.menu.catalog.flatMap((e) => e.products.map((p) => p.id));
    expect(named.length).toBeGreaterThan(0);
    // Every named product is sent once, first categories first.
    expect([...new Set(named)]).toEqual(body.products.map((p) => p.id));

    const br = await rawGet(t.baseUrl, path(), { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag);
    expect(decode(br)).toEqual(decode(plain));
    const gz = await rawGet(t.baseUrl, path(), { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toEqual(decode(plain));

    const notModified = await rawGet(t.baseUrl, path(), { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    // Built once for all of these.
    const service = t.app.get(MenuCatalogService);
    const builds = service.stats.builds;
    await rawGet(t.baseUrl, path(), { 'accept-encoding': 'br' });
    expect(service.stats.builds).toBe(builds);
  });

  it("is scoped to the branch: another branch's menu, unknown branches and malformed ids are 404", async () => {
    const other = await t.request('GET', menuCatalogPath(otherBranchId, menu.id));
    expect(other.status).toBe(404);
    expect(other.body.errors[0].message).toBe('Produktkatalog wurde für diese Filiale nicht gefunden.');
    const unknown = await t.request('GET', menuCatalogPath(999999, menu.id));
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].message).toBe('Filiale wurde nicht gefunden.');
    const bad = await t.request('GET', `/api/branches/${branchId}/menus/abc/catalog`);
    expect(bad.status).toBe(404);
    expect(bad.body.errors[0].message).toBe('Produktkatalog wurde nicht gefunden.');
  });

  it('shows a product change at once (new ETag) and never sends hidden products', async () => {
    const first = await rawGet(t.baseUrl, path(), { 'accept-encoding': 'br' });
    const before = decode(first).data;
    const [hiddenId, greyId, renamedId] = before.products.map((p) => p.id);
    const put = async (id: number, change: Record<string, unknown>) => {
      const product = (await t.request('GET', `/api/products/${id}`, undefined, admin)).body.data;
      const res = await t.request('PUT', `/api/products/${id}`, { ...product, ...change }, admin);
      expect(res.status).toBe(200);
    };
    await put(hiddenId!, { isEnabled: false, isVisibleWhenUnavailable: false });
    await put(greyId!, { isEnabled: false, isVisibleWhenUnavailable: true });
    await put(renamedId!, { name: 'Umbenannt im Katalog-Test' });

    const after = await rawGet(t.baseUrl, path(), {
      'accept-encoding': 'br',
      'if-none-match': first.headers.etag!,
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    const body = decode(after).data;
    const ids = body.products.map((p) => p.id);
    expect(ids).not.toContain(hiddenId);
    expect(body.menu.catalog.flatMap((e) => e.products.map((p) => p.id))).not.toContain(hiddenId);
    expect(ids).toContain(greyId);
    expect(body.products.find((p) => p.id === renamedId)!.name).toBe('Umbenannt im Katalog-Test');
    // The hidden product is not even readable through the public product route (same rule).
    expect((await t.request('GET', `/api/products/${hiddenId}`)).status).toBe(404);
  });

  it('drops a menu entry switched off in the menu unless its product is shown greyed out', async () => {
    const full = (await t.request('GET', `/api/menus/${menu.id}`, undefined, admin)).body.data;
    const entry = full.catalog.find((c: { products: unknown[] }) => c.products.length > 0);
    const switchedOff = entry.products[entry.products.length - 1];
    switchedOff.isEnabled = false;
    const product = (await t.request('GET', `/api/products/${switchedOff.id}`, undefined, admin)).body.data;
    const saved = await t.request('PUT', `/api/menus/${menu.id}`, full, admin);
    expect(saved.status).toBe(200);
    const body = decode(await rawGet(t.baseUrl, path())).data;
    const sent = body.menu.catalog.flatMap((e) => e.products.map((p) => p.id));
    if (product.isVisibleWhenUnavailable) expect(sent).toContain(switchedOff.id);
    else expect(sent).not.toContain(switchedOff.id);
  });

  it("a change through one instance reaches another instance's catalogue through the notification channel", async () => {
    const second = await startSecondInstance(t);
    if (!second) {
      console.log(
        'skipped: two instances need a PostgreSQL server (set TEST_DATABASE_URL); PGlite is one process',
      );
      return;
    }
    try {
      const service = second.app.get(MenuCatalogService);
      const cached = decode(await rawGet(second.baseUrl, path(), { 'accept-encoding': 'br' })).data;
      const id = cached.products[cached.products.length - 1]!.id;
      const invalidations = service.stats.invalidations;
      const product = (await t.request('GET', `/api/products/${id}`, undefined, admin)).body.data;
      const started = performance.now();
      expect(
        (
          await t.request(
            'PUT',
            `/api/products/${id}`,
            { ...product, name: 'Von der anderen Instanz' },
            admin,
          )
        ).status,
      ).toBe(200);
      // The second instance saw no event of this write: only the notification drops its copy.
      await waitFor(async () => service.stats.invalidations > invalidations, 3000);
      const body = decode(await rawGet(second.baseUrl, path(), { 'accept-encoding': 'br' })).data;
      expect(body.products.find((p) => p.id === id)!.name).toBe('Von der anderen Instanz');
      console.log(`second instance saw the change after ${Math.round(performance.now() - started)} ms`);
    } finally {
      await second.close();
    }
  });
});
