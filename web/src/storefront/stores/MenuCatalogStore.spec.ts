import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import {
  catalogsLoaded,
  fixture,
  loadedRoot,
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
