import { Product } from '../src/catalog/product.entity.js';
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
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The pricing holes of the attack probe (issue 28, item 3): an option sent many times was priced each
 * time (a 14,50 dish for 0,00, ten times the same "+1,50" side), and an order both delivery and dine-in
 * was accepted. The server refuses them with the field named, and writes nothing.
 */
describe('POST /api/orders refuses tampered input', () => {
  let t: TestApp;
  let demo: Demo;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    demo = await loadDemo(t);
    // The inn offers "Ohne Beilage" (−2,00) beside its sides, the price-lowering option of the finding.
    const products = t.dataSource.getRepository(Product);
    const schnitzel = demo.products.get('Schnitzel nach Wahl')!;
    const parts = structuredClone(schnitzel.config.parts);
    parts[1]!.options.push({ name: 'Ohne Beilage', modifier: 'subtract', value: 2 });
    await products.update(schnitzel.id, { config: { parts } });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.clock.set(NOON));

  const orders = () => t.dataSource.getRepository(Order).count();
  const schnitzel = (sides: number[]) => item(demo, 'Schnitzel nach Wahl', 1, 'piece', [0, sides, '']);

  it('refuses a price-lowering side sent many times instead of pricing the dish at 0,00', async () => {
    const before = await orders();
    const res = await postOrder(t, takeaway(demo, { items: [schnitzel(Array<number>(8).fill(5))] }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        message: 'Bitte vervollständigen Sie die Konfiguration von "Schnitzel nach Wahl".',
        field: 'items[0].parts[1]',
        code: 'part_invalid',
      },
    ]);
    expect(await orders()).toBe(before);
  });

  it('refuses the same "+1,50" side ten times', async () => {
    const res = await postOrder(t, takeaway(demo, { items: [schnitzel(Array<number>(10).fill(3))] }));
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'items[0].parts[1]', code: 'part_invalid' });
  });

  it('prices the price-lowering side once when chosen once', async () => {
    const res = await postOrder(t, takeaway(demo, { items: [schnitzel([5])] }));
    expect(res.status).toBe(201);
    expect(res.body.data.order.items[0].unitPrice).toBe(12.5);
    expect(res.body.data.order.pricing.totalGross).toBe(12.5);
  });

  it('refuses an order that is delivery and dine-in at once, naming the field', async () => {
    const before = await orders();
    const res = await postOrder(t, delivery(demo, 0, { isDineIn: true, items: [schnitzel([1])] }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({
      message: 'Bitte wählen Sie eine Bestellart: Lieferung und vor Ort schließen einander aus.',
      field: 'isDineIn',
      code: 'order_type_contradictory',
    });
    expect(await orders()).toBe(before);
  });

  it('refuses a branch id no branch can have, or of another type, naming the field', async () => {
    for (const id of [99_999_999_999, 2.5, -1, '1', null]) {
      const res = await postOrder(t, takeaway(demo, { branch: { id } }));
      expect({ id, status: res.status }).toEqual({ id, status: 400 });
      expect(res.body.errors[0].field).toBe('branch.id');
    }
    const unknown = await postOrder(t, takeaway(demo, { branch: { id: 2_147_483_647 } }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'branch', code: 'branch_unknown' });
  });

  it('refuses a repeated side when staff edit an item too', async () => {
    const placed = await postOrder(t, takeaway(demo, { items: [schnitzel([1])] }));
    expect(placed.status).toBe(201);
    const order = await t.dataSource
      .getRepository(Order)
      .findOneByOrFail({ uid: placed.body.data.order.uid });
    const res = await t.request(
      'PUT',
      `/api/orders/${order.id}/items/0`,
      { amount: 1, unit: 'piece', parts: [0, [5, 5, 5, 5, 5, 5, 5], ''] },
      demo.admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'parts[1]' });
  });
});
