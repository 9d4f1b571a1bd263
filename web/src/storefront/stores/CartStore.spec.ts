import { json } from '../../testing/fakeFetch';
import { catalogsLoaded, fixture, loadedRoot, MemoryStorage, schnitzelNachWahl } from '../testing/fixtures';
import { CartStore } from './CartStore';

async function wienCart(options: Parameters<typeof loadedRoot>[0] = {}) {
  const storage = options.storage ?? new MemoryStorage();
  const loaded = await loadedRoot({ ...options, storage });
  const { root } = loaded;
  root.branches.select('wien');
  root.cart.open(root.branches.selected!);
  return { ...loaded, storage, cart: root.cart };
}

function addSchnitzel(cart: CartStore) {
  cart.startProduct(schnitzelNachWahl);
  cart.editor!.clickSelectOption(0, 1);
  cart.editor!.toggleMultiselectOption(1, 0);
  expect(cart.saveEditor()).toBe(true);
}

describe(CartStore.name, () => {
  describe('one tap and +/–', () => {
    it('adds a product without options at once, with an undo that restores the cart', async () => {
      const { root, cart } = await wienCart();
      const plain = root.catalogs.dataOf(1)!.products.find((product) => product.name === 'Wiener Schnitzel')!;
      addSchnitzel(cart);
      cart.addProduct(plain);
      expect(cart.editor).toBeNull();
      expect(cart.items.map((item) => [item.product.name, item.amount])).toEqual([
        ['Schnitzel nach Wahl', 1],
        ['Wiener Schnitzel', 1],
      ]);
      expect(cart.notification).toBe('Hinzugefügt: Wiener Schnitzel');
      cart.addProduct(plain);
      expect(cart.items[1].amount).toBe(2);
      cart.undoAdd();
      expect(cart.items[1].amount).toBe(1);
      expect(cart.notification).toBeNull();
      expect(cart.undo).toBeNull();
    });

    it('opens the dialog for a product with options', async () => {
      const { cart } = await wienCart();
      cart.addProduct(schnitzelNachWahl);
      expect(cart.editor?.product.name).toBe('Schnitzel nach Wahl');
      expect(cart.items).toEqual([]);
    });

    it('+ and – change the amount and the total; – at the minimum removes the line', async () => {
      const { root, cart } = await wienCart();
      const plain = root.catalogs.dataOf(1)!.products.find((product) => product.name === 'Wiener Schnitzel')!;
      cart.addProduct(plain);
      const single = cart.totals.total.gross;
      expect(cart.isAtMinimum(0)).toBe(true);
      cart.stepItem(0, 'up');
      expect(cart.items[0].amount).toBe(2);
      expect(cart.totals.total.gross).toBe(2 * single);
      expect(cart.isAtMinimum(0)).toBe(false);
      cart.stepItem(0, 'down');
      expect(cart.items[0].amount).toBe(1);
      cart.stepItem(0, 'down');
      expect(cart.items).toEqual([]);
    });
  });

  describe('clearFor', () => {
    it('empties the stored cart of a branch that is not selected (online payment arrived)', async () => {
      const { root, cart, storage } = await wienCart();
      addSchnitzel(cart);
      const wien = root.branches.selected!;
      root.branches.clearSelection();
      expect(JSON.parse(storage.getItem('asp.wien')!).items).toHaveLength(1);
      cart.clearFor(wien);
      expect(JSON.parse(storage.getItem('asp.wien')!).items).toEqual([]);
    });
  });

  describe('open', () => {
    it('applies the default order type of the settings and preselects no delivery area', async () => {
      const data = fixture();
      data.config = { ...data.config, defaultDeliveryMethod: 'delivery' };
      const { cart, storage } = await wienCart({ data });
      expect(cart.orderType).toBe('delivery');
      expect(cart.deliveryArea).toBeNull();
      expect(JSON.parse(storage.getItem('asp.wien')!)).toMatchObject({
        isDelivery: true,
        deliveryArea: null,
      });
    });

    it('drops a stored area that was picked by hand (no postcode checked for it)', async () => {
      const storage = new MemoryStorage();
      storage.setItem(
        'asp.wien',
        JSON.stringify({ items: [], isDelivery: true, isDineIn: false, deliveryArea: { id: 3 }, order: {} }),
      );
      const { cart } = await wienCart({ storage });
      expect(cart.deliveryArea).toBeNull();
    });
    it('keeps a saved choice, even takeaway, over the default', async () => {
      const storage = new MemoryStorage();
      storage.setItem(
        'asp.wien',
        JSON.stringify({ items: [], isDelivery: false, isDineIn: false, order: {} }),
      );
      const data = fixture();
      data.config = { ...data.config, defaultDeliveryMethod: 'dineIn' };
      const { cart } = await wienCart({ data, storage });
      expect(cart.orderType).toBe('takeaway');
    });

    it('ignores a broken stored cart', async () => {
      const storage = new MemoryStorage();
      storage.setItem('asp.wien', '{kaputt');
      const { cart } = await wienCart({ storage });
      expect(cart.items).toEqual([]);
    });
  });

  describe('checkDeliveryArea', () => {
    const mariahilf = {
      area: {
        id: 4,
        area: '1060 Mariahilf',
        price: 2.9,
        tax: 10,
        free: false,
        freeFromOrderValue: 35,
        minimumOrderValue: 20,
      },
      postcode: '1060',
    };

    it('keeps the area the server found for the postcode, with the cart', async () => {
      const { cart, storage, fetch } = await wienCart({ replies: [json(200, { data: mariahilf })] });
      cart.setOrderType('delivery');
      await cart.checkDeliveryArea(' 1060 ');
      expect(fetch.calls.at(-1)?.url).toBe('/api/branches/1/delivery-area?postcode=1060');
      expect(cart.deliveryArea?.area).toBe('1060 Mariahilf');
      expect(cart.deliveryPostcode).toBe('1060');
      expect(JSON.parse(storage.getItem('asp.wien')!)).toMatchObject({
        deliveryArea: { id: 4 },
        deliveryPostcode: '1060',
      });
    });

    it('keeps the German refusal for the postcode field and forgets the area', async () => {
      const refusal = {
        message:
          'An diese Adresse liefern wir leider nicht. Bitte prüfen Sie die Postleitzahl oder wählen Sie Abholung.',
        field: 'zipCode',
        code: 'outside_delivery_area',
      };
      const { cart } = await wienCart({
        replies: [json(200, { data: mariahilf }), json(400, { errors: [refusal] })],
      });
      await cart.checkDeliveryArea('1060');
      await cart.checkDeliveryArea('1100');
      expect(cart.deliveryArea).toBeNull();
      expect(cart.areaRefusal).toEqual({ postcode: '1100', message: refusal.message });
    });
  });

  describe('saveEditor', () => {
    it('adds the item, notifies and persists it under asp.{branch}', async () => {
      const { cart, storage } = await wienCart();
      addSchnitzel(cart);

      expect(cart.notification).toBe('Produkt zum Warenkorb hinzugefügt.');
      expect(cart.editor).toBeNull();
      expect(cart.items).toHaveLength(1);
      const stored = JSON.parse(storage.getItem('asp.wien')!);
      expect(stored.items[0]).toMatchObject({ amount: 1, unit: 'piece', parts: [1, [0], null, ''] });
      cart.dismissNotification();
    });

    it('refuses an invalid item', async () => {
      const { cart } = await wienCart();
      cart.startProduct(schnitzelNachWahl);
      expect(cart.saveEditor()).toBe(false);
      expect(cart.items).toEqual([]);
    });

    it('replaces the edited item instead of adding one', async () => {
      const { cart } = await wienCart();
      addSchnitzel(cart);
      cart.dismissNotification();
      cart.editItem(0);
      cart.editor!.increase();
      cart.saveEditor();
      expect(cart.items).toHaveLength(1);
      expect(cart.items[0].amount).toBe(2);
      expect(cart.notification).toBeNull();
    });
  });

  describe('totals', () => {
    it('prices the cart with taxes per rate and the delivery fee', async () => {
      const { cart, root } = await wienCart({
        replies: [json(200, { data: { area: { id: 4 }, postcode: '1060' } })],
      });
      addSchnitzel(cart); // 19,00
      cart.startProduct(root.catalog.productById(1)!);
      cart.editor!.increase(); // 2 × 19,90
      cart.saveEditor();
      cart.dismissNotification();

      expect(cart.count).toBe(3);
      expect(cart.totals.total.gross).toBe(5880);
      expect(cart.totals.taxes).toEqual({ '10': 535 });

      cart.setOrderType('delivery');
      await cart.checkDeliveryArea('1060'); // 2,90, free from 35: free
      expect(cart.totals.delivery.isFree).toBe(true);
      cart.removeItem(1); // 19,00 < 35
      expect(cart.totals.delivery.gross).toBe(290);
      expect(cart.totals.total.gross).toBe(2190);
    });

    it('hides the total when an item is approximate; non-piece units count 1', async () => {
      const { cart, root } = await wienCart();
      cart.startProduct(root.catalog.productById(3)!);
      cart.saveEditor();
      expect(cart.count).toBe(1);
      expect(cart.display).toMatchObject({ isTotalHidden: true, prefix: 'ca.' });
      cart.dismissNotification();
    });
  });

  describe('panel', () => {
    it('is never shown empty; removing the last item hides it', async () => {
      const { cart } = await wienCart();
      cart.showPanel();
      expect(cart.isPanelVisible).toBe(false);
      addSchnitzel(cart);
      expect(cart.isPanelVisible).toBe(true);
      cart.removeItem(0);
      expect(cart.isPanelVisible).toBe(false);
      cart.dismissNotification();
    });
  });

  describe('migrate', () => {
    it('removes items whose product changed after a data reload', async () => {
      const changed = fixture();
      changed.products = changed.products.map((product) =>
        product.id === 2 ? { ...product, price: 15.5 } : product,
      );
      const storage = new MemoryStorage();
      const { root, cart } = await wienCart({ storage, reloads: [changed] });
      addSchnitzel(cart);
      cart.startProduct(root.catalog.productById(1)!);
      cart.saveEditor();
      cart.dismissNotification();
      expect(cart.items).toHaveLength(2);

      await root.data.load(); // answers with the changed catalogue
      await catalogsLoaded(root); // the menu's catalogue is asked for again: changed, so a new answer

      expect(cart.items.map((item) => item.product.name)).toEqual(['Wiener Schnitzel']);
      expect(JSON.parse(storage.getItem('asp.wien')!).items).toHaveLength(1);
    });

    it('keeps the cart of a reloaded page', async () => {
      const storage = new MemoryStorage();
      const first = await wienCart({ storage });
      addSchnitzel(first.cart);
      first.cart.dismissNotification();

      const second = await wienCart({ storage });
      expect(second.cart.items).toHaveLength(1);
      expect(second.cart.items[0].product.name).toBe('Schnitzel nach Wahl');
    });
  });
});
