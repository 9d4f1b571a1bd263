import { jest } from '@jest/globals';
import { Branch } from '../src/branches/branch.entity.js';
import { AuditLog } from '../src/logs/audit-log.entity.js';
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
import { openStream } from './support/sse.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Friday 20 November 2026 in Vienna, as an instant. */
const friday = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00+01:00`).toISOString();

describe('pausing orders and busy mode', () => {
  let t: TestApp;
  let demo: Demo;
  const pause = (body: unknown, who = demo.employee) =>
    t.request('POST', `/api/branches/${demo.vienna.id}/pause`, body, who);
  // The branch as /api/init hands it to storefront and kiosk (through the public cache).
  const branchOf = async () => {
    const entries: Array<{ url: string; data: { data: unknown } }> = (await t.request('GET', '/api/init'))
      .body.data;
    const branches = entries.find((e) => e.url === '/api/branches')!.data.data as Array<Record<string, any>>;
    return branches.find((b) => b.id === demo.vienna.id)!;
  };

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    demo = await loadDemo(t);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    t.clock.set(NOON);
    await t.request('DELETE', `/api/branches/${demo.vienna.id}/pause`, undefined, demo.admin);
    await t.request('DELETE', `/api/branches/${demo.vienna.id}/busy`, undefined, demo.admin);
  });

  it('refuses orders while paused with the code, shows the pause in /api/init and ends by the clock', async () => {
    const started = await pause({ minutes: 15, message: 'Die Küche ist voll.', allowPreorders: false });
    expect(started.status).toBe(200);
    expect(started.body.data.orderingPause).toEqual({
      until: '2026-11-20T11:15:00.000Z',
      orderTypes: null,
      message: 'Die Küche ist voll.',
      allowPreorders: false,
    });
    expect((await branchOf()).orderingPause.until).toBe('2026-11-20T11:15:00.000Z');

    const refused = await postOrder(t, takeaway(demo));
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toEqual({
      message: 'Wir nehmen gerade keine Bestellungen an – wieder ab 12:15 Uhr.',
      code: 'ordering_paused',
    });
    expect((await postOrder(t, takeaway(demo, { appointmentDate: friday('13:00') }))).status).toBe(400);

    t.clock.advance(15 * 60_000);
    expect((await postOrder(t, takeaway(demo))).status).toBe(201);

    const audit = await t.dataSource
      .getRepository(AuditLog)
      .findOneByOrFail({ entityType: 'branches', entityId: String(demo.vienna.id), action: 'pause' });
    expect(audit.username).toBe('mitarbeiter');
  });

  it('pushes each change to every board of the branch at once (branch.pause on the staff stream)', async () => {
    // A second board: the administrator's stream. The employee pauses at the first one.
    const board = await openStream(`${t.baseUrl}/api/events`, demo.admin);
    try {
      expect(board.status).toBe(200);
      const ofVienna = (e: { event: string; data: any }) =>
        e.event === 'branch.pause' && e.data.branchId === demo.vienna.id;
      expect((await pause({ minutes: 30, orderTypes: ['delivery'] })).status).toBe(200);
      // The stream may still bring the branch's earlier change (the previous test's end of pause): wait
      // for this pause.
      const paused = await board.next((e) => ofVienna(e) && e.data.orderingPause !== null, 5000);
      expect(paused.data).toEqual({
        branchId: demo.vienna.id,
        orderingPause: {
          until: '2026-11-20T11:30:00.000Z',
          orderTypes: ['delivery'],
          message: '',
          allowPreorders: true,
        },
        busyMode: null,
      });
      const busy = await t.request('POST', `/api/branches/${demo.vienna.id}/busy`, {}, demo.employee);
      expect(busy.status).toBe(200);
      expect((await board.next(ofVienna, 5000)).data.busyMode).toEqual(busy.body.data.busyMode);
      await t.request('DELETE', `/api/branches/${demo.vienna.id}/pause`, undefined, demo.employee);
      expect((await board.next(ofVienna, 5000)).data).toMatchObject({ orderingPause: null });
    } finally {
      board.close();
    }
  });

  it('pauses delivery only, lets pre-orders for after the pause through, and resumes on DELETE', async () => {
    expect((await pause({ minutes: 60, orderTypes: ['delivery'] })).status).toBe(200);
    const lunch = [item(demo, 'Tafelspitz mit Apfelkren und Schnittlauchsauce')];
    const now = await postOrder(t, delivery(demo, 0, { items: lunch }));
    expect(now.body.errors[0].code).toBe('ordering_paused');
    expect(now.body.errors[0].message).toContain('keine Lieferbestellungen');
    expect((await postOrder(t, takeaway(demo))).status).toBe(201);
    const later = await postOrder(t, delivery(demo, 0, { items: lunch, appointmentDate: friday('13:30') }));
    expect(later.status).toBe(201);

    const resumed = await t.request(
      'DELETE',
      `/api/branches/${demo.vienna.id}/pause`,
      undefined,
      demo.employee,
    );
    expect(resumed.body.data.orderingPause).toBeNull();
    expect((await postOrder(t, delivery(demo, 0, { items: lunch }))).status).toBe(201);
  });

  it('pauses until the next opening and checks its input with German messages', async () => {
    const res = await pause({ until: 'nextOpening' });
    expect(res.status).toBe(200);
    const until = new Date(res.body.data.orderingPause.until);
    expect(until.getTime()).toBeGreaterThan(new Date(NOON).getTime());

    const both = await pause({ minutes: 15, until: 'nextOpening' });
    expect(both.status).toBe(400);
    expect(both.body.errors[0]).toMatchObject({ field: 'minutes', code: 'pause_length' });
    expect((await pause({ minutes: 0 })).body.errors[0].field).toBe('minutes');
    const past = await pause({ until: '2026-11-20T10:00:00Z' });
    expect(past.body.errors[0]).toMatchObject({ field: 'until', code: 'pause_until' });
    expect(past.body.errors[0].message).toContain('Zukunft');
  });

  it('keeps employees to their branches and strangers out', async () => {
    expect(
      (await t.request('POST', `/api/branches/${demo.graz.id}/pause`, { minutes: 15 }, demo.employee)).status,
    ).toBe(403);
    expect((await t.request('POST', `/api/branches/${demo.vienna.id}/pause`, { minutes: 15 })).status).toBe(
      401,
    );
  });

  it('busy mode moves the earliest bookable time and the preparation time of confirmed orders', async () => {
    const firstFrom = async () => {
      const res = await t.request(
        'GET',
        `/api/branches/${demo.vienna.id}/availability?from=2026-11-20&to=2026-11-20&type=takeaway`,
      );
      return res.body.data.days[0].windows[0].from as string;
    };
    const before = await firstFrom();
    const busy = await t.request('POST', `/api/branches/${demo.vienna.id}/busy`, {}, demo.employee);
    expect(busy.status).toBe(200);
    expect(busy.body.data.busyMode).toEqual({ extraMinutes: 20, until: '2026-11-20T12:00:00.000Z' });
    expect((await branchOf()).busyMode.extraMinutes).toBe(20);
    const after = await firstFrom();
    expect(new Date(after).getTime() - new Date(before).getTime()).toBe(20 * 60_000);

    // An appointment inside the extra time is too early now.
    const early = await postOrder(t, takeaway(demo, { appointmentDate: friday('12:10') }));
    expect(early.body.errors[0].code).toBe('appointment_too_early');

    const placed = await postOrder(t, takeaway(demo));
    const id = (await t.dataSource.getRepository(Order).findOneByOrFail({ uid: placed.body.data.order.uid }))
      .id;
    const confirmed = await t.request('POST', `/api/orders/${id}/status/confirm`, {}, demo.employee);
    const extra = (new Date(confirmed.body.data.appointment).getTime() - new Date(NOON).getTime()) / 60_000;
    expect(extra).toBeGreaterThanOrEqual(20);

    t.clock.advance(60 * 60_000);
    expect(await firstFrom()).not.toBe(after);
    expect((await postOrder(t, takeaway(demo, { appointmentDate: friday('13:05') }))).status).toBe(201);
  });
  it('checks each order against the branch as it is now, reading its row again only after it changed', async () => {
    // The checkout's reads of the branch (through the pool manager's repository, from the catalogue).
    const manager = t.dataSource.manager;
    const original = manager.getRepository.bind(manager);
    let reads = 0;
    const spy = jest.spyOn(manager, 'getRepository').mockImplementation(((target: unknown) => {
      if (target === Branch && /order-catalogue/.test(new Error().stack ?? '')) reads += 1;
      return original(target as never);
    }) as never);
    try {
      expect((await postOrder(t, takeaway(demo))).status).toBe(201);
      reads = 0;
      expect((await postOrder(t, takeaway(demo))).status).toBe(201);
      expect(reads).toBe(0);
      // A change that publishes nothing and raises no version, but moves `updated_at` as every update does.
      await t.dataSource.getRepository(Branch).update({ id: demo.vienna.id }, { isPublic: false });
      const refused = await postOrder(t, takeaway(demo));
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].code).toBe('branch_not_public');
      expect(reads).toBe(1);
      await t.dataSource.getRepository(Branch).update({ id: demo.vienna.id }, { isPublic: true });
      expect((await postOrder(t, takeaway(demo))).status).toBe(201);
      expect(reads).toBe(2);
    } finally {
      spy.mockRestore();
      await t.dataSource.getRepository(Branch).update({ id: demo.vienna.id }, { isPublic: true });
    }
  });
});
