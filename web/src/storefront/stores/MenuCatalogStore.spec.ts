import {
  STOREFRONT_CATEGORY_DEFAULTS,
  STOREFRONT_PRODUCT_DEFAULTS,
  withoutStorefrontDefaults,
  type MenuCatalog as SentMenuCatalog,
  type Product,
} from '@ordering/common';
import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import {
  catalogsLoaded,
  fixture,
  loadedRoot,
  estrich,
  makeCategory,
  makeProduct,
  MemoryStorage,
  menuCatalogOf,
  schnitzelNachWahl,
  storefrontFetch,
} from '../testing/fixtures';
import { StorefrontRootStore } from '../StorefrontRootStore';
import { MenuCatalogStore } from './MenuCatalogStore';

function withEtag(body: unknown, etag: string): Response {
  const response = json(200, { data: body });
  response.headers.set('ETag', etag);
  return response;
}

describe(MenuCatalogStore.name, () => {
  it('loads a menu catalogue, sends its ETag next time and keeps the data on 304', async () => {
    const data = menuCatalogOf(fixture(), 1)!;
    const fetch = fakeFetch(withEtag(data, '"v1"'), new Response(null, { status: 304 }));
    const store = new MenuCatalogStore(new ApiClient({ fetch }));

    await store.ensure(1, 1);
    expect(fetch.calls[0]!.url).toBe('/api/menus/1/catalog');
    expect(fetch.calls[0]!.headers['If-None-Match']).toBeUndefined();
    const first = store.dataOf(1)!;
    expect(first.products.map((product) => product.id)).toEqual([1, 2, 3]);

    await store.ensure(1, 1); // same init version: not asked again
    expect(fetch.calls).toHaveLength(1);

    await store.ensure(1, 2); // the init data was reloaded: asked again, conditionally
    expect(fetch.calls[1]!.headers['If-None-Match']).toBe('"v1"');
    expect(store.dataOf(1)).toBe(first);
    expect(store.of(1)!.status).toBe('ready');
  });

  it('keeps the same objects when a cache answers 200 with the ETag it had', async () => {
    const data = menuCatalogOf(fixture(), 1)!;
    const fetch = fakeFetch(withEtag(data, '"v1"'), withEtag(data, '"v1"'), withEtag(data, '"v2"'));
    const store = new MenuCatalogStore(new ApiClient({ fetch }));
    await store.ensure(1, 1);
    const first = store.dataOf(1);
    await store.ensure(1, 2);
    expect(store.dataOf(1)).toBe(first);
    await store.ensure(1, 3);
    expect(store.dataOf(1)).not.toBe(first);
    expect(store.of(1)!.etag).toBe('"v2"');
  });

  it('reports a failure with nothing loaded; a retry loads it; a failed reload keeps the old catalogue', async () => {
    const data = menuCatalogOf(fixture(), 1)!;
    const fetch = fakeFetch(
      json(500, { errors: [] }),
      withEtag(data, '"v1"'),
      new TypeError('offline'),
      json(404, { errors: [{ message: 'Die Speisekarte gibt es nicht.' }] }),
    );
    const store = new MenuCatalogStore(new ApiClient({ fetch }));
    await store.ensure(1, 1);
    expect(store.of(1)).toMatchObject({ status: 'error', error: 'failed', data: null });

    await store.retry(1);
    expect(store.of(1)).toMatchObject({ status: 'ready', error: null });

    await store.ensure(1, 2);
    expect(store.of(1)!.status).toBe('ready');
    expect(store.dataOf(1)!.products).toHaveLength(3);

    await store.ensure(2, 2);
    expect(store.of(2)).toMatchObject({ status: 'error', error: 'missing' });
  });

  it('shares one request between concurrent loads of a menu', async () => {
    const fetch = fakeFetch(withEtag(menuCatalogOf(fixture(), 1)!, '"v1"'));
    const store = new MenuCatalogStore(new ApiClient({ fetch }));
    await Promise.all([store.ensure(1, 1), store.ensure(1, 1)]);
    expect(fetch.calls).toHaveLength(1);
  });
});

/** A product and a category as the server sends them: back-office fields out, defaults left out. */
function sent(product: Product) {
  const { position: _p, createdAt: _c, updatedAt: _u, ...rest } = product;
  return withoutStorefrontDefaults(rest, STOREFRONT_PRODUCT_DEFAULTS);
}

/**
 * A menu of three parts: category 1 holds products 1 (part 0) and 2 (part 1), category 3 product 3 (part 2)
 * and product 1 again.
 */
function threeParts(version = 'v1') {
  const categories = [makeCategory(), makeCategory({ id: 3, name: 'Nachspeisen' })].map((category) =>
    withoutStorefrontDefaults(category, STOREFRONT_CATEGORY_DEFAULTS),
  );
  const products = [makeProduct(), schnitzelNachWahl, estrich];
  const menu = { id: 1, availableFrom: '2026-01-01T00:00:00.000Z', branches: [{ id: 1 }] };
  const part = (index: number, catalog: SentMenuCatalog['menu']['catalog'], product: Product) =>
    ({
      menu: { ...menu, catalog },
      categories: index === 0 ? categories : [],
      products: [sent(product)],
      part: { index, count: 3, version, ...(index === 0 ? { categoryParts: [0, 2] } : {}) },
    }) satisfies SentMenuCatalog;
  return [
    part(
      0,
      [
        { id: 1, products: [{ id: 1 }] },
        { id: 3, products: [] },
      ],
      products[0]!,
    ),
    part(1, [{ id: 1, products: [{ id: 2, isEnabled: false }] }], products[1]!),
    part(2, [{ id: 3, products: [{ id: 3 }, { id: 1 }] }], products[2]!),
  ];
}

describe('a menu catalogue in parts', () => {
  it('shows part 0 at once, then asks for the others together and merges them in menu order with defaults put back', async () => {
    const [p0, p1, p2] = threeParts();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetch = fakeFetch(
      withEtag(p0, '"p0"'),
      async () => {
        await held;
        return withEtag(p1, '"p1"');
      },
      withEtag(p2, '"p2"'),
    );
    const store = new MenuCatalogStore(new ApiClient({ fetch }));
    const done = store.ensure(1, 1);
    await new Promise((r) => setTimeout(r, 0));
    const loaded = store.of(1)!;
    expect(loaded.status).toBe('ready');
    expect(loaded.isComplete).toBe(false);
    expect(loaded.loadedThrough).toBe(0);
    expect(store.dataOf(1)!.products.map((p) => p.id)).toEqual([1]);
    expect(loaded.partOfCategory(3)).toBe(2);
    expect(loaded.partOfCategory(1)).toBe(0);
    // Part 2 was asked for while part 1 is still on its way; it waits for part 1 to be shown.
    expect(fetch.calls.map((call) => call.url)).toEqual([
      '/api/menus/1/catalog',
      '/api/menus/1/catalog?part=1',
      '/api/menus/1/catalog?part=2',
    ]);
    expect(loaded.loadedThrough).toBe(0);
    expect(store.dataOf(1)!.products.map((p) => p.id)).toEqual([1]);
    const through2 = store.loadThrough(1, 2);
    release();
    await through2;
    expect(loaded.loadedThrough).toBe(2);
    await done;
    expect(fetch.calls.map((call) => call.url)).toEqual([
      '/api/menus/1/catalog',
      '/api/menus/1/catalog?part=1',
      '/api/menus/1/catalog?part=2',
    ]);
    expect(loaded.isComplete).toBe(true);
    const data = store.dataOf(1)!;
    expect(data.products.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(data.menu.catalog).toEqual([
      {
        id: 1,
        products: [
          { id: 1, isEnabled: true, schedule: null },
          { id: 2, isEnabled: false, schedule: null },
        ],
      },
      {
        id: 3,
        products: [
          { id: 3, isEnabled: true, schedule: null },
          { id: 1, isEnabled: true, schedule: null },
        ],
      },
    ]);
    // Every field present: as sent, or its default (the fixture's product lacks some fields).
    const { position: _p, createdAt: _c, updatedAt: _u, ...full } = schnitzelNachWahl;
    expect(data.products[1]).toEqual({ ...structuredClone(STOREFRONT_PRODUCT_DEFAULTS), ...full });
    expect(data.products[1]).toMatchObject({ tags: [], images: [], minimumQuantity: null, nameEn: '' });
    expect(data.categories.map((c) => c.id)).toEqual([1, 3]);
    expect(data.categories[1]).toMatchObject({ description: null, upsellProducts: [], isBundle: false });
  });

  it('asks for at most three later parts at once', async () => {
    const [p0, p1] = threeParts();
    const count = 6;
    const first = { ...p0!, part: { ...p0!.part, count, categoryParts: [0, count - 1] } };
    let inFlight = 0;
    let most = 0;
    const later = (index: number) => async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      return withEtag({ ...p1!, products: [], part: { index, count, version: 'v1' } }, `"p${index}"`);
    };
    const fetch = fakeFetch(withEtag(first, '"p0"'), ...[1, 2, 3, 4, 5].map(later));
    const store = new MenuCatalogStore(new ApiClient({ fetch }));
    await store.ensure(1, 1);
    expect(most).toBe(3);
    expect(fetch.calls.map((call) => call.url)).toEqual([
      '/api/menus/1/catalog',
      ...[1, 2, 3, 4, 5].map((index) => `/api/menus/1/catalog?part=${index}`),
    ]);
    expect(store.of(1)!.isComplete).toBe(true);
  });

  it('starts again from part 0 when a later part is of another version, and asks part 0 with its ETag on reload', async () => {
    const [p0, p1] = threeParts('v1');
    const [q0, q1, q2] = threeParts('v2');
    const fetch = fakeFetch(
      withEtag(p0, '"p0"'),
      withEtag(q1, '"q1"'), // the catalogue changed in between
      withEtag(q2, '"q2"'), // (asked for together with part 1)
      withEtag(q0, '"q0"'),
      withEtag(q1, '"q1"'),
      withEtag(q2, '"q2"'),
      new Response(null, { status: 304 }),
    );
    const store = new MenuCatalogStore(new ApiClient({ fetch }));
    await store.ensure(1, 1);
    expect(fetch.calls.map((call) => call.url)).toEqual([
      '/api/menus/1/catalog',
      '/api/menus/1/catalog?part=1',
      '/api/menus/1/catalog?part=2',
      '/api/menus/1/catalog',
      '/api/menus/1/catalog?part=1',
      '/api/menus/1/catalog?part=2',
    ]);
    expect(fetch.calls[3]!.headers['If-None-Match']).toBe('"p0"');
    expect(store.of(1)!.isComplete).toBe(true);
    expect(store.of(1)!.parts.map((part) => part!.data.part.version)).toEqual(['v2', 'v2', 'v2']);
    const data = store.dataOf(1);
    // A reload: part 0 unchanged (304), nothing else asked.
    await store.ensure(1, 2);
    expect(fetch.calls).toHaveLength(7);
    expect(fetch.calls[6]!.headers['If-None-Match']).toBe('"q0"');
    expect(store.dataOf(1)).toBe(data);
    void p1;
  });

  it('keeps the parts it has when a later one fails, and loads the missing ones on the next load', async () => {
    const [p0, p1, p2] = threeParts();
    const fetch = fakeFetch(
      withEtag(p0, '"p0"'),
      withEtag(p1, '"p1"'),
      new TypeError('offline'),
      new Response(null, { status: 304 }),
      new TypeError('offline'),
      new Response(null, { status: 304 }),
      withEtag(p2, '"p2"'),
    );
    const store = new MenuCatalogStore(new ApiClient({ fetch }));
    await store.ensure(1, 1);
    expect(store.of(1)).toMatchObject({ status: 'ready', loadedThrough: 1, isComplete: false });
    // A jump's wait for part 2 starts a load and ends when that load stops without it.
    await store.loadThrough(1, 2);
    expect(store.of(1)).toMatchObject({ loadedThrough: 1, isFetching: false });
    expect(store.dataOf(1)!.products.map((p) => p.id)).toEqual([1, 2]);
    await store.ensure(1, 1); // incomplete: asked again although the init version is the same
    expect(fetch.calls.slice(3).map((call) => call.url)).toEqual([
      '/api/menus/1/catalog',
      '/api/menus/1/catalog?part=2',
      '/api/menus/1/catalog',
      '/api/menus/1/catalog?part=2',
    ]);
    expect(store.of(1)!.isComplete).toBe(true);
    expect(store.dataOf(1)!.products.map((p) => p.id)).toEqual([1, 2, 3]);
  });
});

describe('the storefront with the menu catalogue', () => {
  it('loads the selected branch’s active menu: loading first, then the groups; no products from /api/init', async () => {
    const fetch = storefrontFetch([fixture()]);
    const root = new StorefrontRootStore({
      api: new ApiClient({ fetch }),
      now: () => new Date('2026-03-02T11:00:00Z'),
    });
    await root.data.load();
    expect(root.catalog.menu).toBeNull();
    root.branches.select('wien');
    expect(root.catalog.menu?.id).toBe(1);
    expect(root.catalog.isLoading).toBe(true);
    expect(root.catalog.groups).toEqual([]);
    await catalogsLoaded(root);
    expect(root.catalog.isLoading).toBe(false);
    expect(root.catalog.groups.map((group) => group.category.id)).toEqual([2, 1]);
    expect(fetch.catalogCalls.map((call) => call.url)).toEqual(['/api/menus/1/catalog']);
  });

  it('keeps a restored cart while the catalogue is on its way, and prices it once it arrived', async () => {
    const storage = new MemoryStorage();
    {
      const { root } = await loadedRoot({ storage });
      root.branches.select('wien');
      root.cart.open(root.branches.selected!);
      root.cart.startProduct(schnitzelNachWahl);
      root.cart.editor!.clickSelectOption(0, 1);
      root.cart.editor!.toggleMultiselectOption(1, 0);
      expect(root.cart.saveEditor()).toBe(true);
      root.cart.startProduct(root.catalog.productById(1)!);
      root.cart.saveEditor();
      expect(root.cart.items).toHaveLength(2);
    }
    // A new page view: the cart comes from sessionStorage before the catalogue.
    const fetch = storefrontFetch([fixture()]);
    const root = new StorefrontRootStore({
      api: new ApiClient({ fetch }),
      now: () => new Date('2026-03-02T11:00:00Z'),
      storage,
    });
    await root.data.load();
    root.branches.select('wien');
    root.cart.open(root.branches.selected!);
    root.cart.migrateAll();
    expect(root.catalog.isLoading).toBe(true);
    expect(root.cart.items).toHaveLength(2);
    expect(root.cart.totals.total.gross).toBe(0); // nothing to price with yet
    await catalogsLoaded(root);
    expect(root.cart.items).toHaveLength(2);
    expect(root.cart.totals.total.gross).toBe(1900 + 1990);
  });

  it('a failed catalogue is an error the page can retry', async () => {
    const fetch = storefrontFetch([fixture()]);
    let failing = true;
    const guarded = Object.assign(
      async (input: string, init?: RequestInit) =>
        failing && input.endsWith('/catalog') ? json(503, { errors: [] }) : fetch(input, init),
      { calls: fetch.calls },
    );
    const root = new StorefrontRootStore({
      api: new ApiClient({ fetch: guarded }),
      now: () => new Date('2026-03-02T11:00:00Z'),
    });
    await root.data.load();
    root.branches.select('wien');
    await catalogsLoaded(root);
    expect(root.catalog.loadFailed).toBe(true);
    failing = false;
    root.catalog.retry();
    await catalogsLoaded(root);
    expect(root.catalog.loadFailed).toBe(false);
    expect(root.catalog.groups).toHaveLength(2);
  });
});
