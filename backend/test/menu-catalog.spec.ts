import {
  CATALOG_FIRST_PART_PRODUCTS,
  CATALOG_PART_PRODUCTS,
  STOREFRONT_CATEGORY_DEFAULTS,
  STOREFRONT_ENTRY_DEFAULTS,
  STOREFRONT_PRODUCT_DEFAULTS,
  withStorefrontDefaults,
  type Category,
  type Menu,
  type MenuCatalog,
  type Product,
} from '@ordering/common';
import { PublicReadCache } from '../src/serving/public-cache.js';
import { signIn } from './support/auth.js';
import { startSecondInstance } from './support/second-instance.js';
import { startTestApp, testServerUrl, type TestApp } from './support/test-app.js';

/** An anonymous GET of a menu's catalogue, parsed when it is JSON. */
async function catalogOf(
  baseUrl: string,
  menuId: number | string,
  headers: Record<string, string> = {},
  query = '',
) {
  const res = await fetch(`${baseUrl}/api/menus/${menuId}/catalog${query}`, { headers });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    body: text ? (JSON.parse(text) as { data: MenuCatalog; errors?: Array<{ message: string }> }) : null,
  };
}

/** Waits until the condition holds (the public cache keeps an answer once its compressed forms are made). */
async function waitFor(condition: () => boolean, ms = 10_000) {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('Bedingung nicht erfüllt');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('GET /api/menus/{id}/catalog: a menu with the categories and products its store page shows', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  /** A seeded menu that a branch uses (the Vienna inn's). */
  let menu: Menu;

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { BCRYPT_COST: '4' } });
    admin = await signIn(t, 'admin', 'Admin-Demo-2026');
    const menus: Menu[] = (await t.request('GET', '/api/menus?limit=1000')).body.data;
    menu = menus
      .filter((m) => m.branches.length > 0)
      .sort(
        (a, b) => b.catalog.flatMap((c) => c.products).length - a.catalog.flatMap((c) => c.products).length,
      )[0]!;
  });
  afterAll(() => t.close());

  it('sends the storefront shape of the menu, its categories and its products (as the public reads have them), in menu order, in one part', async () => {
    const res = await catalogOf(t.baseUrl, menu.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const data = res.body!.data;
    expect(Object.keys(data).sort()).toEqual(['categories', 'menu', 'part', 'products']);
    expect(data.part).toEqual({ index: 0, count: 1, version: expect.stringMatching(/^[\w-]{22}$/) });
    // `?part=0` is the same answer.
    expect((await catalogOf(t.baseUrl, menu.id, {}, '?part=0')).text).toBe(res.text);

    const publicCategories: Category[] = (await t.request('GET', '/api/categories?limit=1000')).body.data;
    const publicProducts: Product[] = (await t.request('GET', '/api/products?limit=1000')).body.data;
    const categoryIds = menu.catalog
      .map((c) => c.id)
      .filter((id) => publicCategories.some((c) => c.id === id));
    const productIds = [
      ...new Set(
        menu.catalog.filter((c) => categoryIds.includes(c.id)).flatMap((c) => c.products.map((p) => p.id)),
      ),
    ].filter((id) => publicProducts.some((p) => p.id === id));
    expect(productIds.length).toBeGreaterThan(3);
    expect(data.categories.map((c) => c.id)).toEqual(categoryIds);
    expect(data.products.map((p) => p.id)).toEqual(productIds);
    // No back-office field, no field at its documented default.
    const sent = (item: object, defaults: object) =>
      Object.entries(defaults).filter(
        ([key, value]) => JSON.stringify((item as Record<string, unknown>)[key]) === JSON.stringify(value),
      );
    for (const product of data.products) {
      expect(Object.keys(product)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/^(position|createdAt|updatedAt|placements)$/)]),
      );
      expect(sent(product, STOREFRONT_PRODUCT_DEFAULTS)).toEqual([]);
      const {
        position: _p,
        createdAt: _c,
        updatedAt: _u,
        ...expected
      } = publicProducts.find((p) => p.id === product.id)!;
      expect(withStorefrontDefaults(structuredClone(product), STOREFRONT_PRODUCT_DEFAULTS)).toEqual(expected);
    }
    for (const category of data.categories) {
      expect(sent(category, STOREFRONT_CATEGORY_DEFAULTS)).toEqual([]);
      const {
        position: _p,
        createdAt: _c,
        updatedAt: _u,
        ...expected
      } = publicCategories.find((c) => c.id === category.id) as Category & { position: number };
      expect(withStorefrontDefaults(structuredClone(category), STOREFRONT_CATEGORY_DEFAULTS)).toEqual(
        expected,
      );
    }
    // The menu as /api/menus/{id} has it, without timestamps and without entries of hidden rows.
    const full: Menu = (await t.request('GET', `/api/menus/${menu.id}`)).body.data;
    expect(data.menu).toEqual({
      id: full.id,
      name: full.name,
      availableFrom: full.availableFrom,
      branches: full.branches,
      catalog: full.catalog
        .filter((entry) => categoryIds.includes(entry.id))
        .map((entry) => ({
          id: entry.id,
          products: entry.products
            .filter((p) => productIds.includes(p.id))
            .map((p) => ({
              id: p.id,
              ...(p.isEnabled ? {} : { isEnabled: false }),
              ...(p.schedule ? { schedule: p.schedule } : {}),
            })),
        }))
        .filter((entry) => entry.products.length > 0),
    });
    for (const entry of data.menu.catalog)
      for (const product of entry.products) expect(sent(product, STOREFRONT_ENTRY_DEFAULTS)).toEqual([]);
    // Half the bytes of the public shape or less.
    const publicBytes = productIds
      .map((id) => JSON.stringify(publicProducts.find((p) => p.id === id)).length)
      .reduce((a, b) => a + b, 0);
    const sentBytes = JSON.stringify(data.products).length;
    console.log(`Produkte im Katalog: ${sentBytes} Bytes statt ${publicBytes} (öffentliche Liste)`);
    expect(sentBytes).toBeLessThan(publicBytes * 0.6);
  });

  it('carries a strong ETag of its body, no-cache, and answers If-None-Match with a 304, from memory and through the app', async () => {
    const cache = t.app.get(PublicReadCache);
    const first = await catalogOf(t.baseUrl, menu.id);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"catalog-[A-Za-z0-9_-]{32}"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    await waitFor(() => cache.size.entries > 0);
    const hits = cache.stats.hits;
    const again = await catalogOf(t.baseUrl, menu.id, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const br = await fetch(`${t.baseUrl}/api/menus/${menu.id}/catalog`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(first.text);
    expect(cache.stats.hits).toBe(hits + 2);
    // A signed-in reader goes through the app: the same answer, the same validator.
    const staff = await catalogOf(t.baseUrl, menu.id, { cookie: admin.cookie.cookie });
    expect(staff.headers.get('etag')).toBe(etag);
    expect(staff.text).toBe(first.text);
    const staff304 = await catalogOf(t.baseUrl, menu.id, {
      cookie: admin.cookie.cookie,
      'if-none-match': etag,
    });
    expect(staff304.status).toBe(304);
  });

  it('shows a change to one of its products in the very next answer, with a new ETag', async () => {
    const before = await catalogOf(t.baseUrl, menu.id);
    await catalogOf(t.baseUrl, menu.id); // kept by the public cache by now, or being compressed
    const product = (
      await t.request('GET', `/api/products/${before.body!.data.products[1]!.id}`, undefined, admin.cookie)
    ).body.data;
    const renamed = await t.request(
      'PUT',
      `/api/products/${product.id}`,
      { ...product, name: 'Umbenannt für den Katalog' },
      admin.write,
    );
    expect(renamed.status).toBe(200);
    const after = await catalogOf(t.baseUrl, menu.id, { 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(after.body!.data.products.find((p) => p.id === product.id)!.name).toBe(
      'Umbenannt für den Katalog',
    );
  });

  it('leaves out products and categories an anonymous reader may not see, and shows greyed-out ones', async () => {
    const data = (await catalogOf(t.baseUrl, menu.id)).body!.data;
    const productId = data.products[0]!.id;
    const categoryId = data.categories[data.categories.length - 1]!.id;
    const product = (await t.request('GET', `/api/products/${productId}`, undefined, admin.cookie)).body.data;
    const category = (await t.request('GET', `/api/categories/${categoryId}`, undefined, admin.cookie)).body
      .data;
    try {
      const hide = async (isVisibleWhenUnavailable: boolean) => {
        for (const [path, entity] of [
          [`/api/products/${productId}`, product],
          [`/api/categories/${categoryId}`, category],
        ] as const) {
          const saved = await t.request(
            'PUT',
            path,
            { ...entity, isEnabled: false, isVisibleWhenUnavailable },
            admin.write,
          );
          expect(saved.status).toBe(200);
        }
      };
      await hide(false);
      const hidden = (await catalogOf(t.baseUrl, menu.id)).body!.data;
      expect(hidden.products.map((p) => p.id)).not.toContain(productId);
      expect(hidden.categories.map((c) => c.id)).not.toContain(categoryId);
      // The hidden category's entry goes with it, and its products unless another category shows them.
      expect(hidden.menu.catalog.map((e) => e.id)).not.toContain(categoryId);
      const elsewhere = new Set(
        data.menu.catalog.filter((e) => e.id !== categoryId).flatMap((e) => e.products.map((p) => p.id)),
      );
      expect(hidden.products.map((p) => p.id)).toEqual(
        data.products.map((p) => p.id).filter((id) => id !== productId && elsewhere.has(id)),
      );
      await hide(true);
      const greyed = (await catalogOf(t.baseUrl, menu.id)).body!.data;
      expect(greyed.products.find((p) => p.id === productId)).toMatchObject({ isEnabled: false });
      expect(greyed.categories.find((c) => c.id === categoryId)).toMatchObject({ isEnabled: false });
    } finally {
      await t.request('PUT', `/api/products/${productId}`, product, admin.write);
      await t.request('PUT', `/api/categories/${categoryId}`, category, admin.write);
    }
  });

  it('answers 404 in German for a menu no branch uses, an unknown id and a malformed one', async () => {
    const created = await t.request(
      'POST',
      '/api/menus',
      {
        name: 'Entwurf ohne Filiale',
        availableFrom: '2026-01-01T00:00:00.000Z',
        branches: [],
        catalog: menu.catalog,
      },
      admin.write,
    );
    expect(created.status).toBe(201);
    for (const id of [created.body.data.id, 999999, 'abc', 0]) {
      const res = await catalogOf(t.baseUrl, id);
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
      expect(res.body!.errors![0]!.message).toBe('Produktkatalog wurde nicht gefunden.');
    }
    // Given a branch, the same menu has a catalogue.
    const branch = menu.branches[0]!;
    const updated = await t.request(
      'PUT',
      `/api/menus/${created.body.data.id}`,
      { ...created.body.data, branches: [branch] },
      admin.write,
    );
    expect(updated.status).toBe(200);
    expect((await catalogOf(t.baseUrl, created.body.data.id)).status).toBe(200);
  });

  it('sends a large menu in parts: the first small with every category, then bounded parts in menu order, each with its own ETag', async () => {
    const cache = t.app.get(PublicReadCache);
    const shown = (await catalogOf(t.baseUrl, menu.id)).body!.data;
    const [a, b, c] = shown.categories;
    const total = CATALOG_FIRST_PART_PRODUCTS + CATALOG_PART_PRODUCTS + 34;
    // Copies of a shown product, written as plain rows (as the benchmark seeds its 10,000).
    const template = shown.products[0]!.id;
    const columns = (
      (await t.dataSource.query(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()
         AND table_name = 'product' AND column_name NOT IN ('id', 'uid', 'name') AND is_generated = 'NEVER'`,
      )) as Array<{ column_name: string }>
    ).map((r) => `"${r.column_name}"`);
    const ids = (
      (await t.dataSource.query(
        `INSERT INTO product (uid, name, ${columns.join(', ')})
         SELECT gen_random_uuid(), 'Teilprodukt ' || g, ${columns.map((col) => `t.${col}`).join(', ')}
         FROM product t, generate_series(1, $1::int) g WHERE t.id = $2 ORDER BY g RETURNING id`,
        [total, template],
      )) as Array<{ id: number }>
    ).map((r) => Number(r.id));
    const entries = (list: number[]) => list.map((id) => ({ id, isEnabled: true, schedule: null }));
    // A: 50, B: 600 (over parts 0 and 1), C: the rest (parts 1 and 2) and the first product again.
    const created = await t.request(
      'POST',
      '/api/menus',
      {
        name: 'Großer Katalog in Teilen',
        availableFrom: '2020-01-01T00:00:00.000Z',
        branches: [menu.branches[0]],
        catalog: [
          { id: a!.id, products: entries(ids.slice(0, 50)) },
          { id: b!.id, products: entries(ids.slice(50, 650)) },
          { id: c!.id, products: entries([...ids.slice(650), ids[0]!]) },
        ],
      },
      admin.write,
    );
    expect(created.status).toBe(201);
    const menuId = created.body.data.id as number;
    const stored = cache.stats.stored;
    const first = await catalogOf(t.baseUrl, menuId);
    const part0 = first.body!.data;
    expect(part0.part).toEqual({
      index: 0,
      count: 3,
      version: expect.any(String),
      categoryParts: [0, 0, 1],
    });
    expect(part0.categories.map((x) => x.id)).toEqual([a!.id, b!.id, c!.id]);
    expect(part0.products.map((p) => p.id)).toEqual(ids.slice(0, CATALOG_FIRST_PART_PRODUCTS));
    expect(part0.menu.catalog.map((e) => [e.id, e.products.length])).toEqual([
      [a!.id, 50],
      [b!.id, 50],
      [c!.id, 0],
    ]);
    const parts = [part0];
    const etags = [first.headers.get('etag')!];
    for (const index of [1, 2]) {
      const res = await catalogOf(t.baseUrl, menuId, {}, `?part=${index}`);
      expect(res.status).toBe(200);
      etags.push(res.headers.get('etag')!);
      parts.push(res.body!.data);
      expect(res.body!.data.part).toEqual({ index, count: 3, version: part0.part.version });
      expect(res.body!.data.categories).toEqual([]);
    }
    expect(new Set(etags).size).toBe(3);
    expect(parts[1]!.products).toHaveLength(CATALOG_PART_PRODUCTS);
    expect(parts[1]!.menu.catalog.map((e) => [e.id, e.products.length])).toEqual([
      [b!.id, 550],
      [c!.id, 450],
    ]);
    expect(parts[2]!.menu.catalog.map((e) => [e.id, e.products.length])).toEqual([[c!.id, 35]]);
    // Together: every product once in menu order, every entry in order.
    expect(parts.flatMap((p) => p.products.map((x) => x.id))).toEqual(ids);
    const merged = new Map<number, number[]>();
    for (const p of parts)
      for (const e of p.menu.catalog)
        merged.set(e.id, [...(merged.get(e.id) ?? []), ...e.products.map((x) => x.id)]);
    expect([...merged]).toEqual([
      [a!.id, ids.slice(0, 50)],
      [b!.id, ids.slice(50, 650)],
      [c!.id, [...ids.slice(650), ids[0]]],
    ]);
    // Each part from memory, compressed, and a 304 for its ETag.
    await waitFor(() => cache.stats.stored >= stored + 3);
    const hits = cache.stats.hits;
    for (const [index, etag] of etags.entries()) {
      const query = index ? `?part=${index}` : '';
      expect((await catalogOf(t.baseUrl, menuId, { 'if-none-match': etag }, query)).status).toBe(304);
      const br = await fetch(`${t.baseUrl}/api/menus/${menuId}/catalog${query}`, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect((JSON.parse(await br.text()) as { data: MenuCatalog }).data.part.index).toBe(index);
    }
    expect(cache.stats.hits).toBe(hits + 6);
    // A part the menu does not have, and a part that is not a number.
    const missing = await catalogOf(t.baseUrl, menuId, {}, '?part=3');
    expect(missing.status).toBe(404);
    expect(missing.body!.errors![0]!.message).toBe('Dieser Teil des Produktkatalogs wurde nicht gefunden.');
    for (const query of ['?part=x', '?part=-1', '?part=01', '?part=1.5'])
      expect({ query, status: (await catalogOf(t.baseUrl, menuId, {}, query)).status }).toEqual({
        query,
        status: 400,
      });
    // A hidden product of the last part: gone from it, the other parts keep their products; every part has
    // the new version.
    const hiddenId = ids[total - 1]!;
    const product = (await t.request('GET', `/api/products/${hiddenId}`, undefined, admin.cookie)).body.data;
    expect(
      (
        await t.request(
          'PUT',
          `/api/products/${hiddenId}`,
          { ...product, isEnabled: false, isVisibleWhenUnavailable: false },
          admin.write,
        )
      ).status,
    ).toBe(200);
    const last = (await catalogOf(t.baseUrl, menuId, { 'if-none-match': etags[2]! }, '?part=2')).body!.data;
    expect(last.part.version).not.toBe(part0.part.version);
    expect(last.products.map((p) => p.id)).not.toContain(hiddenId);
    expect(last.products).toHaveLength(33);
    expect(last.menu.catalog[0]!.products.map((p) => p.id)).not.toContain(hiddenId);
    const again = await catalogOf(t.baseUrl, menuId, { 'if-none-match': etags[0]! });
    expect(again.status).toBe(200);
    expect(again.body!.data.part.version).toBe(last.part.version);
    // The menu out of the way of the other tests.
    await t.request('DELETE', `/api/menus/${menuId}`, undefined, admin.write);
  });

  it('leaves products and categories out of /api/init, whose menus carry no catalogue and which stays small', async () => {
    const res = await fetch(`${t.baseUrl}/api/init`);
    const text = await res.text();
    const entries = (JSON.parse(text) as { data: Array<{ url: string; data: { data: unknown } }> }).data;
    const urls = entries.map((e) => e.url);
    expect(urls).toContain('/api/menus');
    expect(urls).not.toContain('/api/products');
    expect(urls).not.toContain('/api/categories');
    const menus = entries.find((e) => e.url === '/api/menus')!.data.data as Array<Record<string, unknown>>;
    expect(menus.find((m) => m.id === menu.id)).toEqual({
      id: menu.id,
      name: menu.name,
      availableFrom: menu.availableFrom,
      branches: menu.branches,
      createdAt: menu.createdAt,
      updatedAt: menu.updatedAt,
    });
    // The demo's products alone were 26 KB of the 58 KB before.
    expect(Buffer.byteLength(text)).toBeLessThan(45_000);
    // No product anywhere (a product's own fields).
    expect({ productFields: /"isPriceHidden"|"calculationModel"/.test(text) }).toEqual({
      productFields: false,
    });
  });
});

const server = testServerUrl();
(server ? describe : describe.skip)(
  'a menu catalogue on two backend instances of one PostgreSQL server',
  () => {
    it('shows a product change made through one instance in the other’s cached catalogue', async () => {
      const t1 = await startTestApp({ seed: true, env: { BCRYPT_COST: '4' } });
      const second = (await startSecondInstance(t1, { BCRYPT_COST: '4' }))!;
      const base2 = second.baseUrl;
      const app2 = second.app;
      try {
        const menus: Menu[] = (await t1.request('GET', '/api/menus?limit=1000')).body.data;
        const menuId = menus.find(
          (m) => m.branches.length > 0 && m.catalog.some((c) => c.products.length),
        )!.id;
        const cache2 = app2.get(PublicReadCache);
        const first = await catalogOf(base2, menuId);
        await waitFor(() => cache2.size.entries > 0);
        const hits = cache2.stats.hits;
        expect((await catalogOf(base2, menuId)).text).toBe(first.text);
        expect(cache2.stats.hits).toBe(hits + 1); // cached on the second instance
        const admin = await signIn(t1, 'admin', 'Admin-Demo-2026');
        const productId = first.body!.data.products[0]!.id;
        const product = (await t1.request('GET', `/api/products/${productId}`, undefined, admin.cookie)).body
          .data;
        const changedAt = Date.now();
        const put = await t1.request(
          'PUT',
          `/api/products/${productId}`,
          { ...product, name: 'Über die andere Instanz' },
          admin.write,
        );
        expect(put.status).toBe(200);
        let seenAfter = -1;
        while (Date.now() - changedAt < 10_000) {
          const names = (await catalogOf(base2, menuId)).body!.data.products.map((p) => p.name);
          if (names.includes('Über die andere Instanz')) {
            seenAfter = Date.now() - changedAt;
            break;
          }
          await new Promise((r) => setTimeout(r, 25));
        }
        console.log(`Katalogänderung auf der zweiten Instanz sichtbar nach ${seenAfter} ms`);
        expect(seenAfter).toBeGreaterThanOrEqual(0);
        expect(seenAfter).toBeLessThan(5000);
      } finally {
        await second.close();
        await t1.close();
      }
    });
  },
);
if (!server) console.log('Übersprungen: zwei Instanzen brauchen einen PostgreSQL-Server (DATABASE_URL).');
