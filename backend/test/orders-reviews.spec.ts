import { Order } from '../src/orders/order.entity.js';
import { loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Ratings = { rating: number; foodRating: number; serviceRating: number; processRating: number };

describe('orders: the customers\u2019 review answers for staff (list filters and averages per branch)', () => {
  let t: TestApp;
  let demo: Demo;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    demo = await loadDemo(t);
    t.clock.set(NOON); // Friday 20 November 2026
    ids.good = await reviewed({ rating: 5, foodRating: 4, serviceRating: 5, processRating: 3 });
    ids.poor = await reviewed(
      { rating: 2, foodRating: 3, serviceRating: 2, processRating: 1 },
      'Kalt angekommen.',
    );
    ids.unreviewed = await completed();
    t.clock.set('2026-11-21T11:00:00Z');
    ids.nextDay = await reviewed({ rating: 4, foodRating: 4, serviceRating: 4, processRating: 4 });
    // Graz has no kitchen on the order tests' menu: a reviewed Vienna order moved there stands for it.
    ids.graz = await reviewed({ rating: 1, foodRating: 1, serviceRating: 1, processRating: 1 });
    await t.dataSource
      .getRepository(Order)
      .update(ids.graz, { branchId: demo.graz.id, branchName: demo.graz.name });
    // Back to the first day, so that the employee's session (idle since then) is still valid.
    t.clock.set(NOON);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A completed takeaway order of the Vienna inn; its id and status link. */
  async function completedWithLink() {
    const res = await postOrder(t, takeaway(demo));
    expect(res.status).toBe(201);
    const { uid, hash } = res.body.data.order as { uid: string; hash: string };
    const { id } = await t.dataSource.getRepository(Order).findOneByOrFail({ uid });
    for (const step of ['confirm', 'completed'])
      expect((await t.request('POST', `/api/orders/${id}/status/${step}`, {}, demo.admin)).status).toBe(200);
    return { id, uid, hash };
  }
  const completed = async () => (await completedWithLink()).id;

  /** A completed order its customer reviewed on the status page. */
  async function reviewed(ratings: Ratings, comment?: string): Promise<number> {
    const { id, uid, hash } = await completedWithLink();
    const sent = await t.request('POST', `/api/orders/public/${uid}/${hash}/questionnaire`, {
      ...ratings,
      ...(comment ? { comment } : {}),
    });
    expect(sent.status).toBe(200);
    return id;
  }

  const list = async (query: string, as = demo.admin) => {
    const res = await t.request('GET', `/api/orders?${query}`, undefined, as);
    expect(res.status).toBe(200);
    return (res.body.data as Array<{ id: number }>).map((o) => o.id).sort((a, b) => a - b);
  };
  const sorted = (...values: number[]) => [...values].sort((a, b) => a - b);

  describe('GET /api/orders with isReviewed and rating', () => {
    it('lists only the reviewed orders, each with its four ratings and the comment', async () => {
      expect(await list('isReviewed=true')).toEqual(sorted(ids.good!, ids.poor!, ids.nextDay!, ids.graz!));
      expect(await list('isReviewed=false&from=2026-11-20&to=2026-11-20')).toContain(ids.unreviewed);
      const res = await t.request('GET', `/api/orders/${ids.poor}`, undefined, demo.admin);
      expect(res.body.data).toMatchObject({
        questionnaireRating: 2,
        questionnaire: {
          rating: 2,
          foodRating: 3,
          serviceRating: 2,
          processRating: 1,
          comment: 'Kalt angekommen.',
        },
      });
    });

    it('filters by overall rating (one or several), branch and period together', async () => {
      expect(await list('rating=1,2')).toEqual(sorted(ids.poor!, ids.graz!));
      expect(await list('rating=5')).toEqual([ids.good]);
      expect(await list(`rating=1,2&branch=${demo.vienna.id}`)).toEqual([ids.poor]);
      expect(await list('isReviewed=true&from=2026-11-21&to=2026-11-21')).toEqual(
        sorted(ids.nextDay!, ids.graz!),
      );
    });

    it('keeps an employee to the reviews of the branches they work at', async () => {
      expect(await list('isReviewed=true', demo.employee)).toEqual(
        sorted(ids.good!, ids.poor!, ids.nextDay!),
      );
    });

    it.each([
      ['rating=6', 'rating'],
      ['rating=2,x', 'rating'],
      ['isReviewed=ja', 'isReviewed'],
    ])('refuses %s with a German message naming %s', async (query, field) => {
      const res = await t.request('GET', `/api/orders?${query}`, undefined, demo.admin);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({
        field,
        message: 'Sie haben einen ungültigen Wert ausgewählt.',
      });
    });
  });

  describe('GET /api/orders/review-averages', () => {
    const averages = async (query = '', as = demo.admin) => {
      const res = await t.request('GET', `/api/orders/review-averages?${query}`, undefined, as);
      expect(res.status).toBe(200);
      return res.body.data;
    };

    it('averages the four ratings per branch with one decimal, and over all branches', async () => {
      const data = await averages();
      expect(data).toEqual({
        from: null,
        to: null,
        branches: [
          {
            branch: { id: demo.graz.id },
            branchName: demo.graz.name,
            count: 1,
            rating: 1,
            foodRating: 1,
            serviceRating: 1,
            processRating: 1,
          },
          {
            branch: { id: demo.vienna.id },
            branchName: demo.vienna.name,
            count: 3,
            rating: 3.7, // (5 + 2 + 4) / 3
            foodRating: 3.7, // (4 + 3 + 4) / 3
            serviceRating: 3.7,
            processRating: 2.7, // (3 + 1 + 4) / 3
          },
        ].sort((a, b) => a.branchName.localeCompare(b.branchName)),
        overall: {
          branch: null,
          branchName: '',
          count: 4,
          rating: 3, // (5 + 2 + 4 + 1) / 4
          foodRating: 3,
          serviceRating: 3,
          processRating: 2.3,
        },
      });
    });

    it('counts the business days of the period and one branch when asked', async () => {
      const day = await averages(`from=2026-11-20&to=2026-11-20&branch=${demo.vienna.id}`);
      expect(day).toMatchObject({ from: '2026-11-20', to: '2026-11-20' });
      expect(day.branches).toEqual([
        expect.objectContaining({ count: 2, rating: 3.5, foodRating: 3.5, processRating: 2 }),
      ]);
      const none = await averages('from=2026-12-01');
      expect(none.branches).toEqual([]);
      expect(none.overall).toMatchObject({ count: 0, rating: null });
    });

    it('shows an employee only their branches, and refuses another branch', async () => {
      const data = await averages('', demo.employee);
      expect(data.branches.map((b: { branch: { id: number } }) => b.branch.id)).toEqual([demo.vienna.id]);
      expect(data.overall.count).toBe(3);
      const other = await t.request(
        'GET',
        `/api/orders/review-averages?branch=${demo.graz.id}`,
        undefined,
        demo.employee,
      );
      expect(other.status).toBe(403);
    });

    it('refuses a day that is not a date, naming the field in German', async () => {
      const res = await t.request('GET', '/api/orders/review-averages?to=2026-02-30', undefined, demo.admin);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({
        field: 'to',
        message: 'Dieser Wert entspricht keinem gültigen Datum.',
      });
    });
  });
});
