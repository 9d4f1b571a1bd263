import {
  allowedActions,
  STATUS_TRANSITIONS,
  ORDER_STATUS_ACTIONS,
  type StaffOrderState,
} from '@ordering/common';
import { AuditLog } from '../src/logs/audit-log.entity.js';
import { EventBus, type DomainEvent } from '../src/core/events.js';
import { Order } from '../src/orders/order.entity.js';
import { Branch } from '../src/branches/branch.entity.js';
import { item, loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('orders: staff side', () => {
  let t: TestApp;
  let demo: Demo;
  const events: DomainEvent[] = [];
  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    demo = await loadDemo(t);
    t.app.get(EventBus).afterCommit('*', (event) => {
      if (event.type.startsWith('order.')) events.push(event);
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    t.clock.set(NOON);
    events.length = 0;
  });
  const orders = () => t.dataSource.getRepository(Order);

  /** Creates an order through the API; returns its id. */
  async function place(overrides: Record<string, unknown> = {}): Promise<number> {
    return placeForm(takeaway(demo, overrides));
  }
  async function placeForm(form: Parameters<typeof postOrder>[1]): Promise<number> {
    const res = await postOrder(t, form);
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    return (await orders().findOneByOrFail({ uid: res.body.data.order.uid })).id;
  }
  const action = (id: number, name: string, body: unknown = {}, as = demo.admin) =>
    t.request('POST', `/api/orders/${id}/status/${name}`, body, as);

  /** A delivery order to the Vienna inn's first area. */
  const delivery = () =>
    takeaway(demo, {
      isDelivery: true,
      street: 'Neubaugasse 1',
      zipCode: '1070',
      city: 'Wien',
      deliveryArea: { id: [...demo.vienna.deliveryAreas].sort((a, b) => a.position - b.position)[0]!.id },
      items: [item(demo, 'Tafelspitz mit Apfelkren und Schnittlauchsauce')],
    });

  describe('status changes through the transition table', () => {
    /**
     * Drives a new order into a state (failed is only reached by payments, so it is set directly). A
     * delivery order where the table has a delivery-only step (`delivered`), takeaway otherwise.
     */
    async function inState(state: StaffOrderState, isDelivery = false): Promise<number> {
      const id = isDelivery ? await placeForm(delivery()) : await place();
      const path: Record<StaffOrderState, string[]> = {
        unconfirmed: [],
        confirmed: ['confirm'],
        inDelivery: ['confirm', 'in-delivery'],
        delivered: ['confirm', 'in-delivery', 'delivered'],
        completed: ['confirm', 'completed'],
        rejected: ['reject'],
        canceled: ['cancel'],
        failed: [],
      };
      for (const step of path[state]) expect((await action(id, step)).status).toBe(200);
      if (state === 'failed') await orders().update(id, { isFailed: true, status: 'failed' });
      return id;
    }

    const cases = (Object.keys(STATUS_TRANSITIONS) as StaffOrderState[]).flatMap((state) =>
      ORDER_STATUS_ACTIONS.map((name) => [state, name, STATUS_TRANSITIONS[state].includes(name)] as const),
    );
    it.each(cases)('from %s, %s is allowed: %s', async (state, name, allowed) => {
      const id = await inState(state, state === 'delivered' || name === 'delivered');
      const res = await action(id, name);
      if (allowed) {
        expect(res.status).toBe(200);
        expect(res.body.data.status).not.toBe(state);
        expect(res.body.data.allowedActions).toEqual([...allowedActions(res.body.data)]);
      } else {
        expect(res.status).toBe(409);
        expect(res.body.errors[0].code).toBe('illegal_transition');
        expect(res.body.errors[0].message).toBe(
          ['completed', 'rejected', 'canceled', 'failed'].includes(state)
            ? 'Die Bestellung ist bereits abgeschlossen, abgelehnt oder storniert.'
            : name === 'delivered'
              ? 'Als geliefert markieren geht nur, solange die Lieferung in Zustellung ist.'
              : 'Diese Statusänderung ist im aktuellen Bestellstatus nicht möglich.',
        );
        expect((await orders().findOneByOrFail({ id })).status).toBe(state);
      }
    });

    it('confirms with the requested time, or the time staff set, and publishes order.status', async () => {
      const id = await place({ appointmentDate: '2026-11-20T17:00:00Z' });
      const res = await action(id, 'confirm');
      expect(res.body.data).toMatchObject({ isConfirmed: true, appointment: '2026-11-20T17:00:00.000Z' });
      const other = await place();
      const set = await action(other, 'confirm', { appointment: '2026-11-20T12:30:00Z' });
      expect(set.body.data.appointment).toBe('2026-11-20T12:30:00.000Z');
      const status = events.filter((e) => e.type === 'order.status');
      expect(status.map((e) => (e.payload as { action: string }).action)).toEqual(['confirm', 'confirm']);
      expect(
        (status[0]!.payload as unknown as { order: { hash: string; email: string } }).order,
      ).toMatchObject({
        email: 'anna.huber@example.at',
        hash: expect.any(String),
      });
    });

    it('offers a counter appointment with confirm: the order waits for the customer', async () => {
      const id = await place();
      const res = await action(id, 'confirm', { counterAppointment: '2026-11-20T18:00:00Z' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        isConfirmed: false,
        status: 'unconfirmed',
        counterAppointment: '2026-11-20T18:00:00.000Z',
      });
    });

    it('rejects with a reason', async () => {
      const id = await place();
      const res = await action(id, 'reject', { rejectionMessage: 'Küche heute leider geschlossen.' });
      expect(res.body.data).toMatchObject({
        isRejected: true,
        rejectionMessage: 'Küche heute leider geschlossen.',
      });
    });

    it('marks a delivery order delivered when it is completed, and writes audit entries', async () => {
      const res = await postOrder(t, delivery());
      const id = (await orders().findOneByOrFail({ uid: res.body.data.order.uid })).id;
      await action(id, 'confirm');
      await action(id, 'in-delivery');
      const done = await action(id, 'completed');
      expect(done.body.data).toMatchObject({
        isCompleted: true,
        isDelivered: true,
        customerStatus: 'completed',
      });
      const audit = await t.dataSource
        .getRepository(AuditLog)
        .find({ where: { entityType: 'orders', entityId: String(id) }, order: { id: 'ASC' } });
      expect(audit.map((a) => a.action)).toEqual(['create', 'confirm', 'in-delivery', 'completed']);
      expect(JSON.stringify(audit[0]!.changes)).not.toContain(res.body.data.order.hash);
    });

    it('marks a delivery in Zustellung delivered: the customer reads "Geliefert" until it is completed', async () => {
      const res = await postOrder(t, delivery());
      const { uid, hash } = res.body.data.order;
      const id = (await orders().findOneByOrFail({ uid })).id;
      await action(id, 'confirm');
      await action(id, 'in-delivery');
      events.length = 0;
      const delivered = await action(id, 'delivered');
      expect(delivered.status).toBe(200);
      expect(delivered.body.data).toMatchObject({
        status: 'delivered',
        isInDelivery: true,
        isDelivered: true,
        isCompleted: false,
        customerStatus: 'delivered',
        allowedActions: ['completed'],
      });
      const pub = await t.request('GET', `/api/orders/public/${uid}/${hash}`);
      expect(pub.body.data).toMatchObject({ isDelivered: true, statusText: 'Geliefert' });
      // Still open: on the board and in the current list until completed.
      const current = await t.request('GET', '/api/orders/current', undefined, demo.admin);
      expect(current.body.data.map((o: { id: number }) => o.id)).toContain(id);
      const listed = await t.request('GET', '/api/orders?status=delivered', undefined, demo.admin);
      expect(listed.body.data.map((o: { id: number }) => o.id)).toContain(id);
      expect(new Set(listed.body.data.map((o: { status: string }) => o.status))).toEqual(
        new Set(['delivered']),
      );
      expect(events.map((e) => [e.type, (e.payload as { action?: string }).action])).toEqual([
        ['order.status', 'delivered'],
      ]);
      // Twice is refused, and goods handed over are not cancelled.
      const again = await action(id, 'delivered');
      expect(again.status).toBe(409);
      expect(again.body.errors[0].message).toBe(
        'Als geliefert markieren geht nur, solange die Lieferung in Zustellung ist.',
      );
      expect((await action(id, 'cancel')).status).toBe(409);
      const done = await action(id, 'completed');
      expect(done.body.data).toMatchObject({
        status: 'completed',
        isDelivered: true,
        customerStatus: 'completed',
      });
      const audit = await t.dataSource
        .getRepository(AuditLog)
        .find({ where: { entityType: 'orders', entityId: String(id) }, order: { id: 'ASC' } });
      expect(audit.map((a) => a.action)).toEqual([
        'create',
        'confirm',
        'in-delivery',
        'delivered',
        'completed',
      ]);
      expect(audit[3]!.changes).toMatchObject({ isDelivered: { from: false, to: true } });
      expect((await action(id, 'delivered')).body.errors[0].message).toBe(
        'Die Bestellung ist bereits abgeschlossen, abgelehnt oder storniert.',
      );
    });

    it('refuses "delivered" for takeaway and dine-in orders, also when they are ready for pickup', async () => {
      const id = await place();
      await action(id, 'confirm');
      await action(id, 'in-delivery');
      const res = await action(id, 'delivered');
      expect(res.status).toBe(409);
      expect(res.body.errors[0]).toMatchObject({
        code: 'illegal_transition',
        message: 'Nur Lieferungen können als geliefert markiert werden.',
      });
      const order = await orders().findOneByOrFail({ id });
      expect(order).toMatchObject({ status: 'inDelivery', isDelivered: false });
      const read = await t.request('GET', `/api/orders/${id}`, undefined, demo.admin);
      expect(read.body.data.allowedActions).toEqual(['completed', 'cancel']);
    });

    it('answers 404 for an unknown order or action', async () => {
      expect((await action(999999, 'confirm')).status).toBe(404);
      const id = await place();
      expect((await action(id, 'explode')).status).toBe(404);
    });
  });

  describe('reading', () => {
    it('lists with filters, search, sorting and paging', async () => {
      const a = await place({
        firstName: 'Zacharias',
        lastName: 'Quell',
        phone: '+43 699 5550101',
        paymentMethod: 'atm-card',
      });
      const b = await place({ firstName: 'Berta', lastName: 'Quell', email: 'berta@quell.at' });
      await action(b, 'confirm');
      const get = (query: string) => t.request('GET', `/api/orders?${query}`, undefined, demo.admin);
      const ids = (res: { body: { data: Array<{ id: number }> } }) => res.body.data.map((o) => o.id);

      expect(ids(await get('q=quell&sort=id'))).toEqual([a, b]);
      expect(ids(await get('q=5550101'))).toEqual([a]);
      expect(ids(await get('q=berta@quell'))).toEqual([b]);
      expect(ids(await get('q=quell&status=confirmed'))).toEqual([b]);
      expect(ids(await get('q=quell&paymentMethod=atm-card'))).toEqual([a]);
      const ticket = (await orders().findOneByOrFail({ id: a })).ticketNumber!;
      expect(ids(await get(`q=${ticket}&branch=${demo.vienna.id}&from=2026-11-20&to=2026-11-20`))).toContain(
        a,
      );
      expect(ids(await get('q=quell&from=2026-11-21'))).toEqual([]);
      const paged = await get('q=quell&sort=-id&limit=1&page=2');
      expect(ids(paged)).toEqual([a]);
      expect(paged.headers.get('x-total-count')).toBe('2');
      for (const bad of [
        'status=lost',
        'paymentMethod=gold',
        'sort=hash',
        'from=gestern',
        'page=0',
        'branch=x',
      ])
        expect((await get(bad)).status).toBe(400);
    });

    it('limits employees to the orders of their branches', async () => {
      const graz = await postOrder(
        t,
        takeaway(demo, {
          branch: { id: demo.graz.id },
          street: 'Annenstraße 10',
          city: '8020 Graz',
          appointmentDate: '2026-12-07T08:00:00Z',
          items: [item(demo, 'Baustahlgitter AQS 50, 2 × 1 m', 10)],
        }),
      );
      expect(graz.status).toBe(201);
      const grazId = (await orders().findOneByOrFail({ uid: graz.body.data.order.uid })).id;
      const viennaId = await place();
      const list = await t.request('GET', '/api/orders?limit=1000', undefined, demo.employee);
      expect(list.body.data.every((o: { branch: { id: number } }) => o.branch.id === demo.vienna.id)).toBe(
        true,
      );
      expect(list.body.data.map((o: { id: number }) => o.id)).toContain(viennaId);
      expect((await t.request('GET', `/api/orders/${grazId}`, undefined, demo.employee)).status).toBe(403);
      expect((await action(grazId, 'confirm', {}, demo.employee)).status).toBe(403);
      expect((await t.request('PUT', `/api/orders/${grazId}`, { comment: 'x' }, demo.employee)).status).toBe(
        403,
      );
      expect((await t.request('DELETE', `/api/orders/${grazId}`, undefined, demo.employee)).status).toBe(403);
      expect((await t.request('POST', `/api/orders/${grazId}/print`, undefined, demo.employee)).status).toBe(
        403,
      );
      const current = await t.request('GET', '/api/orders/current', undefined, demo.employee);
      expect(current.body.data.map((o: { id: number }) => o.id)).not.toContain(grazId);
      expect((await action(viennaId, 'confirm', {}, demo.employee)).status).toBe(200);
    });

    it('lists the current orders (open, today and later) and the missed ones (unconfirmed after 10 minutes)', async () => {
      t.clock.set('2026-12-04T10:00:00Z'); // Friday 11:00
      const early = await place();
      t.clock.set('2026-12-04T10:08:00Z');
      const fresh = await place();
      const later = await place({ appointmentDate: '2026-12-05T11:00:00Z' });
      const done = await place();
      await action(done, 'reject');
      t.clock.set('2026-12-04T10:12:00Z');
      const current = await t.request('GET', '/api/orders/current', undefined, demo.admin);
      const currentIds = current.body.data.map((o: { id: number }) => o.id);
      expect(currentIds).toEqual(expect.arrayContaining([early, fresh, later]));
      expect(currentIds).not.toContain(done);
      expect(currentIds.indexOf(later)).toBeGreaterThan(currentIds.indexOf(fresh));
      const missed = await t.request('GET', '/api/orders/missed', undefined, demo.admin);
      const missedIds = missed.body.data.map((o: { id: number }) => o.id);
      expect(missedIds).toContain(early);
      expect(missedIds).not.toContain(fresh);
      const sooner = await t.request('GET', '/api/orders/missed?minutes=2', undefined, demo.admin);
      expect(sooner.body.data.map((o: { id: number }) => o.id)).toContain(fresh);
      // The next day, yesterday's open order is missed but no longer current.
      t.clock.set('2026-12-05T10:00:00Z');
      const next = await t.request('GET', '/api/orders/current', undefined, demo.admin);
      const nextIds = next.body.data.map((o: { id: number }) => o.id);
      expect(nextIds).toContain(later);
      expect(nextIds).not.toContain(early);
    });

    it('serves the terminals of a branch by its API key, and says nothing for a wrong key', async () => {
      const id = await place();
      const branch = await t.dataSource.getRepository(Branch).findOneByOrFail({ id: demo.vienna.id });
      const front = await t.request('GET', `/api/orders/frontdesk/${branch.id}/${branch.apiKey}`);
      expect(front.status).toBe(200);
      expect(front.body.data.map((o: { id: number }) => o.id)).toContain(id);
      const back = await t.request('GET', `/api/orders/backoffice/${branch.id}/${branch.apiKey}`);
      expect(back.body.data.map((o: { id: number }) => o.id)).toContain(id);
      expect(back.body.data.every((o: { branch: { id: number } }) => o.branch.id === branch.id)).toBe(true);
      const wrong = await t.request('GET', `/api/orders/frontdesk/${branch.id}/${'0'.repeat(48)}`);
      const unknown = await t.request('GET', `/api/orders/frontdesk/999999/${branch.apiKey}`);
      const other = await t.request('GET', `/api/orders/backoffice/${demo.graz.id}/${branch.apiKey}`);
      expect([wrong.status, unknown.status, other.status]).toEqual([401, 401, 401]);
      expect(unknown.body).toEqual(wrong.body);
    });
  });

  describe('writing', () => {
    it('reads, edits and deletes an order', async () => {
      const id = await place();
      const got = await t.request('GET', `/api/orders/${id}`, undefined, demo.admin);
      expect(got.body.data).toMatchObject({ id, firstName: 'Anna', email: 'anna.huber@example.at' });
      const put = await t.request(
        'PUT',
        `/api/orders/${id}`,
        {
          ...got.body.data,
          comment: 'Ohne Zwiebel',
          phone: '0043 1 234',
          ticketNumber: 99,
          pricing: { totalGross: 1 },
        },
        demo.admin,
      );
      expect(put.status).toBe(200);
      expect(put.body.data).toMatchObject({ comment: 'Ohne Zwiebel', phone: '+43 1 234' });
      expect(put.body.data.ticketNumber).toBe(got.body.data.ticketNumber);
      expect(put.body.data.pricing).toEqual(got.body.data.pricing);
      expect(events.map((e) => e.type)).toContain('order.updated');
      expect((await t.request('PUT', `/api/orders/${id}`, { email: 'kein-mail' }, demo.admin)).status).toBe(
        400,
      );
      expect((await t.request('DELETE', `/api/orders/${id}`, undefined, demo.admin)).status).toBe(204);
      expect((await t.request('GET', `/api/orders/${id}`, undefined, demo.admin)).status).toBe(404);
    });

    it('changes an item and prices the order again', async () => {
      const id = await place({
        items: [
          item(demo, 'Schnitzel nach Wahl', 1, 'piece', [0, [0], '']),
          item(demo, 'Almdudler 0,5 l', 2),
        ],
      });
      const res = await t.request(
        'PUT',
        `/api/orders/${id}/items/0`,
        { amount: 3, unit: 'piece', parts: [2, [0, 4], 'scharf'] },
        demo.admin,
      );
      expect(res.status).toBe(200);
      // Kalb +4,50, Preiselbeeren +0,80: 19,80 × 3 = 59,40 (10 %), plus 9,20 drinks (20 %).
      expect(res.body.data.items[0]).toMatchObject({ amount: 3, unitPrice: 19.8, price: 59.4 });
      expect(res.body.data.items[0].partLabels).toEqual([
        'Fleisch: Kalb',
        'Beilagen: Petersilerdäpfel, Preiselbeeren',
        'Anmerkung: scharf',
      ]);
      expect(res.body.data.pricing).toEqual({
        gross: 68.6,
        net: 61.67,
        deliveryGross: 0,
        deliveryNet: 0,
        totalNet: 61.67,
        totalGross: 68.6,
        taxes: { '10': 5.4, '20': 1.53 },
      });
      expect(
        (await t.request('PUT', `/api/orders/${id}/items/5`, { amount: 1, unit: 'piece' }, demo.admin))
          .status,
      ).toBe(404);
      const bad = await t.request(
        'PUT',
        `/api/orders/${id}/items/0`,
        { amount: 1, unit: 'kg', parts: [] },
        demo.admin,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0]).toMatchObject({ field: 'unit' });
      await action(id, 'cancel');
      expect(
        (await t.request('PUT', `/api/orders/${id}/items/1`, { amount: 1, unit: 'piece' }, demo.admin))
          .status,
      ).toBe(409);
    });

    it("checks a changed item with the checkout's check: part count and uploads", async () => {
      const id = await place({ items: [item(demo, 'Schnitzel nach Wahl', 1, 'piece', [0, [0], ''])] });
      const extra = await t.request(
        'PUT',
        `/api/orders/${id}/items/0`,
        { amount: 1, unit: 'piece', parts: [0, [0], '', 'noch ein Teil'] },
        demo.admin,
      );
      expect(extra.status).toBe(400);
      expect(extra.body.errors[0]).toMatchObject({ field: 'parts', code: 'part_invalid' });
      // Staff may add what the menu does not list (the screed service) with its parts complete.
      const added = await t.request(
        'POST',
        `/api/orders/${id}/items`,
        item(demo, 'Estrichverlegung nach Maß', 20, 'm2', [1, 0, [], '']),
        demo.admin,
      );
      expect(added.status).toBe(200);
      expect(added.body.data.items[1]).toMatchObject({ name: 'Estrichverlegung nach Maß', amount: 20 });
      const upload = await t.request(
        'PUT',
        `/api/orders/${id}/items/1`,
        { amount: 20, unit: 'm2', parts: [1, 0, [{ id: 999_999 }], ''] },
        demo.admin,
      );
      expect(upload.status).toBe(400);
      expect(upload.body.errors[0]).toMatchObject({ field: 'parts[2]', code: 'upload_unknown' });
      expect((await orders().findOneByOrFail({ id })).items).toHaveLength(2);
    });

    it('adds and removes items, prices the order again and keeps the last item', async () => {
      const id = await place({ items: [item(demo, 'Almdudler 0,5 l', 2)] });
      const added = await t.request(
        'POST',
        `/api/orders/${id}/items`,
        item(demo, 'Schnitzel nach Wahl', 2, 'piece', [0, [0], '']),
        demo.admin,
      );
      expect(added.status).toBe(200);
      expect(added.body.data.items).toHaveLength(2);
      const withBoth = added.body.data.pricing.totalGross as number;
      expect(withBoth).toBeGreaterThan(9.2);
      const wrong = await t.request(
        'POST',
        `/api/orders/${id}/items`,
        {
          ...item(demo, 'Almdudler 0,5 l'),
          product: { id: demo.products.get('Almdudler 0,5 l')!.id, uid: 'x' },
        },
        demo.admin,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors[0]).toMatchObject({ field: 'product', code: 'product_unknown' });
      const removed = await t.request('DELETE', `/api/orders/${id}/items/0`, undefined, demo.admin);
      expect(removed.status).toBe(200);
      expect(removed.body.data.items.map((i: { name: string }) => i.name)).toEqual(['Schnitzel nach Wahl']);
      expect(removed.body.data.pricing.totalGross).toBe(Math.round((withBoth - 9.2) * 100) / 100);
      const last = await t.request('DELETE', `/api/orders/${id}/items/0`, undefined, demo.admin);
      expect(last.status).toBe(409);
      expect(last.body.errors[0].code).toBe('last_item');
      expect((await t.request('DELETE', `/api/orders/${id}/items/7`, undefined, demo.admin)).status).toBe(
        404,
      );
      const audits = await t.dataSource
        .getRepository(AuditLog)
        .find({ where: { entityType: 'orders', entityId: String(id) }, order: { id: 'ASC' } });
      expect(audits.length).toBeGreaterThanOrEqual(3);
      expect(JSON.stringify(audits.at(-1)!.changes)).toContain('Almdudler');
      const edits = events.filter((e) => e.type === 'order.updated');
      expect(edits.map((e) => (e.payload as { changed?: string[] }).changed)).toEqual([
        ['Positionen'],
        ['Positionen'],
      ]);
    });

    it('asks for printing and resending through events', async () => {
      const id = await place();
      expect((await t.request('POST', `/api/orders/${id}/print`, undefined, demo.admin)).status).toBe(200);
      expect(
        (await t.request('POST', `/api/orders/${id}/resend-new-order-email`, undefined, demo.admin)).status,
      ).toBe(200);
      expect(events.map((e) => e.type)).toEqual(['order.created', 'order.print', 'order.resend']);
      expect((events[2]!.payload as { channel: string }).channel).toBe('email');
      const sms = await t.request('POST', `/api/orders/${id}/resend-new-order-sms`, undefined, demo.admin);
      expect(sms.status).toBe(409);
      expect(sms.body.errors[0]).toEqual({
        message: 'Der SMS-Versand ist nicht aktiviert.',
        code: 'sms_disabled',
      });
      const noMail = await place({ email: '' });
      expect(
        (await t.request('POST', `/api/orders/${noMail}/resend-new-order-email`, undefined, demo.admin))
          .status,
      ).toBe(409);
      const payment = await t.request(
        'POST',
        `/api/orders/${id}/update-payment-status`,
        undefined,
        demo.admin,
      );
      expect(payment.body.data).toMatchObject({ paymentMethod: 'cash', isPaid: false });
    });
  });
});
