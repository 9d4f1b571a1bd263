import { Order } from '../src/orders/order.entity.js';
import { item, loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway, type Demo } from './orders.fixtures.js';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);

/**
 * Min/max choices of a multiselect ("bis zu 2 Toppings", issue 25 item 4): kept with the product's parts,
 * checked on the way in, and enforced on the order with a German message at the part.
 */
describe('option groups with a minimum and maximum of choices', () => {
  let t: TestApp;
  let demo: Demo;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV, authenticator: new HeaderAuthenticator() });
    demo = await loadDemo(t);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.clock.set(NOON));

  const orders = () => t.dataSource.getRepository(Order).count();
  // Basis, Protein, Toppings (optional multiselect, at most 2 in the demo), Dressing.
  const bowl = (toppings: number[]) => item(demo, 'Bowl zusammenstellen', 1, 'piece', [0, 0, toppings, 0]);

  const bowlProduct = async () => {
    const id = demo.products.get('Bowl zusammenstellen')!.id;
    const res = await t.request('GET', `/api/products/${id}`, undefined, admin);
    return res.body.data as Record<string, unknown> & { config: { parts: Array<Record<string, unknown>> } };
  };
  const putParts = async (change: (parts: Array<Record<string, unknown>>) => void) => {
    const product = await bowlProduct();
    const parts = structuredClone(product.config.parts);
    change(parts);
    return t.request(
      'PUT',
      `/api/products/${product.id as number}`,
      { ...product, config: { parts } },
      admin,
    );
  };

  it('refuses three toppings where at most two may be chosen, at the part, writing nothing', async () => {
    const before = await orders();
    const res = await postOrder(t, takeaway(demo, { items: [bowl([0, 1, 2])] }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        message: 'Bei „Toppings“ sind höchstens 2 Optionen möglich.',
        field: 'items[0].parts[2]',
        code: 'part_choices',
      },
    ]);
    expect(await orders()).toBe(before);
    expect((await postOrder(t, takeaway(demo, { items: [bowl([0, 3])] }))).status).toBe(201);
    // Optional: none at all is still fine.
    expect((await postOrder(t, takeaway(demo, { items: [bowl([])] }))).status).toBe(201);
  });

  it('keeps min and max with the part and enforces the minimum once something is chosen', async () => {
    const saved = await putParts((parts) => {
      parts[2]!.minChoices = 2;
      parts[2]!.maxChoices = 3;
    });
    expect(saved.status).toBe(200);
    const part = (await bowlProduct()).config.parts[2]!;
    expect(part).toMatchObject({ name: 'Toppings', minChoices: 2, maxChoices: 3 });

    const few = await postOrder(t, takeaway(demo, { items: [bowl([1])] }));
    expect(few.status).toBe(400);
    expect(few.body.errors[0]).toEqual({
      message: 'Bei „Toppings“ sind mindestens 2 Optionen zu wählen.',
      field: 'items[0].parts[2]',
      code: 'part_choices',
    });
    expect((await postOrder(t, takeaway(demo, { items: [bowl([0, 1, 2])] }))).status).toBe(201);
  });

  it('refuses limits that cannot be met, in German at the nested field', async () => {
    const inverted = await putParts((parts) => {
      parts[2]!.minChoices = 3;
      parts[2]!.maxChoices = 2;
    });
    expect(inverted.status).toBe(400);
    expect(inverted.body.errors).toContainEqual(
      expect.objectContaining({
        field: 'config.parts.2.maxChoices',
        message: 'Dieser Wert sollte größer oder gleich 3 sein.',
      }),
    );
    const tooMany = await putParts((parts) => (parts[2]!.minChoices = 9));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toContainEqual(
      expect.objectContaining({ field: 'config.parts.2.minChoices', message: 'Es gibt nur 4 Optionen.' }),
    );
    const onSelect = await putParts((parts) => (parts[0]!.maxChoices = 1));
    expect(onSelect.status).toBe(400);
    expect(onSelect.body.errors).toContainEqual(
      expect.objectContaining({
        field: 'config.parts.0.maxChoices',
        message: 'Mindest- und Höchstzahl gibt es nur bei der Mehrfachauswahl.',
      }),
    );
  });
});
