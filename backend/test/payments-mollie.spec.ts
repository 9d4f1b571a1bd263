import { OrderPayment } from '../src/payments/payment.entity.js';
import { PaymentStatusService } from '../src/payments/payment-status.service.js';
import { WEBHOOK_READS_PER_WINDOW, WEBHOOK_WINDOW_MS } from '../src/payments/payments.service.js';
import {
  eventTypes,
  jobsOf,
  MOLLIE_KEY,
  mollieWebhook,
  NOON,
  order,
  PUBLIC_URL,
  reload,
  startPaymentsWorld,
  type PaymentsWorld,
} from './support/payment-fakes.js';
import { postOrder, takeaway } from './orders.fixtures.js';

describe('Mollie payments', () => {
  let w: PaymentsWorld;
  beforeAll(async () => {
    w = await startPaymentsWorld();
  });
  afterAll(async () => {
    await w.close();
  });
  beforeEach(() => {
    w.t.clock.set(NOON);
    w.mollie.down = false;
  });

  const publicView = (uid: string, hash: string) => w.t.request('GET', `/api/orders/public/${uid}/${hash}`);
  const current = () => w.t.request('GET', '/api/orders/current', undefined, w.demo.admin);

  /** An order paid with Mollie: the redirect answer, the stored order and the fake's payment. */
  async function mollieOrder() {
    const placed = await order(w, 'mollie');
    expect(placed.res.status).toBe(201);
    return { ...placed, order: placed.order!, payment: w.mollie.last() };
  }

  it('creates the payment with the server total and answers only the redirect and the status link', async () => {
    const { res, order: o, payment } = await mollieOrder();
    expect(res.body).toEqual({
      data: { paymentRedirectUrl: payment._links.checkout!.href, order: { uid: o.uid, hash: o.hash } },
    });
    const create = w.mollie.requests.find((r) => r.method === 'POST' && r.path === '/v2/payments')!;
    expect(create.authorization).toBe(`Bearer ${MOLLIE_KEY}`);
    expect(create.idempotencyKey).toBe(`order-${o.uid}`);
    expect(create.body).toEqual({
      amount: { currency: 'EUR', value: o.totalGross.toFixed(2) },
      description: `Bestellung Nr. ${o.ticketNumber} – Gasthaus Zur Linde`,
      redirectUrl: `${PUBLIC_URL}/status/${o.uid}/${o.hash}`,
      webhookUrl: `${PUBLIC_URL}/api/payments/mollie/webhook`,
      metadata: { orderUid: o.uid, orderId: o.id },
    });
    expect(o.status).toBe('pendingPayment');
    const stored = await w.t.dataSource.getRepository(OrderPayment).findOneByOrFail({ orderId: o.id });
    expect(stored).toMatchObject({ method: 'mollie', reference: payment.id, state: 'open', mode: 'test' });
  });

  it('a client-sent price changes nothing: the amount is the server pricing', async () => {
    const res = await postOrder(
      w.t,
      takeaway(w.demo, { paymentMethod: 'mollie', pricing: { totalGross: 0.01 }, totalGross: 0.01 }),
    );
    expect(res.status).toBe(201);
    expect(w.mollie.last().amount.value).not.toBe('0.01');
    expect(Number(w.mollie.last().amount.value)).toBeGreaterThan(10);
  });

  it('waits unseen by staff, then paid via the webhook: released with event, mails and audit', async () => {
    const { order: o, payment } = await mollieOrder();
    // Pending: not on the board, no event, no mail, "Warten auf Zahlung" on the status page.
    expect((await current()).body.data.map((x: { id: number }) => x.id)).not.toContain(o.id);
    expect(await eventTypes(w, o.uid)).toEqual([]);
    expect(await jobsOf(w, o.id)).toEqual(['payment-check']);
    const pending = await publicView(o.uid, o.hash);
    expect(pending.body.data.payment).toEqual({ state: 'pending', text: 'Warten auf Zahlung' });
    expect(pending.body.data.statusText).toBe('Warten auf Zahlung');
    const staffAction = await w.t.request('POST', `/api/orders/${o.id}/status/confirm`, {}, w.demo.admin);
    expect(staffAction.status).toBe(409);
    expect(staffAction.body.errors[0].code).toBe('payment_pending');

    w.mollie.setStatus(payment.id, 'paid');
    const hook = await mollieWebhook(w, payment.id);
    expect(hook.status).toBe(200);
    const paid = await reload(w, o.id);
    expect(paid).toMatchObject({ isPaid: true, status: 'unconfirmed', isFailed: false });
    // Released like a new order: the board's event and the receipt of the branch's printer, now.
    expect(await eventTypes(w, o.uid)).toEqual(['order.created', 'print.job']);
    expect(await jobsOf(w, o.id)).toEqual(expect.arrayContaining(['mail', 'mail']));
    expect((await current()).body.data.map((x: { id: number }) => x.id)).toContain(o.id);
    expect((await publicView(o.uid, o.hash)).body.data.payment.state).toBe('paid');
    // The status page's live stream learns it too (no contact data, the payment line).
    const rows: Array<{ public_payload: Record<string, unknown> }> = await w.t.dataSource.query(
      `SELECT public_payload FROM event_log WHERE order_uid = $1 AND type = 'order.created'`,
      [o.uid],
    );
    expect(rows[0]!.public_payload).toMatchObject({ isPaid: true, payment: { state: 'paid' } });
    expect(rows[0]!.public_payload).not.toHaveProperty('email');
    const logs = await w.t.request(
      'GET',
      `/api/logs?entityType=orders&entityId=${o.id}`,
      undefined,
      w.demo.admin,
    );
    expect(JSON.stringify(logs.body)).toContain('payment-paid:webhook');
  });

  it('the webhook arriving twice releases the order once', async () => {
    const { order: o, payment } = await mollieOrder();
    w.mollie.setStatus(payment.id, 'paid');
    const [a, b] = await Promise.all([mollieWebhook(w, payment.id), mollieWebhook(w, payment.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await mollieWebhook(w, payment.id)).status).toBe(200);
    expect(await eventTypes(w, o.uid)).toEqual(['order.created', 'print.job']);
    const mails = (await jobsOf(w, o.id)).filter((j) => j === 'mail');
    expect(mails.length).toBe(2); // branch and customer, once each
  });

  it('webhook before the customer returns: the status page shows the order paid', async () => {
    const { order: o, payment } = await mollieOrder();
    w.mollie.setStatus(payment.id, 'paid');
    await mollieWebhook(w, payment.id);
    const view = await publicView(o.uid, o.hash);
    expect(view.body.data.payment.state).toBe('paid');
    expect(view.body.data.isPaid).toBe(true);
  });

  it('customer returns before the webhook: "Warten auf Zahlung" until it arrives', async () => {
    const { order: o, payment } = await mollieOrder();
    w.mollie.setStatus(payment.id, 'paid'); // paid at Mollie, webhook still on its way
    expect((await publicView(o.uid, o.hash)).body.data.statusText).toBe('Warten auf Zahlung');
    await mollieWebhook(w, payment.id);
    expect((await publicView(o.uid, o.hash)).body.data.payment.state).toBe('paid');
  });

  it.each(['failed', 'canceled', 'expired'] as const)(
    '%s at Mollie fails the order and frees it',
    async (status) => {
      const { order: o, payment } = await mollieOrder();
      w.mollie.setStatus(payment.id, status);
      expect((await mollieWebhook(w, payment.id)).status).toBe(200);
      const failed = await reload(w, o.id);
      expect(failed).toMatchObject({ isFailed: true, isPaid: false, status: 'failed' });
      expect(await eventTypes(w, o.uid)).toEqual([]);
      expect((await publicView(o.uid, o.hash)).body.data.payment.state).toBe('failed');
      const stored = await w.t.dataSource.getRepository(OrderPayment).findOneByOrFail({ orderId: o.id });
      expect(stored.state).toBe(status);
    },
  );

  it('forged webhooks never mark paid: unknown id, open payment, a body claiming paid', async () => {
    const { order: o, payment } = await mollieOrder();
    expect((await mollieWebhook(w, 'tr_doesnotexist')).status).toBe(200);
    expect((await mollieWebhook(w, payment.id, '&status=paid&amount=0.01')).status).toBe(200);
    expect((await mollieWebhook(w, 'not-an-id')).status).toBe(400);
    expect(await reload(w, o.id)).toMatchObject({ isPaid: false, status: 'pendingPayment' });
    // Another order's paid payment does not release this one.
    const other = await mollieOrder();
    w.mollie.setStatus(other.payment.id, 'paid');
    await mollieWebhook(w, other.payment.id);
    expect(await reload(w, o.id)).toMatchObject({ isPaid: false, status: 'pendingPayment' });
    expect(await reload(w, other.order.id)).toMatchObject({ isPaid: true });
    expect(w.logged()).toContain('webhook for an unknown payment ignored');
  });

  it('50 forged webhooks for one payment ask Mollie 3 times; a real change within the flood is still read', async () => {
    const { order: o, payment } = await mollieOrder();
    const reads = () =>
      w.mollie.requests.filter((r) => r.method === 'GET' && r.path === `/v2/payments/${payment.id}`).length;
    const before = reads();
    const answers = await Promise.all(Array.from({ length: 50 }, () => mollieWebhook(w, payment.id)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(reads() - before).toBe(WEBHOOK_READS_PER_WINDOW);
    // Mollie's real webhook arrives amid the flood: answered, its read waits for the end of the minute.
    w.mollie.setStatus(payment.id, 'paid');
    expect((await mollieWebhook(w, payment.id)).status).toBe(200);
    expect(await reload(w, o.id)).toMatchObject({ isPaid: false, status: 'pendingPayment' });
    w.t.clock.set(new Date(Date.parse(NOON) + WEBHOOK_WINDOW_MS));
    await w.runJobs();
    expect(await reload(w, o.id)).toMatchObject({ isPaid: true, status: 'unconfirmed' });
    expect(reads() - before).toBe(WEBHOOK_READS_PER_WINDOW + 1); // one read for all the later posts
    // A new minute: the next webhook is read at once again.
    w.t.clock.set(new Date(Date.parse(NOON) + 2 * WEBHOOK_WINDOW_MS + 1));
    expect((await mollieWebhook(w, payment.id)).status).toBe(200);
    expect(reads() - before).toBe(WEBHOOK_READS_PER_WINDOW + 2);
  });

  it('a payment whose amount differs from the order is not taken as paid', async () => {
    const { order: o, payment } = await mollieOrder();
    payment.amount.value = '0.50';
    w.mollie.setStatus(payment.id, 'paid');
    await mollieWebhook(w, payment.id);
    expect(await reload(w, o.id)).toMatchObject({ isPaid: false, status: 'pendingPayment' });
    expect(w.logged()).toContain('payment does not match its order');
  });

  it('a lost webhook is recovered by the poll job; staff can ask again too', async () => {
    const { order: o, payment } = await mollieOrder();
    w.mollie.setStatus(payment.id, 'paid');
    await w.runJobs(); // not due yet
    expect((await reload(w, o.id)).isPaid).toBe(false);
    w.t.clock.set(new Date(Date.parse(NOON) + 3 * 60_000));
    await w.runJobs();
    expect(await reload(w, o.id)).toMatchObject({ isPaid: true, status: 'unconfirmed' });

    const second = await mollieOrder();
    w.mollie.setStatus(second.payment.id, 'paid');
    const recheck = await w.t.request(
      'POST',
      `/api/orders/${second.order.id}/update-payment-status`,
      {},
      w.demo.admin,
    );
    expect(recheck.status).toBe(200);
    expect(recheck.body.data).toMatchObject({ isPaid: true, payment: { state: 'paid' } });
  });

  it('a crash between Mollie\'s "paid" and our update loses nothing: the poll job finishes it', async () => {
    const { order: o, payment } = await mollieOrder();
    w.mollie.setStatus(payment.id, 'paid');
    // The process dies inside the transaction that releases the order (after reading "paid").
    const status = w.t.app.get(PaymentStatusService) as unknown as Record<string, unknown>;
    const release = status.release;
    status.release = () => Promise.reject(new Error('kill -9'));
    try {
      const hook = await mollieWebhook(w, payment.id);
      expect(hook.status).toBe(503); // Mollie retries the webhook; we do not rely on it
    } finally {
      status.release = release;
    }
    expect(await reload(w, o.id)).toMatchObject({ isPaid: false, status: 'pendingPayment' });
    expect(await eventTypes(w, o.uid)).toEqual([]);
    w.t.clock.set(new Date(Date.parse(NOON) + 3 * 60_000));
    await w.runJobs();
    expect(await reload(w, o.id)).toMatchObject({ isPaid: true, status: 'unconfirmed' });
    expect(await eventTypes(w, o.uid)).toContain('order.created');
  });

  it('an order unpaid for 15 minutes expires; its Mollie payment is cancelled', async () => {
    const { order: o, payment } = await mollieOrder();
    for (const minutes of [3, 5, 7, 9, 11, 13]) {
      w.t.clock.set(new Date(Date.parse(NOON) + minutes * 60_000));
      await w.runJobs();
      expect((await reload(w, o.id)).status).toBe('pendingPayment');
    }
    w.t.clock.set(new Date(Date.parse(NOON) + 15 * 60_000));
    await w.runJobs();
    expect(await reload(w, o.id)).toMatchObject({ isFailed: true, status: 'failed' });
    expect(payment.status).toBe('canceled');
    expect(
      w.mollie.requests.some((r) => r.method === 'DELETE' && r.path === `/v2/payments/${payment.id}`),
    ).toBe(true);
  });

  it('paid after the order expired: refunded automatically', async () => {
    const { order: o, payment } = await mollieOrder();
    payment.isCancelable = false; // e.g. a bank transfer: Mollie cannot cancel it
    w.t.clock.set(new Date(Date.parse(NOON) + 15 * 60_000));
    await w.runJobs();
    await w.runJobs();
    expect((await reload(w, o.id)).status).toBe('failed');
    w.mollie.setStatus(payment.id, 'paid');
    await mollieWebhook(w, payment.id);
    await w.runJobs();
    expect(await reload(w, o.id)).toMatchObject({ isFailed: true, isPaid: false, isRefunded: true });
    expect(w.mollie.refunds.filter((r) => r.paymentId === payment.id)).toHaveLength(1);
  });

  it.each(['cancel', 'reject'] as const)(
    '%s of a paid order refunds it through the refunds API',
    async (action) => {
      const { order: o, payment } = await mollieOrder();
      w.mollie.setStatus(payment.id, 'paid');
      await mollieWebhook(w, payment.id);
      const res = await w.t.request('POST', `/api/orders/${o.id}/status/${action}`, {}, w.demo.admin);
      expect(res.status).toBe(200);
      await w.runJobs();
      await w.runJobs();
      const refunds = w.mollie.refunds.filter((r) => r.paymentId === payment.id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]!.amount).toEqual(payment.amount);
      expect(await reload(w, o.id)).toMatchObject({ isRefunded: true, isPaid: true });
      const view = await w.t.request('GET', `/api/orders/public/${o.uid}/${o.hash}`);
      expect(view.body.data.payment).toEqual({ state: 'refunded', text: 'Rückerstattet' });
      const request = w.mollie.requests.find((r) => r.path === `/v2/payments/${payment.id}/refunds`)!;
      expect(request.idempotencyKey).toMatch(/^refund-\d+$/);
    },
  );

  it('Mollie down at checkout: 503, the order fails and the key may be used again', async () => {
    w.mollie.down = true;
    const body = takeaway(w.demo, { paymentMethod: 'mollie' });
    const res = await postOrder(w.t, body, 'mollie-down-key');
    expect(res.status).toBe(503);
    expect(res.body.errors[0]).toMatchObject({ code: 'payment_provider_unavailable' });
    w.mollie.down = false;
    const again = await postOrder(w.t, body, 'mollie-down-key');
    expect(again.status).toBe(201);
    expect(again.body.data.paymentRedirectUrl).toContain('/checkout/');
    const replay = await postOrder(w.t, body, 'mollie-down-key');
    expect(replay.body).toEqual(again.body);
  }, 20_000);

  it('never shows the API key in /api/init, the audit log or the log lines', async () => {
    const { order: o, payment } = await mollieOrder();
    w.mollie.setStatus(payment.id, 'paid');
    await mollieWebhook(w, payment.id);
    await w.t.request('POST', `/api/orders/${o.id}/status/cancel`, {}, w.demo.admin);
    await w.runJobs();
    const init = await w.t.request('GET', '/api/init');
    const logs = await w.t.request('GET', '/api/logs?limit=1000', undefined, w.demo.admin);
    const config = await w.t.request('GET', '/api/config', undefined, w.demo.admin);
    for (const text of [
      JSON.stringify(init.body),
      JSON.stringify(logs.body),
      JSON.stringify(config.body),
      w.logged(),
    ])
      expect(text).not.toContain(MOLLIE_KEY);
    expect(w.logged()).toContain('payment refunded');
  });
});
