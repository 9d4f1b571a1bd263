import { Order } from '../src/orders/order.entity.js';
import { totalsOfItems } from '../src/orders/order-pricing.js';
import { loadDemo, ORDER_TEST_ENV, type Demo } from './orders.fixtures.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('demo orders of the seed', () => {
  let t: TestApp;
  let demo: Demo;
  let all: Order[];
  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV }); // seeded at Friday 20.11.2026, 11:00
    demo = await loadDemo(t);
    all = await t.dataSource.getRepository(Order).find({ order: { id: 'ASC' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("has yesterday's service of the inn with tickets 1 to 10 and a realistic mix of outcomes", () => {
    const yesterday = all.filter((o) => o.branchId === demo.vienna.id && o.businessDate === '2026-11-19');
    expect(yesterday.map((o) => o.ticketNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const count = (status: string) => yesterday.filter((o) => o.status === status).length;
    expect([count('completed'), count('rejected'), count('canceled')]).toEqual([8, 1, 1]);
    expect(
      new Set(yesterday.map((o) => (o.isDelivery ? 'delivery' : o.isDineIn ? 'dineIn' : 'takeaway'))),
    ).toEqual(new Set(['delivery', 'dineIn', 'takeaway']));
    const gruber = yesterday.find((o) => o.lastName === 'Gruber')!;
    // 2 × (Schnitzel 14,50 + Preiselbeeren 0,80) + 2 × Kürbiscremesuppe 5,60, free delivery in 1070.
    expect(gruber.pricing).toMatchObject({ gross: 41.8, deliveryGross: 0, totalGross: 41.8 });
    expect(gruber.createdAt.toISOString()).toBe('2026-11-19T11:05:00.000Z');
  });

  it('has open orders of today for the boards, and quotation requests for the screed business', () => {
    const today = all.filter((o) => o.branchId === demo.vienna.id && o.businessDate === '2026-11-20');
    expect(today.map((o) => o.status)).toEqual(['unconfirmed', 'confirmed']);
    expect(today.every((o) => o.appointmentDate !== null)).toBe(true);
    const requests = all.filter((o) => o.branchId === demo.graz.id);
    expect(requests).toHaveLength(3);
    expect(requests.every((o) => o.isQuotation && o.ticketNumber === null && o.appointmentDate)).toBe(true);
  });

  it('stores totals that the items multiply out to', () => {
    for (const order of all) {
      const type = order.isDelivery ? 'delivery' : order.isDineIn ? 'dineIn' : 'takeaway';
      expect(totalsOfItems(order.items, type, order.deliveryArea)).toEqual(order.pricing);
    }
  });
});
