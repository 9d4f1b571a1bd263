import { Category } from '../src/catalog/category.entity.js';
import { Product } from '../src/catalog/product.entity.js';
import { AuditLog } from '../src/logs/audit-log.entity.js';
import { Order } from '../src/orders/order.entity.js';
import { item, loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { startSmtp, type ReceivedMail } from './support/smtp.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const PUBLIC_URL = 'https://bestellen.zurlinde.at';
const UNKNOWN =
  'Zu dieser Bestellnummer und E-Mail-Adresse haben wir keine Bestellung gefunden. Bitte prüfen Sie beide Angaben.';

describe('withdrawal function (§356a BGB): POST /api/withdrawals', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let demo: Demo;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({
      seed: true,
      env: { ...ORDER_TEST_ENV, SMTP_URL: smtp.url, PUBLIC_URL, JOBS_POLL_INTERVAL_MS: '60000' },
    });
    demo = await loadDemo(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => t.clock.set(NOON));

  const to = (address: string) => (m: ReceivedMail) => m.to.includes(address);
  const withdraw = (body: unknown) => t.request('POST', '/api/withdrawals', body);

  /** A quotation request for screed in Graz (not exempt: the demo's trade goods and services). */
  async function screedRequest(email: string) {
    const res = await postOrder(
      t,
      takeaway(demo, {
        email,
        lastName: 'Berger',
        branch: { id: demo.graz.id },
        street: 'Annenstraße 10',
        city: '8020 Graz',
        appointmentDate: '2026-12-07T08:00:00Z',
        items: [item(demo, 'Fließestrich CAF C25-F5 (Silolieferung)', 2500, 'kg')],
      }),
    );
    expect([res.status, res.body.errors]).toEqual([201, undefined]);
    const { uid, hash } = res.body.data.order as { uid: string; hash: string };
    const row = await t.dataSource.getRepository(Order).findOneByOrFail({ uid });
    return { id: row.id, uid, hash };
  }

  it('withdraws from the status page: stored with time and person, audit entry, confirmation mail at once', async () => {
    const q = await screedRequest('berger@example.at');
    expect((await t.request('GET', `/api/orders/public/${q.uid}/${q.hash}`)).body.data).toMatchObject({
      isWithdrawalExempt: false,
      withdrawnAt: null,
    });
    const res = await withdraw({
      uid: q.uid,
      hash: q.hash,
      name: 'Eva Berger',
      email: 'eva.berger@example.at',
      note: 'Wir haben anders entschieden.',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      orderNumber: q.uid.slice(0, 8).toUpperCase(),
      withdrawal: {
        withdrawnAt: '2026-11-20T11:00:00.000Z',
        name: 'Eva Berger',
        email: 'eva.berger@example.at',
        note: 'Wir haben anders entschieden.',
        channel: 'status-page',
      },
    });

    const [mail] = await smtp.waitFor(to('eva.berger@example.at'));
    expect(mail!.subject).toBe(
      `Gruber & Linde: Eingangsbestätigung Ihres Widerrufs (Anfrage Nr. ${q.uid.slice(0, 8).toUpperCase()})`,
    );
    expect(mail!.text).toContain('Guten Tag Eva Berger,');
    expect(mail!.text).toContain('Ihre Erklärung ist am 20.11.2026, 12:00 Uhr bei uns eingegangen.');
    expect(mail!.text).toContain('Hiermit widerrufe ich den Vertrag über die Anfrage Nr.');
    expect(mail!.text).toContain('Anmerkung: Wir haben anders entschieden.');
    expect(mail!.text).toContain('Fließestrich CAF C25-F5 (Silolieferung)');
    expect(mail!.text).toContain(`${PUBLIC_URL}/status/${q.uid}/${q.hash}`);

    // Staff see it on the order; the status page only that and when (no name, no address).
    const staff = await t.request('GET', `/api/orders/${q.id}`, undefined, demo.admin);
    expect(staff.body.data.withdrawal).toMatchObject({
      name: 'Eva Berger',
      withdrawnAt: '2026-11-20T11:00:00.000Z',
    });
    const board = await t.request('GET', '/api/orders/current', undefined, demo.admin);
    expect(board.body.data.find((o: { id: number }) => o.id === q.id).withdrawal.name).toBe('Eva Berger');
    const shown = (await t.request('GET', `/api/orders/public/${q.uid}/${q.hash}`)).body.data;
    expect(shown.withdrawnAt).toBe('2026-11-20T11:00:00.000Z');
    expect(JSON.stringify(shown)).not.toContain('eva.berger@example.at');
    // A withdrawal is a declaration: status and payment stay for staff to handle.
    expect(staff.body.data).toMatchObject({ isCanceled: false, isRefunded: false });

    const audit = await t.dataSource
      .getRepository(AuditLog)
      .find({ where: { entityType: 'orders', entityId: String(q.id) }, order: { id: 'ASC' } });
    const entry = audit.find((a) => a.action === 'withdraw');
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry!.changes)).toContain('Eva Berger');
    expect(JSON.stringify(entry!.changes)).not.toContain(q.hash);

    const again = await withdraw({ uid: q.uid, hash: q.hash, name: 'Eva Berger', email: 'eva@example.at' });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: 'already_withdrawn' });
    expect(smtp.received.filter(to('eva.berger@example.at'))).toHaveLength(1);
  });

  it('withdraws by order number and e-mail from the footer form (e-mail in any case)', async () => {
    const q = await screedRequest('form@example.at');
    const res = await withdraw({
      orderNumber: q.uid.slice(0, 8).toUpperCase(),
      orderEmail: 'FORM@example.at',
      name: 'Franz Form',
      email: 'franz@example.at',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.withdrawal).toMatchObject({ channel: 'form', note: '' });
    const [mail] = await smtp.waitFor(to('franz@example.at'));
    expect(mail!.text).toContain('Name: Franz Form');
    const row = await t.dataSource.getRepository(Order).findOneByOrFail({ id: q.id });
    expect(row.withdrawal?.name).toBe('Franz Form');
  });

  it('refuses a wrong e-mail and an unknown number with the same message (no order oracle)', async () => {
    const q = await screedRequest('echt@example.at');
    const wrong = await withdraw({
      orderNumber: q.uid.slice(0, 8),
      orderEmail: 'falsch@example.at',
      name: 'Eve',
      email: 'eve@example.at',
    });
    const unknown = await withdraw({
      orderNumber: '00000000',
      orderEmail: 'echt@example.at',
      name: 'Eve',
      email: 'eve@example.at',
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual({
        message: UNKNOWN,
        field: 'orderNumber',
        code: 'withdrawal_order_unknown',
      });
    }
    expect((await t.dataSource.getRepository(Order).findOneByOrFail({ id: q.id })).withdrawal).toBeNull();
    const missing = await withdraw({
      orderNumber: '',
      orderEmail: 'x@example.at',
      name: 'E',
      email: 'e@example.at',
    });
    expect(missing.body.errors[0]).toMatchObject({ field: 'orderNumber' });
    const noName = await withdraw({ uid: q.uid, hash: q.hash, name: ' ', email: 'e@example.at' });
    expect(noName.status).toBe(400);
    expect(noName.body.errors[0].field).toBe('name');
    const badMail = await withdraw({ uid: q.uid, hash: q.hash, name: 'E', email: 'kein-mail' });
    expect(badMail.body.errors[0].field).toBe('email');
    const wrongHash = await withdraw({ uid: q.uid, hash: 'x'.repeat(32), name: 'E', email: 'e@example.at' });
    expect(wrongHash.status).toBe(404);
  });

  it('refuses an order whose every line is exempt (food) with a German 400', async () => {
    const res = await postOrder(t, takeaway(demo, { email: 'essen@example.at' }));
    const { uid, hash, ticketNumber } = res.body.data.order;
    expect(res.body.data.order.isWithdrawalExempt).toBe(true);
    const byLink = await withdraw({ uid, hash, name: 'Anna Huber', email: 'essen@example.at' });
    expect(byLink.status).toBe(400);
    expect(byLink.body.errors[0]).toMatchObject({ code: 'withdrawal_exempt', field: 'order' });
    expect(byLink.body.errors[0].message).toMatch(/^Diese Bestellung ist vom Widerruf ausgenommen/);
    const byNumber = await withdraw({
      orderNumber: String(ticketNumber),
      orderEmail: 'essen@example.at',
      name: 'Anna Huber',
      email: 'essen@example.at',
    });
    expect(byNumber.body.errors[0]).toMatchObject({ code: 'withdrawal_exempt', field: 'orderNumber' });
  });

  it('takes the flag of the product and its categories: a category switched off makes its food withdrawable, by ticket number', async () => {
    const fries = demo.products.get('Pommes frites')!;
    const product = await t.request('GET', `/api/products/${fries.id}`);
    expect(product.body.data.isWithdrawalExempt).toBe(true);
    const sides = await t.dataSource.getRepository(Category).findOneByOrFail({ name: 'Beilagen' });
    await t.dataSource.getRepository(Category).update(sides.id, { isWithdrawalExempt: false });
    try {
      const mixed = await postOrder(
        t,
        takeaway(demo, {
          email: 'beilage@example.at',
          items: [item(demo, 'Wiener Schnitzel vom Kalb'), item(demo, 'Pommes frites')],
        }),
      );
      expect(mixed.body.data.order.isWithdrawalExempt).toBe(false);
      const res = await withdraw({
        orderNumber: String(mixed.body.data.order.ticketNumber),
        orderEmail: 'beilage@example.at',
        name: 'Anna Huber',
        email: 'beilage@example.at',
      });
      expect(res.status).toBe(201);
      expect(res.body.data.orderNumber).toBe(String(mixed.body.data.order.ticketNumber));
    } finally {
      await t.dataSource.getRepository(Category).update(sides.id, { isWithdrawalExempt: true });
    }
    // The screed products are seeded as not exempt; food is.
    const products = t.dataSource.getRepository(Product);
    expect((await products.findOneByOrFail({ name: 'Estrichverlegung nach Maß' })).isWithdrawalExempt).toBe(
      false,
    );
    expect((await products.findOneByOrFail({ name: 'Pommes frites' })).isWithdrawalExempt).toBe(true);
  });
});
