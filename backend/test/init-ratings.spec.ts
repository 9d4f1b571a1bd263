import { Order } from '../src/orders/order.entity.js';
import { loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Entry = { url: string; data: { data: Array<Record<string, unknown>> } };

describe('GET /api/init: the average rating at each branch (plugin "Bewertungen")', () => {
  let t: TestApp;
  let demo: Demo;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    demo = await loadDemo(t);
    t.clock.set(NOON);
    for (const rating of [5, 4]) await review(rating);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A completed order of the Vienna inn, reviewed by its customer with this overall rating. */
  async function review(rating: number) {
    const res = await postOrder(t, takeaway(demo));
    expect(res.status).toBe(201);
    const { uid, hash } = res.body.data.order as { uid: string; hash: string };
    const { id } = await t.dataSource.getRepository(Order).findOneByOrFail({ uid });
    for (const step of ['confirm', 'completed'])
      expect((await t.request('POST', `/api/orders/${id}/status/${step}`, {}, demo.admin)).status).toBe(200);
    const sent = await t.request('POST', `/api/orders/public/${uid}/${hash}/questionnaire`, {
      rating,
      foodRating: 5,
      serviceRating: 5,
      processRating: 5,
    });
    expect(sent.status).toBe(200);
  }

  async function setRatings(on: boolean) {
    const config = (await t.request('GET', '/api/config', undefined, demo.admin)).body.data;
    const { secrets: _secrets, ...rest } = config;
    const saved = await t.request('POST', '/api/config', { ...rest, enablePluginRatings: on }, demo.admin);
    expect(saved.status).toBe(200);
  }

  async function branches(): Promise<Array<Record<string, unknown>>> {
    const res = await t.request('GET', '/api/init');
    expect(res.status).toBe(200);
    return (res.body.data as Entry[]).find((e) => e.url === '/api/branches')!.data.data;
  }

  it('carries no rating while the plugin is off', async () => {
    await setRatings(false);
    const list = await branches();
    expect(list.length).toBeGreaterThan(0);
    expect(list.filter((b) => 'rating' in b).map((b) => b.identifier)).toEqual([]);
  });

  it('carries the average and the count of the reviews at each reviewed branch when on', async () => {
    await setRatings(true);
    const list = await branches();
    const byIdentifier = new Map(list.map((b) => [b.identifier, b]));
    expect(byIdentifier.get('gasthaus-linde-wien')!.rating).toEqual({ average: 4.5, count: 2 });
    // A branch without a review shows none.
    expect(byIdentifier.get('estrich-graz')).not.toHaveProperty('rating');
  });

  it('takes a new review into the next load (the cached answer is rebuilt)', async () => {
    await setRatings(true);
    const before = await fetch(`${t.baseUrl}/api/init`);
    const etag = before.headers.get('etag')!;
    await review(1);
    const after = await fetch(`${t.baseUrl}/api/init`, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    const entries = ((await after.json()) as { data: Entry[] }).data;
    const vienna = entries
      .find((e) => e.url === '/api/branches')!
      .data.data.find((b) => b.identifier === 'gasthaus-linde-wien')!;
    expect(vienna.rating).toEqual({ average: 3.3, count: 3 });
  });
});
