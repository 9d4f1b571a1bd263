import { randomUUID } from 'node:crypto';
import { IdempotencyKey, Order } from '../src/orders/order.entity.js';
import { item, loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('orders under concurrency', () => {
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
  const orders = () => t.dataSource.getRepository(Order);

  describe('Idempotency-Key', () => {
    it('answers a repeated request with the same answer and writes one order', async () => {
      const key = randomUUID();
      const before = await orders().count();
      const first = await postOrder(t, takeaway(demo), key);
      const again = await postOrder(t, takeaway(demo), key);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await orders().count()).toBe(before + 1);
    });

    it('answers the same key with another body with 422 and a German message', async () => {
      const key = randomUUID();
      expect((await postOrder(t, takeaway(demo), key)).status).toBe(201);
      const other = await postOrder(t, takeaway(demo, { comment: 'Bitte ohne Zitrone' }), key);
      expect(other.status).toBe(422);
      expect(other.body.errors[0]).toEqual({
        message:
          'Dieser Idempotency-Key wurde bereits für eine andere Bestellung verwendet. Bitte senden Sie die Bestellung mit einem neuen Schlüssel.',
        code: 'idempotency_conflict',
      });
    });

    it('treats a body with its keys in another order as the same body', async () => {
      const key = randomUUID();
      const form = takeaway(demo);
      const reversed = Object.fromEntries(Object.entries(form).reverse());
      const first = await postOrder(t, form, key);
      const again = await postOrder(t, reversed, key);
      expect(again.body).toEqual(first.body);
    });

    it('answers 409 while the first request with the key is still in flight', async () => {
      const key = randomUUID();
      const body = takeaway(demo);
      const { requestHash } = await import('../src/orders/idempotency.service.js');
      await t.dataSource.getRepository(IdempotencyKey).insert({
        key,
        requestHash: requestHash(body),
        status: 'in_flight',
        createdAt: t.clock.now(),
      });
      const res = await postOrder(t, body, key);
      expect(res.status).toBe(409);
      expect(res.body.errors[0].code).toBe('idempotency_in_flight');
      expect(res.body.errors[0].message).toMatch(/gerade verarbeitet/);
      // A claim whose process died is taken over after two minutes.
      t.clock.set(new Date(t.clock.now().getTime() + 3 * 60_000));
      expect((await postOrder(t, body, key)).status).toBe(201);
    });

    it('releases the key of a refused request, and keeps an answered one for 24 hours', async () => {
      const key = randomUUID();
      const refused = await postOrder(t, takeaway(demo, { firstName: '' }), key);
      expect(refused.status).toBe(400);
      expect(await t.dataSource.getRepository(IdempotencyKey).countBy({ key })).toBe(0);
      const first = await postOrder(t, takeaway(demo), key);
      t.clock.set(new Date(t.clock.now().getTime() + 23 * 3600_000));
      expect((await postOrder(t, takeaway(demo), key)).body).toEqual(first.body);
      t.clock.set(new Date(t.clock.now().getTime() + 2 * 3600_000));
      const afresh = await postOrder(t, takeaway(demo, { comment: 'neu' }), key);
      expect(afresh.status).toBe(201);
      expect(afresh.body.data.order.uid).not.toBe(first.body.data.order.uid);
    });

    it('refuses a malformed key', async () => {
      const res = await postOrder(t, takeaway(demo), 'ä'.repeat(3));
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('Idempotency-Key');
    });

    it('creates exactly one order for 50 concurrent requests with one key', async () => {
      const key = randomUUID();
      const before = await orders().count();
      const results = await Promise.all(Array.from({ length: 50 }, () => postOrder(t, takeaway(demo), key)));
      const statuses = results.map((r) => r.status);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      expect(statuses).toContain(201);
      expect(await orders().count()).toBe(before + 1);
      const uids = new Set(results.filter((r) => r.status === 201).map((r) => r.body.data.order.uid));
      expect(uids.size).toBe(1);
    });
  });

  describe('ticket numbers', () => {
    it('hands out 200 distinct, gapless numbers to 200 concurrent orders of one branch', async () => {
      t.clock.set('2026-11-27T11:00:00Z'); // a business day of its own: numbers start at 1
      // Each client does what the answers ask: on a slow machine some of the 200 wait longer than the pool's
      // 5 s for a connection and get a 503 with Retry-After (a 409 while its first try is being released);
      // it sends the same order with the same key again. A number handed to a try that then failed would
      // show as a gap below.
      const client = async (i: number) => {
        const key = randomUUID();
        const body = takeaway(demo, { comment: `Bestellung ${i}`, items: [item(demo, 'Pommes frites')] });
        for (let attempt = 1; ; attempt++) {
          const res = await postOrder(t, body, key);
          if ((res.status !== 503 && res.status !== 409) || attempt === 10) return res;
          await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
        }
      };
      const results = await Promise.all(Array.from({ length: 200 }, (_, i) => client(i)));
      expect(results.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
      const numbers = results.map((r) => r.body.data.order.ticketNumber as number).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    }, 120_000);

    it('starts again at 1 on the next business day in the branch time zone, per branch', async () => {
      t.clock.set('2026-11-27T22:59:00Z'); // Friday 23:59 in Vienna: still Friday's numbers
      const late = await postOrder(t, takeaway(demo, { appointmentDate: '2026-11-28T10:00:00Z' }));
      t.clock.set('2026-11-27T23:01:00Z'); // Saturday 00:01 in Vienna
      const early = await postOrder(t, takeaway(demo, { appointmentDate: '2026-11-28T10:30:00Z' }));
      expect(late.body.data.order.ticketNumber).toBe(201);
      expect(early.body.data.order.ticketNumber).toBe(1);
    });

    it('gives a refused order no number (no gap)', async () => {
      t.clock.set('2026-12-03T11:00:00Z');
      const first = await postOrder(t, takeaway(demo));
      expect((await postOrder(t, takeaway(demo, { legalInstructions: false }))).status).toBe(400);
      const second = await postOrder(t, takeaway(demo));
      expect([first.body.data.order.ticketNumber, second.body.data.order.ticketNumber]).toEqual([1, 2]);
    });
  });

  describe('status changes', () => {
    it('lets only one of two concurrent confirms win', async () => {
      const created = await postOrder(t, takeaway(demo));
      const id = (await orders().findOneByOrFail({ uid: created.body.data.order.uid })).id;
      const clicks = await Promise.all(
        [0, 1].map(() => t.request('POST', `/api/orders/${id}/status/confirm`, {}, demo.admin)),
      );
      expect(clicks.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = clicks.find((r) => r.status === 409)!;
      expect(loser.body.errors[0]).toEqual({
        message: 'Diese Statusänderung ist im aktuellen Bestellstatus nicht möglich.',
        code: 'illegal_transition',
      });
    });

    it('lets only one of a concurrent cancel and complete win', async () => {
      const created = await postOrder(t, takeaway(demo));
      const id = (await orders().findOneByOrFail({ uid: created.body.data.order.uid })).id;
      await t.request('POST', `/api/orders/${id}/status/confirm`, {}, demo.admin);
      const clicks = await Promise.all(
        ['cancel', 'completed'].map((a) =>
          t.request('POST', `/api/orders/${id}/status/${a}`, {}, demo.admin),
        ),
      );
      expect(clicks.map((r) => r.status).sort()).toEqual([200, 409]);
      const stored = await orders().findOneByOrFail({ id });
      expect(stored.isCanceled !== stored.isCompleted).toBe(true);
    });
  });
});
