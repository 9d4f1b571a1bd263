import { Order } from '../src/orders/order.entity.js';
import { item, loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('quotation requests answered with a priced offer', () => {
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

  /** A quotation request to the screed business; its id, uid and hash. */
  async function request(lastName = 'Huber') {
    const res = await postOrder(
      t,
      takeaway(demo, {
        lastName,
        branch: { id: demo.graz.id },
        street: 'Annenstraße 10',
        city: '8020 Graz',
        appointmentDate: '2026-12-07T08:00:00Z',
        items: [item(demo, 'Fließestrich CAF C25-F5 (Silolieferung)', 2500, 'kg')],
      }),
    );
    expect(res.status).toBe(201);
    const { uid, hash } = res.body.data.order as { uid: string; hash: string };
    const { id } = await t.dataSource.getRepository(Order).findOneByOrFail({ uid });
    return { id, uid, hash, status: `/api/orders/public/${uid}/${hash}` };
  }
  const offer = {
    lines: [
      { name: 'Fließestrich CAF, 6,5 cm, verlegt', amount: 60, unit: 'm2', unitPrice: 27.5, tax: 20 },
      { name: 'Anfahrt und Pumpe', amount: 1, unit: 'piece', unitPrice: 149, tax: 20 },
    ],
    validUntil: '2026-12-04',
    message: 'Termin am 7. Dezember ist möglich.',
  };
  const send = (id: number, body: unknown = offer) =>
    t.request('POST', `/api/orders/${id}/offer`, body, demo.admin);

  it('sends an offer with exact totals that the status page shows; the customer accepts and it is an order on the board', async () => {
    const q = await request();
    const sent = await send(q.id);
    expect(sent.status).toBe(200);
    // 60 × 27,50 = 1650,00 + 149,00 = 1799,00 gross at 20 %: net 1499,17.
    expect(sent.body.data.offer).toMatchObject({
      validUntil: '2026-12-04',
      message: 'Termin am 7. Dezember ist möglich.',
      answer: null,
      pricing: { totalGross: 1799, totalNet: 1499.17, taxes: { '20': 299.83 } },
    });
    const shown = await t.request('GET', q.status);
    expect(shown.body.data.offer.lines).toHaveLength(2);
    expect(shown.body.data.isQuotation).toBe(true);

    const accepted = await t.request('POST', `${q.status}/accept-offer`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      isQuotation: false,
      isConfirmed: false,
      pricing: { totalGross: 1799 },
      offer: { answer: 'accepted' },
    });
    expect(accepted.body.data.ticketNumber).toEqual(expect.any(Number));
    expect(accepted.body.data.items.map((i: { name: string; price: number }) => [i.name, i.price])).toEqual([
      ['Fließestrich CAF, 6,5 cm, verlegt', 1650],
      ['Anfahrt und Pumpe', 149],
    ]);
    const board = await t.request('GET', '/api/orders/current', undefined, demo.admin);
    const onBoard = (board.body.data as Array<{ id: number; status: string; isQuotation: boolean }>).find(
      (o) => o.id === q.id,
    );
    expect(onBoard).toMatchObject({ status: 'unconfirmed', isQuotation: false });
    // Answered once: a second answer and a new offer are refused.
    expect((await t.request('POST', `${q.status}/accept-offer`)).status).toBe(409);
    expect((await send(q.id)).status).toBe(409);
  });

  it('closes the request when the customer declines', async () => {
    const q = await request('Ablehner');
    await send(q.id);
    const declined = await t.request('POST', `${q.status}/decline-offer`);
    expect(declined.status).toBe(200);
    expect(declined.body.data).toMatchObject({ isCanceled: true, offer: { answer: 'declined' } });
    expect(declined.body.data.ticketNumber).toBeNull();
  });

  it('refuses an expired offer, a past validity, an empty offer and an offer for an ordinary order', async () => {
    const q = await request('Spaet');
    expect((await t.request('POST', `${q.status}/accept-offer`)).status).toBe(409); // none yet
    const past = await send(q.id, { ...offer, validUntil: '2026-11-19' });
    expect(past.status).toBe(400);
    expect(past.body.errors[0]).toMatchObject({ field: 'validUntil' });
    const empty = await send(q.id, { ...offer, lines: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].field).toBe('lines');
    const cents = await send(q.id, { ...offer, lines: [{ ...offer.lines[0], unitPrice: 1.005 }] });
    expect(cents.status).toBe(400);
    expect((await send(q.id)).status).toBe(200);
    // The day after "gültig bis" in Graz: expired.
    t.clock.set('2026-12-04T23:30:00Z');
    const late = await t.request('POST', `${q.status}/accept-offer`);
    expect(late.status).toBe(409);
    expect(late.body.errors[0]).toMatchObject({
      code: 'offer_expired',
      message: 'Dieses Angebot ist abgelaufen. Bitte fragen Sie ein neues an.',
    });
    const plain = await postOrder(t, takeaway(demo));
    const { id } = await t.dataSource
      .getRepository(Order)
      .findOneByOrFail({ uid: plain.body.data.order.uid });
    expect((await send(id)).status).toBe(409);
  });
});
