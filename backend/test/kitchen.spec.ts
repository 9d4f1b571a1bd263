import { AuditLog } from '../src/logs/audit-log.entity.js';
import { Category } from '../src/catalog/category.entity.js';
import { Order } from '../src/orders/order.entity.js';
import { Device } from '../src/devices/device.entity.js';
import { hashDeviceKey } from '../src/devices/device-key.service.js';
import { item, loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { openStream, type SseStream } from './support/sse.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The kitchen display (docs/decisions/kitchen.md): items routed to stations, bump and recall, two displays
 * bumping one ticket at once, "Abholbereit" when every station is done, the kitchen-display device key.
 */
describe('kitchen display', () => {
  let t: TestApp;
  let demo: Demo;
  const displayKey = 'kueche-wien-geraeteschluessel-0123456789';
  const grazKey = 'kueche-graz-geraeteschluessel-0123456789';
  const kioskKey = 'kiosk-wien-kuechentest-schluessel-012345';
  const stations: Record<string, number> = {};
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    t.clock.set(NOON);
    demo = await loadDemo(t);
    const mains = await t.dataSource.getRepository(Category).findOneByOrFail({ name: 'Hauptspeisen' });
    const soup = demo.products.get('Leberknödelsuppe')!;
    for (const [name, body] of [
      ['Küche', { categories: [{ id: mains.id }] }],
      ['Suppen', { products: [{ id: soup.id }] }],
      ['Pass', { isExpeditor: true, categories: [{ id: mains.id }] }],
    ] as const) {
      const res = await t.request(
        'POST',
        '/api/preparation-stations',
        { branch: { id: demo.vienna.id }, name, ...body },
        demo.admin,
      );
      expect(res.status).toBe(201);
      stations[name] = res.body.data.id;
    }
    const device = (identifier: string, type: string, branch: { id: number }, key: string) => ({
      identifier,
      name: identifier,
      type,
      branch,
      isEnabled: true,
      settings: {},
      apiKeyHash: hashDeviceKey(key),
      apiKeyHint: key.slice(-4),
    });
    await t.dataSource
      .getRepository(Device)
      .save([
        device('kueche-wien', 'kitchen-display', demo.vienna, displayKey),
        device('kueche-graz', 'kitchen-display', demo.graz, grazKey),
        device('kiosk-kueche', 'kiosk', demo.vienna, kioskKey),
      ] as unknown as Device[]);
  }, 180_000);
  afterEach(() => {
    while (streams.length) streams.pop()!.close();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A confirmed order of a schnitzel and a soup, with a comment. */
  async function place(): Promise<number> {
    const res = await postOrder(
      t,
      takeaway(demo, {
        comment: 'Bitte ohne Zitrone',
        items: [item(demo, 'Wiener Schnitzel vom Kalb', 2), item(demo, 'Leberknödelsuppe')],
      }),
    );
    expect(res.status).toBe(201);
    const order = await t.dataSource.getRepository(Order).findOneByOrFail({ uid: res.body.data.order.uid });
    const confirmed = await t.request('POST', `/api/orders/${order.id}/status/confirm`, {}, demo.admin);
    expect(confirmed.status).toBe(200);
    return order.id;
  }
  const board = (station: string, headers: Record<string, string> = demo.admin) =>
    t.request(
      'GET',
      `/api/kitchen/${demo.vienna.id}/tickets?station=${stations[station]}`,
      undefined,
      headers,
    );
  const ticketOf = async (station: string, id: number) =>
    (await board(station)).body.data.tickets.find((x: { orderId: number }) => x.orderId === id);
  const bump = (station: string, id: number, expectedStage: number, recall = false, headers = demo.admin) =>
    t.request(
      'POST',
      `/api/kitchen/${demo.vienna.id}/tickets/${id}/bump?station=${stations[station]}`,
      { expectedStage, recall },
      headers,
    );

  it('shows each station only its items, the expeditor the whole order', async () => {
    const id = await place();
    const names = async (station: string) =>
      (await ticketOf(station, id)).items.map(
        (i: { name: string; amount: number }) => `${i.amount}× ${i.name}`,
      );
    expect(await names('Küche')).toEqual(['2× Wiener Schnitzel vom Kalb']);
    expect(await names('Suppen')).toEqual(['1× Leberknödelsuppe']);
    expect(await names('Pass')).toEqual(['2× Wiener Schnitzel vom Kalb', '1× Leberknödelsuppe']);
    const ticket = await ticketOf('Küche', id);
    expect(ticket).toMatchObject({
      comment: 'Bitte ohne Zitrone',
      orderType: 'takeaway',
      stage: 0,
      stageName: 'Neu',
    });
    expect(typeof ticket.ticketNumber).toBe('number');
    const missing = await t.request('GET', `/api/kitchen/${demo.vienna.id}/tickets`, undefined, demo.admin);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({
      field: 'station',
      message: 'Bitte eine Station angeben.',
    });
  });

  it('bumps through the stages, offers the finished ticket for recall and brings it back', async () => {
    const id = await place();
    expect((await bump('Küche', id, 0)).body.data).toMatchObject({ stage: 1, stageName: 'In Zubereitung' });
    expect((await bump('Küche', id, 1)).body.data).toMatchObject({ stage: 2, stageName: 'Fertig' });
    const after = (await board('Küche')).body.data;
    expect(after.tickets.map((x: { orderId: number }) => x.orderId)).not.toContain(id);
    expect(after.recent[0].orderId).toBe(id);
    expect((await bump('Küche', id, 2, true)).body.data).toMatchObject({ stage: 1 });
    expect((await ticketOf('Küche', id)).stage).toBe(1);
    // Another station is untouched.
    expect((await ticketOf('Suppen', id)).stage).toBe(0);
  });

  it('two displays bumping the same stage at once move the ticket one stage, and both see that stage', async () => {
    const id = await place();
    const [a, b] = await Promise.all([bump('Suppen', id, 0), bump('Suppen', id, 0)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.stage).toBe(1);
    expect(b.body.data.stage).toBe(1);
    expect((await ticketOf('Suppen', id)).stage).toBe(1);
    const rows: Array<{ n: string }> = await t.dataSource.query(
      `SELECT count(*) AS n FROM event_log WHERE type = 'kitchen.ticket' AND (payload ->> 'orderId')::int = $1`,
      [id],
    );
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('marks items done and tells every staff stream of the branch', async () => {
    const stream = await openStream(`${t.baseUrl}/api/events`, demo.admin);
    streams.push(stream);
    const id = await place();
    const index = (await ticketOf('Pass', id)).items[1].index;
    const res = await t.request(
      'POST',
      `/api/kitchen/${demo.vienna.id}/tickets/${id}/items/${index}?station=${stations.Pass}`,
      { done: true },
      demo.admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: { done: boolean }) => i.done)).toEqual([false, true]);
    const event = await stream.next((e) => e.event === 'kitchen.ticket' && e.data.orderId === id, 5000);
    expect(event.data).toMatchObject({ stationId: stations.Pass, doneItems: [index], allDone: false });
  });

  it('makes the order ready on the board when every station is done, if the branch wants that', async () => {
    const settings = await t.request(
      'PUT',
      `/api/kitchen/${demo.vienna.id}/settings`,
      { stages: ['Neu', 'Fertig'], warnMinutes: 4, lateMinutes: 8, readyWhenDone: true },
      demo.admin,
    );
    expect(settings.status).toBe(200);
    const id = await place();
    await bump('Küche', id, 0);
    await bump('Suppen', id, 0);
    const order = () => t.dataSource.getRepository(Order).findOneByOrFail({ id });
    expect((await order()).isInDelivery).toBe(false);
    await bump('Pass', id, 0);
    expect((await order()).isInDelivery).toBe(true);
    const bad = await t.request(
      'PUT',
      `/api/kitchen/${demo.vienna.id}/settings`,
      { stages: ['Neu', 'Fertig'], warnMinutes: 9, lateMinutes: 8, readyWhenDone: false },
      demo.admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('lateMinutes');
    await t.request(
      'PUT',
      `/api/kitchen/${demo.vienna.id}/settings`,
      { stages: ['Neu', 'In Zubereitung', 'Fertig'], warnMinutes: 5, lateMinutes: 10, readyWhenDone: false },
      demo.admin,
    );
  });

  it('brings a recalled ticket back even when the order is already ready to hand out', async () => {
    const put = (readyWhenDone: boolean) =>
      t.request(
        'PUT',
        `/api/kitchen/${demo.vienna.id}/settings`,
        { stages: ['Neu', 'In Zubereitung', 'Fertig'], warnMinutes: 5, lateMinutes: 10, readyWhenDone },
        demo.admin,
      );
    expect((await put(true)).status).toBe(200);
    try {
      const id = await place();
      for (const station of ['Küche', 'Suppen', 'Pass']) {
        await bump(station, id, 0);
        await bump(station, id, 1);
      }
      const order = () => t.dataSource.getRepository(Order).findOneByOrFail({ id });
      expect((await order()).isInDelivery).toBe(true);
      expect(await ticketOf('Küche', id)).toBeUndefined();
      expect((await board('Küche')).body.data.recent.map((x: { orderId: number }) => x.orderId)).toContain(
        id,
      );

      const recalled = await bump('Küche', id, 2, true);
      expect(recalled.body.data).toMatchObject({ stage: 1, stageName: 'In Zubereitung' });
      // Back on the station's display (every display of the station reads this list) …
      expect(await ticketOf('Küche', id)).toMatchObject({ stage: 1 });
      expect(
        (await board('Küche')).body.data.recent.map((x: { orderId: number }) => x.orderId),
      ).not.toContain(id);
      // … through the device key as well, while the stations that did not recall stay finished.
      expect(
        (await board('Küche', { authorization: `Bearer ${displayKey}` })).body.data.tickets.map(
          (x: { orderId: number }) => x.orderId,
        ),
      ).toContain(id);
      expect(await ticketOf('Suppen', id)).toBeUndefined();
      // Finished again: off the display, and a later stage move does not bring it back by itself.
      await bump('Küche', id, 1);
      expect(await ticketOf('Küche', id)).toBeUndefined();
      expect((await order()).isInDelivery).toBe(true);
    } finally {
      await put(false);
    }
  });

  it('takes the branch own stages, and refuses bad ones naming the field', async () => {
    const settingsPath = `/api/kitchen/${demo.vienna.id}/settings`;
    const put = (stages: unknown) =>
      t.request(
        'PUT',
        settingsPath,
        { stages, warnMinutes: 5, lateMinutes: 10, readyWhenDone: false },
        demo.admin,
      );
    const refused = async (stages: unknown) => {
      const res = await put(stages);
      expect(res.status).toBe(400);
      return res.body.errors[0] as { field: string; message: string };
    };
    expect(await refused(['Fertig'])).toEqual({
      field: 'stages',
      message: 'Bitte mindestens 2 Stufen angeben: die letzte nimmt den Bon vom Display.',
    });
    expect(await refused(['Neu', 'Grill', 'neu ', 'Fertig'])).toEqual({
      field: 'stages.2',
      message: 'Die Stufe „neu“ gibt es schon.',
    });
    expect(await refused(['Neu', 'x'.repeat(41)])).toMatchObject({ field: 'stages.1' });
    expect((await refused(['Neu', ''])).field).toBe('stages.1');
    expect((await refused(['1', '2', '3', '4', '5', '6', '7'])).field).toBe('stages');
    // Nothing of the refused ones was stored.
    expect((await t.request('GET', settingsPath, undefined, demo.admin)).body.data.stages).toEqual([
      'Neu',
      'In Zubereitung',
      'Fertig',
    ]);
    try {
      expect((await put([' Bestellt ', 'Am Herd', 'Anrichten', 'Raus'])).status).toBe(200);
      const id = await place();
      expect(await ticketOf('Küche', id)).toMatchObject({ stage: 0, stageName: 'Bestellt' });
      expect((await bump('Küche', id, 0)).body.data).toMatchObject({ stage: 1, stageName: 'Am Herd' });
      const display = (await board('Küche', { authorization: `Bearer ${displayKey}` })).body.data;
      expect(display.settings.stages).toEqual(['Bestellt', 'Am Herd', 'Anrichten', 'Raus']);
    } finally {
      await put(['Neu', 'In Zubereitung', 'Fertig']);
    }
  });

  it('opens to the kitchen-display key of the branch only', async () => {
    const id = await place();
    const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
    const own = await board('Küche', bearer(displayKey));
    expect(own.status).toBe(200);
    expect(own.body.data.tickets.map((x: { orderId: number }) => x.orderId)).toContain(id);
    expect((await bump('Küche', id, 0, false, bearer(displayKey))).status).toBe(200);
    expect((await board('Küche', bearer(grazKey))).status).toBe(404);
    expect((await board('Küche', bearer(kioskKey))).status).toBe(403);
    expect((await board('Küche', {})).status).toBe(401);
    const stream = await openStream(
      `${t.baseUrl}/api/kitchen/${demo.vienna.id}/display/${displayKey}/events`,
    );
    streams.push(stream);
    expect(stream.status).toBe(200);
    await bump('Küche', id, 1);
    // The first bump's event may still reach the new stream (its notification read after the stream
    // opened): the second bump's is awaited by its stage.
    const event = await stream.next(
      (e) => e.event === 'kitchen.ticket' && e.data.orderId === id && e.data.stage === 2,
      5000,
    );
    expect(event.data.stage).toBe(2);
    const wrong = await openStream(`${t.baseUrl}/api/kitchen/${demo.vienna.id}/display/${kioskKey}/events`);
    streams.push(wrong);
    expect(wrong.status).toBe(401);
  });
  it('tells the displays of the branch when its kitchen settings change', async () => {
    const stream = await openStream(
      `${t.baseUrl}/api/kitchen/${demo.vienna.id}/display/${displayKey}/events`,
    );
    streams.push(stream);
    expect(stream.status).toBe(200);
    const settings = {
      stages: ['Neu', 'Grill', 'Fertig'],
      warnMinutes: 4,
      lateMinutes: 8,
      readyWhenDone: false,
    };
    const path = `/api/kitchen/${demo.vienna.id}/settings`;
    try {
      expect((await t.request('PUT', path, settings, demo.admin)).status).toBe(200);
      const event = await stream.next((e) => e.event === 'kitchen.settings', 5000);
      expect(event.data).toEqual({ branchId: demo.vienna.id, settings });
    } finally {
      const defaults = {
        stages: ['Neu', 'In Zubereitung', 'Fertig'],
        warnMinutes: 5,
        lateMinutes: 10,
        readyWhenDone: false,
      };
      await t.request('PUT', path, defaults, demo.admin);
    }
  });

  it('marks a product sold out from the display key, named by the device; its own branch only', async () => {
    const id = await place();
    const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
    const item = (await ticketOf('Küche', id)).items[0];
    const schnitzel = demo.products.get('Wiener Schnitzel vom Kalb')!;
    expect(item.productId).toBe(schnitzel.id);
    const url = `/api/branches/${demo.vienna.id}/sold-out`;
    const stream = await openStream(
      `${t.baseUrl}/api/kitchen/${demo.vienna.id}/display/${displayKey}/events`,
    );
    streams.push(stream);
    try {
      const marked = await t.request(
        'POST',
        url,
        { product: { id: item.productId }, until: null },
        bearer(displayKey),
      );
      expect(marked.status).toBe(201);
      expect(marked.body.data.markedBy).toEqual({
        id: null,
        name: 'kueche-wien',
        deviceId: expect.any(Number),
      });
      // The display's stream carries it; staff see the device as who marked it; the audit entry names it.
      const live = await stream.next((e) => e.event === 'availability.changed', 5000);
      expect(live.data.entries[0].markedBy.name).toBe('kueche-wien');
      const listed = await t.request('GET', url, undefined, demo.admin);
      expect(listed.body.data.entries[0].markedBy.name).toBe('kueche-wien');
      const audit = await t.dataSource.getRepository(AuditLog).findOneByOrFail({
        entityType: 'branches',
        entityId: String(demo.vienna.id),
        action: 'sold-out',
      });
      expect(audit.userId).toBeNull();
      expect((audit.changes as { device: { name: string } }).device.name).toBe('kueche-wien');

      // Graz's display, a kiosk, or no key: refused, nothing changes.
      const elsewhere = await t.request(
        'POST',
        url,
        { product: { id: item.productId }, until: null },
        bearer(grazKey),
      );
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body.errors[0].message).toBe('Sie haben keine Berechtigung für diese Aktion.');
      expect(
        (await t.request('POST', url, { product: { id: item.productId }, until: null }, bearer(kioskKey)))
          .status,
      ).toBe(403);
      expect(
        (await t.request('DELETE', `${url}/${marked.body.data.id}`, undefined, bearer(grazKey))).status,
      ).toBe(403);
      expect((await t.request('GET', url)).body.data.entries).toHaveLength(1);

      const released = await t.request(
        'DELETE',
        `${url}/${marked.body.data.id}`,
        undefined,
        bearer(displayKey),
      );
      expect(released.status).toBe(200);
      expect(released.body.data.entries).toEqual([]);
    } finally {
      const left = (await t.request('GET', url, undefined, demo.admin)).body.data.entries as { id: string }[];
      for (const entry of left) await t.request('DELETE', `${url}/${entry.id}`, undefined, demo.admin);
    }
  });
});
