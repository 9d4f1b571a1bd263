import { ShopConfig } from '../src/config/shop-config.entity.js';
import { OrderPayment } from '../src/payments/payment.entity.js';
import {
  eventTypes,
  NOON,
  order,
  reload,
  startPaymentsWorld,
  type PaymentsWorld,
} from './support/payment-fakes.js';

describe('Payments at the counter: cash, card terminal, voucher', () => {
  let w: PaymentsWorld;
  beforeAll(async () => {
    w = await startPaymentsWorld();
    w.voucher.codes.set('LINDE-2026-0001', 100);
    w.voucher.codes.set('LINDE-2026-0002', 5);
  });
  afterAll(async () => {
    await w.close();
  });
  beforeEach(() => {
    w.t.clock.set(NOON);
    w.voucher.down = false;
  });

  const markPaid = (id: number, auth = w.demo.admin) =>
    w.t.request('POST', `/api/orders/${id}/mark-paid`, {}, auth);

  it.each(['cash', 'atm-card'])(
    '%s: created unpaid and released at once, marked paid by staff with who and when',
    async (method) => {
      const { res, order: o } = await order(w, method);
      expect(res.status).toBe(201);
      expect(res.body.data.order).toMatchObject({ isPaid: false, payment: { state: 'unpaid' } });
      expect(o).toMatchObject({ status: 'unconfirmed', isPaid: false });
      expect(await eventTypes(w, o!.uid)).toContain('order.created');

      const paid = await markPaid(o!.id);
      expect(paid.status).toBe(200);
      expect(paid.body.data).toMatchObject({ isPaid: true, payment: { state: 'paid', text: 'Bezahlt' } });
      expect((await reload(w, o!.id)).isPaid).toBe(true);
      const logs = await w.t.request('GET', `/api/logs?limit=1000`, undefined, w.demo.admin);
      const entry = (logs.body.data as Array<Record<string, any>>).find(
        (l) => l.action === 'mark-paid' && String(l.entityId) === String(o!.id),
      );
      expect(entry).toBeDefined();
      expect(JSON.stringify(entry)).toContain('admin');
      expect(entry!.createdAt ?? entry!.timestamp).toBeTruthy();
      expect(JSON.stringify(entry!.changes)).toContain('isPaid');

      const again = await markPaid(o!.id);
      expect(again.status).toBe(409);
      expect(again.body.errors[0].code).toBe('already_paid');
    },
  );

  it.each([
    ['atm-card', 'enablePluginCardPayments'],
    ['hydro-ag-voucher', 'enablePluginVoucherPayments'],
    ['mollie', 'enablePluginOnlinePayments'],
    ['datatrans', 'enablePluginOnlinePayments'],
  ] as const)('%s is refused with a German message while %s is off', async (method, plugin) => {
    const configs = w.t.dataSource.getRepository(ShopConfig);
    await configs.update({ id: 1 }, { [plugin]: false });
    try {
      const { res, order: o } = await order(w, method, { voucherCode: 'LINDE-2026-0001' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({
        message: 'Diese Zahlungsart ist nicht verfügbar.',
        field: 'paymentMethod',
        code: 'payment_method_unavailable',
      });
      expect(o).toBeNull();
    } finally {
      await configs.update({ id: 1 }, { [plugin]: true });
    }
    const { res } = await order(w, 'cash');
    expect(res.status).toBe(201);
  });

  it('an online order cannot be marked paid by hand', async () => {
    const { order: o } = await order(w, 'mollie');
    const res = await markPaid(o!.id);
    expect(res.status).toBe(409);
    expect(res.body.errors[0].code).toBe('payment_online');
  });

  it('update-payment-status of an offline order answers the stored state', async () => {
    const { order: o } = await order(w, 'cash');
    const res = await w.t.request('POST', `/api/orders/${o!.id}/update-payment-status`, {}, w.demo.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: o!.id, isPaid: false });
  });

  describe('voucher', () => {
    it('needs a code, and a code the issuer knows', async () => {
      const missing = await order(w, 'hydro-ag-voucher');
      expect(missing.res.status).toBe(400);
      expect(missing.res.body.errors[0]).toMatchObject({ field: 'voucherCode', code: 'voucher_required' });
      const unknown = await order(w, 'hydro-ag-voucher', { voucherCode: 'LINDE-9999' });
      expect(unknown.res.status).toBe(400);
      expect(unknown.res.body.errors[0]).toMatchObject({ field: 'voucherCode', code: 'voucher_invalid' });
      const malformed = await order(w, 'hydro-ag-voucher', { voucherCode: "x'; DROP" });
      expect(malformed.res.body.errors[0].code).toBe('voucher_invalid');
      expect(w.voucher.requests.every((r) => r.authorization === `Bearer ${w.voucher.apiKey}`)).toBe(true);
    });

    it('must cover the total', async () => {
      const res = await order(w, 'hydro-ag-voucher', { voucherCode: 'LINDE-2026-0002' });
      expect(res.res.status).toBe(400);
      expect(res.res.body.errors[0].code).toBe('voucher_insufficient');
    });

    it('a valid code: the order is taken, the code is recorded for staff and marked paid at the counter', async () => {
      const { res, order: o } = await order(w, 'hydro-ag-voucher', { voucherCode: ' linde-2026-0001 ' });
      expect(res.status).toBe(201);
      expect(await eventTypes(w, o!.uid)).toContain('order.created');
      const list = await w.t.request('GET', `/api/orders/${o!.id}/payments`, undefined, w.demo.admin);
      expect(list.body.data).toEqual([
        expect.objectContaining({ method: 'hydro-ag-voucher', reference: 'LINDE-2026-0001', state: 'open' }),
      ]);
      expect(JSON.stringify(res.body)).not.toContain('LINDE-2026-0001'); // not on the public view
      await markPaid(o!.id);
      const row = await w.t.dataSource.getRepository(OrderPayment).findOneByOrFail({ orderId: o!.id });
      expect(row.state).toBe('paid');
    });

    it('issuer unreachable: 503, nothing written', async () => {
      w.voucher.down = true;
      const { res } = await order(w, 'hydro-ag-voucher', { voucherCode: 'LINDE-2026-0001' });
      expect(res.status).toBe(503);
      expect(res.body.errors[0].code).toBe('voucher_check_unavailable');
    });
  });
});
