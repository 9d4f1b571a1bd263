import { loadDemo, type Demo } from './orders.fixtures.js';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);

/** The kiosk's upsell list of a category (docs/decisions/kiosk.md): products in order, each existing. */
describe('category upsell products', () => {
  let t: TestApp;
  let demo: Demo;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, authenticator: new HeaderAuthenticator() });
    demo = await loadDemo(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the products in their order and gives them to the storefront; an empty list by default', async () => {
    const drink = demo.products.get('Almdudler 0,5 l')!.id;
    const water = demo.products.get('Römerquelle prickelnd 0,33 l')!.id;
    const created = await t.request('POST', '/api/categories', { name: 'Upsell-Test' }, admin);
    expect(created.status).toBe(201);
    expect(created.body.data.upsellProducts).toEqual([]);
    const id = created.body.data.id as number;
    const updated = await t.request(
      'PUT',
      `/api/categories/${id}`,
      { ...created.body.data, upsellProducts: [{ id: water }, { id: drink }] },
      admin,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data.upsellProducts).toEqual([{ id: water }, { id: drink }]);
    const visitor = await t.request('GET', `/api/categories/${id}`);
    expect(visitor.body.data.upsellProducts).toEqual([{ id: water }, { id: drink }]);
  });

  it('refuses an unknown product at its entry, in German', async () => {
    const drink = demo.products.get('Almdudler 0,5 l')!.id;
    const res = await t.request(
      'POST',
      '/api/categories',
      { name: 'Upsell-Fehler', upsellProducts: [{ id: drink }, { id: 999999 }] },
      admin,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ field: 'upsellProducts.1', code: 'product_unknown' }),
    ]);
    expect(res.body.errors[0].message).toMatch(/^[A-ZÄÖÜ]/);
  });
});
