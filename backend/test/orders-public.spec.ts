import { ShopConfig } from '../src/config/shop-config.entity.js';
import { Order } from '../src/orders/order.entity.js';
import { loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('orders: the customer status page', () => {
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

  async function place(overrides: Record<string, unknown> = {}) {
    const res = await postOrder(t, takeaway(demo, overrides));
    expect(res.status).toBe(201);
    const { uid, hash } = res.body.data.order as { uid: string; hash: string };
    const id = (await t.dataSource.getRepository(Order).findOneByOrFail({ uid })).id;
    return { uid, hash, id, base: `/api/orders/public/${uid}/${hash}` };
  }
  const staff = (id: number, name: string, body: unknown = {}) =>
    t.request('POST', `/api/orders/${id}/status/${name}`, body, demo.admin);

  it('shows the order without contact data or internal fields', async () => {
    const { base } = await place({
      company: 'Huber KG',
      street: 'Geheimgasse 1',
      comment: 'Allergie: Nüsse',
    });
    const res = await t.request('GET', base);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        'uid',
        'hash',
        'ticketNumber',
        'isQuotation',
        'branch',
        'isRejected',
        'isCompleted',
        'isConfirmed',
        'isDelivery',
        'isDineIn',
        'isInDelivery',
        'isDelivered',
        'isCanceled',
        'isFailed',
        'isPaid',
        'isRefunded',
        'statusText',
        'tableIdentifier',
        'deliveryArea',
        'appointmentDate',
        'appointment',
        'counterAppointment',
        'offer',
        'rejectionMessage',
        'paymentMethod',
        'payment', // { state, text }: "Warten auf Zahlung" while an online payment is open
        'questionnaireRating',
        'items',
        'pricing',
        'createdAt',
        'isWithdrawalExempt', // the status page offers "Vertrag widerrufen" only without it
        'withdrawnAt', // when the customer withdrew; who and how stay with staff
      ].sort(),
    );
    const text = JSON.stringify(res.body);
    for (const secret of [
      'Anna',
      'Huber',
      'anna.huber',
      // The phone's digits (a bare "664" also turned up inside a random uid now and then).
      '1234567',
      'Geheimgasse',
      'Nüsse',
      '"id":' + res.body.data.branch.id + ',"',
    ])
      expect(text).not.toContain(secret);
    expect(res.body.data.statusText).toBe('Warten auf Bestätigung');
  });

  it('answers a wrong hash exactly like an unknown uid', async () => {
    const { uid, hash } = await place();
    // Another last character (a fixed 'x' is the real one in 1 of 64 runs).
    const wrongHash = await t.request(
      'GET',
      `/api/orders/public/${uid}/${hash.slice(0, -1)}${hash.endsWith('x') ? 'y' : 'x'}`,
    );
    const unknownUid = await t.request(
      'GET',
      `/api/orders/public/00000000-0000-4000-8000-000000000000/${hash}`,
    );
    const notUuid = await t.request('GET', `/api/orders/public/abc/${hash}`);
    for (const res of [wrongHash, unknownUid, notUuid]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(wrongHash.body);
    }
    expect((await t.request('POST', `/api/orders/public/${uid}/nope/questionnaire`, {})).status).toBe(404);
    expect(
      (await t.request('POST', `/api/orders/public/${uid}/nope/reject-counter-appointment`)).status,
    ).toBe(404);
  });

  it('lets the customer accept a counter-offer: confirmed at the offered time', async () => {
    const { base, id } = await place({ appointmentDate: '2026-11-20T17:00:00Z' });
    await staff(id, 'confirm', { counterAppointment: '2026-11-20T18:30:00Z' });
    expect((await t.request('GET', base)).body.data.counterAppointment).toBe('2026-11-20T18:30:00.000Z');
    const res = await t.request('POST', `${base}/confirm-counter-appointment`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      isConfirmed: true,
      appointment: '2026-11-20T18:30:00.000Z',
      counterAppointment: null,
    });
    const again = await t.request('POST', `${base}/confirm-counter-appointment`);
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toEqual({
      message: 'Zu dieser Bestellung liegt kein offener Terminvorschlag vor.',
      code: 'counter_offer_unavailable',
    });
  });

  it('cancels the order when the customer rejects the counter-offer', async () => {
    const { base, id } = await place();
    expect((await t.request('POST', `${base}/reject-counter-appointment`)).status).toBe(409);
    await staff(id, 'confirm', { counterAppointment: '2026-11-20T18:30:00Z' });
    const res = await t.request('POST', `${base}/reject-counter-appointment`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      isCanceled: true,
      isConfirmed: false,
      statusText: 'Bestellung storniert',
    });
    expect((await staff(id, 'confirm')).status).toBe(409);
  });

  it('takes the review once, for a completed order, with all four ratings', async () => {
    const { base, id } = await place();
    const review = { rating: 5, foodRating: 4, serviceRating: 5, processRating: 3, comment: 'Sehr gut!' };
    const early = await t.request('POST', `${base}/questionnaire`, review);
    expect(early.status).toBe(409);
    expect(early.body.errors[0].message).toBe('Diese Bestellung kann derzeit nicht bewertet werden.');
    await staff(id, 'confirm');
    await staff(id, 'completed');
    const incomplete = await t.request('POST', `${base}/questionnaire`, { ...review, processRating: 0 });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors[0].message).toBe(
      'Bitte vergeben Sie in allen vier Kategorien eine Bewertung von 1 bis 5.',
    );
    const sent = await t.request('POST', `${base}/questionnaire`, review);
    expect(sent.status).toBe(200);
    expect(sent.body.data.questionnaireRating).toBe(5);
    const stored = await t.dataSource.getRepository(Order).findOneByOrFail({ id });
    expect(stored.questionnaire).toEqual(review);
    expect((await t.request('POST', `${base}/questionnaire`, review)).status).toBe(409);
  });

  it('takes no review while reviews are switched off', async () => {
    const { base, id } = await place();
    await staff(id, 'confirm');
    await staff(id, 'completed');
    await t.dataSource.getRepository(ShopConfig).update(1, { enablePluginOrderReviews: false });
    try {
      const res = await t.request('POST', `${base}/questionnaire`, {
        rating: 5,
        foodRating: 5,
        serviceRating: 5,
        processRating: 5,
      });
      expect(res.status).toBe(409);
    } finally {
      await t.dataSource.getRepository(ShopConfig).update(1, { enablePluginOrderReviews: true });
    }
  });
});
