import { Device } from '../src/devices/device.entity.js';
import { hashDeviceKey } from '../src/devices/device-key.service.js';
import { EventStreamHub } from '../src/events/event-stream.hub.js';
import { type Demo, loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway } from './orders.fixtures.js';
import { bearerFor, insertUser, signIn } from './support/auth.js';
import { openStream, type SseStream } from './support/sse.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const LIMITS = {
  EVENT_STREAMS_PER_ADDRESS: '3',
  EVENT_STREAMS_PER_ORDER: '2',
  EVENT_STREAMS_PUBLIC: '5',
  EVENT_STREAMS_STAFF: '4',
};

/** Resolves true when the stream ended within `ms`, false when it is still open. */
const endsWithin = (s: SseStream, ms: number) =>
  Promise.race([s.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

/**
 * Event streams under attack (docs/decisions/security.md "Event streams"): caps per address, per order
 * and per process with a budget of their own for staff and devices; and streams that end with the
 * credential they were opened with.
 */
describe('event streams: caps and credentials', () => {
  let t: TestApp;
  let demo: Demo;
  const streams: SseStream[] = [];
  const orders: Array<{ uid: string; hash: string }> = [];

  async function open(path: string, headers: Record<string, string> = {}) {
    const s = await openStream(t.baseUrl + path, headers);
    streams.push(s);
    return s;
  }
  const statusPage = (o: { uid: string; hash: string }, address: string) =>
    open(`/api/orders/public/${o.uid}/${o.hash}/events`, { 'x-forwarded-for': address });
  async function closeAll() {
    while (streams.length) streams.pop()!.close();
    // The hub counts a stream until its connection is closed.
    for (let i = 0; i < 100 && t.app.get(EventStreamHub).size > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
  }

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { ...ORDER_TEST_ENV, ...LIMITS, TRUST_PROXY: '1' } });
    t.clock.set(NOON);
    demo = await loadDemo(t);
    for (let i = 0; i < 3; i++) {
      const placed = await postOrder(t, takeaway(demo));
      expect(placed.status).toBe(201);
      orders.push(placed.body.data.order);
    }
  });
  afterEach(closeAll);
  afterAll(async () => {
    await t.close();
  });

  it('caps status-page streams per order and per address with a German 429 and Retry-After', async () => {
    const [a, b, c] = orders as [(typeof orders)[0], (typeof orders)[0], (typeof orders)[0]];
    expect((await statusPage(a, '10.0.0.1')).status).toBe(200);
    expect((await statusPage(a, '10.0.0.2')).status).toBe(200);
    const perOrder = await t.request('GET', `/api/orders/public/${a.uid}/${a.hash}/events`, undefined, {
      'x-forwarded-for': '10.0.0.3',
    });
    expect(perOrder.status).toBe(429);
    expect(perOrder.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(perOrder.body.errors[0].message).toMatch(/zu viele Live-Verbindungen/);

    expect((await statusPage(b, '10.0.0.1')).status).toBe(200);
    expect((await statusPage(c, '10.0.0.1')).status).toBe(200);
    const perAddress = await t.request('GET', `/api/orders/public/${c.uid}/${c.hash}/events`, undefined, {
      'x-forwarded-for': '10.0.0.1',
    });
    expect(perAddress.status).toBe(429);
    expect(perAddress.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(perAddress.body.errors[0].message).toMatch(/Von Ihrer Adresse/);

    // A closed stream gives its place back.
    await closeAll();
    expect((await statusPage(a, '10.0.0.1')).status).toBe(200);
  });

  it('caps status pages in total (503) without starving the board, which has its own budget', async () => {
    let n = 0;
    for (const o of orders) for (let i = 0; i < 2 && n < 5; i++, n++) await statusPage(o, `10.1.0.${n}`);
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const full = await t.request(
      'GET',
      `/api/orders/public/${orders[2]!.uid}/${orders[2]!.hash}/events`,
      undefined,
      {
        'x-forwarded-for': '10.1.0.99',
      },
    );
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(full.body.errors[0].message).toMatch(/zu viele Live-Verbindungen/);

    // The board still connects; its budget (4) is its own and ends with a 503 too.
    const board = await open('/api/events', demo.admin);
    expect(board.status).toBe(200);
    const staff: number[] = [];
    for (let i = 0; i < 3; i++) {
      const user = await insertUser(t, { username: `tafel-${i}`, roles: ['ROLE_ADMIN'] });
      staff.push((await open('/api/events', await bearerFor(t, user.id))).status);
    }
    expect(staff).toEqual([200, 200, 200]);
    const over = await t.request('GET', '/api/events', undefined, demo.admin);
    expect(over.status).toBe(503);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('ends the stream of a session at sign-out, of a user at a new password or when disabled', async () => {
    const user = await insertUser(t, {
      username: 'tafel-ende',
      roles: ['ROLE_MANAGER'],
      password: 'Geheim-12345',
    });
    const session = await signIn(t, 'tafel-ende', 'Geheim-12345');
    const other = await signIn(t, 'tafel-ende', 'Geheim-12345');
    const byCookie = await open('/api/events', session.cookie);
    const byOther = await open('/api/events', other.cookie);
    expect([byCookie.status, byOther.status]).toEqual([200, 200]);
    expect((await t.request('POST', '/api/auth/logout', undefined, session.write)).status).toBe(200);
    expect(await endsWithin(byCookie, 3000)).toBe(true);
    expect(await endsWithin(byOther, 300)).toBe(false); // the other session goes on

    // A new password (set by an administrator) ends the other session's stream and the token's.
    const token = await open('/api/events', await bearerFor(t, user.id));
    expect(token.status).toBe(200);
    const read = await t.request('GET', `/api/users/${user.id}`, undefined, demo.admin);
    const put = await t.request(
      'PUT',
      `/api/users/${user.id}`,
      { ...read.body.data, password: 'Neues-Passwort-987' },
      demo.admin,
    );
    expect(put.status).toBe(200);
    expect(await endsWithin(byOther, 3000)).toBe(true);
    expect(await endsWithin(token, 3000)).toBe(true);

    // Disabling the account ends its streams.
    const again = await open('/api/events', await bearerFor(t, user.id));
    expect(again.status).toBe(200);
    const disabled = await t.request(
      'PUT',
      `/api/users/${user.id}`,
      {
        ...(await t.request('GET', `/api/users/${user.id}`, undefined, demo.admin)).body.data,
        isEnabled: false,
      },
      demo.admin,
    );
    expect(disabled.status).toBe(200);
    expect(await endsWithin(again, 3000)).toBe(true);
    // …and nothing of the next order reaches it.
    await postOrder(t, takeaway(demo));
    expect(again.events.filter((e) => e.event === 'order.created')).toEqual([]);
  });

  it('ends a device stream when the device is disabled, given a new key or unpaired', async () => {
    const repo = t.dataSource.getRepository(Device);
    const key = (n: number) => `theke-ende-${n}-0123456789abcdef0123456789abcdef`;
    const device = await repo.save(
      repo.create({
        identifier: 'theke-ende',
        type: 'frontdesk',
        branch: demo.vienna,
        settings: {},
        apiKeyHash: hashDeviceKey(key(1)),
      }),
    );
    const as = (n: number) => ({ authorization: `Bearer ${key(n)}` });
    const setKey = (n: number) => repo.update({ id: device.id }, { apiKeyHash: hashDeviceKey(key(n)) });

    // Disabled in the back office.
    let s = await open('/api/events', as(1));
    expect(s.status).toBe(200);
    const read = await t.request('GET', `/api/devices/${device.id}`, undefined, demo.admin);
    const off = await t.request(
      'PUT',
      `/api/devices/${device.id}`,
      { ...read.body.data, isEnabled: false },
      demo.admin,
    );
    expect(off.status).toBe(200);
    expect(await endsWithin(s, 3000)).toBe(true);
    await repo.update({ id: device.id }, { isEnabled: true });

    // A new key.
    s = await open('/api/events', as(1));
    expect(s.status).toBe(200);
    const rotated = await t.request('POST', `/api/devices/${device.id}/api-key`, {}, demo.admin);
    expect(rotated.status).toBeLessThan(300);
    expect(await endsWithin(s, 3000)).toBe(true);

    // Unpaired.
    await setKey(2);
    s = await open('/api/events', as(2));
    expect(s.status).toBe(200);
    expect((await t.request('POST', `/api/devices/${device.id}/unpair`, {}, demo.admin)).status).toBe(200);
    expect(await endsWithin(s, 3000)).toBe(true);
  });

  it('ends a ticket screen opened with the branch key when the key changes', async () => {
    const branchKey = 'filiale-wien-schluessel-0123456789abcdef';
    await t.dataSource.query(`UPDATE branch SET api_key = $1 WHERE id = $2`, [branchKey, demo.vienna.id]);
    const s = await open(`/api/orders/frontdesk/${demo.vienna.id}/${branchKey}/events`);
    expect(s.status).toBe(200);
    // The key is replaced (the branch's key has no API field of its own yet), then the branch saved.
    await t.dataSource.query(`UPDATE branch SET api_key = $1 WHERE id = $2`, [
      'neuer-filial-schluessel-0123456789abcdef',
      demo.vienna.id,
    ]);
    const read = await t.request('GET', `/api/branches/${demo.vienna.id}`, undefined, demo.admin);
    const put = await t.request(
      'PUT',
      `/api/branches/${demo.vienna.id}`,
      { ...read.body.data, name: `${read.body.data.name} (neu)` },
      demo.admin,
    );
    expect(put.status).toBe(200);
    expect(await endsWithin(s, 3000)).toBe(true);
  });

  it('reads its limits from the environment', () => {
    expect(t.app.get(EventStreamHub).limits).toMatchObject({
      perAddress: 3,
      perOrder: 2,
      public: 5,
      staff: 4,
    });
  });
});
