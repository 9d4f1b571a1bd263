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

/** Saturday 21 November 2026 in Vienna, as an instant. */
const saturday = (hhmm: string) => new Date(`2026-11-21T${hhmm}:00+01:00`).toISOString();

describe('slot capacity and availability', () => {
  let t: TestApp;
  let demo: Demo;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    demo = await loadDemo(t);
    // At most 2 takeaway/dine-in orders per 15 minutes; delivery without limit.
    await t.dataSource.getRepository(Branch).update(demo.vienna.id, { slotMinutes: 15, slotCapacity: 2 });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.clock.set(NOON));

  it('refuses an order for a full slot with 409 and the next free time, and frees the place of a rejected order', async () => {
    const first = await postOrder(t, takeaway(demo, { appointmentDate: saturday('12:00') }));
    const second = await postOrder(t, takeaway(demo, { appointmentDate: saturday('12:10') }));
    expect([first.status, second.status]).toEqual([201, 201]);
    const third = await postOrder(t, takeaway(demo, { appointmentDate: saturday('12:05') }));
    expect(third.status).toBe(409);
    expect(third.body.errors[0]).toEqual({
      message:
        'Zu diesem Zeitpunkt sind leider bereits alle Plätze vergeben. Der nächste freie Termin ist am 21.11.2026 um 12:15 Uhr.',
      field: 'appointmentDate',
      code: 'slot_full',
    });
    // Dine-in shares the limit; delivery has its own (none).
    const dineIn = await postOrder(
      t,
      takeaway(demo, {
        isDineIn: true,
        table: { id: demo.tables[0]!.id },
        appointmentDate: saturday('12:00'),
      }),
    );
    expect(dineIn.status).toBe(409);
    const viaDelivery = await postOrder(
      t,
      delivery(demo, 0, {
        items: [item(demo, 'Tafelspitz mit Apfelkren und Schnittlauchsauce')],
        appointmentDate: saturday('12:00'),
      }),
    );
    expect(viaDelivery.status).toBe(201);
    expect((await postOrder(t, takeaway(demo, { appointmentDate: saturday('12:15') }))).status).toBe(201);

    const id = (await t.dataSource.getRepository(Order).findOneByOrFail({ uid: first.body.data.order.uid }))
      .id;
    await t.request('POST', `/api/orders/${id}/status/reject`, {}, demo.admin);
    expect((await postOrder(t, takeaway(demo, { appointmentDate: saturday('12:05') }))).status).toBe(201);
  });

  it('lets exactly the capacity through when many customers want the last places at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () => postOrder(t, takeaway(demo, { appointmentDate: saturday('18:30') }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, ...Array(10).fill(409)]);
  });

  it('shows the pickers only what can be booked', async () => {
    const res = await t.request(
      'GET',
      `/api/branches/${demo.vienna.id}/availability?from=2026-11-21&to=2026-11-23&type=takeaway`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'takeaway', slotMinutes: 15, capacity: 2 });
    const days = res.body.data.days as Array<{
      date: string;
      windows: Array<{ from: string; to: string }>;
      full: Array<{ from: string; to: string }>;
    }>;
    // Monday the 23rd is a closing day.
    expect(days.map((d) => d.date)).toEqual(['2026-11-21', '2026-11-22']);
    const saturdayWindows = days[0]!.windows.map((w) => [w.from, w.to]);
    // 12:00 and 18:30 are full: the windows end before them and start again 15 minutes later.
    expect(saturdayWindows).toEqual([
      [new Date(saturday('11:00')).toISOString(), new Date(saturday('11:55')).toISOString()],
      [new Date(saturday('12:15')).toISOString(), new Date(saturday('18:25')).toISOString()],
      [new Date(saturday('18:45')).toISOString(), new Date(saturday('21:55')).toISOString()],
    ]);
    // The full slots are named too, so that the pickers show them as full instead of hiding them.
    expect(days[0]!.full).toEqual([
      { from: new Date(saturday('12:00')).toISOString(), to: new Date(saturday('12:10')).toISOString() },
      { from: new Date(saturday('18:30')).toISOString(), to: new Date(saturday('18:40')).toISOString() },
    ]);
    expect(days[1]!.full).toEqual([]);
    const deliveryDays = await t.request(
      'GET',
      `/api/branches/${demo.vienna.id}/availability?from=2026-11-21&to=2026-11-21&type=delivery`,
    );
    expect(deliveryDays.body.data.days[0].windows).toEqual([
      { from: new Date(saturday('11:30')).toISOString(), to: new Date(saturday('21:25')).toISOString() },
    ]);
  });

  it('applies the lead times of the cart and answers bad queries with 400 and unknown branches with 404', async () => {
    const screed = demo.products.get('Fließestrich CAF C25-F5 (Silolieferung)')!; // 5 days
    const res = await t.request('GET', `/api/branches/${demo.graz.id}/availability?products=${screed.id}`);
    expect(res.body.data.days[0].date).toBe('2026-11-25');
    expect(res.body.data.days[0].windows[0].from).toBe(new Date('2026-11-25T12:00:00+01:00').toISOString());
    for (const query of ['type=boat', 'from=gestern', 'from=2026-11-21&to=2026-11-01', 'products=a'])
      expect((await t.request('GET', `/api/branches/${demo.vienna.id}/availability?${query}`)).status).toBe(
        400,
      );
    expect((await t.request('GET', '/api/branches/999999/availability')).status).toBe(404);
  });
});
