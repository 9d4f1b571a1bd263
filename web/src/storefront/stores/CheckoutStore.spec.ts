import { autorun } from 'mobx';
import { json } from '../../testing/fakeFetch';
import { ApiClient } from '../../api/ApiClient';
import { StorefrontRootStore } from '../StorefrontRootStore';
import {
  catalogsLoaded,
  fixture,
  makeBranch,
  MemoryStorage,
  steerableClock,
  storefrontFetch,
} from '../testing/fixtures';
import { CHECKOUT_FORM_KEY, CHECKOUT_TABLES_KEY, CheckoutStore, newIdempotencyKey } from './CheckoutStore';

const order = { uid: 'u-1', hash: 'h-1', id: 1 };

/** A root whose first fetch is /api/init; later replies answer the order calls. */
async function checkoutFor(
  replies: (Response | Error | (() => Response))[] = [],
  options: { data?: ReturnType<typeof fixture>; now?: () => Date; storage?: MemoryStorage } = {},
) {
  const data = options.data ?? fixture();
  const fetch = storefrontFetch([data], replies);
  const storage = options.storage ?? new MemoryStorage();
  let keys = 0;
  const root = new StorefrontRootStore({
    api: new ApiClient({ fetch }),
    now: options.now ?? (() => new Date('2026-03-02T11:00:00Z')), // Monday 12:00 in Vienna
    storage,
  });
  await root.data.load();
  await catalogsLoaded(root);
  root.branches.select('wien');
  root.cart.open(root.branches.selected!);
  root.cart.startProduct(root.catalog.productById(1)!);
  root.cart.saveEditor();
  root.cart.dismissNotification();
  // A store of its own with counted keys, so tests can see when a new one is made.
  const checkout = new CheckoutStore(
    root.data,
    root.cart,
    root.clock,
    root.api,
    storage,
    () => `key-${++keys}`,
  );
  return { root, checkout, fetch, storage };
}

function fillContact(checkout: CheckoutStore) {
  checkout.setDetail('firstName', 'Anna');
  checkout.setDetail('lastName', 'Gruber');
  checkout.setLegalInstructions(true);
  checkout.setPrivacyPolicy(true);
}

const MARIAHILF = {
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
const OUTSIDE =
  'An diese Adresse liefern wir leider nicht. Bitte prüfen Sie die Postleitzahl oder wählen Sie Abholung.';

describe(CheckoutStore.name, () => {
  describe('delivery address', () => {
    it('fills the postcode checked on the store page into the address', async () => {
      const { checkout, root } = await checkoutFor([json(200, { data: MARIAHILF })]);
      root.cart.setOrderType('delivery');
      await root.cart.checkDeliveryArea('1060');
      checkout.prefillPostcode();
      expect(checkout.details.zipCode).toBe('1060');
      expect(checkout.derivedDeliveryArea?.area).toBe('1060 Mariahilf');
    });

    it('checks a changed address and says at the postcode at once when it lies outside every area', async () => {
      const { checkout, root, fetch } = await checkoutFor([
        json(400, { errors: [{ message: OUTSIDE, field: 'zipCode', code: 'outside_delivery_area' }] }),
      ]);
      root.cart.setOrderType('delivery');
      checkout.setDetail('street', 'Favoritenstraße 1');
      checkout.setDetail('zipCode', '1100');
      checkout.setDetail('city', 'Wien');
      await checkout.checkAddress();
      expect(fetch.calls.at(-1)?.url).toBe(
        '/api/branches/1/delivery-area?postcode=1100&street=Favoritenstra%C3%9Fe+1&city=Wien',
      );
      expect(checkout.errorFor('zipCode')).toBe(OUTSIDE);
      expect(checkout.clientErrors).toContainEqual({ message: OUTSIDE, field: 'zipCode' });
      // The same address is not asked again on the next blur.
      const calls = fetch.calls.length;
      await checkout.checkAddress();
      expect(fetch.calls.length).toBe(calls);
      checkout.setDetail('zipCode', '1060');
      expect(checkout.errorFor('zipCode')).toBeUndefined();
    });
  });

  describe('sections', () => {
    it('shows contact and, for delivery, the address with the postcode required', async () => {
      const { checkout, root } = await checkoutFor();
      expect(checkout.showsContact).toBe(true);
      expect(checkout.showsAddress).toBe(false);
      root.cart.setOrderType('delivery');
      expect(checkout.showsAddress).toBe(true);
      expect([...checkout.required]).toEqual(['firstName', 'lastName', 'phone', 'street', 'city', 'zipCode']);
    });

    it('hides contact for dine-in with table selection unless e-mail or phone is required', async () => {
      const data = fixture({ branches: [makeBranch({ isTableSelectionEnabled: true })] });
      const { checkout, root } = await checkoutFor([], { data });
      root.cart.setOrderType('dineIn');
      expect(checkout.showsTableSelect).toBe(true);
      expect(checkout.showsContact).toBe(false);
    });

    it('offers payment methods enabled globally and by the branch, cash by default', async () => {
      const data = fixture({ branches: [makeBranch({ isATMCardEnabled: true, isMollieEnabled: true })] });
      const { checkout } = await checkoutFor([], { data });
      expect(checkout.paymentMethods).toEqual(['cash', 'atm-card']);
      expect(checkout.selectedPaymentMethod).toBe('cash');
      checkout.setPaymentMethod('atm-card');
      expect(checkout.form.paymentMethod).toBe('atm-card');
    });
  });

  describe('table QR link (?table=)', () => {
    const tableData = () =>
      fixture({ branches: [makeBranch({ isDineInEnabled: true, isTableSelectionEnabled: true })] });
    const tables = [
      { id: 7, identifier: '12', branch: { id: 1 } },
      { id: 8, identifier: 'Terrasse 2', branch: { id: 1 } },
      { id: 9, identifier: 'Terrasse 2', branch: { id: 99 } },
    ];

    it('chooses dine-in and preselects the table by its identifier; the form sends it', async () => {
      const { checkout, root, storage } = await checkoutFor([], { data: tableData() });
      root.data.tables = tables;
      expect(root.cart.orderType).toBe('takeaway');
      expect(checkout.applyTableLink('Terrasse 2')).toBe(true);
      expect(root.cart.orderType).toBe('dineIn');
      expect(checkout.showsTableSelect).toBe(true);
      expect(checkout.tableId).toBe(8);
      expect(checkout.form.table).toEqual({ id: 8 });
      expect(checkout.form.isDineIn).toBe(true);
      expect(JSON.parse(storage.getItem(CHECKOUT_TABLES_KEY)!)).toEqual({ '1': 8 });
    });

    it('matches case-insensitively or by table id; an unknown table still chooses dine-in', async () => {
      const { checkout, root } = await checkoutFor([], { data: tableData() });
      root.data.tables = tables;
      expect(checkout.applyTableLink(' terrasse 2 ')).toBe(true);
      expect(checkout.tableId).toBe(8);
      expect(checkout.applyTableLink('7')).toBe(true);
      expect(checkout.tableId).toBe(7);
      checkout.setTable(null);
      root.cart.setOrderType('takeaway');
      expect(checkout.applyTableLink('Garten 5')).toBe(false);
      expect(root.cart.orderType).toBe('dineIn');
      expect(checkout.tableId).toBeNull();
    });

    it('survives a new store on the same session (the reload) and ignores tables of other branches', async () => {
      const storage = new MemoryStorage();
      const first = await checkoutFor([], { data: tableData(), storage });
      first.root.data.tables = tables;
      first.checkout.applyTableLink('12');
      const second = await checkoutFor([], { data: tableData(), storage });
      second.root.data.tables = tables;
      expect(second.root.cart.orderType).toBe('dineIn');
      expect(second.checkout.tableId).toBe(7);
      // A stored id that is not among the branch's tables is not offered.
      second.checkout.setTable(9);
      expect(second.checkout.tableId).toBeNull();
    });

    it('offers the tables of the branch in natural order (1, 2, 10, 11, A1, A2, A10) to the storefront and kiosk', async () => {
      const { checkout, root } = await checkoutFor([], { data: tableData() });
      root.data.tables = ['A10', '10', 'A2', '1', '11', 'A1', '2'].map((identifier, i) => ({
        id: 20 + i,
        identifier,
        branch: { id: 1 },
      }));
      expect(checkout.tables.map((table) => table.identifier)).toEqual([
        '1',
        '2',
        '10',
        '11',
        'A1',
        'A2',
        'A10',
      ]);
    });

    it('confirms the linked table and skips date and time while that table is chosen', async () => {
      const { checkout, root } = await checkoutFor([], { data: tableData() });
      root.data.tables = tables;
      checkout.tableLinks = root.tableLinks;
      root.cart.setAppointmentDate('2026-03-03T10:00:00.000Z'); // chosen before the guest sat down
      checkout.applyTableLink('12');
      expect(checkout.linkedTable?.identifier).toBe('12');
      expect(root.tableLinks.of(1)).toEqual({ id: 7, identifier: '12' });
      expect(checkout.skipsAppointment).toBe(true);
      expect(checkout.form.appointmentDate).toBeNull();
      // Another table, or another order type: the link no longer speaks for the order.
      checkout.setTable(8);
      expect(checkout.linkedTable).toBeNull();
      expect(checkout.form.appointmentDate).toBe('2026-03-03T10:00:00.000Z');
      checkout.setTable(7);
      root.cart.setOrderType('takeaway');
      expect(checkout.skipsAppointment).toBe(false);
      // An unknown table forgets the link.
      checkout.applyTableLink('Garten 5');
      expect(root.tableLinks.of(1)).toBeNull();
    });

    it('keeps the order type when the branch has no dine-in', async () => {
      const data = fixture({ branches: [makeBranch({ isDineInEnabled: false })] });
      const { checkout, root } = await checkoutFor([], { data });
      root.data.tables = tables;
      checkout.applyTableLink('12');
      expect(root.cart.orderType).toBe('takeaway');
      expect(checkout.form.table).toBeNull();
    });
  });

  describe('donation', () => {
    it('applies the overlay choice on save; clicking the chosen one deselects it', async () => {
      const data = fixture();
      data.config = { ...data.config, enablePluginDonations: true };
      const { checkout, root } = await checkoutFor([], { data });
      root.data.donatees = [
        { id: 1, identifier: 'caritas', name: 'Caritas Wien', description: 'Wärmestuben' },
        { id: 2, identifier: 'tierschutz', name: 'Tierschutzverein Graz' },
      ];
      expect(checkout.donation.isDonationEnabled).toBe(true);

      checkout.donation.openDonateePicker();
      checkout.donation.setDonateeSearch('wärme');
      expect(checkout.donation.donatees.map((donatee) => donatee.name)).toEqual(['Caritas Wien']);
      checkout.donation.toggleDonatee(1);
      expect(checkout.donation.donateeId).toBeNull(); // not before saving
      checkout.donation.saveDonatee();
      expect(checkout.donation.selectedDonatee?.name).toBe('Caritas Wien');
      expect(checkout.form.donatee).toEqual({ id: 1 });

      checkout.donation.openDonateePicker();
      expect(checkout.donation.donateeSearch).toBe('');
      checkout.donation.toggleDonatee(1);
      checkout.donation.closeDonateePicker(); // cancel keeps the old choice
      expect(checkout.donation.donateeId).toBe(1);
      checkout.donation.openDonateePicker();
      checkout.donation.toggleDonatee(1);
      checkout.donation.saveDonatee();
      expect(checkout.form.donatee).toBeNull();
    });
  });

  describe('details', () => {
    it('cleans the phone and warns without a leading plus', async () => {
      const { checkout } = await checkoutFor();
      checkout.setDetail('phone', '0043 (664) 12-34');
      expect(checkout.details.phone).toBe('0043 664 1234');
      checkout.normalizePhone();
      expect(checkout.details.phone).toBe('+43 664 1234');
      expect(checkout.phoneWarning).toBeNull();
      checkout.setDetail('phone', '0664 1234');
      // The fixture shop names no market: the German default's example.
      expect(checkout.phoneWarning).toBe(
        'Bitte geben Sie eine gültige Nummer im Format +49 151 23456789 an.',
      );
    });

    it('keeps the customer details in sessionStorage for back and reload', async () => {
      const storage = new MemoryStorage();
      const first = await checkoutFor([], { storage });
      first.checkout.setDetail('firstName', 'Anna');
      expect(JSON.parse(storage.getItem(CHECKOUT_FORM_KEY)!)).toMatchObject({ firstName: 'Anna' });
      const second = await checkoutFor([], { storage });
      expect(second.checkout.details.firstName).toBe('Anna');
    });
  });

  describe('appointment', () => {
    it('lists bookable days and labels today and tomorrow', async () => {
      const { checkout } = await checkoutFor();
      expect(checkout.slots.dayLabel(null)).toBe('So bald wie möglich');
      const [today, tomorrow] = checkout.slots.availableDays;
      expect(today.date).toBe('2026-03-02');
      expect(checkout.slots.dayLabel(today.date)).toBe('Heute');
      expect(checkout.slots.dayLabel(tomorrow.date)).toBe('Morgen');
      expect(checkout.slots.timeLabel).toBe('–');
    });

    it('computes the bookable days again only when the earliest time moves to the next 5 minutes', async () => {
      const clock = steerableClock('2026-03-02T11:00:30Z');
      const { checkout, root } = await checkoutFor([], { now: clock });
      const seen: unknown[] = [];
      const stop = autorun(() => seen.push(checkout.slots.availableDays));
      clock.advance(60_000);
      root.clock.tick();
      expect(seen).toHaveLength(1);
      clock.advance(5 * 60_000);
      root.clock.tick();
      expect(seen).toHaveLength(2);
      stop();
    });

    it("takes the server's availability (capacity, lead times) and clips it to the earliest time", async () => {
      const clock = steerableClock('2026-03-02T11:00:00Z'); // 12:00 in Vienna
      const { checkout, fetch, root } = await checkoutFor(
        [
          json(200, {
            data: {
              branch: { id: 1 },
              type: 'takeaway',
              slotMinutes: 15,
              capacity: 2,
              days: [
                // today: the lunch slots are full, only the evening is left
                {
                  date: '2026-03-02',
                  windows: [{ from: '2026-03-02T16:00:00Z', to: '2026-03-02T20:30:00Z' }],
                },
                {
                  date: '2026-03-04',
                  windows: [{ from: '2026-03-04T10:00:00Z', to: '2026-03-04T20:30:00Z' }],
                },
              ],
            },
          }),
          new TypeError('Failed to fetch'),
        ],
        { now: clock },
      );
      const local = checkout.slots.availableDays.map((day) => day.date);
      expect(local.slice(0, 3)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);

      await checkout.slots.loadAvailability();
      expect(fetch.calls[1]!.url).toBe('/api/branches/1/availability?type=takeaway&products=1');
      expect(checkout.slots.availableDays.map((day) => day.date)).toEqual(['2026-03-02', '2026-03-04']);
      expect(checkout.slots.availableDays[0]!.windows[0]!.from.toISOString()).toBe(
        '2026-03-02T16:00:00.000Z',
      );
      await checkout.slots.loadAvailability(); // same branch, type and cart: not asked again
      expect(fetch.calls).toHaveLength(2);

      clock.advance(6 * 3600_000); // 18:00 in Vienna: the evening window starts at the earliest time
      root.clock.tick();
      expect(checkout.slots.availableDays[0]!.windows[0]!.from.getTime()).toBeGreaterThanOrEqual(
        clock().getTime(),
      );

      root.cart.setOrderType('delivery'); // another key: the local days until the server answers
      expect(checkout.slots.availabilityKey).toBe('1/delivery/1');
      await checkout.slots.loadAvailability(); // offline: the local computation stays
      expect(checkout.slots.availableDays.length).toBeGreaterThan(0);
    });

    it('offers the days as chips, "so bald wie möglich" first, and the chosen day\'s times in one tap', async () => {
      const { checkout, root } = await checkoutFor([
        json(200, {
          data: {
            slotMinutes: 15,
            days: [
              {
                date: '2026-03-03',
                windows: [
                  { from: '2026-03-03T10:00:00Z', to: '2026-03-03T10:25:00Z' },
                  { from: '2026-03-03T10:45:00Z', to: '2026-03-03T20:30:00Z' },
                ],
                // 11:30 in Vienna is full
                full: [{ from: '2026-03-03T10:30:00Z', to: '2026-03-03T10:40:00Z' }],
              },
            ],
          },
        }),
      ]);
      await checkout.slots.loadAvailability();
      expect(checkout.slots.dayChoices.map((day) => `${day.name} ${day.dateLabel}`.trim())).toEqual([
        'So bald wie möglich',
        'Morgen 3.3.',
      ]);
      checkout.slots.chooseDay('2026-03-03');
      expect(root.cart.appointmentDate).toBe('2026-03-03T10:00:00.000Z'); // 11:00 in Vienna
      const [noon] = checkout.slots.slotGroups;
      expect(noon!.label).toBe('Mittag');
      expect(
        noon!.slots.slice(0, 4).map((slot) => `${slot.label}${slot.isFull ? ' ausgebucht' : ''}`),
      ).toEqual(['11:00', '11:15', '11:30 ausgebucht', '11:45']);
      checkout.slots.chooseSlot(noon!.slots[2]!); // full: not taken
      expect(checkout.slots.timeLabel).toBe('11:00 Uhr');
      checkout.slots.chooseSlot(noon!.slots[3]!);
      expect(checkout.form.appointmentDate).toBe('2026-03-03T10:45:00.000Z');
      expect(checkout.slots.dayLabel(checkout.slots.appointmentDay)).toBe('Morgen');
      checkout.slots.chooseDay('2026-03-03'); // the same day again keeps the time
      expect(checkout.slots.timeLabel).toBe('11:45 Uhr');
      checkout.slots.chooseDay(null);
      expect(checkout.form.appointmentDate).toBeNull();
      expect(checkout.slots.slotGroups).toEqual([]);
    });

    it('offers no "so bald wie möglich" when the branch needs an appointment', async () => {
      const data = fixture({ branches: [makeBranch({ isAppointmentRequired: true })] });
      const { checkout } = await checkoutFor([], { data });
      expect(checkout.slots.dayChoices[0]!.date).toBe('2026-03-02');
      expect(checkout.slots.dayChoices[0]!.name).toBe('Heute');
    });
  });

  describe('validation', () => {
    it('shows the German field errors only after a submit attempt, without sending', async () => {
      const { checkout, fetch } = await checkoutFor();
      expect(checkout.errorFor('firstName')).toBeUndefined();
      await expect(checkout.submit()).resolves.toEqual({ kind: 'invalid' });
      expect(fetch.calls).toHaveLength(1); // only /api/init
      expect(checkout.errorFor('firstName')).toBe('Dieser Wert sollte nicht leer sein.');
      expect(checkout.errorFor('legalInstructions')).toBe(
        'Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen.',
      );
      checkout.setDetail('firstName', 'Anna');
      expect(checkout.errorFor('firstName')).toBeUndefined();
    });

    it('names the missing minimum order and hides the submit button below it', async () => {
      const { checkout, root } = await checkoutFor([json(200, { data: MARIAHILF })]);
      root.cart.setOrderType('delivery');
      expect(checkout.submitBlocker).toBe('Bitte Lieferadresse angeben.');
      await root.cart.checkDeliveryArea('1060'); // minimum 20,00; the cart holds 19,90
      expect(checkout.submitBlocker).toBe('Mindestbestellwert 20,00\u00a0€ – es fehlen noch 0,10\u00a0€.');
      expect(checkout.deliveryHints.minimumOrder).toEqual([
        'Sie haben den Mindestbestellwert in Höhe von 20,00\u00a0€ leider noch nicht erreicht.',
        'Fügen Sie Waren im Wert von mindestens 0,10\u00a0€ hinzu oder wählen Sie eine andere Art der Lieferung.',
      ]);
      expect(checkout.deliveryHints.freeDelivery).toBe('Kostenlose Lieferung ab 35,00\u00a0€.');
      expect(checkout.submitLabel).toBeNull();
    });

    it('labels the submit by the branch state: order, pre-order or quotation', async () => {
      const clock = steerableClock('2026-03-02T11:00:00Z');
      const data = fixture({ branches: [makeBranch({ isPreorderEnabled: true })] });
      const { checkout, root } = await checkoutFor([], { data, now: clock });
      expect(checkout.submitLabel).toBe('Zahlungspflichtig bestellen');
      expect(checkout.submitBlocker).toBeNull();
      clock.set('2026-03-02T22:00:00Z');
      root.clock.tick();
      expect(checkout.submitLabel).toBe('Zahlungspflichtig vorbestellen');
      expect(checkout.closedNotice[0]).toBe('Derzeit haben wir leider geschlossen.');
      checkout.setLanguage('en'); // the kiosk's English face
      expect(checkout.closedNotice[0]).toBe('We are closed at the moment.');
      checkout.setLanguage('de');

      const quotation = await checkoutFor([], {
        data: fixture({ branches: [makeBranch({ isQuotationRequired: true })] }),
      });
      expect(quotation.checkout.submitLabel).toBe('Angebotsanfrage abschicken');

      const notPublic = await checkoutFor([], {
        data: fixture({ branches: [makeBranch({ isPublic: false })] }),
      });
      expect(notPublic.checkout.submitLabel).toBeNull();
      expect(notPublic.checkout.submitBlocker).toBe('Noch nicht eröffnet');
    });
  });

  describe('submit', () => {
    it('posts the order form with an Idempotency-Key, clears the cart and names the status page', async () => {
      const { checkout, fetch, root } = await checkoutFor([json(201, { data: { order } })]);
      fillContact(checkout);
      checkout.setDetail('phone', '+43 664 1234567');

      await expect(checkout.submit()).resolves.toEqual({ kind: 'status', path: '/status/u-1/h-1' });

      const call = fetch.calls[1];
      expect(call).toMatchObject({ url: '/api/orders', method: 'POST' });
      expect(call.headers['Idempotency-Key']).toBe('key-1');
      expect(call.body).toMatchObject({
        firstName: 'Anna',
        lastName: 'Gruber',
        phone: '+43 664 1234567',
        paymentMethod: 'cash',
        channel: 'web', // a browser tab; the kiosk sets 'kiosk'
        legalInstructions: true,
        privacyPolicy: true,
        branch: { id: 1 },
        isDelivery: false,
        isDineIn: false,
        items: [{ product: { id: 1, uid: expect.any(String) }, amount: 1, unit: 'piece', parts: [] }],
      });
      expect(root.cart.items).toEqual([]);
      expect(checkout.idempotencyKey).toBeNull();
    });

    it('follows the payment redirect of an online payment', async () => {
      const { checkout } = await checkoutFor([
        json(201, { data: { paymentRedirectUrl: 'https://pay.example/x', order } }),
      ]);
      fillContact(checkout);
      checkout.setDetail('phone', '+43 1');
      await expect(checkout.submit()).resolves.toEqual({ kind: 'redirect', url: 'https://pay.example/x' });
    });

    it('asks for the voucher code of the Hydro AG voucher, sends it cleaned and shows the server verdict', async () => {
      const data = fixture({ branches: [makeBranch({ isHydroAGVoucherEnabled: true })] });
      data.config = { ...data.config, enableHydroAGVoucher: true, enablePluginVoucherPayments: true };
      const invalid = 'Dieser Gutscheincode ist ungültig oder bereits eingelöst.';
      const { checkout, fetch } = await checkoutFor(
        [json(400, { errors: [{ message: invalid, field: 'voucherCode' }] }), json(201, { data: { order } })],
        { data },
      );
      fillContact(checkout);
      checkout.setDetail('phone', '+43 1');
      expect(checkout.showsVoucherCode).toBe(false);
      checkout.setPaymentMethod('hydro-ag-voucher');
      expect(checkout.showsVoucherCode).toBe(true);

      await expect(checkout.submit()).resolves.toEqual({ kind: 'invalid' });
      expect(checkout.errorFor('voucherCode')).toBe('Bitte geben Sie den Gutscheincode ein.');
      checkout.setVoucherCode('a!');
      expect(checkout.errorFor('voucherCode')).toBe(invalid);
      expect(fetch.calls).toHaveLength(1); // nothing sent yet

      checkout.setVoucherCode(' LINDE 2026 0001 ');
      await expect(checkout.submit()).resolves.toEqual({ kind: 'invalid' });
      expect(fetch.calls[1]!.body).toMatchObject({
        paymentMethod: 'hydro-ag-voucher',
        voucherCode: 'LINDE20260001',
      });
      expect(checkout.errorFor('voucherCode')).toBe(invalid);
      checkout.setVoucherCode('LINDE-2026-0002');
      expect(checkout.errorFor('voucherCode')).toBeUndefined();
      await expect(checkout.submit()).resolves.toMatchObject({ kind: 'status' });

      checkout.setPaymentMethod('cash');
      expect(checkout.form).not.toHaveProperty('voucherCode');
    });

    it('keeps the key for a retry after a network error and ignores a double click', async () => {
      let release!: (response: Response) => void;
      const { checkout, fetch } = await checkoutFor([
        new TypeError('Failed to fetch'),
        () => new Promise<Response>((resolve) => (release = resolve)) as unknown as Response,
      ]);
      fillContact(checkout);
      checkout.setDetail('phone', '+43 1');

      await expect(checkout.submit()).resolves.toEqual({ kind: 'failed' });
      expect(checkout.generalErrors).toEqual([
        'Der Server ist nicht erreichbar. Bitte überprüfen Sie Ihre Internetverbindung.',
      ]);

      const retry = checkout.submit();
      await expect(checkout.submit()).resolves.toEqual({ kind: 'failed' }); // the double click
      expect(checkout.isSubmitting).toBe(true);
      release(json(201, { data: { order } }));
      await expect(retry).resolves.toMatchObject({ kind: 'status' });

      const orderCalls = fetch.calls.filter((call) => call.url === '/api/orders');
      expect(orderCalls.map((call) => call.headers['Idempotency-Key'])).toEqual(['key-1', 'key-1']);
    });

    it("speaks the kiosk guest's language: its own findings and the server's refusals by their codes", async () => {
      const errors = [
        {
          message: 'Zu diesem Zeitpunkt sind leider bereits alle Plätze vergeben.',
          field: 'appointmentDate',
          code: 'slot_full',
        },
        { message: 'Dieses Produkt ist leider ausverkauft.', field: 'items[0]', code: 'sold_out' },
        { message: 'Nur auf Deutsch.', field: 'items[1]' },
      ];
      const { checkout } = await checkoutFor([json(400, { errors })]);
      checkout.setLanguage('en');
      await expect(checkout.submit()).resolves.toEqual({ kind: 'invalid' });
      expect(checkout.errorFor('firstName')).toBe('Please fill in this field.');
      fillContact(checkout);
      await expect(checkout.submit()).resolves.toEqual({ kind: 'invalid' });
      expect(checkout.errorFor('appointmentDate')).toBe(
        'All places at this time are already taken. Please choose another time.',
      );
      expect(checkout.generalErrors).toEqual(['Sorry, this product is sold out.', 'Nur auf Deutsch.']);
      checkout.setLanguage('de');
      expect(checkout.errorFor('appointmentDate')).toBe(errors[0]!.message);
    });

    it('shows the server field errors at their fields and takes a new key after a 400', async () => {
      const errors = [
        { message: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.', field: 'email' },
        { message: 'Das Produkt "Wiener Schnitzel" ist derzeit nicht verfügbar.', field: 'items[0]' },
      ];
      const { checkout, fetch } = await checkoutFor([json(400, { errors }), json(201, { data: { order } })]);
      fillContact(checkout);
      checkout.setDetail('phone', '+43 1');
      checkout.setDetail('email', 'anna@example.at');

      await expect(checkout.submit()).resolves.toEqual({ kind: 'invalid' });
      expect(checkout.errorFor('email')).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
      expect(checkout.generalErrors).toEqual(['Das Produkt "Wiener Schnitzel" ist derzeit nicht verfügbar.']);
      checkout.setDetail('email', 'anna@gruber.at');
      expect(checkout.errorFor('email')).toBeUndefined();
      expect(checkout.generalErrors).toHaveLength(1);

      await checkout.submit();
      const keys = fetch.calls
        .filter((call) => call.url === '/api/orders')
        .map((c) => c.headers['Idempotency-Key']);
      expect(keys).toEqual(['key-1', 'key-2']);
    });
  });
});

describe(newIdempotencyKey.name, () => {
  it('is a v4 uuid', () => {
    expect(newIdempotencyKey()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
