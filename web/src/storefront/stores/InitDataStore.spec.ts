import { cartStorageKey, productSnapshot } from '@ordering/common';
import { ApiClient } from '../../api/ApiClient';
import { fakeFetch, json } from '../../testing/fakeFetch';
import { fixture, initPayload, MemoryStorage, steerableClock } from '../testing/fixtures';
import { StorefrontRootStore } from '../StorefrontRootStore';
import { DATA_MAX_AGE_MS, InitDataStore } from './InitDataStore';

/** /api/init as the server sends it now: menus with their categories only, no products. */
function splitPayload(data = fixture()) {
  const init = initPayload(data)
    .filter((entry) => entry.url !== '/api/products')
    .map((entry) =>
      entry.url === '/api/menus'
        ? {
            ...entry,
            data: {
              data: data.menus.map((menu) => ({
                ...menu,
                catalog: menu.catalog.map((c) => ({ id: c.id })),
              })),
            },
          }
        : entry,
    );
  const catalog = { menu: data.menus[0], products: data.products };
  return { init, catalog };
}

describe(InitDataStore.name, () => {
  describe('menu catalogues (products per menu, not in /api/init)', () => {
    it("loads the selected branch's active menu from its route; the cart waits for it", async () => {
      const { init, catalog } = splitPayload();
      const fetch = fakeFetch(json(200, { data: init }), json(200, { data: catalog }));
      const storage = new MemoryStorage();
      // A stored cart with the first product: it must survive the time before the menu is here.
      const product = catalog.products[0];
      storage.setItem(
        cartStorageKey('wien'),
        JSON.stringify({
          items: [{ product: productSnapshot(product), amount: 1, unit: product.unit, parts: [] }],
          isDelivery: false,
          isDineIn: false,
        }),
      );
      const root = new StorefrontRootStore({
        api: new ApiClient({ fetch }),
        now: () => new Date('2026-03-02T11:00:00Z'),
        storage,
      });
      await root.data.load();
      expect(root.data.products).toEqual([]);
      const wien = root.branches.byIdentifier('wien')!;
      expect(root.catalog.isMenuReady(wien)).toBe(false);
      root.branches.select('wien');
      root.cart.open(wien);
      expect(fetch.calls.map((call) => call.url)).toEqual(['/api/init', '/api/branches/1/menus/1/catalog']);
      await root.catalog.ensureMenu(wien);
      expect(root.catalog.isMenuReady(wien)).toBe(true);
      expect(root.data.products.map((p) => p.id)).toEqual(catalog.products.map((p) => p.id));
      expect(root.catalog.groups.map((group) => group.category.name)).toEqual(['Menü', 'Hauptspeisen']);
      expect(root.data.productById(product.id)?.name).toBe(product.name);
      expect(root.cart.items.map((item) => item.product.id)).toEqual([product.id]);
    });

    it('shows a menu whose catalogue cannot be had as empty instead of waiting forever', async () => {
      const { init } = splitPayload();
      const fetch = fakeFetch(json(200, { data: init }), new TypeError('Failed to fetch'));
      const data = new InitDataStore(new ApiClient({ fetch }), () => new Date('2026-03-02T11:00:00Z'));
      await data.load();
      await data.ensureMenu(1, 1);
      expect(data.isMenuLoaded(1)).toBe(true);
      expect(data.menus[0].catalog.every((entry) => entry.products.length === 0)).toBe(true);
    });
  });

  describe('load', () => {
    it('reads every entry of /api/init and counts the load', async () => {
      const fetch = fakeFetch(json(200, { data: initPayload(fixture()) }));
      const data = new InitDataStore(new ApiClient({ fetch }), () => new Date('2026-03-02T11:00:00Z'));

      await data.load();

      expect(fetch.calls[0].url).toBe('/api/init');
      expect(data.branches.map((branch) => branch.identifier)).toEqual(['wien', 'graz']);
      expect(data.products).toHaveLength(3);
      expect(data.config?.shopName).toBe('Gruber & Linde');
      expect(data.isLoaded).toBe(true);
      expect(data.version).toBe(1);
      expect(data.loadedAt?.toISOString()).toBe('2026-03-02T11:00:00.000Z');
    });

    it('shares one request between concurrent calls', async () => {
      const fetch = fakeFetch(json(200, { data: initPayload(fixture()) }));
      const data = new InitDataStore(new ApiClient({ fetch }), () => new Date());
      await Promise.all([data.load(), data.load(), data.ensureLoaded()]);
      expect(fetch.calls).toHaveLength(1);
    });

    it('shows the German error of section 8 and keeps nothing when the server fails', async () => {
      const data = new InitDataStore(
        new ApiClient({ fetch: fakeFetch(json(500, { errors: [] })) }),
        () => new Date(),
      );
      await data.load();
      expect(data.status).toBe('error');
      expect(data.error).toBe('Daten konnten nicht geladen werden.');
      expect(data.isLoaded).toBe(false);
    });
  });

  describe('reloadIfStale', () => {
    it('reloads only once the data is 4 hours old', async () => {
      const clock = steerableClock('2026-03-02T11:00:00Z');
      const fetch = fakeFetch(
        json(200, { data: initPayload(fixture()) }),
        json(200, { data: initPayload(fixture({ products: [] })) }),
      );
      const data = new InitDataStore(new ApiClient({ fetch }), clock);
      await data.load();

      clock.advance(DATA_MAX_AGE_MS - 1);
      expect(data.reloadIfStale()).toBe(false);
      clock.advance(1);
      expect(data.reloadIfStale()).toBe(true);
      await data.ensureLoaded();

      expect(fetch.calls).toHaveLength(2);
      expect(data.products).toEqual([]);
      expect(data.version).toBe(2);
    });
  });
});
