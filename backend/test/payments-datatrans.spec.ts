import { OrderPayment } from '../src/payments/payment.entity.js';
import {
  datatransWebhook,
  eventTypes,
  NOON,
  order,
  PUBLIC_URL,
  reload,
  startPaymentsWorld,
  type PaymentsWorld,
} from './support/payment-fakes.js';

describe('Datatrans payments', () => {
  let w: PaymentsWorld;
  beforeAll(async () => {
    w = await startPaymentsWorld();
  });
  afterAll(async () => {
    await w.close();
  });
  beforeEach(() => w.t.clock.set(NOON));

  const now = () => w.t.clock.now().getTime();
  const settled = (id: string) =>
    w.datatrans.requests.some((r) => r.path === `/v1/transactions/${id}/settle`);

  async function datatransOrder() {
    const placed = await order(w, 'datatrans');
    expect(placed.res.status).toBe(201);
    return { ...placed, order: placed.order!, tx: w.datatrans.last() };
  }

  /** Sends the webhook Datatrans would send now for the transaction, correctly signed. */
  async function signedWebhook(id: string) {
    const body = w.datatrans.webhookBody(id);
    return datatransWebhook(w, body, w.datatrans.sign(body, now()));
  }

  it('inits with minor units, refno and the redirect URLs; the browser goes to the payment page', async () => {
    const { res, order: o, tx } = await datatransOrder();
    expect(res.body.data).toEqual({
      paymentRedirectUrl: `${w.datatrans.url}/v1/start/${tx.transactionId}`,
      order: { uid: o.uid, hash: o.hash },
    });
    const init = w.datatrans.requests.find((r) => r.method === 'POST' && r.path === '/v1/transactions')!;
    expect(init.body).toEqual({
      currency: 'EUR',
      refno: `bestellung-${o.id}`,
      amount: Math.round(o.totalGross * 100),
      autoSettle: false,
      redirect: {
        successUrl: `${PUBLIC_URL}/status/${o.uid}/${o.hash}`,
        cancelUrl: `${PUBLIC_URL}/store/gasthaus-linde-wien/checkout/error`,
        errorUrl: `${PUBLIC_URL}/store/gasthaus-linde-wien/checkout/error`,
      },
      webhook: { url: `${PUBLIC_URL}/api/payments/datatrans/webhook` },
    });
    expect(init.authorization).toBe(
      `Basic ${Buffer.from(`${w.datatrans.merchantId}:${w.datatrans.password}`).toString('base64')}`,
    );
    expect(o.status).toBe('pendingPayment');
  });

  it('success: authorised, the signed webhook settles it and releases the order', async () => {
    const { order: o, tx } = await datatransOrder();
    w.datatrans.authorize(tx.transactionId);
    const res = await signedWebhook(tx.transactionId);
    expect(res.status).toBe(200);
    const settle = w.datatrans.requests.find(
      (r) => r.path === `/v1/transactions/${tx.transactionId}/settle`,
    )!;
    expect(settle.body).toEqual({
      amount: Math.round(o.totalGross * 100),
      currency: 'EUR',
      refno: `bestellung-${o.id}`,
    });
    expect(tx.status).toBe('settled');
    expect(await reload(w, o.id)).toMatchObject({ isPaid: true, status: 'unconfirmed' });
    expect(await eventTypes(w, o.uid)).toContain('order.created');
    // The same webhook again (Datatrans retries): nothing happens twice.
    expect((await signedWebhook(tx.transactionId)).status).toBe(200);
    expect(
      w.datatrans.requests.filter((r) => r.path === `/v1/transactions/${tx.transactionId}/settle`),
    ).toHaveLength(1);
    expect((await eventTypes(w, o.uid)).filter((e) => e === 'order.created')).toHaveLength(1);
  });

  it.each(['canceled', 'failed'] as const)('%s on the payment page fails the order', async (status) => {
    const { order: o, tx } = await datatransOrder();
    w.datatrans.end(tx.transactionId, status);
    expect((await signedWebhook(tx.transactionId)).status).toBe(200);
    expect(await reload(w, o.id)).toMatchObject({ isFailed: true, isPaid: false, status: 'failed' });
    const view = await w.t.request('GET', `/api/orders/public/${o.uid}/${o.hash}`);
    expect(view.body.data.payment.state).toBe('failed');
    expect(settled(tx.transactionId)).toBe(false);
  });

  it('refuses a wrong, missing or foreign-key signature and never marks paid', async () => {
    const { order: o, tx } = await datatransOrder();
    w.datatrans.authorize(tx.transactionId);
    const body = w.datatrans.webhookBody(tx.transactionId);
    const otherKey = 'ff'.repeat(32);
    for (const signature of [
      null,
      'garbage',
      `t=${now()},s0=${'0'.repeat(64)}`,
      w.datatrans.sign(body, now(), otherKey),
      w.datatrans.sign(body.replace('"authorized"', '"settled"'), now()),
    ]) {
      const res = await datatransWebhook(w, body, signature);
      expect(res.status).toBe(401);
      expect(res.body.errors[0].code).toBe('signature_invalid');
    }
    // A body altered after signing.
    const signature = w.datatrans.sign(body, now());
    const altered = await datatransWebhook(w, body.replace(tx.transactionId, '1234567890'), signature);
    expect(altered.status).toBe(401);
    expect(await reload(w, o.id)).toMatchObject({ isPaid: false, status: 'pendingPayment' });
    expect(settled(tx.transactionId)).toBe(false);
    expect(w.logged()).toContain('webhook signature refused');
  });

  it('refuses a stale timestamp and a replay after five minutes', async () => {
    const { order: o, tx } = await datatransOrder();
    w.datatrans.authorize(tx.transactionId);
    const body = w.datatrans.webhookBody(tx.transactionId);
    const stale = await datatransWebhook(w, body, w.datatrans.sign(body, now() - 5 * 60_000 - 1000));
    expect(stale.status).toBe(401);
    // A correctly signed request captured now and replayed six minutes later.
    const captured = w.datatrans.sign(body, now());
    w.t.clock.set(new Date(now() + 6 * 60_000));
    const replay = await datatransWebhook(w, body, captured);
    expect(replay.status).toBe(401);
    expect(await reload(w, o.id)).toMatchObject({ isPaid: false, status: 'pendingPayment' });
  });

  it('a replayed "success" body of another moment changes nothing: the status is read from Datatrans', async () => {
    const { order: o, tx } = await datatransOrder();
    // Signed body claiming settled while Datatrans says initialized: the claim is not believed.
    const forged = JSON.stringify({
      ...JSON.parse(w.datatrans.webhookBody(tx.transactionId)),
      status: 'settled',
    });
    expect((await datatransWebhook(w, forged, w.datatrans.sign(forged, now()))).status).toBe(200);
    expect(await reload(w, o.id)).toMatchObject({ isPaid: false, status: 'pendingPayment' });
    // Unknown transaction, correctly signed: ignored.
    const unknown = JSON.stringify({ transactionId: '9999999999', status: 'settled' });
    expect((await datatransWebhook(w, unknown, w.datatrans.sign(unknown, now()))).status).toBe(200);
  });

  it('cancelling a paid order credits it back', async () => {
    const { order: o, tx } = await datatransOrder();
    w.datatrans.authorize(tx.transactionId);
    await signedWebhook(tx.transactionId);
    const res = await w.t.request('POST', `/api/orders/${o.id}/status/cancel`, {}, w.demo.admin);
    expect(res.status).toBe(200);
    await w.runJobs();
    const credit = w.datatrans.requests.find(
      (r) => r.path === `/v1/transactions/${tx.transactionId}/credit`,
    )!;
    expect(credit.body).toEqual({
      amount: Math.round(o.totalGross * 100),
      currency: 'EUR',
      refno: `bestellung-${o.id}`,
    });
    expect(await reload(w, o.id)).toMatchObject({ isRefunded: true });
    const payment = await w.t.dataSource.getRepository(OrderPayment).findOneByOrFail({ orderId: o.id });
    expect(payment).toMatchObject({ state: 'refunded' });
    expect(payment.refundReference).toMatch(/^\d+$/);
  });

  it('authorised after the order expired: the authorisation is cancelled, nothing is taken', async () => {
    const { order: o, tx } = await datatransOrder();
    w.t.clock.set(new Date(now() + 15 * 60_000));
    await w.runJobs();
    expect((await reload(w, o.id)).status).toBe('failed');
    w.datatrans.authorize(tx.transactionId);
    expect((await signedWebhook(tx.transactionId)).status).toBe(200);
    expect(tx.status).toBe('canceled');
    expect(settled(tx.transactionId)).toBe(false);
    expect(await reload(w, o.id)).toMatchObject({ isPaid: false, isFailed: true });
  });

  it('never shows merchant password or sign key in /api/init, audit entries or logs', async () => {
    const init = await w.t.request('GET', '/api/init');
    const logs = await w.t.request('GET', '/api/logs?limit=1000', undefined, w.demo.admin);
    const config = await w.t.request('GET', '/api/config', undefined, w.demo.admin);
    for (const text of [
      JSON.stringify(init.body),
      JSON.stringify(logs.body),
      JSON.stringify(config.body),
      w.logged(),
    ]) {
      expect(text).not.toContain(w.datatrans.password);
      expect(text).not.toContain(w.datatrans.signKey);
    }
  });
});
