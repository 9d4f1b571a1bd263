import { Device } from '../src/devices/device.entity.js';
import { hashDeviceKey } from '../src/devices/device-key.service.js';
import { DEVICE_ONLINE_MS } from '../src/core/device-presence.js';
import { Order } from '../src/orders/order.entity.js';
import { type Demo, loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway } from './orders.fixtures.js';
import { openStream } from './support/sse.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Printing a kitchen can trust (docs/decisions/printing.md): a newly paired terminal prints from its pairing
 * on, cancelled and rejected orders never print as new, a cancellation after printing prints a "STORNIERT"
 * slip, the front desk's `autoPrint` decides whether new orders print there, and the printer state the
 * terminal reports reaches the device list, the board's status route and the event stream.
 */
describe('printing a kitchen can trust', () => {
  let t: TestApp;
  let demo: Demo;
  let kassa: Device;
  const key = 'kassa-wien-vertrauen-0123456789abcdef012345';
  const as = (k: string) => ({ authorization: `Bearer ${k}` });
  const jobs = async (k = key) => {
    const res = await t.request('GET', '/api/devices/me/jobs', undefined, as(k));
    expect(res.status).toBe(200);
    return res.body.data as Array<Record<string, any>>;
  };
  const ack = async (id: number, k = key) =>
    expect((await t.request('POST', `/api/devices/me/jobs/${id}/ack`, undefined, as(k))).status).toBe(200);
  /** A new takeaway order in Vienna; its staff id and uid. */
  const order = async () => {
    const placed = await postOrder(t, takeaway(demo));
    expect(placed.status).toBe(201);
    const uid = placed.body.data.order.uid as string;
    return { uid, id: (await t.dataSource.getRepository(Order).findOneByOrFail({ uid })).id };
  };
  const staff = async (path: string, body: unknown = {}) => {
    const res = await t.request('POST', path, body, demo.admin);
    expect(res.status).toBe(200);
    return res;
  };
  const setKassa = async (settings: Record<string, unknown>) => {
    const res = await t.request(
      'PUT',
      `/api/devices/${kassa.id}`,
      {
        identifier: kassa.identifier,
        name: kassa.name,
        type: 'frontdesk',
        branch: { id: demo.vienna.id },
        isEnabled: true,
        settings: { printer: { host: '127.0.0.1', port: 9100, width: 48, type: 'epson' }, ...settings },
      },
      demo.admin,
    );
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    demo = await loadDemo(t);
    kassa = await t.dataSource
      .getRepository(Device)
      .findOneOrFail({ where: { identifier: 'linde-wien-kassa' } });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    t.clock.set(NOON);
    // Each test starts with no open print job and the front desk printing new orders on its old key.
    await t.dataSource.query(`UPDATE job SET status = 'done' WHERE type = 'print' AND status = 'pending'`);
    await setKassa({ autoPrint: true });
    await t.dataSource
      .getRepository(Device)
      .update({ id: kassa.id }, { apiKeyHash: hashDeviceKey(key), printsAfterJob: null });
  });

  it('a newly paired terminal prints from its pairing on; the older open orders only on request', async () => {
    const before = await order();
    const opened = (await t.request('POST', '/api/devices/pairing')).body.data;
    await staff(`/api/devices/${kassa.id}/pair`, { code: opened.code });
    const polled = await t.request(
      'GET',
      `/api/devices/pairing/${opened.code}`,
      undefined,
      as(opened.secret),
    );
    expect(polled.body.data.status).toBe('paired');
    const paired = polled.body.data.deviceKey as string;

    // The backlog is not printed by the new terminal.
    expect(await jobs(paired)).toEqual([]);
    // A new order is.
    const after = await order();
    const [fresh, ...none] = await jobs(paired);
    expect(none).toEqual([]);
    expect(fresh).toMatchObject({ kind: 'receipt', reason: 'created', order: { uid: after.uid } });
    await ack(fresh!.id, paired);
    // The older order prints when staff ask for it.
    await staff(`/api/orders/${before.id}/print`);
    const [requested] = await jobs(paired);
    expect(requested).toMatchObject({ kind: 'receipt', reason: 'requested', order: { uid: before.uid } });
  });

  it('never prints a rejected or cancelled order as new', async () => {
    const rejected = await order();
    await staff(`/api/orders/${rejected.id}/status/reject`, { rejectionMessage: 'Küche geschlossen' });
    const cancelled = await order();
    await staff(`/api/orders/${cancelled.id}/status/cancel`);
    expect(await jobs()).toEqual([]);
    const rows: Array<{ last_error: string }> = await t.dataSource.query(
      `SELECT last_error FROM job WHERE type = 'print' AND payload ->> 'orderId' IN ($1, $2) ORDER BY id`,
      [String(rejected.id), String(cancelled.id)],
    );
    expect(rows).toEqual([{ last_error: 'Bestellung storniert' }, { last_error: 'Bestellung storniert' }]);
  });

  it('prints a STORNIERT slip on the device that printed an order cancelled afterwards, also when it printed in the moment of the cancellation', async () => {
    const printed = await order();
    const [receipt] = await jobs();
    await ack(receipt!.id);
    await staff(`/api/orders/${printed.id}/status/cancel`);
    const [slip, ...rest] = await jobs();
    expect(rest).toEqual([]);
    expect(slip).toMatchObject({
      kind: 'cancellation',
      reason: 'cancelled',
      order: { uid: printed.uid, isCanceled: true },
    });
    await ack(slip!.id);
    // Cancelling twice (or any later status change) prints no second slip.
    expect(await jobs()).toEqual([]);

    // Handed out, cancelled while it printed, acknowledged afterwards: the slip follows the ack.
    const racing = await order();
    const [inHand] = await jobs();
    expect(inHand!.order.uid).toBe(racing.uid);
    await staff(`/api/orders/${racing.id}/status/cancel`);
    expect(await jobs()).toEqual([]);
    await ack(inHand!.id);
    const [late] = await jobs();
    expect(late).toMatchObject({ kind: 'cancellation', order: { uid: racing.uid } });
  });

  it('autoPrint: a front desk without it prints new orders only on request, with it at once', async () => {
    await setKassa({ autoPrint: false });
    const quiet = await order();
    expect(await jobs()).toEqual([]);
    await staff(`/api/orders/${quiet.id}/print`);
    expect((await jobs()).map((j) => j.reason)).toEqual(['requested']);

    await t.dataSource.query(`UPDATE job SET status = 'done' WHERE type = 'print' AND status = 'pending'`);
    await setKassa({ autoPrint: true });
    t.clock.advance(60_000); // past the printing cache of the event writer
    const loud = await order();
    const handed = await jobs();
    expect(handed.map((j) => [j.reason, j.order.uid])).toEqual([['created', loud.uid]]);
  });

  it('the printer state of the heartbeat reaches the device list, the status route and the stream at once', async () => {
    const stream = await openStream(`${t.baseUrl}/api/events`, demo.admin);
    try {
      const beat = await t.request(
        'POST',
        '/api/devices/me/heartbeat',
        { printer: { state: 'paper-out', paperNearEnd: false, queued: 3 } },
        as(key),
      );
      expect(beat.status).toBe(200);
      const event = await stream.next((e) => e.event === 'device.status', 5000);
      expect(event.data).toMatchObject({
        deviceId: kassa.id,
        connection: 'online',
        printerStatus: 'kein Papier · 3 Aufträge warten',
      });
    } finally {
      stream.close();
    }
    const listed = await t.request('GET', `/api/devices/${kassa.id}`, undefined, demo.admin);
    expect(listed.body.data).toMatchObject({
      connection: 'online',
      printerState: { state: 'paper-out', queued: 3 },
      printerStatus: 'kein Papier · 3 Aufträge warten',
    });
    const board = await t.request(
      'GET',
      `/api/devices/printing/status?branch=${demo.vienna.id}`,
      undefined,
      demo.admin,
    );
    expect(board.status).toBe(200);
    expect(board.body.data).toContainEqual(
      expect.objectContaining({
        id: kassa.id,
        connection: 'online',
        printsNewOrders: true,
        printerStatus: 'kein Papier · 3 Aufträge warten',
      }),
    );
    // An employee of the branch sees it too (the board's print button).
    expect((await t.request('GET', '/api/devices/printing/status', undefined, demo.employee)).status).toBe(
      200,
    );

    // No heartbeat for longer than the online window: offline.
    t.clock.advance(DEVICE_ONLINE_MS + 1000);
    const later = await t.request('GET', `/api/devices/${kassa.id}`, undefined, demo.admin);
    expect(later.body.data.connection).toBe('offline');

    // A state the terminal cannot have: 400 naming the field; nothing stored.
    const bad = await t.request(
      'POST',
      '/api/devices/me/heartbeat',
      { printer: { state: 'brennt' } },
      as(key),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('printer.state');
    const still = await t.request('GET', `/api/devices/${kassa.id}`, undefined, demo.admin);
    expect(still.body.data.printerState.state).toBe('paper-out');
  });
});
