import { Branch } from '../src/branches/branch.entity.js';
import { Device } from '../src/devices/device.entity.js';
import { hashDeviceKey } from '../src/devices/device-key.service.js';
import {
  delivery,
  loadDemo,
  NOON,
  ORDER_TEST_ENV,
  postOrder,
  takeaway,
  type Demo,
} from './orders.fixtures.js';
import { openStream, type SseStream } from './support/sse.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('front-desk ticket screen (/api/orders/frontdesk/{branchId}/{key}/tickets and /events)', () => {
  let t: TestApp;
  let demo: Demo;
  let vienna: Branch;
  const screenKey = 'ticket-bildschirm-wien-0123456789abcdef';
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    t.clock.set(NOON);
    demo = await loadDemo(t);
    vienna = await t.dataSource.getRepository(Branch).findOneByOrFail({ id: demo.vienna.id });
    await t.dataSource.getRepository(Device).save({
      identifier: 'tv-wien',
      name: 'Abhol-TV Wien',
      type: 'ticket-screen',
      branch: vienna,
      isEnabled: true,
      settings: { displaySeconds: 300, columns: 3 },
      apiKeyHash: hashDeviceKey(screenKey),
      apiKeyHint: screenKey.slice(-4),
    });
  });
  afterEach(() => {
    while (streams.length) streams.pop()!.close();
  });
  afterAll(async () => {
    await t.close();
  });

  async function place(body = takeaway(demo)): Promise<{ id: number; ticketNumber: number }> {
    const res = await postOrder(t, body);
    expect(res.status).toBe(201);
    const list = await t.request('GET', '/api/orders/current', undefined, demo.admin);
    const order = list.body.data.find((o: { uid: string }) => o.uid === res.body.data.order.uid);
    return { id: order.id, ticketNumber: order.ticketNumber };
  }

  it('answers 403 frontdesk_disabled on the ticket screen and the front-desk list while the plugin is off', async () => {
    const { ShopConfig } = await import('../src/config/shop-config.entity.js');
    const configs = t.dataSource.getRepository(ShopConfig);
    await configs.update({ id: 1 }, { enablePluginFrontdesk: false });
    try {
      for (const path of [
        `/api/orders/frontdesk/${vienna.id}/${screenKey}/tickets`,
        `/api/orders/frontdesk/${vienna.id}/${vienna.apiKey}`,
        `/api/orders/frontdesk/${vienna.id}/${screenKey}/events`,
      ]) {
        const res = await t.request('GET', path);
        expect([path, res.status, res.body.errors?.[0]?.code]).toEqual([path, 403, 'frontdesk_disabled']);
        expect(res.body.errors[0].message).toMatch(/ausgeschaltet/);
      }
    } finally {
      await configs.update({ id: 1 }, { enablePluginFrontdesk: true });
    }
    const on = await t.request('GET', `/api/orders/frontdesk/${vienna.id}/${screenKey}/tickets`);
    expect(on.status).toBe(200);
  });

  const act = (id: number, action: string) =>
    t.request('POST', `/api/orders/${id}/status/${action}`, {}, demo.admin);

  it('lists confirmed and ready takeaway numbers only, without names, for a screen device key', async () => {
    const waiting = await place();
    const cooking = await place();
    const ready = await place();
    const delivered = await place(delivery(demo, 0));
    for (const id of [cooking.id, ready.id, delivered.id])
      expect((await act(id, 'confirm')).status).toBe(200);
    expect((await act(ready.id, 'in-delivery')).status).toBe(200);

    const res = await t.request('GET', `/api/orders/frontdesk/${vienna.id}/${screenKey}/tickets`);
    expect(res.status).toBe(200);
    expect(res.body.data.readySeconds).toBe(300);
    expect(res.body.data.columns).toBe(3);
    const tickets: Array<{ id: number; ticketNumber: number; state: string }> = res.body.data.tickets;
    const byId = new Map(tickets.map((x) => [x.id, x]));
    expect(byId.get(cooking.id)).toMatchObject({ ticketNumber: cooking.ticketNumber, state: 'preparing' });
    expect(byId.get(ready.id)).toMatchObject({ ticketNumber: ready.ticketNumber, state: 'ready' });
    expect(byId.has(waiting.id)).toBe(false); // not accepted yet
    expect(byId.has(delivered.id)).toBe(false); // delivery orders are not fetched at the counter
    expect(JSON.stringify(res.body)).not.toMatch(/Anna|Huber|example\.at|Schnitzel/);

    // The branch's own key works too (the spec's front-desk list key), with the default display time.
    const byBranchKey = await t.request('GET', `/api/orders/frontdesk/${vienna.id}/${vienna.apiKey}/tickets`);
    expect(byBranchKey.status).toBe(200);
    expect(byBranchKey.body.data.readySeconds).toBe(600);
    expect(byBranchKey.body.data.columns).toBe(3);
  });

  it('refuses a wrong key, another branch, a disabled screen and a device of another type alike', async () => {
    const wrong = await t.request('GET', `/api/orders/frontdesk/${vienna.id}/${'0'.repeat(40)}/tickets`);
    const other = await t.request('GET', `/api/orders/frontdesk/${demo.graz.id}/${screenKey}/tickets`);
    const unknown = await t.request('GET', `/api/orders/frontdesk/999999/${screenKey}/tickets`);
    const kioskKey = 'kiosk-schluessel-wien-0123456789abcdef';
    await t.dataSource.getRepository(Device).save({
      identifier: 'kiosk-wien-test',
      type: 'kiosk',
      branch: vienna,
      isEnabled: true,
      settings: {},
      apiKeyHash: hashDeviceKey(kioskKey),
    });
    const kiosk = await t.request('GET', `/api/orders/frontdesk/${vienna.id}/${kioskKey}/tickets`);
    const stream = await openStream(
      `${t.baseUrl}/api/orders/frontdesk/${vienna.id}/${'0'.repeat(40)}/events`,
    );
    stream.close();
    expect([wrong.status, other.status, unknown.status, kiosk.status, stream.status]).toEqual([
      401, 401, 401, 401, 401,
    ]);
    expect(other.body).toEqual(wrong.body);
    await t.dataSource.getRepository(Device).update({ identifier: 'tv-wien' }, { isEnabled: false });
    const disabled = await t.request('GET', `/api/orders/frontdesk/${vienna.id}/${screenKey}/tickets`);
    await t.dataSource.getRepository(Device).update({ identifier: 'tv-wien' }, { isEnabled: true });
    expect(disabled.status).toBe(401);
  });

  it('streams ticket events (number and state only) of its branch, and resumes after a drop', async () => {
    const stream = await openStream(`${t.baseUrl}/api/orders/frontdesk/${vienna.id}/${screenKey}/events`);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const order = await place();
    const created = await stream.next((e) => e.event === 'ticket' && e.data.id === order.id, 5000);
    expect(created.data).toEqual({
      id: order.id,
      ticketNumber: order.ticketNumber,
      state: 'gone', // not accepted yet: not on the screen
      dueAt: expect.any(String),
      since: expect.any(String),
    });
    await act(order.id, 'confirm');
    const confirmed = await stream.next((e) => e.event === 'ticket' && e.data.state === 'preparing', 5000);
    expect(confirmed.data.ticketNumber).toBe(order.ticketNumber);
    stream.close();

    // Meanwhile: the order becomes ready, a Graz order arrives. The resumed stream gets only the first.
    await act(order.id, 'in-delivery');
    await postOrder(t, takeaway(demo, { branch: { id: demo.graz.id }, items: [] })).catch(() => undefined);
    const resumed = await openStream(
      `${t.baseUrl}/api/orders/frontdesk/${vienna.id}/${screenKey}/events?lastEventId=${confirmed.id}`,
    );
    streams.push(resumed);
    const ready = await resumed.next((e) => e.event === 'ticket', 5000);
    expect(ready.data).toMatchObject({ id: order.id, state: 'ready' });
    expect(Number(ready.id)).toBeGreaterThan(Number(confirmed.id));
    expect(JSON.stringify(resumed.events)).not.toMatch(/Anna|Huber|hash/);
  });
});
