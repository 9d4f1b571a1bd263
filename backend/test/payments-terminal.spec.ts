import { ShopConfig } from '../src/config/shop-config.entity.js';
import { Device } from '../src/devices/device.entity.js';
import { hashDeviceKey } from '../src/devices/device-key.service.js';
import { Order } from '../src/orders/order.entity.js';
import { OrderPayment } from '../src/payments/payment.entity.js';
import { PAYMENT_EXPIRY_MS } from '../src/payments/payment-status.service.js';
import { takeaway } from './orders.fixtures.js';
import {
  eventTypes,
  MOLLIE_KEY,
  mollieWebhook,
  NOON,
  PUBLIC_URL,
  reload,
  startPaymentsWorld,
  type PaymentsWorld,
} from './support/payment-fakes.js';

const TERMINAL = 'term_7MgL4wea46qkRcoTZjWEH';
const keyOf = (name: string) => `geraet-${name}-0123456789abcdef0123456789abcdef`;
const as = (name: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${keyOf(name)}`,
  ...extra,
});

/**
 * Card payment at a kiosk's Mollie point-of-sale terminal (docs/decisions/kiosk.md "Card at the
 * terminal"), against the Mollie fake's pointofsale payments.
 */
describe('kiosk card payment at a Mollie terminal', () => {
  let w: PaymentsWorld;
  let seq = 0;
  beforeAll(async () => {
    w = await startPaymentsWorld();
    const repo = w.t.dataSource.getRepository(Device);
    const devices = [
      {
        name: 'kiosk-terminal',
        type: 'kiosk',
        branch: w.demo.vienna,
        settings: { mollieTerminal: TERMINAL },
      },
      { name: 'kiosk-ohne', type: 'kiosk', branch: w.demo.vienna, settings: {} },
      { name: 'frontdesk', type: 'frontdesk', branch: w.demo.vienna, settings: {} },
      { name: 'kiosk-graz', type: 'kiosk', branch: w.demo.graz, settings: { mollieTerminal: TERMINAL } },
    ];
    for (const d of devices)
      await repo.save(
        repo.create({
          identifier: `pos-${d.name}`,
          type: d.type as Device['type'],
          branch: d.branch,
          settings: d.settings,
          apiKeyHash: hashDeviceKey(keyOf(d.name)),
        }),
      );
  });
  afterAll(async () => {
    await w.close();
  });
  beforeEach(() => {
    w.t.clock.set(NOON);
    w.mollie.down = false;
  });

  const kioskOrder = (device = 'kiosk-terminal', overrides: Record<string, unknown> = {}) =>
    w.t.request(
      'POST',
      '/api/devices/me/orders',
      takeaway(w.demo, { paymentMethod: 'atm-card', channel: 'kiosk', ...overrides }),
      as(device, { 'idempotency-key': `kiosk-pos-${++seq}-0123456789` }),
    );
  const view = (uid: string, device = 'kiosk-terminal') =>
    w.t.request('GET', `/api/devices/me/orders/${uid}/terminal-payment`, undefined, as(device));
  const current = async () =>
    (await w.t.request('GET', '/api/orders/current', undefined, w.demo.admin)).body.data.map(
      (x: { id: number }) => x.id,
    ) as number[];
  const stored = (uid: string) => w.t.dataSource.getRepository(Order).findOneByOrFail({ uid });
  const payments = (orderId: number) =>
    w.t.dataSource.getRepository(OrderPayment).find({ where: { orderId }, order: { id: 'ASC' } });

  /** A kiosk card order at the terminal: the answer, the stored order and the fake's payment. */
  async function started() {
    const res = await kioskOrder();
    expect(res.status).toBe(201);
    const uid = res.body.data.terminalPayment.order.uid as string;
    return { res, order: await stored(uid), payment: w.mollie.last() };
  }

  it('starts a pointofsale payment at the kiosk terminal; the order waits unseen by staff', async () => {
    const { res, order, payment } = await started();
    expect(res.body.data.terminalPayment).toEqual({
      state: 'waiting',
      providerStatus: 'open',
      amount: order.totalGross.toFixed(2),
      currency: 'EUR',
      order: { uid: order.uid, hash: order.hash, ticketNumber: order.ticketNumber },
    });
    const create = w.mollie.requests.filter((r) => r.method === 'POST' && r.path === '/v2/payments').at(-1)!;
    expect(create.authorization).toBe(`Bearer ${MOLLIE_KEY}`);
    expect(create.body).toEqual({
      amount: { currency: 'EUR', value: order.totalGross.toFixed(2) },
      description: `Bestellung Nr. ${order.ticketNumber} – Gasthaus Zur Linde`,
      webhookUrl: `${PUBLIC_URL}/api/payments/mollie/webhook`,
      metadata: { orderUid: order.uid, orderId: order.id },
      method: 'pointofsale',
      terminalId: TERMINAL,
    });
    expect(payment).toMatchObject({
      method: 'pointofsale',
      status: 'open',
      details: { terminalId: TERMINAL },
    });
    expect(payment._links.checkout).toBeUndefined();
    expect(order).toMatchObject({ status: 'pendingPayment', paymentMethod: 'atm-card', isPaid: false });
    expect(await current()).not.toContain(order.id);
    expect(await eventTypes(w, order.uid)).toEqual([]);
    expect(await payments(order.id)).toMatchObject([
      { method: 'mollie', reference: payment.id, state: 'open', terminalId: TERMINAL },
    ]);
  });

  it('paid at the terminal (webhook): the order is confirmed and reaches staff, the kiosk shows the ticket', async () => {
    const { order, payment } = await started();
    w.mollie.setStatus(payment.id, 'paid');
    expect((await mollieWebhook(w, payment.id)).status).toBe(200);
    expect(await reload(w, order.id)).toMatchObject({ isPaid: true, status: 'unconfirmed', isFailed: false });
    expect(await eventTypes(w, order.uid)).toEqual(['order.created', 'print.job']);
    expect(await current()).toContain(order.id);
    const seen = await view(order.uid);
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ state: 'paid', order: { ticketNumber: order.ticketNumber } });
  });

  it('a paid terminal order that staff cancel is refunded through Mollie', async () => {
    const { order, payment } = await started();
    w.mollie.setStatus(payment.id, 'paid');
    await mollieWebhook(w, payment.id);
    const cancel = await w.t.request('POST', `/api/orders/${order.id}/status/cancel`, {}, w.demo.admin);
    expect(cancel.status).toBeLessThan(300);
    await w.runJobs();
    const refunds = w.mollie.refunds.filter((r) => r.paymentId === payment.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toEqual(payment.amount);
    expect(await reload(w, order.id)).toMatchObject({ isRefunded: true });
  });

  it('a payment paid at the terminal after the guest switched to the counter is refunded', async () => {
    const { order, payment } = await started();
    w.mollie.setStatus(payment.id, 'failed');
    await mollieWebhook(w, payment.id);
    await w.t.request('POST', `/api/devices/me/orders/${order.uid}/pay-at-counter`, {}, as('kiosk-terminal'));
    // Mollie reports the old attempt paid after all (it never should; we must not keep the money).
    w.mollie.setStatus(payment.id, 'paid');
    await mollieWebhook(w, payment.id);
    await w.runJobs();
    expect(w.mollie.refunds.filter((r) => r.paymentId === payment.id)).toHaveLength(1);
    // The order is still a cash order the guest owes at the counter.
    expect(await reload(w, order.id)).toMatchObject({
      paymentMethod: 'cash',
      isPaid: false,
      isRefunded: false,
    });
  });

  it('a lost webhook: the kiosk waiting screen reads the status from Mollie itself', async () => {
    const { order, payment } = await started();
    w.mollie.setStatus(payment.id, 'paid');
    w.t.clock.set(new Date(new Date(NOON).getTime() + 5_000));
    expect((await view(order.uid)).body.data.state).toBe('paid');
    expect(await reload(w, order.id)).toMatchObject({ isPaid: true, status: 'unconfirmed' });
  });

  it.each(['failed', 'canceled', 'expired'] as const)(
    '%s at the terminal: not confirmed, the order waits; "Erneut versuchen" starts a new payment that can succeed',
    async (status) => {
      const { order, payment } = await started();
      w.mollie.setStatus(payment.id, status);
      await mollieWebhook(w, payment.id);
      expect(await reload(w, order.id)).toMatchObject({
        status: 'pendingPayment',
        isPaid: false,
        isFailed: false,
      });
      expect(await current()).not.toContain(order.id);
      expect((await view(order.uid)).body.data.state).toBe('failed');

      const retry = await w.t.request(
        'POST',
        `/api/devices/me/orders/${order.uid}/terminal-payment`,
        {},
        as('kiosk-terminal'),
      );
      expect(retry.status).toBe(200);
      expect(retry.body.data.state).toBe('waiting');
      const second = w.mollie.last();
      expect(second.id).not.toBe(payment.id);
      expect(second).toMatchObject({ method: 'pointofsale', status: 'open' });
      // A second tap on "Erneut versuchen" while the attempt runs starts nothing more.
      await w.t.request(
        'POST',
        `/api/devices/me/orders/${order.uid}/terminal-payment`,
        {},
        as('kiosk-terminal'),
      );
      expect(w.mollie.last().id).toBe(second.id);
      expect((await payments(order.id)).map((p) => p.state)).toEqual([status, 'open']);

      w.mollie.setStatus(second.id, 'paid');
      await mollieWebhook(w, second.id);
      expect(await reload(w, order.id)).toMatchObject({ isPaid: true, status: 'unconfirmed' });
      expect((await view(order.uid)).body.data.state).toBe('paid');
    },
  );

  it('"An der Kasse bezahlen" after a failed attempt: a cash order, confirmed as today', async () => {
    const { order, payment } = await started();
    w.mollie.setStatus(payment.id, 'failed');
    await mollieWebhook(w, payment.id);
    const res = await w.t.request(
      'POST',
      `/api/devices/me/orders/${order.uid}/pay-at-counter`,
      {},
      as('kiosk-terminal'),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.state).toBe('counter');
    expect(await reload(w, order.id)).toMatchObject({
      paymentMethod: 'cash',
      status: 'unconfirmed',
      isPaid: false,
    });
    expect(await eventTypes(w, order.uid)).toEqual(['order.created', 'print.job']);
    expect(await current()).toContain(order.id);
  });

  it('"An der Kasse bezahlen" while the terminal still waits: the payment is cancelled at Mollie first', async () => {
    const { order, payment } = await started();
    const res = await w.t.request(
      'POST',
      `/api/devices/me/orders/${order.uid}/pay-at-counter`,
      {},
      as('kiosk-terminal'),
    );
    expect(res.status).toBe(200);
    expect(w.mollie.payments.get(payment.id)!.status).toBe('canceled');
    expect(
      w.mollie.requests.some((r) => r.method === 'DELETE' && r.path === `/v2/payments/${payment.id}`),
    ).toBe(true);
    expect(await reload(w, order.id)).toMatchObject({ paymentMethod: 'cash', status: 'unconfirmed' });
    expect((await payments(order.id)).map((p) => p.state)).toEqual(['canceled']);
  });

  it('paid at the terminal just before "An der Kasse bezahlen": the payment wins, nothing is cancelled', async () => {
    const { order, payment } = await started();
    w.mollie.setStatus(payment.id, 'paid'); // the webhook is still on its way
    const res = await w.t.request(
      'POST',
      `/api/devices/me/orders/${order.uid}/pay-at-counter`,
      {},
      as('kiosk-terminal'),
    );
    expect(res.body.data.state).toBe('paid');
    expect(await reload(w, order.id)).toMatchObject({ paymentMethod: 'atm-card', isPaid: true });
  });

  it('an order left at the terminal expires after 15 minutes like an online one', async () => {
    const { order, payment } = await started();
    w.mollie.setStatus(payment.id, 'failed');
    await mollieWebhook(w, payment.id);
    w.t.clock.set(new Date(new Date(NOON).getTime() + PAYMENT_EXPIRY_MS + 1_000));
    await w.runJobs();
    expect(await reload(w, order.id)).toMatchObject({ isFailed: true, isPaid: false });
    expect((await view(order.uid)).body.data.state).toBe('expired');
  });

  it('a terminal Mollie refuses (inactive): the kiosk shows the failure, the order waits', async () => {
    w.mollie.terminals[0]!.status = 'inactive';
    try {
      const res = await kioskOrder();
      expect(res.status).toBe(201);
      expect(res.body.data.terminalPayment.state).toBe('failed');
      expect((await stored(res.body.data.terminalPayment.order.uid)).status).toBe('pendingPayment');
    } finally {
      w.mollie.terminals[0]!.status = 'active';
    }
  });

  it('without a terminal, or with cash, or through the public checkout: unchanged, no Mollie payment', async () => {
    const before = w.mollie.requests.length;
    for (const [res, method] of [
      [await kioskOrder('kiosk-ohne'), 'atm-card'],
      [await kioskOrder('kiosk-terminal', { paymentMethod: 'cash' }), 'cash'],
      [
        await w.t.request(
          'POST',
          '/api/orders',
          takeaway(w.demo, { paymentMethod: 'atm-card', channel: 'kiosk' }),
        ),
        'atm-card',
      ],
    ] as const) {
      expect(res.status).toBe(201);
      expect(res.body.data.order).toMatchObject({ paymentMethod: method });
      expect(res.body.data.terminalPayment).toBeUndefined();
      const order = await stored(res.body.data.order.uid);
      expect(order.status).toBe('unconfirmed');
      expect(await current()).toContain(order.id);
    }
    expect(w.mollie.requests.length).toBe(before);
  });

  it('without a Mollie key the terminal setting does nothing', async () => {
    await w.t.dataSource.getRepository(ShopConfig).update({ id: 1 }, { mollieApiKey: '' });
    try {
      const res = await kioskOrder();
      expect(res.status).toBe(201);
      expect(res.body.data.order.paymentMethod).toBe('atm-card');
      expect((await stored(res.body.data.order.uid)).status).toBe('unconfirmed');
    } finally {
      await w.t.dataSource.getRepository(ShopConfig).update({ id: 1 }, { mollieApiKey: MOLLIE_KEY });
    }
  });

  it('only a kiosk, and only for orders of its branch', async () => {
    const { order } = await started();
    expect((await view(order.uid, 'frontdesk')).status).toBe(403);
    expect((await w.t.request('POST', '/api/devices/me/orders', {}, as('frontdesk'))).status).toBe(403);
    // A kiosk of another branch learns nothing about it (the same 404 as an unknown order).
    expect((await view(order.uid, 'kiosk-graz')).status).toBe(404);
    expect(
      (await w.t.request('POST', `/api/devices/me/orders/${order.uid}/pay-at-counter`, {}, as('kiosk-graz')))
        .status,
    ).toBe(404);
    expect((await view('00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('the kiosk setting "Kartenterminal (Mollie)": a terminal id or a German 400 naming the field', async () => {
    const create = (mollieTerminal: unknown) =>
      w.t.request(
        'POST',
        '/api/devices',
        {
          identifier: `kiosk-setting-${++seq}`,
          name: 'Kiosk Eingang',
          type: 'kiosk',
          branch: { id: w.demo.vienna.id },
          settings: { mollieTerminal },
        },
        w.demo.admin,
      );
    const bad = await create('1234-abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      {
        field: 'settings.mollieTerminal',
        message: 'Dies ist keine gültige Terminal-ID von Mollie (term_ gefolgt von Buchstaben und Ziffern).',
      },
    ]);
    const good = await create(` ${TERMINAL} `);
    expect(good.status).toBe(201);
    expect(good.body.data.settings.mollieTerminal).toBe(TERMINAL);
    const empty = await create('');
    expect(empty.status).toBe(201);
    expect(empty.body.data.settings.mollieTerminal).toBeNull();
  });

  it('lists the shop terminals from Mollie for the device form', async () => {
    const res = await w.t.request('GET', '/api/payments/mollie/terminals', undefined, w.demo.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: TERMINAL, description: 'Kiosk 1', status: 'active', brand: 'PAX', model: 'A920' },
    ]);
    expect((await w.t.request('GET', '/api/payments/mollie/terminals')).status).toBe(401);
  });
});
