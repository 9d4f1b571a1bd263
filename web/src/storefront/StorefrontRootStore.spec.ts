import { jest } from '@jest/globals';
import {
  catalogsLoaded,
  fixture,
  loadedRoot,
  MemoryStorage,
  schnitzelNachWahl,
  steerableClock,
} from './testing/fixtures';
import { ApiClient } from '../api/ApiClient';
import { fakeFetch } from '../testing/fakeFetch';
import { StorefrontRootStore } from './StorefrontRootStore';
import { DATA_CHECK_INTERVAL_MS, DATA_MAX_AGE_MS } from './stores/InitDataStore';

describe('StorefrontRootStore data reload', () => {
  afterEach(() => jest.useRealTimers());

  it('reloads the data after 4 hours (checked every 10 s), then the menu catalogue, and migrates the cart', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const clock = steerableClock('2026-03-02T11:00:00Z');
    const changed = fixture();
    changed.products = changed.products.map((product) =>
      product.id === schnitzelNachWahl.id ? { ...product, price: product.price + 1 } : product,
    );
    changed.categories = changed.categories.map((category) => ({
      ...category,
      name: `${category.name} neu`,
    }));
    const storage = new MemoryStorage();
    const { root, fetch } = await loadedRoot({ now: clock, storage, reloads: [changed] });
    root.branches.select('wien');
    root.cart.open(root.branches.selected!);
    root.cart.startProduct(schnitzelNachWahl);
    root.cart.editor!.clickSelectOption(0, 1);
    root.cart.editor!.toggleMultiselectOption(1, 0);
    expect(root.cart.saveEditor()).toBe(true);
    const stop = root.start();

    // Just under 4 hours: every 10 s check finds the data fresh.
    clock.advance(DATA_MAX_AGE_MS - DATA_CHECK_INTERVAL_MS);
    jest.advanceTimersByTime(DATA_CHECK_INTERVAL_MS * 3);
    expect(fetch.calls).toHaveLength(1);

    // Four hours old: the next check reloads.
    clock.advance(DATA_CHECK_INTERVAL_MS);
    jest.advanceTimersByTime(DATA_CHECK_INTERVAL_MS);
    expect(fetch.calls).toHaveLength(2);
    await jest.runOnlyPendingTimersAsync();
    await Promise.resolve();
    stop();
    await catalogsLoaded(root);

    expect(root.data.version).toBe(2);
    // The menu's catalogue was asked for again after the reload, with the ETag it had: it changed.
    expect(fetch.catalogCalls.map((call) => call.headers['If-None-Match'] ?? null)).toEqual([
      null,
      '"fixture-0"',
    ]);
    expect(root.catalog.groups.every((group) => group.category.name.endsWith(' neu'))).toBe(true);
    // The product changed its price: the item no longer matches and leaves the cart (spec section 4).
    expect(root.cart.items).toEqual([]);
    expect(JSON.parse(storage.getItem('asp.wien')!).items).toEqual([]);
  });
});

describe('StorefrontRootStore order form', () => {
  it('builds the order form on first use from its own chunk, once, with the stored details', async () => {
    const storage = new MemoryStorage();
    storage.setItem('asp.checkout', JSON.stringify({ firstName: 'Anna' }));
    const root = new StorefrontRootStore({ api: new ApiClient({ fetch: fakeFetch() }), storage });
    expect(() => root.checkout).toThrow('Das Bestellformular ist noch nicht geladen');
    const [first, second] = await Promise.all([root.loadCheckout(), root.loadCheckout()]);
    expect(second).toBe(first);
    expect(root.checkout).toBe(first);
    expect(first.details.firstName).toBe('Anna');
  });
});
