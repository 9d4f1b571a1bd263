import { Branch } from '../src/branches/branch.entity.js';
import { AuditLog } from '../src/logs/audit-log.entity.js';
import { Order } from '../src/orders/order.entity.js';
import { Device } from '../src/devices/device.entity.js';
import { hashDeviceKey } from '../src/devices/device-key.service.js';
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
  let paula: { id: number }; // pauses at the second Vienna terminal
  const deskKey = 'theke-wien-geraeteschluessel-0123456789';
  const grazDeskKey = 'theke-graz-geraeteschluessel-0123456789';
  const kioskKey = 'kiosk-wien-geraeteschluessel-0123456789';
  const screenKey = 'tv-wien-geraeteschluessel-0123456789ab';
  const signageKey = 'signage-wien-geraeteschluessel-01234567';
  const pauseKey = 'theke-wien-zwei-geraeteschluessel-01234';
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { ...ORDER_TEST_ENV, BCRYPT_COST: '4' } });
    t.clock.set(NOON);
    demo = await loadDemo(t);
    vienna = await t.dataSource.getRepository(Branch).findOneByOrFail({ id: demo.vienna.id });
    anna = await makeUser(t, 'anna-theke', ['ROLE_EMPLOYEE'], [vienna.id]);
    gerd = await makeUser(t, 'gerd-graz', ['ROLE_EMPLOYEE'], [demo.graz.id]);
    paula = await makeUser(t, 'paula-theke', ['ROLE_EMPLOYEE'], [vienna.id]);
    for (const [who, pin] of [
      [anna, '4711'],
      [gerd, '8080'],
      [paula, '2468'],
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
        device('theke-wien-2', 'frontdesk', vienna, pauseKey),
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

  describe('pause and busy mode at the counter', () => {
    const change = (
      method: 'POST' | 'DELETE',
      what: 'pause' | 'busy',
      body: unknown,
      headers: Record<string, string> = {},
      key = pauseKey,
      branch = vienna.id,
    ) => t.request(method, `/api/orders/frontdesk/${branch}/${key}/${what}`, body, headers);
    const stateOf = async () => {
      const b = await t.dataSource.getRepository(Branch).findOneByOrFail({ id: vienna.id });
      return { orderingPause: b.orderingPause, busyMode: b.busyMode };
    };
    const ofVienna = (e: { event: string; data: any }) =>
      e.event === 'branch.pause' && e.data.branchId === vienna.id;

    it('does nothing with the key alone', async () => {
      for (const [method, what] of [
        ['POST', 'pause'],
        ['DELETE', 'pause'],
        ['POST', 'busy'],
        ['DELETE', 'busy'],
      ] as const) {
        const res = await change(method, what, method === 'POST' ? { minutes: 30 } : undefined);
        expect([method, what, res.status]).toEqual([method, what, 400]);
        expect(res.body.errors[0].field).toBe('userId');
      }
      expect(await stateOf()).toEqual({ orderingPause: null, busyMode: null });
    });

    it('pauses with a PIN as that person; staff boards and the counter see it live; the shop refuses', async () => {
      const staff = await openStream(`${t.baseUrl}/api/events`, demo.admin);
      const counter = await openStream(
        `${t.baseUrl}/api/orders/frontdesk/${vienna.id}/${pauseKey}/board-events`,
      );
      streams.push(staff, counter);
      expect([staff.status, counter.status]).toEqual([200, 200]);

      const paused = await change('POST', 'pause', { minutes: 30 }, pin(paula, '2468'));
      expect(paused.status).toBe(200);
      const pause = {
        until: '2026-11-20T11:30:00.000Z',
        orderTypes: null,
        message: '',
        allowPreorders: true,
      };
      expect(paused.body.data).toEqual({ orderingPause: pause, busyMode: null });
      expect((await staff.next(ofVienna, 5000)).data).toEqual({
        branchId: vienna.id,
        orderingPause: pause,
        busyMode: null,
      });
      expect((await counter.next(ofVienna, 5000)).data.orderingPause).toEqual(pause);
      const refused = await postOrder(t, takeaway(demo));
      expect([refused.status, refused.body.errors[0].code]).toEqual([400, 'ordering_paused']);
      const audit = await t.dataSource
        .getRepository(AuditLog)
        .findOneByOrFail({ entityType: 'branches', entityId: String(vienna.id), action: 'pause' });
      expect([audit.userId, audit.username]).toEqual([paula.id, 'paula-theke']);

      const busy = await change('POST', 'busy', { extraMinutes: 20 }, pin(paula, '2468'));
      expect(busy.status).toBe(200);
      expect(busy.body.data.busyMode).toEqual({ extraMinutes: 20, until: '2026-11-20T12:00:00.000Z' });
      expect((await staff.next(ofVienna, 5000)).data.busyMode).toEqual(busy.body.data.busyMode);
      expect((await change('DELETE', 'busy', undefined, pin(paula, '2468'))).status).toBe(200);
      const resumed = await change('DELETE', 'pause', undefined, pin(paula, '2468'));
      expect(resumed.body.data).toEqual({ orderingPause: null, busyMode: null });
      expect(await stateOf()).toEqual({ orderingPause: null, busyMode: null });
      expect((await postOrder(t, takeaway(demo))).status).toBe(201);
    });

    it("refuses another branch's terminal, other keys and its people; a bad body names the field", async () => {
      // Graz's terminal at Vienna's path, and the kiosk or the branch key: 401 whatever the PIN.
      for (const key of [grazDeskKey, kioskKey, vienna.apiKey!]) {
        const res = await change('POST', 'pause', { minutes: 30 }, pin(paula, '2468'), key);
        expect([key, res.status]).toEqual([key, 401]);
      }
      // A Graz employee at the Vienna terminal: not this branch's staff.
      expect((await change('POST', 'pause', { minutes: 30 }, pin(gerd, '8080'))).status).toBe(403);
      const bad = await change('POST', 'pause', { minutes: 0 }, pin(paula, '2468'));
      expect([bad.status, bad.body.errors[0].field]).toEqual([400, 'minutes']);
      expect(await stateOf()).toEqual({ orderingPause: null, busyMode: null });
    });

    it('answers a wrong PIN with 401, then 429 with Retry-After, pausing nothing', async () => {
      const wrong = await change('POST', 'pause', { minutes: 30 }, pin(paula, '0000'));
      expect(wrong.status).toBe(401);
      expect(wrong.body.errors[0]).toMatchObject({ field: 'accessToken' });
      let last = wrong;
      for (let i = 0; i < 4 && last.status !== 429; i++)
        last = await change('POST', 'busy', {}, pin(paula, '0001'));
      expect(last.status).toBe(429);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await stateOf()).toEqual({ orderingPause: null, busyMode: null });
    });
  });
  describe('sold out at the counter', () => {
    const soldOutKey = 'theke-wien-drei-geraeteschluessel-0123';
    let sina: { id: number };
    const soldOutUrl = (key = soldOutKey, branch = vienna.id) =>
      `/api/orders/frontdesk/${branch}/${key}/sold-out`;
    const markAt = (
      body: unknown,
      headers: Record<string, string> = {},
      key = soldOutKey,
      branch = vienna.id,
    ) => t.request('POST', soldOutUrl(key, branch), body, headers);
    const marksOf = async () =>
      (await t.dataSource.getRepository(Branch).findOneByOrFail({ id: vienna.id })).soldOut ?? [];
    const soup = () => demo.products.get('Wiener Schnitzel vom Kalb')!;

    beforeAll(async () => {
      sina = await makeUser(t, 'sina-theke', ['ROLE_EMPLOYEE'], [vienna.id]);
      expect(
        (await t.request('PUT', `/api/time-tracking/pins/${sina.id}`, { pin: '1357' }, demo.admin)).status,
      ).toBe(200);
      await t.dataSource.getRepository(Device).save({
        identifier: 'theke-wien-3',
        name: 'theke-wien-3',
        type: 'frontdesk',
        branch: vienna,
        isEnabled: true,
        settings: {},
        apiKeyHash: hashDeviceKey(soldOutKey),
        apiKeyHint: soldOutKey.slice(-4),
      } as Device);
    });
    afterEach(async () => {
      await t.dataSource.getRepository(Branch).update({ id: vienna.id }, { soldOut: [] });
    });

    it('marks with a PIN as that person, live on the counter stream, audited; unmarks likewise', async () => {
      const counter = await openStream(
        `${t.baseUrl}/api/orders/frontdesk/${vienna.id}/${soldOutKey}/board-events`,
      );
      streams.push(counter);
      expect(counter.status).toBe(200);

      const marked = await markAt({ product: { id: soup().id }, until: null }, pin(sina, '1357'));
      expect(marked.status).toBe(200);
      expect(marked.body.data).toMatchObject({
        product: { id: soup().id, name: 'Wiener Schnitzel vom Kalb' },
        until: null,
        markedBy: { id: sina.id, name: 'sina-theke' },
      });
      const live = await counter.next((e) => e.event === 'availability.changed', 5000);
      expect(live.data.entries.map((e: { id: string }) => e.id)).toEqual([marked.body.data.id]);
      expect(live.data.entries[0].markedBy.name).toBe('sina-theke');
      // The list with the key alone names the person; the shop refuses the dish.
      const listed = await t.request('GET', soldOutUrl());
      expect(listed.status).toBe(200);
      expect(listed.body.data.entries[0].markedBy).toEqual({ id: sina.id, name: 'sina-theke' });
      const refused = await postOrder(t, takeaway(demo));
      expect([refused.status, refused.body.errors[0].code]).toEqual([400, 'sold_out']);
      const audit = await t.dataSource
        .getRepository(AuditLog)
        .findOneByOrFail({ entityType: 'branches', entityId: String(vienna.id), action: 'sold-out' });
      expect([audit.userId, audit.username]).toEqual([sina.id, 'sina-theke']);

      const released = await t.request(
        'DELETE',
        `${soldOutUrl()}/${marked.body.data.id}`,
        undefined,
        pin(sina, '1357'),
      );
      expect(released.status).toBe(200);
      expect(released.body.data.entries).toEqual([]);
      expect(await marksOf()).toEqual([]);
      const ended = await t.dataSource
        .getRepository(AuditLog)
        .findOneByOrFail({ entityType: 'branches', entityId: String(vienna.id), action: 'sold-out-end' });
      expect([ended.userId, ended.username]).toEqual([sina.id, 'sina-theke']);
      expect((await postOrder(t, takeaway(demo))).status).toBe(201);
    });

    it('refuses the key alone, a wrong PIN, other keys and other branches, and names a bad field', async () => {
      const body = { product: { id: soup().id }, until: 'closing' };
      const alone = await markAt(body);
      expect([alone.status, alone.body.errors[0].field]).toEqual([400, 'userId']);
      const wrong = await markAt(body, pin(sina, '0000'));
      expect(wrong.status).toBe(401);
      expect(wrong.body.errors[0]).toMatchObject({
        field: 'accessToken',
        message: 'Benutzername oder PIN ist falsch.',
      });
      // Graz's terminal at Vienna's path, a kiosk or the branch key: 401 whatever the PIN; reading too.
      for (const key of [grazDeskKey, kioskKey, vienna.apiKey!]) {
        const res = await markAt(body, pin(sina, '1357'), key);
        expect([key, res.status]).toEqual([key, 401]);
        expect(res.body.errors[0].message).toBe('Bitte melden Sie sich an.');
        expect([key, (await t.request('GET', soldOutUrl(key))).status]).toEqual([key, 401]);
      }
      // A Graz employee at the Vienna terminal: not this branch's staff.
      const stranger = await markAt(body, pin(gerd, '8080'));
      expect(stranger.status).toBe(403);
      expect(stranger.body.errors[0].message).toBe('Sie sind dieser Filiale nicht zugeordnet.');
      const bad = await markAt({ product: { id: soup().id }, until: 'morgen' }, pin(sina, '1357'));
      expect([bad.status, bad.body.errors[0].field]).toEqual([400, 'until']);
      expect(await marksOf()).toEqual([]);
      // Unmarking an entry of this branch needs the PIN as well.
      const marked = await markAt(body, pin(sina, '1357'));
      expect(marked.status).toBe(200);
      const release = (headers: Record<string, string>, key = soldOutKey) =>
        t.request('DELETE', `${soldOutUrl(key)}/${marked.body.data.id}`, undefined, headers);
      expect((await release({})).status).toBe(400);
      expect((await release(pin(gerd, '8080'))).status).toBe(403);
      expect((await release(pin(gerd, '8080'), grazDeskKey)).status).toBe(401);
      expect(await marksOf()).toHaveLength(1);
    });
  });
});
