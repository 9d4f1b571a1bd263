import { Branch } from '../src/branches/branch.entity.js';
import { AuditLog } from '../src/logs/audit-log.entity.js';
import { Order } from '../src/orders/order.entity.js';
import { Device } from '../src/operations/devices/device.entity.js';
import { hashDeviceKey } from '../src/operations/devices/device-key.service.js';
import { makeUser } from './operations.fixtures.js';
import { loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { openStream, type SseStream } from './support/sse.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The front-desk board on a paired terminal (docs/decisions/frontdesk-board.md): the device key reads the
 * board and its live events, never changes an order; a staff PIN makes the action that person's.
 */
describe('front-desk board on a device key with staff PIN', () => {
  let t: TestApp;
  let demo: Demo;
  let vienna: Branch;
  let anna: { id: number };
  let gerd: { id: number }; // works in Graz only
  const deskKey = 'theke-wien-geraeteschluessel-0123456789';
  const grazDeskKey = 'theke-graz-geraeteschluessel-0123456789';
  const kioskKey = 'kiosk-wien-geraeteschluessel-0123456789';
  const screenKey = 'tv-wien-geraeteschluessel-0123456789ab';
  const signageKey = 'signage-wien-geraeteschluessel-01234567';
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { ...ORDER_TEST_ENV, BCRYPT_COST: '4' } });
    t.clock.set(NOON);
    demo = await loadDemo(t);
    vienna = await t.dataSource.getRepository(Branch).findOneByOrFail({ id: demo.vienna.id });
    anna = await makeUser(t, 'anna-theke', ['ROLE_EMPLOYEE'], [vienna.id]);
    gerd = await makeUser(t, 'gerd-graz', ['ROLE_EMPLOYEE'], [demo.graz.id]);
    for (const [who, pin] of [
      [anna, '4711'],
      [gerd, '8080'],
    ] as const) {
      const res = await t.request('PUT', `/api/time-tracking/pins/${who.id}`, { pin }, demo.admin);
      expect(res.status).toBe(200);
    }
    const device = (identifier: string, type: string, branch: { id: number }, key: string) => ({
      identifier,
      name: identifier,
      type,
      branch: branch as Branch,
      isEnabled: true,
      settings: {},
      apiKeyHash: hashDeviceKey(key),
      apiKeyHint: key.slice(-4),
    });
    await t.dataSource
      .getRepository(Device)
      .save([
        device('theke-wien', 'frontdesk', vienna, deskKey),
        device('theke-graz', 'frontdesk', demo.graz, grazDeskKey),
        device('kiosk-wien', 'kiosk', vienna, kioskKey),
        device('tv-wien', 'ticket-screen', vienna, screenKey),
        device('signage-wien', 'signage', vienna, signageKey),
      ] as Device[]);
  });
  afterEach(() => {
    while (streams.length) streams.pop()!.close();
  });
  afterAll(async () => {
    await t.close();
  });

  async function place(): Promise<number> {
    const res = await postOrder(t, takeaway(demo));
    expect(res.status).toBe(201);
    const order = await t.dataSource.getRepository(Order).findOneByOrFail({ uid: res.body.data.order.uid });
    return order.id;
  }
  const statusOf = async (id: number) =>
    (await t.dataSource.getRepository(Order).findOneByOrFail({ id })).status;
  const act = (
    id: number,
    action: string,
    headers: Record<string, string> = {},
    key = deskKey,
    branch = vienna.id,
  ) => t.request('POST', `/api/orders/frontdesk/${branch}/${key}/${id}/status/${action}`, {}, headers);
  const pin = (who: { id: number }, value: string) => ({
    'x-user-id': String(who.id),
    'x-access-token': value,
  });

  it('reads the board and its live events with the terminal key, but the key alone changes nothing', async () => {
    const stream = await openStream(`${t.baseUrl}/api/orders/frontdesk/${vienna.id}/${deskKey}/board-events`);
    streams.push(stream);
    expect(stream.status).toBe(200);
    const id = await place();
    const created = await stream.next((e) => e.event === 'order.created', 5000);
    expect(created.data.order.id).toBe(id);

    const board = await t.request('GET', `/api/orders/frontdesk/${vienna.id}/${deskKey}`);
    expect(board.status).toBe(200);
    expect(board.body.data.map((o: { id: number }) => o.id)).toContain(id);

    // Without a person, with the staff route and the key as a bearer: refused, the order stays new.
    expect((await act(id, 'confirm')).status).toBe(400);
    const bearer = await t.request(
      'POST',
      `/api/orders/${id}/status/confirm`,
      {},
      {
        authorization: `Bearer ${deskKey}`,
      },
    );
    expect([401, 403]).toContain(bearer.status);
    expect(await statusOf(id)).toBe('unconfirmed');
  });

  it('confirms with a valid PIN as that person, audited under their name', async () => {
    const id = await place();
    const res = await act(id, 'confirm', pin(anna, '4711'));
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('confirmed');
    expect(await statusOf(id)).toBe('confirmed');
    const entry = await t.dataSource.getRepository(AuditLog).findOneOrFail({
      where: { entityType: 'orders', entityId: String(id), action: 'confirm' },
    });
    expect([entry.userId, entry.username]).toEqual([anna.id, 'anna-theke']);
  });

  it('answers a wrong PIN with 401 and then slows the guesses down, changing nothing', async () => {
    const id = await place();
    const wrong = await act(id, 'confirm', pin(anna, '0000'));
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors[0]).toMatchObject({
      field: 'accessToken',
      message: 'Benutzername oder PIN ist falsch.',
    });
    let last = wrong;
    for (let i = 0; i < 4 && last.status !== 429; i++) last = await act(id, 'confirm', pin(anna, '0001'));
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last.body.errors[0].message).toMatch(/Zu viele falsche PINs/);
    // Even the right PIN waits now.
    expect((await act(id, 'confirm', pin(anna, '4711'))).status).toBe(429);
    expect(await statusOf(id)).toBe('unconfirmed');
  });

  it('refuses the key of another branch, of a kiosk, ticket screen or signage, and the branch key', async () => {
    const id = await place();
    for (const key of [grazDeskKey, kioskKey, screenKey, signageKey, vienna.apiKey!]) {
      const res = await act(id, 'confirm', pin(gerd, '8080'), key);
      expect([key, res.status]).toEqual([key, 401]);
    }
    for (const key of [grazDeskKey, kioskKey, screenKey, signageKey]) {
      const list = await t.request('GET', `/api/orders/frontdesk/${vienna.id}/${key}`);
      expect([key, list.status]).toEqual([key, 401]);
      const stream = await openStream(`${t.baseUrl}/api/orders/frontdesk/${vienna.id}/${key}/board-events`);
      streams.push(stream);
      expect([key, stream.status]).toEqual([key, 401]);
    }
    // The Graz terminal at its own branch, with a Vienna order: not on its board.
    const elsewhere = await act(id, 'confirm', pin(gerd, '8080'), grazDeskKey, demo.graz.id);
    expect(elsewhere.status).toBe(404);
    // A person of another branch at the Vienna terminal: not this branch's staff.
    const stranger = await act(id, 'confirm', pin(gerd, '8080'));
    expect(stranger.status).toBe(403);
    expect(await statusOf(id)).toBe('unconfirmed');
  });
});
