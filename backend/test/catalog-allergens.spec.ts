import { Product } from '../src/catalog/product.entity.js';
import { AllergenCodes1795940000001 } from '../src/database/migrations/catalog/1795940000001-allergen-codes.js';
import { loadDemo, type Demo } from './orders.fixtures.js';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);

/**
 * Allergens as the 14 EU allergens with the Austrian letters (issue 25 item 4): stored as codes in legend
 * order, checked on the way in, and older free text migrated where it maps (the rest kept as the note).
 */
describe('product allergens as codes', () => {
  let t: TestApp;
  let demo: Demo;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, authenticator: new HeaderAuthenticator() });
    demo = await loadDemo(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const body = (extra: Record<string, unknown>) => ({
    name: 'Topfenstrudel',
    price: 5.9,
    tax: 10,
    takeawayTax: 10,
    dineInTax: 10,
    ...extra,
  });

  it('keeps the codes in legend order, each once, with the note beside them', async () => {
    const res = await t.request(
      'POST',
      '/api/products',
      body({ allergenCodes: ['G', 'A', 'C', 'A'], allergens: 'Kann Spuren von Nüssen enthalten' }),
      admin,
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      allergenCodes: ['A', 'C', 'G'],
      allergens: 'Kann Spuren von Nüssen enthalten',
    });
    const read = await t.request('GET', `/api/products/${res.body.data.id as number}`);
    expect(read.body.data.allergenCodes).toEqual(['A', 'C', 'G']);
  });

  it('refuses a letter that is no allergen, in German at the field', async () => {
    const res = await t.request('POST', '/api/products', body({ allergenCodes: ['A', 'I'] }), admin);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ field: 'allergenCodes.1', message: expect.stringMatching(/^[A-ZÄÖÜ]/) }),
    ]);
    expect(res.body.errors[0].message).not.toMatch(/invalid|expected/i);
  });

  it('the demo declarations ("A, C, G") arrive as codes', () => {
    const schnitzel = demo.products.get('Schnitzel nach Wahl')!;
    expect(schnitzel.allergenCodes).toEqual(['A', 'C', 'G']);
    expect(schnitzel.allergens).toBe('');
  });

  it('migrates free text: letters and names become codes, the rest stays as the note', async () => {
    const products = t.dataSource.getRepository(Product);
    const id = demo.products.get('Schnitzel nach Wahl')!.id;
    const other = demo.products.get('Käsespätzle mit Röstzwiebeln')!.id;
    const runner = t.dataSource.createQueryRunner();
    const migration = new AllergenCodes1795940000001();
    try {
      // Back to the old column as a shop had it, with its own words, then forward again.
      await migration.down(runner);
      await runner.query(`UPDATE "product" SET "allergens" = $1 WHERE "id" = $2`, [
        'Gluten, Ei, G, Spuren von Nüssen',
        id,
      ]);
      const before = await runner.query(`SELECT "allergens" FROM "product" WHERE "id" = $1`, [other]);
      expect(before[0].allergens).toBe('A, C, G');
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await products.findOneByOrFail({ id })).toMatchObject({
      allergenCodes: ['A', 'C', 'G'],
      allergens: 'Spuren von Nüssen',
    });
    expect(await products.findOneByOrFail({ id: other })).toMatchObject({
      allergenCodes: ['A', 'C', 'G'],
      allergens: '',
    });
  });
});
