import { CONSENT_COOKIE, consentChoice, serializeConsent, toCents } from '@ordering/common';
import { AnalyticsLog } from '../src/analytics/analytics-log.entity.js';
import { AnalyticsPathSecrets1795710000001 } from '../src/database/migrations/operations/1795710000001-analytics-path-secrets.js';
import { Order } from '../src/orders/order.entity.js';
import {
  delivery,
  item,
  loadDemo,
  ORDER_TEST_ENV,
  postOrder,
  takeaway,
  type Demo,
} from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Statistik (issue 24): the counted orders split by type, payment method and channel (exact money), the
 * conversion over visitors with consent only, and page paths without the secrets they carried.
 * Everything happens on Tuesday 1 December 2026 (Vienna).
 */
describe('statistics: splits, consent-aware conversion, page paths without secrets', () => {
  let t: TestApp;
  let demo: Demo;
  const RANGE = 'from=2026-12-01&to=2026-12-01';
  const data = async (path: string) => {
    const res = await t.request('GET', `/api/statistics/${path}`, undefined, demo.admin);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const totals: Record<string, number> = {};
  let statusPath = '';

  async function place(name: string, at: string, form: Record<string, unknown>, then?: 'cancel') {
    t.clock.set(at);
    const res = await postOrder(t, form);
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    const order = await t.dataSource.getRepository(Order).findOneByOrFail({ uid: res.body.data.order.uid });
    if (then)
      expect((await t.request('POST', `/api/orders/${order.id}/status/${then}`, {}, demo.admin)).status).toBe(
        200,
      );
    totals[name] = res.body.data.order.pricing.totalGross as number;
    return res.body.data.order as { uid: string; hash: string };
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
    const schnitzel = item(demo, 'Wiener Schnitzel vom Kalb');
    const almdudler = (n: number) => item(demo, 'Almdudler 0,5 l', n);
    await place(
      'web-cash',
      '2026-12-01T10:00:00Z',
      takeaway(demo, { channel: 'web', items: [schnitzel, almdudler(1)] }),
    );
    await place(
      'app-card',
      '2026-12-01T10:10:00Z',
      delivery(demo, 0, { channel: 'app', paymentMethod: 'atm-card', items: [schnitzel, almdudler(3)] }),
    );
    await place(
      'kiosk-dine',
      '2026-12-01T10:20:00Z',
      takeaway(demo, {
        channel: 'kiosk',
        isDineIn: true,
        table: { id: demo.tables[4]!.id },
        items: [item(demo, 'Ottakringer Helles 0,5 l', 3)],
      }),
    );
    await place('kiosk-canceled', '2026-12-01T10:30:00Z', takeaway(demo, { channel: 'kiosk' }), 'cancel');
    const unsaid = await place(
      'default-web',
      '2026-12-01T10:40:00Z',
      takeaway(demo, { items: [almdudler(2)] }),
    );
    const old = await place('before', '2026-12-01T10:50:00Z', takeaway(demo, { paymentMethod: 'atm-card' }));
    // An order from before the channel was recorded.
    await t.dataSource.getRepository(Order).update({ uid: old.uid }, { channel: null });
    statusPath = `/status/${unsaid.uid}/${unsaid.hash}`;

    // Visitors with consent: 1 buys twice, 2 and 3 only look. The five other orders came without consent.
    await visit('2026-12-01T09:00:00Z', 1, {
      type: 'pageview',
      action: 'view',
      path: '/store/gasthaus-linde-wien',
    });
    await visit('2026-12-01T09:01:00Z', 1, { type: 'commerce', action: 'purchase', category: 'checkout' });
    await visit('2026-12-01T09:02:00Z', 1, { type: 'pageview', action: 'view', path: statusPath });
    await visit('2026-12-01T09:03:00Z', 1, { type: 'commerce', action: 'purchase', category: 'checkout' });
    await visit('2026-12-01T12:00:00Z', 2, { type: 'pageview', action: 'view', path: '/' });
    await visit('2026-12-01T13:00:00Z', 3, { type: 'pageview', action: 'view', path: '/' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an unknown channel at its field and stores the one sent, "web" when none', async () => {
    const res = await postOrder(t, takeaway(demo, { channel: 'fax' }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('channel');
    const orders = await t.dataSource.getRepository(Order).find({ order: { id: 'ASC' } });
    expect(orders.slice(-6).map((o) => o.channel)).toEqual(['web', 'app', 'kiosk', 'kiosk', 'web', null]);
  });

  it('splits the counted orders by type, payment method and channel; each split adds up to the cent', async () => {
    const splits = await data(`order-splits?${RANGE}`);
    const sum = (...names: string[]) => names.reduce((s, n) => s + toCents(totals[n]!), 0) / 100;
    const counted = ['web-cash', 'app-card', 'kiosk-dine', 'default-web', 'before'];
    expect(splits).toMatchObject({ from: '2026-12-01', to: '2026-12-01', byBranch: true, orders: 5 });
    expect(splits.revenue).toBe(sum(...counted));
    const byKey = (parts: Array<{ key: string; orders: number; revenue: number }>) =>
      Object.fromEntries(parts.map((p) => [p.key, [p.orders, p.revenue]]));
    expect(byKey(splits.byType)).toEqual({
      takeaway: [3, sum('web-cash', 'default-web', 'before')],
      delivery: [1, sum('app-card')],
      dineIn: [1, sum('kiosk-dine')],
    });
    expect(byKey(splits.byPaymentMethod)).toEqual({
      cash: [3, sum('web-cash', 'kiosk-dine', 'default-web')],
      'atm-card': [2, sum('app-card', 'before')],
    });
    expect(byKey(splits.byChannel)).toEqual({
      web: [2, sum('web-cash', 'default-web')],
      app: [1, sum('app-card')],
      kiosk: [1, sum('kiosk-dine')],
      unknown: [1, sum('before')],
    });
    for (const parts of [splits.byType, splits.byPaymentMethod, splits.byChannel]) {
      const cents = parts.reduce((s: number, p: { revenue: number }) => s + toCents(p.revenue), 0);
      expect(cents).toBe(toCents(splits.revenue));
      // Largest revenue first.
      const revenues = parts.map((p: { revenue: number }) => p.revenue);
      expect(revenues).toEqual([...revenues].sort((x, y) => y - x));
    }
    // The same figures as the key figures; another branch has none.
    expect((await data(`revenue?${RANGE}`)).total).toBe(splits.revenue);
    const linz = await data(`order-splits?${RANGE}&branchId=${demo.linz.id}`);
    expect(linz).toMatchObject({ orders: 0, revenue: 0, byType: [], byPaymentMethod: [], byChannel: [] });
  });

  it('counts the conversion only over visitors with consent: buyers among them, not all orders', async () => {
    const conversion = await data(`conversion?${RANGE}`);
    expect(conversion).toEqual({
      from: '2026-12-01',
      to: '2026-12-01',
      branchId: null,
      byBranch: false,
      visitors: 3,
      buyers: 1,
      purchases: 2,
    });
  });

  it('stores and shows the status page as its route pattern, never its secret hash', async () => {
    const stored = await t.dataSource.getRepository(AnalyticsLog).find({ where: { type: 'pageview' } });
    expect(stored.map((r) => r.path)).toContain('/status/:uid/:hash');
    expect(JSON.stringify(stored)).not.toContain(statusPath.split('/')[3]!);
    // A row written before the rule (here directly) is shown without its secret too.
    await t.dataSource.getRepository(AnalyticsLog).insert({
      occurredAt: new Date('2026-12-01T14:00:00Z'),
      type: 'pageview',
      action: 'view',
      category: 'page',
      path: '/status/0d3c/geheimer-hash-123',
      data: {},
      visitorHash: 'v'.repeat(32),
    });
    const pages = await data(`pages?${RANGE}`);
    expect(pages.pages).toEqual(
      expect.arrayContaining([{ path: '/status/:uid/:hash', views: 2, visitors: 2 }]),
    );
    expect(JSON.stringify(pages)).not.toMatch(/geheimer-hash|\/status\/[0-9a-f-]{36}/);
  });

  it('rewrites stored rows with secrets in the migration and leaves other paths alone', async () => {
    const repo = t.dataSource.getRepository(AnalyticsLog);
    const row = (path: string) => ({
      occurredAt: new Date('2026-11-01T10:00:00Z'),
      type: 'pageview',
      action: 'view',
      category: 'page',
      path,
      data: {},
      visitorHash: 'm'.repeat(32),
    });
    await repo.insert([
      row('/status/1111/alter-hash'),
      row('/status/1111/alter-hash/'),
      row('/zeiterfassung/4/schluessel'),
      row('/status/nur-eins'),
      row('/store/gasthaus-linde-wien'),
    ]);
    const runner = t.dataSource.createQueryRunner();
    try {
      await new AnalyticsPathSecrets1795710000001().up(runner);
    } finally {
      await runner.release();
    }
    const paths = (await repo.find({ where: { visitorHash: 'm'.repeat(32) }, order: { id: 'ASC' } })).map(
      (r) => r.path,
    );
    expect(paths).toEqual([
      '/status/:uid/:hash',
      '/status/:uid/:hash',
      '/zeiterfassung/:branchId/:apiKey',
      '/status/nur-eins',
      '/store/gasthaus-linde-wien',
    ]);
    expect(await repo.count({ where: { path: '/status/0d3c/geheimer-hash-123' } })).toBe(0);
  });
});
