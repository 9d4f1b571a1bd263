import { Product } from '../src/catalog/product.entity.js';
import { Donatee } from '../src/content/donatee.entity.js';
import { Branch } from '../src/branches/branch.entity.js';
import { Order } from '../src/orders/order.entity.js';
import {
  delivery,
  item,
  loadDemo,
  NOON,
  ORDER_TEST_ENV,
  postOrder,
  takeaway,
  type Demo,
} from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const NBSP = '\u00a0';

describe('POST /api/orders', () => {
  let t: TestApp;
  let demo: Demo;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    demo = await loadDemo(t);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.clock.set(NOON));

  const messages = (res: { body: { errors?: Array<{ message: string; field?: string }> } }) =>
    (res.body.errors ?? []).map((e) => (e.field ? `${e.field}: ${e.message}` : e.message));

  /** A valid quotation request to the screed business (appointment required, e-mail, phone, address). */
  const quotation = (overrides: Record<string, unknown> = {}) =>
    takeaway(demo, {
      branch: { id: demo.graz.id },
      street: 'Annenstraße 10',
      city: '8020 Graz',
      appointmentDate: '2026-12-07T08:00:00Z', // Monday 09:00 in Graz, after every lead time
      items: [item(demo, 'Fließestrich CAF C25-F5 (Silolieferung)', 2500, 'kg')],
      ...overrides,
    });

  describe('every order type, priced to the cent', () => {
    it('takeaway: configurable product with modifiers and drinks at their own rate', async () => {
      const res = await postOrder(
        t,
        takeaway(demo, {
          items: [
            // Kalb (+4,50), Pommes frites, Erdäpfel-Vogerlsalat (+1,50): 20,50 each.
            item(demo, 'Schnitzel nach Wahl', 2, 'piece', [2, [1, 3], '']),
            item(demo, 'Almdudler 0,5 l', 3),
          ],
        }),
      );
      expect(res.status).toBe(201);
      const order = res.body.data.order;
      expect(
        order.items.map((i: { unitPrice: number; price: number; tax: number }) => [
          i.unitPrice,
          i.price,
          i.tax,
        ]),
      ).toEqual([
        [20.5, 41, 10],
        [4.6, 13.8, 20],
      ]);
      expect(order.items[0].partLabels).toEqual([
        'Fleisch: Kalb',
        'Beilagen: Pommes frites, Erdäpfel-Vogerlsalat',
      ]);
      // 41,00 at 10 %: net 37,27, tax 3,73; 13,80 at 20 %: net 11,50, tax 2,30.
      expect(order.pricing).toEqual({
        gross: 54.8,
        net: 48.77,
        deliveryGross: 0,
        deliveryNet: 0,
        totalNet: 48.77,
        totalGross: 54.8,
        taxes: { '10': 3.73, '20': 2.3 },
      });
      expect(order.isDelivery).toBe(false);
      expect(order.isDineIn).toBe(false);
      expect(order.ticketNumber).toEqual(expect.any(Number));
      expect(order.hash.length).toBeGreaterThanOrEqual(22);
    });

    it('delivery: fee of the area below its free-from value, taxed at the area rate', async () => {
      const res = await postOrder(
        t,
        delivery(demo, 1, {
          items: [
            item(demo, 'Käsespätzle mit Röstzwiebeln'),
            item(demo, 'Kaiserschmarrn mit Zwetschkenröster'),
          ],
        }),
      );
      expect(res.status).toBe(201);
      // Items 26,80 (net 24,36, tax 2,44); fee 2,90 (net 2,64, tax 0,26).
      expect(res.body.data.order.pricing).toEqual({
        gross: 26.8,
        net: 24.36,
        deliveryGross: 2.9,
        deliveryNet: 2.64,
        totalNet: 27,
        totalGross: 29.7,
        taxes: { '10': 2.7 },
      });
      expect(res.body.data.order.deliveryArea).toBe('1060 Mariahilf');
      expect(res.body.data.order.isDelivery).toBe(true);
    });

    it('delivery: free from exactly the free-from value ("ab" includes it)', async () => {
      const res = await postOrder(
        t,
        delivery(demo, 1, {
          items: [
            item(demo, 'Fiakergulasch mit Semmelknödel'),
            item(demo, 'Käsespätzle mit Röstzwiebeln'),
            item(demo, 'Römerquelle prickelnd 0,33 l'),
          ],
        }),
      );
      expect(res.status).toBe(201);
      expect(res.body.data.order.pricing).toMatchObject({ gross: 35, deliveryGross: 0, totalGross: 35 });
    });

    it('delivery: refuses an order below the minimum with both German lines', async () => {
      const res = await postOrder(
        t,
        delivery(demo, 2, { items: [item(demo, 'Rindsuppe mit Frittaten', 2)] }),
      );
      expect(res.status).toBe(400);
      expect(messages(res)).toEqual([
        `Sie haben den Mindestbestellwert in Höhe von 25,00${NBSP}€ leider noch nicht erreicht.`,
        `Fügen Sie Waren im Wert von mindestens 14,20${NBSP}€ hinzu oder wählen Sie eine andere Art der Lieferung.`,
      ]);
      expect(res.body.errors[0].code).toBe('minimum_order_value');
    });

    it('dine-in at a table of the branch, keeping its identifier', async () => {
      const res = await postOrder(
        t,
        takeaway(demo, {
          isDineIn: true,
          table: { id: demo.tables[4]!.id },
          items: [item(demo, 'Ottakringer Helles 0,5 l', 2)],
        }),
      );
      expect(res.status).toBe(201);
      expect(res.body.data.order).toMatchObject({ isDineIn: true, tableIdentifier: '5' });
      expect(res.body.data.order.pricing).toMatchObject({
        totalGross: 10.4,
        totalNet: 8.67,
        taxes: { '20': 1.73 },
      });
    });

    it('applies the tax rate of the order type (delivery, takeaway, dine-in)', async () => {
      const products = t.dataSource.getRepository(Product);
      const juice = demo.products.get('Apfelsaft gespritzt 0,5 l')!;
      await products.update(juice.id, { tax: 13, takeawayTax: 10, dineInTax: 20 });
      try {
        const line = [item(demo, 'Apfelsaft gespritzt 0,5 l', 4)]; // 15,60
        const asTakeaway = await postOrder(t, takeaway(demo, { items: line }));
        const asDineIn = await postOrder(
          t,
          takeaway(demo, { isDineIn: true, table: { id: demo.tables[0]!.id }, items: line }),
        );
        const asDelivery = await postOrder(t, delivery(demo, 0, { items: line }));
        expect([asTakeaway, asDineIn, asDelivery].map((r) => r.body.data.order.pricing.taxes)).toEqual([
          { '10': 1.42 }, // 15,60 / 1,10 = 14,18
          { '20': 2.6 }, // 15,60 / 1,20 = 13,00
          { '13': 1.79 }, // 15,60 / 1,13 = 13,81
        ]);
        expect(asDelivery.body.data.order.pricing.deliveryGross).toBe(0); // 1070 Neubau is free
      } finally {
        await products.update(juice.id, { tax: 20, takeawayTax: 20, dineInTax: 20 });
      }
    });

    it('quotation request: alternative unit priced by its ratio, no ticket number', async () => {
      const res = await postOrder(t, quotation());
      expect(res.status).toBe(201);
      const order = res.body.data.order;
      expect(order.isQuotation).toBe(true);
      expect(order.ticketNumber).toBeNull();
      // 19,00 per m², 1 kg = 0,01 m²: 0,19 per kg × 2500 kg = 475,00 (20 %: net 395,83).
      expect(order.items[0]).toMatchObject({
        unit: 'kg',
        unitPrice: 0.19,
        price: 475,
        calculationModel: 'approximate',
      });
      expect(order.pricing).toMatchObject({ totalGross: 475, totalNet: 395.83, taxes: { '20': 79.17 } });
      expect(order.appointmentDate).toBe('2026-12-07T08:00:00.000Z');
    });

    it('prices a configurable service per m² with its modifiers and an uploaded plan', async () => {
      const uploaded = await t.request('POST', '/api/uploads/public', {
        data: `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64')}`,
        name: 'grundriss.pdf',
      });
      expect(uploaded.status).toBe(201);
      const upload = uploaded.body.data as { id: number; secret: string };
      const res = await postOrder(
        t,
        quotation({
          items: [
            item(demo, 'Estrichverlegung nach Maß', 60, 'm2', [
              1,
              1,
              [{ id: upload.id, secret: upload.secret }],
              'Zufahrt über Hof',
            ]),
          ],
        }),
      );
      expect(res.status).toBe(201);
      // 24,90 + 3,40 (Fließestrich) + 2,80 (6,5 cm) = 31,10 per m² × 60 = 1866,00.
      expect(res.body.data.order.items[0]).toMatchObject({ unitPrice: 31.1, price: 1866 });
      expect(res.body.data.order.items[0].partLabels).toEqual([
        'Estrichart: Fließestrich CAF',
        'Estrichstärke: 6,5 cm',
        'Grundriss: grundriss.pdf',
        'Anmerkungen zur Baustelle: Zufahrt über Hof',
      ]);
      expect(res.body.data.order.pricing).toMatchObject({
        totalGross: 1866,
        totalNet: 1555,
        taxes: { '20': 311 },
      });
    });

    it('ignores prices, totals and flags a client sends', async () => {
      const form = takeaway(demo);
      const res = await postOrder(t, {
        ...form,
        items: [{ ...(form.items as object[])[0], price: 0.01, unitPrice: 0.01, name: 'Gratis' }],
        pricing: { totalGross: 0.01 },
        totalGross: 0.01,
        isConfirmed: true,
        isPaid: true,
        ticketNumber: 999,
      });
      expect(res.status).toBe(201);
      expect(res.body.data.order).toMatchObject({ isConfirmed: false, isPaid: false });
      expect(res.body.data.order.ticketNumber).not.toBe(999);
      expect(res.body.data.order.items[0]).toMatchObject({ name: 'Wiener Schnitzel vom Kalb', price: 19.9 });
      expect(res.body.data.order.pricing.totalGross).toBe(19.9);
    });

    it('stores the customer data with the phone normalised, and a donatee when donations are on', async () => {
      const caritas = await t.dataSource
        .getRepository(Donatee)
        .findOneByOrFail({ identifier: 'caritas-wien' });
      const res = await postOrder(
        t,
        takeaway(demo, { phone: '0043 (664) 12-34-567', donatee: { id: caritas.id } }),
      );
      expect(res.status).toBe(201);
      const stored = await t.dataSource
        .getRepository(Order)
        .findOneByOrFail({ uid: res.body.data.order.uid });
      expect(stored).toMatchObject({
        phone: '+43 664 1234567',
        firstName: 'Anna',
        email: 'anna.huber@example.at',
      });
      expect(stored.donatee).toEqual({ id: caritas.id, name: caritas.name });
    });
  });

  describe('the rules of spec section 5, each with its German text', () => {
    const cases: Array<[string, () => Record<string, unknown>, string[]]> = [
      [
        'first and last name',
        () => takeaway(demo, { firstName: '', lastName: ' ' }),
        ['firstName: Dieser Wert sollte nicht leer sein.', 'lastName: Dieser Wert sollte nicht leer sein.'],
      ],
      [
        'phone required for takeaway here',
        () => takeaway(demo, { phone: '' }),
        ['phone: Dieser Wert sollte nicht leer sein.'],
      ],
      [
        'street, city and postcode for delivery',
        () => delivery(demo, 0, { street: '', city: null, zipCode: '' }),
        [
          'street: Dieser Wert sollte nicht leer sein.',
          'city: Dieser Wert sollte nicht leer sein.',
          'zipCode: Dieser Wert sollte nicht leer sein.',
        ],
      ],
      [
        'an address outside every area (the area of another branch it names is not read)',
        () => delivery(demo, 0, { zipCode: '8010', deliveryArea: { id: demo.graz.deliveryAreas[0]!.id } }),
        [
          'zipCode: An diese Adresse liefern wir leider nicht. Bitte prüfen Sie die Postleitzahl oder wählen Sie Abholung.',
        ],
      ],
      [
        'a valid e-mail',
        () => takeaway(demo, { email: 'anna@huber' }),
        ['email: Dieser Wert ist keine gültige E-Mail-Adresse.'],
      ],
      [
        'e-mail required by the branch',
        () => quotation({ email: '' }),
        ['email: Dieser Wert sollte nicht leer sein.'],
      ],
      [
        'an appointment when required',
        () => quotation({ appointmentDate: null }),
        ['appointmentDate: Bitte wählen Sie einen Termin aus.'],
      ],
      [
        'an appointment inside the opening hours',
        () => takeaway(demo, { appointmentDate: '2026-11-23T11:00:00Z' }),
        [
          // Monday: the inn is closed.
          'appointmentDate: Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.',
        ],
      ],
      [
        'a delivery time inside the delivery hours',
        () =>
          delivery(demo, 0, {
            items: [item(demo, 'Tafelspitz mit Apfelkren und Schnittlauchsauce')],
            appointmentDate: '2026-11-21T20:45:00Z', // Saturday 21:45: open, but no delivery after 21:30
          }),
        [
          'appointmentDate: Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.',
        ],
      ],
      [
        'no appointment in the past',
        () => takeaway(demo, { appointmentDate: '2026-11-19T12:00:00Z' }),
        [
          'appointmentDate: Der gewählte Termin ist leider zu früh. Der frühestmögliche Termin ist 20.11.2026 um 12:00 Uhr.',
        ],
      ],
      [
        'no appointment before the lead time of the cart',
        () => quotation({ appointmentDate: '2026-11-24T08:00:00Z' }),
        [
          // Fließestrich needs 5 days.
          'appointmentDate: Der gewählte Termin ist leider zu früh. Der frühestmögliche Termin ist 25.11.2026 um 12:00 Uhr.',
        ],
      ],
      [
        'no appointment beyond 180 days',
        () => takeaway(demo, { appointmentDate: '2027-06-18T10:00:00Z' }),
        ['appointmentDate: Termine können höchstens 180 Tage im Voraus gewählt werden.'],
      ],
      [
        'both legal checkboxes',
        () => takeaway(demo, { legalInstructions: false, privacyPolicy: 'yes' }),
        ['privacyPolicy: Dieser Wert sollte vom Typ bool sein.'],
      ],
      [
        'the terms',
        () => takeaway(demo, { legalInstructions: false, privacyPolicy: false }),
        [
          'legalInstructions: Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen.',
          'privacyPolicy: Bitte akzeptieren Sie die Datenschutzerklärung.',
        ],
      ],
      [
        'a payment method offered by config and branch',
        () => takeaway(demo, { paymentMethod: 'mollie' }),
        ['paymentMethod: Diese Zahlungsart ist nicht verfügbar.'],
      ],
      ['a non-empty cart', () => takeaway(demo, { items: [] }), ['Keine Produkte im Warenkorb!']],
      [
        'an order type the branch offers',
        () => quotation({ isDineIn: true }),
        ['Diese Bestellart wird von der Filiale nicht angeboten.'],
      ],
      [
        'a table for dine-in with table selection',
        () => takeaway(demo, { isDineIn: true }),
        ['table: Dieser Wert sollte nicht leer sein.'],
      ],
      [
        'a table of this branch',
        () => takeaway(demo, { isDineIn: true, table: { id: 99999 } }),
        ['table: Bitte wählen Sie einen gültigen Tisch aus.'],
      ],
      [
        'every required part',
        () => takeaway(demo, { items: [item(demo, 'Schnitzel nach Wahl', 1, 'piece', [null, [0]])] }),
        ['items[0].parts[0]: Bitte vervollständigen Sie die Konfiguration von "Schnitzel nach Wahl".'],
      ],
      [
        'an option that exists',
        () => takeaway(demo, { items: [item(demo, 'Schnitzel nach Wahl', 1, 'piece', [7, [0]])] }),
        ['items[0].parts[0]: Bitte vervollständigen Sie die Konfiguration von "Schnitzel nach Wahl".'],
      ],
      [
        'an enabled product',
        () => takeaway(demo, { items: [item(demo, 'Gebratener Saibling mit Blattspinat')] }),
        ['items[0]: Das Produkt "Gebratener Saibling mit Blattspinat" ist derzeit nicht verfügbar.'],
      ],
      [
        'a product within its schedule',
        () =>
          takeaway(demo, {
            items: [item(demo, 'Mittagsmenü', 1, 'piece', [0, 0])],
            appointmentDate: '2026-11-20T18:00:00Z', // 19:00: the lunch menu ends at 14:30
          }),
        ['items[0]: Das Produkt "Mittagsmenü" ist derzeit nicht verfügbar.'],
      ],
      [
        "a product of this branch's menu",
        () => takeaway(demo, { items: [item(demo, 'Dehnfugenprofil 2 m')] }),
        ['items[0]: Das Produkt "Dehnfugenprofil 2 m" ist derzeit nicht verfügbar.'],
      ],
      [
        "the product's uid",
        () =>
          takeaway(demo, {
            items: [
              {
                ...item(demo, 'Wiener Schnitzel vom Kalb'),
                product: { id: demo.products.get('Wiener Schnitzel vom Kalb')!.id, uid: 'x' },
              },
            ],
          }),
        ['items[0].product: Sie haben einen ungültigen Wert ausgewählt.'],
      ],
      [
        'a unit the product is sold in',
        () => quotation({ items: [item(demo, 'Fließestrich CAF C25-F5 (Silolieferung)', 250000, 'cm2')] }),
        ['items[0].unit: Sie haben einen ungültigen Wert ausgewählt.'],
      ],
      [
        'an amount on the quantity grid',
        () => quotation({ items: [item(demo, 'Fließestrich CAF C25-F5 (Silolieferung)', 25.3, 'm2')] }),
        ['items[0].amount: Dieser Wert ist ungültig.'],
      ],
      [
        'an amount above the minimum',
        () => quotation({ items: [item(demo, 'Fließestrich CAF C25-F5 (Silolieferung)', 1500, 'kg')] }),
        ['items[0].amount: Dieser Wert ist ungültig.'],
      ],
      [
        'a positive amount',
        () => takeaway(demo, { items: [item(demo, 'Pommes frites', 0)] }),
        ['items.0.amount: Dieser Wert sollte positiv sein.'],
      ],
      [
        'an upload that exists',
        () =>
          quotation({
            items: [item(demo, 'Estrichverlegung nach Maß', 60, 'm2', [0, 0, [{ id: 99999 }], ''])],
          }),
        ['items[0].parts[2]: Die Datei wurde nicht gefunden.'],
      ],
      [
        'a donatee that exists',
        () => takeaway(demo, { donatee: { id: 99999 } }),
        ['donatee: Sie haben einen ungültigen Wert ausgewählt.'],
      ],
      [
        'a branch that exists',
        () => takeaway(demo, { branch: { id: 99999 } }),
        ['branch: Sie haben einen ungültigen Wert ausgewählt.'],
      ],
      [
        'a public branch',
        () => takeaway(demo, { branch: { id: demo.linz.id } }),
        ['branch: Derzeit nehmen wir leider keine Bestellungen entgegen.'],
      ],
    ];
    it.each(cases)('requires %s', async (_name, form, expected) => {
      const before = await t.dataSource.getRepository(Order).count();
      const res = await postOrder(t, form());
      expect(messages(res)).toEqual(expected);
      expect(res.status).toBe(400);
      expect(await t.dataSource.getRepository(Order).count()).toBe(before);
    });

    it('asks a kiosk order for no legal boxes: a purchase on the premises (docs/decisions/kiosk.md)', async () => {
      const res = await postOrder(
        t,
        takeaway(demo, { channel: 'kiosk', legalInstructions: false, privacyPolicy: false }),
      );
      expect(res.status).toBe(201);
      const order = await t.dataSource.getRepository(Order).findOneByOrFail({ uid: res.body.data.order.uid });
      expect(order.channel).toBe('kiosk');
    });

    it('names stable codes for the conditions a client reacts to', async () => {
      const res = await postOrder(
        t,
        quotation({ appointmentDate: '2026-11-24T08:00:00Z', paymentMethod: 'mollie' }),
      );
      expect(res.body.errors.map((e: { code?: string }) => e.code)).toEqual([
        'appointment_too_early',
        'payment_method_unavailable',
      ]);
    });

    it('answers malformed bodies with 400 and German messages, never 500', async () => {
      for (const body of ['null', '[]', '"x"', '{"items": "all"}', '{"branch": 1, "items": [{}]}', '{']) {
        const res = await t.request('POST', '/api/orders', body);
        expect(res.status).toBe(400);
        expect(res.body.errors[0].message).toMatch(/^[A-ZÄÖÜ]/);
      }
    });
  });

  describe('open, closed and pre-orders', () => {
    const vienna = () => t.dataSource.getRepository(Branch);

    it('refuses orders while closed when the branch takes no pre-orders', async () => {
      await vienna().update(demo.vienna.id, { isPreorderEnabled: false });
      try {
        t.clock.set('2026-11-20T22:30:00Z'); // 23:30
        const res = await postOrder(t, takeaway(demo));
        expect(res.status).toBe(400);
        expect(res.body.errors[0]).toEqual({
          message: 'Derzeit nehmen wir leider keine Bestellungen entgegen.',
          code: 'branch_closed',
        });
        const delivered = await postOrder(
          t,
          delivery(demo, 0, { items: [item(demo, 'Tafelspitz mit Apfelkren und Schnittlauchsauce')] }),
        );
        t.clock.set('2026-11-20T10:15:00Z'); // 11:15: open, but delivery starts 11:30
        const early = await postOrder(
          t,
          delivery(demo, 0, { items: [item(demo, 'Tafelspitz mit Apfelkren und Schnittlauchsauce')] }),
        );
        expect([delivered.status, early.status]).toEqual([400, 400]);
        expect(early.body.errors[0].code).toBe('branch_closed');
        expect((await postOrder(t, takeaway(demo))).status).toBe(201);
      } finally {
        await vienna().update(demo.vienna.id, { isPreorderEnabled: true });
      }
    });

    it('takes pre-orders while closed: for a time in the opening hours, or as soon as it reopens', async () => {
      t.clock.set('2026-11-20T22:30:00Z'); // Friday 23:30
      const later = await postOrder(t, takeaway(demo, { appointmentDate: '2026-11-21T11:30:00Z' }));
      expect(later.status).toBe(201);
      expect(later.body.data.order.appointmentDate).toBe('2026-11-21T11:30:00.000Z');
      const asap = await postOrder(t, takeaway(demo));
      expect(asap.status).toBe(201);
      expect(asap.body.data.order.appointmentDate).toBeNull();
    });
  });
});
