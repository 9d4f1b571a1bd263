import { CONSENT_COOKIE, consentChoice, serializeConsent } from '@ordering/common';
import { Branch } from '../src/branches/branch.entity.js';
import { Order } from '../src/orders/order.entity.js';
import { RequestContext } from '../src/core/request-context.js';
import { StatisticsService } from '../src/statistics/statistics.service.js';
import { WorkingActivity } from '../src/operations/time-tracking/working-activity.entity.js';
import { WorkingSchedule } from '../src/operations/time-tracking/working-schedule.entity.js';
import { User } from '../src/auth/user.entity.js';
import { DEMO_USERS } from '../src/users/seed-users.js';
import { signIn } from './support/auth.js';
import { item, loadDemo, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Every statistics set over HTTP on the real app, checked against figures worked out by hand from the
 * orders, log records and working times this file writes on Tuesday 1 and Wednesday 2 December 2026
 * (Vienna, UTC+1; the demo data lies in November).
 */
describe('GET /api/statistics/{set}', () => {
  let t: TestApp;
  let demo: Demo;
  const RANGE = 'from=2026-12-01&to=2026-12-02';

  const get = (path: string, as: Record<string, string> = demo.admin) =>
    t.request('GET', `/api/statistics/${path}`, undefined, as);
  const data = async (path: string, as?: Record<string, string>) => {
    const res = await get(path, as);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };

  async function place(at: string, form: Record<string, unknown>, then?: 'cancel' | 'reject') {
    t.clock.set(at);
    const res = await postOrder(t, form);
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    const order = await t.dataSource.getRepository(Order).findOneByOrFail({ uid: res.body.data.order.uid });
    if (then) {
      const answer = await t.request('POST', `/api/orders/${order.id}/status/${then}`, {}, demo.admin);
      expect(answer.status).toBe(200);
    }
    return res.body.data.order.pricing.totalGross as number;
  }

  async function visit(at: string, visitor: number, body: Record<string, unknown>) {
    t.clock.set(at);
    const res = await t.request('POST', '/api/analytics-log', body, {
      'x-forwarded-for': `203.0.113.${visitor}`,
      'user-agent': `jest ${visitor}`,
      // The visitor allowed the statistics: without it the log stores nothing.
      cookie: `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(consentChoice(['statistics'], new Date(at))))}`,
    });
    expect(res.status).toBe(201);
  }

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { ...ORDER_TEST_ENV, TRUST_PROXY: '1' } });
    demo = await loadDemo(t);
    // The Linz inn is not public in the demo data; it opens for these tests.
    await t.dataSource.getRepository(Branch).update(demo.linz.id, { isPublic: true });
    const linz = (overrides: Record<string, unknown>) =>
      takeaway(demo, { branch: { id: demo.linz.id }, ...overrides });

    // Orders (local times; prices: Schnitzel 19.90, Almdudler 4.60, Rindsuppe 5.40).
    const totals = [
      // A Tue 12:00 Vienna: Schnitzel + 2 Almdudler = 29.10
      await place(
        '2026-12-01T11:00:00Z',
        takeaway(demo, {
          items: [item(demo, 'Wiener Schnitzel vom Kalb'), item(demo, 'Almdudler 0,5 l', 2)],
        }),
      ),
      // B Tue 12:05 Vienna: 2 Rindsuppe = 10.80, cancelled
      await place(
        '2026-12-01T11:05:00Z',
        takeaway(demo, { items: [item(demo, 'Rindsuppe mit Frittaten', 2)] }),
        'cancel',
      ),
      // D Tue 13:15 Linz: 2 Schnitzel = 39.80
      await place('2026-12-01T12:15:00Z', linz({ items: [item(demo, 'Wiener Schnitzel vom Kalb', 2)] })),
      // C Wed 18:30 Vienna: Schnitzel = 19.90
      await place('2026-12-02T17:30:00Z', takeaway(demo)),
      // E Wed 12:00 Linz: Almdudler = 4.60, rejected
      await place('2026-12-02T11:00:00Z', linz({ items: [item(demo, 'Almdudler 0,5 l')] }), 'reject'),
      // F Thu 12:00 Vienna: outside the range
      await place('2026-12-03T11:00:00Z', takeaway(demo)),
    ];
    expect(totals).toEqual([29.1, 10.8, 39.8, 19.9, 4.6, 19.9]);

    // Analytics: visitor 1 on Tuesday morning, 2 in the evening, 3 just after midnight (Wednesday locally).
    await visit('2026-12-01T09:00:00Z', 1, { type: 'pageview', action: 'view', path: '/' });
    await visit('2026-12-01T09:05:00Z', 1, { type: 'pageview', action: 'view', path: '/speisekarte' });
    await visit('2026-12-01T09:06:00Z', 1, { type: 'event', action: 'add_to_cart', category: 'cart' });
    await visit('2026-12-01T17:00:00Z', 2, { type: 'pageview', action: 'view', path: '/' });
    await visit('2026-12-01T23:30:00Z', 3, { type: 'pageview', action: 'view', path: '/' });
    await visit('2026-11-30T22:59:00Z', 1, { type: 'pageview', action: 'view', path: '/' }); // Monday 23:59

    // Working time: Marie works Tuesday in Vienna 09:00-17:00 with 30 minutes' pause and is on holiday on
    // Wednesday; the manager works in Linz since Wednesday 08:00, paused since 10:00 (now is 11:00).
    const users = t.dataSource.getRepository(User);
    const marie = await users.findOneByOrFail({ username: 'mitarbeiter' });
    const boss = await users.findOneByOrFail({ username: 'leitung' });
    const activities = t.dataSource.getRepository(WorkingActivity);
    await activities.save([
      activities.create({
        user: marie,
        branch: demo.vienna,
        type: 'work',
        status: 'ended',
        days: null,
        startedAt: new Date('2026-12-01T08:00:00Z'),
        endedAt: new Date('2026-12-01T16:00:00Z'),
        pauses: [{ start: '2026-12-01T11:00:00.000Z', end: '2026-12-01T11:30:00.000Z' }],
        pauseMinutes: 30,
      }),
      activities.create({
        user: marie,
        branch: demo.vienna,
        type: 'holiday',
        status: 'ended',
        days: 1,
        pauses: [],
        pauseMinutes: 0,
        startedAt: new Date('2026-12-01T23:00:00Z'),
        endedAt: new Date('2026-12-02T23:00:00Z'),
      }),
      activities.create({
        user: boss,
        branch: demo.linz,
        type: 'work',
        status: 'paused',
        days: null,
        endedAt: null,
        startedAt: new Date('2026-12-02T07:00:00Z'),
        pauses: [{ start: '2026-12-02T09:00:00.000Z', end: null }],
        pauseMinutes: 0,
      }),
    ]);
    const schedules = t.dataSource.getRepository(WorkingSchedule);
    await schedules.save([
      schedules.create({
        user: marie,
        branch: demo.vienna,
        startsAt: new Date('2026-12-01T08:00:00Z'),
        endsAt: new Date('2026-12-01T16:00:00Z'),
      }),
      schedules.create({
        user: marie,
        branch: demo.vienna,
        startsAt: new Date('2026-12-02T08:00:00Z'),
        endsAt: new Date('2026-12-02T12:00:00Z'),
      }),
      schedules.create({
        user: boss,
        branch: demo.linz,
        startsAt: new Date('2026-12-02T07:00:00Z'),
        endsAt: new Date('2026-12-02T15:00:00Z'),
      }),
    ]);
    t.clock.set('2026-12-02T10:00:00Z');
  });
  afterAll(async () => {
    await t.close();
  });

  const days = (a: number, b: number) => [
    { date: '2026-12-01', value: a },
    { date: '2026-12-02', value: b },
  ];
  const RANGE_ALL = { from: '2026-12-01', to: '2026-12-02', branchId: null, byBranch: true };
  /** The two days before RANGE (their figures hold the demo data; the comparison is checked below). */
  const BEFORE_RANGE = expect.objectContaining({ from: '2026-11-29', to: '2026-11-30' });

  describe('orders', () => {
    it('counts the orders by business day, without the cancelled, the rejected and the next day', async () => {
      expect(await data(`orders?${RANGE}`)).toEqual({
        ...RANGE_ALL,
        total: 3,
        series: days(2, 1),
        previous: BEFORE_RANGE,
      });
    });

    it('sums the revenue exactly, the cancelled order excluded, with the average order value', async () => {
      expect(await data(`revenue?${RANGE}`)).toEqual({
        ...RANGE_ALL,
        total: 88.8,
        orders: 3,
        averageOrderValue: 29.6,
        series: days(68.9, 19.9),
        previous: BEFORE_RANGE,
      });
    });

    it('counts the cancelled and rejected orders and the revenue they lost', async () => {
      expect(await data(`canceled-orders?${RANGE}`)).toEqual({
        ...RANGE_ALL,
        total: 2,
        canceled: 1,
        rejected: 1,
        lostRevenue: 15.4,
        series: days(1, 1),
        previous: BEFORE_RANGE,
      });
    });

    it('counts the items sold by amount', async () => {
      expect(await data(`items?${RANGE}`)).toEqual({
        ...RANGE_ALL,
        total: 6,
        series: days(5, 1),
        previous: BEFORE_RANGE,
      });
    });

    it('ranks the popular items by quantity with orders and revenue', async () => {
      const schnitzel = demo.products.get('Wiener Schnitzel vom Kalb')!;
      const almdudler = demo.products.get('Almdudler 0,5 l')!;
      expect(await data(`popular-items?${RANGE}`)).toEqual({
        ...RANGE_ALL,
        items: [
          {
            productId: schnitzel.id,
            name: 'Wiener Schnitzel vom Kalb',
            unit: schnitzel.unit,
            quantity: 4,
            orders: 3,
            revenue: 79.6,
          },
          {
            productId: almdudler.id,
            name: 'Almdudler 0,5 l',
            unit: almdudler.unit,
            quantity: 2,
            orders: 1,
            revenue: 9.2,
          },
        ],
      });
      expect((await data(`popular-items?${RANGE}&limit=1`)).items).toHaveLength(1);
    });

    it('places the orders on the weekday × hour matrix in the branch time zone', async () => {
      const body = await data(`order-times?${RANGE}`);
      expect(body).toMatchObject({ ...RANGE_ALL, total: 3, max: 1 });
      expect(body.matrix).toHaveLength(7);
      expect(body.matrix.every((row: number[]) => row.length === 24)).toBe(true);
      const cells = body.matrix.flatMap((row: number[], d: number) =>
        row.flatMap((n, h) => (n ? [`${d}:${h}=${n}`] : [])),
      );
      expect(cells).toEqual(['1:12=1', '1:13=1', '2:18=1']); // Tuesday 12 and 13 h, Wednesday 18 h
    });

    it('filters by branch', async () => {
      const vienna = { ...RANGE_ALL, branchId: demo.vienna.id };
      const q = `${RANGE}&branchId=${demo.vienna.id}`;
      expect(await data(`orders?${q}`)).toEqual({
        ...vienna,
        total: 2,
        series: days(1, 1),
        previous: BEFORE_RANGE,
      });
      expect(await data(`revenue?${q}`)).toMatchObject({ total: 49, orders: 2, averageOrderValue: 24.5 });
      expect(await data(`canceled-orders?${q}`)).toMatchObject({
        total: 1,
        canceled: 1,
        rejected: 0,
        lostRevenue: 10.8,
      });
    });
  });

  describe('the previous period', () => {
    // Wednesday 2 December against Tuesday 1 December, the day before (a range of one day).
    const WED = 'from=2026-12-02&to=2026-12-02';
    const TUE = { from: '2026-12-01', to: '2026-12-01' };

    it('gives the key figures of the period of the same length just before, by the same rules', async () => {
      // Wednesday: C 19.90 (E 4.60 rejected). Tuesday: A 29.10 + D 39.80 = 68.90 in 2 orders (B cancelled).
      expect(await data(`orders?${WED}`)).toMatchObject({ total: 1, previous: { ...TUE, total: 2 } });
      expect((await data(`revenue?${WED}`)).previous).toEqual({
        ...TUE,
        total: 68.9,
        orders: 2,
        averageOrderValue: 34.45,
      });
      expect(await data(`revenue?${WED}`)).toMatchObject({ total: 19.9, orders: 1, averageOrderValue: 19.9 });
      // Wednesday E rejected (4.60); Tuesday B cancelled (10.80).
      expect((await data(`canceled-orders?${WED}`)).previous).toEqual({
        ...TUE,
        total: 1,
        lostRevenue: 10.8,
      });
      // Items: Wednesday 1 schnitzel; Tuesday 1 + 2 Almdudler (A) and 2 schnitzel (D) = 5.
      expect((await data(`items?${WED}`)).previous).toEqual({ ...TUE, total: 5 });
      // Visitors 1 and 2 on Tuesday (3 page views); visitor 3 came after midnight, on Wednesday.
      expect(await data(`unique-visitors?${WED}`)).toMatchObject({
        total: 1,
        previous: { ...TUE, total: 2 },
      });
      expect(await data(`page-views?${WED}`)).toMatchObject({ total: 1, previous: { ...TUE, total: 3 } });
    });

    it('keeps the branch filter and the length of the range', async () => {
      const linz = `branchId=${demo.linz.id}`;
      // Linz: D 39.80 on Tuesday; on Wednesday only E, rejected.
      expect(await data(`revenue?${WED}&${linz}`)).toMatchObject({
        total: 0,
        orders: 0,
        averageOrderValue: 0,
        previous: { ...TUE, total: 39.8, orders: 1, averageOrderValue: 39.8 },
      });
      // Three days 2–4 December: the three days before, 29 November – 1 December.
      const three = await data(`orders?from=2026-12-02&to=2026-12-04&${linz}`);
      expect(three.previous).toMatchObject({ from: '2026-11-29', to: '2026-12-01' });
      expect(three.previous.total).toBeGreaterThanOrEqual(1);
    });

    it('leaves it out of the sets that are no key figure', async () => {
      expect(await data(`popular-items?${WED}`)).not.toHaveProperty('previous');
      expect(await data(`order-times?${WED}`)).not.toHaveProperty('previous');
      expect(await data(`working-activities?${WED}`)).not.toHaveProperty('previous');
    });
  });

  describe('visitors', () => {
    const SHOP = { ...RANGE_ALL, byBranch: false };

    it('counts unique visitors and page views per local day (after midnight is the next day)', async () => {
      expect(await data(`unique-visitors?${RANGE}`)).toEqual({
        ...SHOP,
        total: 3,
        series: days(2, 1),
        previous: BEFORE_RANGE,
      });
      expect(await data(`page-views?${RANGE}`)).toEqual({
        ...SHOP,
        total: 4,
        series: days(3, 1),
        previous: BEFORE_RANGE,
      });
    });

    it('ranks the pages and the events', async () => {
      expect(await data(`pages?${RANGE}`)).toEqual({
        ...SHOP,
        total: 4,
        pages: [
          { path: '/', views: 3, visitors: 3 },
          { path: '/speisekarte', views: 1, visitors: 1 },
        ],
      });
      expect(await data(`events?${RANGE}`)).toEqual({
        ...SHOP,
        total: 1,
        events: [{ type: 'event', category: 'cart', action: 'add_to_cart', count: 1, visitors: 1 }],
      });
    });

    it('places visitors on the weekday × hour matrix', async () => {
      const body = await data(`visitor-times?${RANGE}`);
      const cells = body.matrix.flatMap((row: number[], d: number) =>
        row.flatMap((n, h) => (n ? [`${d}:${h}=${n}`] : [])),
      );
      expect(cells).toEqual(['1:10=1', '1:18=1', '2:0=1']);
      expect(body).toMatchObject({ total: 3, max: 1 });
    });

    it('says that the log knows no branch and counts the whole shop under a branch filter', async () => {
      expect(await data(`page-views?${RANGE}&branchId=${demo.linz.id}`)).toMatchObject({
        total: 4,
        branchId: null,
        byBranch: false,
      });
    });
  });

  describe('working time', () => {
    it('sums worked minutes net of pauses (running ones up to now) and the absences', async () => {
      expect(await data(`working-activities?${RANGE}`)).toEqual({
        ...RANGE_ALL,
        total: 570,
        series: days(450, 120),
        activities: 2,
        running: 1,
        holidayDays: 1,
        sickDays: 0,
        byUser: [
          {
            userId: expect.any(Number),
            name: 'Marie Huber',
            minutes: 450,
            activities: 1,
            holidayDays: 1,
            sickDays: 0,
          },
          {
            userId: expect.any(Number),
            name: expect.any(String),
            minutes: 120,
            activities: 1,
            holidayDays: 0,
            sickDays: 0,
          },
        ],
      });
      expect(await data(`working-activities?${RANGE}&branchId=${demo.vienna.id}`)).toMatchObject({
        total: 450,
        holidayDays: 1,
      });
    });

    it('splits night shifts and their pauses at local midnight, like the week overview', async () => {
      const users = t.dataSource.getRepository(User);
      const marie = await users.findOneByOrFail({ username: 'mitarbeiter' });
      const activities = t.dataSource.getRepository(WorkingActivity);
      // Vienna in December is UTC+1.
      const night = await activities.save([
        // 01.12. 20:00 – 02.12. 04:00, pause 23:30 – 00:30: 210 min on the 1st (240 − 30) and 210 on the 2nd.
        activities.create({
          user: marie,
          branch: demo.vienna,
          type: 'work',
          status: 'ended',
          days: null,
          startedAt: new Date('2026-12-01T19:00:00Z'),
          endedAt: new Date('2026-12-02T03:00:00Z'),
          pauses: [{ start: '2026-12-01T22:30:00.000Z', end: '2026-12-01T23:30:00.000Z' }],
          pauseMinutes: 60,
        }),
        // 30.11. 22:00 – 01.12. 02:00, before the range began: its 120 min after midnight count on the 1st.
        activities.create({
          user: marie,
          branch: demo.vienna,
          type: 'work',
          status: 'ended',
          days: null,
          startedAt: new Date('2026-11-30T21:00:00Z'),
          endedAt: new Date('2026-12-01T01:00:00Z'),
          pauses: [],
          pauseMinutes: 0,
        }),
      ]);
      try {
        const body = await data(`working-activities?${RANGE}`);
        // Before: 450 on the 1st (day shift), 120 on the 2nd (the boss, paused since 09:00Z, now 10:00Z).
        expect(body).toMatchObject({
          total: 450 + 210 + 120 + (120 + 210),
          series: days(450 + 210 + 120, 120 + 210),
          activities: 4,
          running: 1,
        });
        expect(body.byUser[0]).toMatchObject({
          name: 'Marie Huber',
          minutes: 450 + 210 + 210 + 120,
          activities: 3,
        });
        // Only the 2nd: the night shift's part after midnight, not the whole shift by its start.
        expect(
          await data(`working-activities?from=2026-12-02&to=2026-12-02&branchId=${demo.vienna.id}`),
        ).toMatchObject({ total: 210, series: [{ date: '2026-12-02', value: 210 }], activities: 1 });
      } finally {
        await activities.remove(night);
      }
    });

    it('sums the planned shifts', async () => {
      const body = await data(`working-schedules?${RANGE}`);
      expect(body).toMatchObject({ ...RANGE_ALL, total: 1200, shifts: 3, series: days(480, 720) });
      expect(
        body.byUser.map((u: { name: string; minutes: number; shifts: number }) => [
          u.name,
          u.minutes,
          u.shifts,
        ]),
      ).toEqual([
        ['Marie Huber', 720, 2],
        [expect.any(String), 480, 1],
      ]);
    });
  });

  describe('range and access', () => {
    it('defaults to the last 30 days up to today (the clock) and fills every day', async () => {
      t.clock.set('2026-12-03T09:00:00Z');
      const body = await data('orders');
      expect([body.from, body.to, body.series.length]).toEqual(['2026-11-04', '2026-12-03', 30]);
      expect(body.series.at(-1)).toEqual({ date: '2026-12-03', value: 1 });
      t.clock.set('2026-12-02T10:00:00Z');
    });

    it('refuses bad dates, a reversed or too long range and a bad branch with German errors naming the field', async () => {
      const bad = await get('orders?from=2026-02-30&to=gestern&branchId=x');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([
        { field: 'from', message: 'Dieser Wert entspricht keinem gültigen Datum.' },
        { field: 'to', message: 'Dieser Wert entspricht keinem gültigen Datum.' },
        { field: 'branchId', message: 'Dieser Wert sollte positiv sein.' },
      ]);
      const reversed = await get('revenue?from=2026-12-02&to=2026-12-01');
      expect(reversed.status).toBe(400);
      expect(reversed.body.errors).toEqual([
        { field: 'to', message: 'Das Enddatum darf nicht vor dem Startdatum liegen.' },
      ]);
      const long = await get('revenue?from=2025-01-01&to=2026-01-02');
      expect(long.body.errors).toEqual([
        { field: 'to', message: 'Der Zeitraum darf höchstens 366 Tage umfassen.' },
      ]);
      expect((await get('revenue?from=2025-01-02&to=2026-01-02')).status).toBe(200);
      const unknown = await get(`orders?${RANGE}&branchId=999999`);
      expect([unknown.status, unknown.body.errors[0].message]).toEqual([
        404,
        'Filiale wurde nicht gefunden.',
      ]);
      expect((await get(`umsatz?${RANGE}`)).status).toBe(404);
    });

    it('answers the management, not anonymous callers nor employees', async () => {
      expect((await get(`revenue?${RANGE}`, {})).status).toBe(401);
      // Signed in now: the sessions of beforeAll lapsed when the clock moved into December.
      const as = async (username: string) => {
        const user = DEMO_USERS.find((u) => u.username === username)!;
        return (await signIn(t, user.username, user.password)).cookie;
      };
      const employee = await get(`revenue?${RANGE}`, await as('mitarbeiter'));
      expect([employee.status, employee.body.errors[0].message]).toEqual([
        403,
        'Sie haben keine Berechtigung für diese Aktion.',
      ]);
      expect(await data(`revenue?${RANGE}`, await as('leitung'))).toMatchObject({ total: 88.8 });
    });

    it('limits a branch-scoped user to its own branches', async () => {
      const service = t.app.get(StatisticsService);
      const marie = await t.dataSource.getRepository(User).findOneByOrFail({ username: 'mitarbeiter' });
      const ctx = new RequestContext({
        id: marie.id,
        username: marie.username,
        roles: ['ROLE_EMPLOYEE'],
        branchIds: [demo.vienna.id],
      });
      const range = { from: '2026-12-01', to: '2026-12-02' };
      expect(await service.get(ctx, 'orders', range)).toMatchObject({ total: 2 });
      expect(await service.get(ctx, 'revenue', range)).toMatchObject({ total: 49 });
      await expect(
        service.get(ctx, 'orders', { ...range, branchId: String(demo.linz.id) }),
      ).rejects.toMatchObject({
        code: 'forbidden',
      });
    });
  });
});
