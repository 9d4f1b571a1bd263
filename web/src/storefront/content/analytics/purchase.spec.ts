import { ApiClient } from '../../../api/ApiClient';
import { STATISTICS_COOKIE } from '../consent/testing';
import { StorefrontRootStore } from '../../StorefrontRootStore';
import { catalogsLoaded, fixture, MemoryStorage, storefrontFetch } from '../../testing/fixtures';
import { json } from '../../../testing/fakeFetch';
import { memoryCookieJar } from '../consent/ConsentStore';

/** The storefront root with one product in Wien's cart, consent as given. */
async function rootWithCart(consented: boolean, ...replies: Response[]) {
  const fetch = storefrontFetch([fixture()], replies);
  const root = new StorefrontRootStore({
    api: new ApiClient({ fetch }),
    now: () => new Date('2026-03-02T11:00:00Z'),
    storage: new MemoryStorage(),
    cookies: memoryCookieJar(consented ? STATISTICS_COOKIE : ''),
  });
  await root.data.load();
  await catalogsLoaded(root);
  // The order form is built on first use, with the purchase event wired in.
  await root.loadCheckout();
  root.branches.select('wien');
  root.cart.open(root.branches.selected!);
  root.cart.startProduct(root.catalog.productById(1)!);
  root.cart.saveEditor();
  root.checkout.setDetail('firstName', 'Anna');
  root.checkout.setDetail('lastName', 'Gruber');
  root.checkout.setDetail('phone', '+43 664 1234567');
  root.checkout.setLegalInstructions(true);
  root.checkout.setPrivacyPolicy(true);
  return { root, fetch };
}

describe('purchase event', () => {
  it('reports the placed order with its items, exact value and currency, before the cart is emptied', async () => {
    const { root, fetch } = await rootWithCart(
      true,
      json(201, { data: { order: { uid: 'u-1', hash: 'h-1', id: 1 } } }),
      json(201, { data: { id: 9 } }),
    );
    const gross = root.cart.totals.total.gross;
    await expect(root.checkout.submit()).resolves.toMatchObject({ kind: 'status' });
    await Promise.resolve();
    expect(root.cart.isEmpty).toBe(true);
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/init', '/api/orders', '/api/analytics-log']);
    expect(fetch.calls[2]!.body).toMatchObject({
      type: 'commerce',
      action: 'purchase',
      category: 'checkout',
      data: {
        currency: 'EUR',
        valueCents: gross,
        orderUid: 'u-1',
        items: [{ id: 1, quantity: 1 }],
      },
    });
  });

  it('sends nothing without consent, and a failed log does not touch the order', async () => {
    const { root, fetch } = await rootWithCart(
      false,
      json(201, { data: { order: { uid: 'u-2', hash: 'h-2', id: 2 } } }),
    );
    await expect(root.checkout.submit()).resolves.toEqual({ kind: 'status', path: '/status/u-2/h-2' });
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/init', '/api/orders']);

    const consented = await rootWithCart(
      true,
      json(201, { data: { order: { uid: 'u-3', hash: 'h-3', id: 3 } } }),
    );
    // No reply for the log: the fake rejects it like an unreachable server.
    await expect(consented.root.checkout.submit()).resolves.toEqual({
      kind: 'status',
      path: '/status/u-3/h-3',
    });
  });
});
