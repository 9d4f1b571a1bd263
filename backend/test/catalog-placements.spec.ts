import { DomainError } from '../src/core/errors.js';
import { RequestContext } from '../src/core/request-context.js';
import { checkPlacements, readPlacements } from '../src/catalog/placements.js';
import { loadDemo, type Demo } from './orders.fixtures.js';
import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);

/**
 * A product's menus and categories in the product form (issue 25 item 4): the virtual field `placements`
 * is written to the menus' catalogues in the product's transaction and read back from them.
 */
describe('product placements in menus', () => {
  let t: TestApp;
  let demo: Demo;
  let drinks: number;
  let mains: number;
  let viennaMenu: number;
  let grazMenu: number;

  beforeAll(async () => {
    t = await startTestApp({ seed: true, authenticator: new HeaderAuthenticator() });
    demo = await loadDemo(t);
    const category = async (name: string) =>
      (await t.request('POST', '/api/categories', { name }, admin)).body.data.id as number;
    drinks = await category('Platzierung Getränke');
    mains = await category('Platzierung Hauptspeisen');
    const menu = async (name: string, branch: number, categories: number[]) => {
      const res = await t.request(
        'POST',
        '/api/menus',
        {
          name,
          availableFrom: '2020-01-01T00:00:00.000Z',
          branches: [{ id: branch }],
          catalog: categories.map((id) => ({ id, products: [] })),
        },
        admin,
      );
      expect(res.status).toBe(201);
      return res.body.data.id as number;
    };
    viennaMenu = await menu('Platzierung Wien', demo.vienna.id, [drinks, mains]);
    grazMenu = await menu('Platzierung Graz', demo.graz.id, [mains]);
  });
  afterAll(async () => {
    await t.close();
  });

  const body = (extra: Record<string, unknown>) => ({
    name: 'Holundersaft',
    price: 3.5,
    tax: 10,
    takeawayTax: 10,
    dineInTax: 10,
    ...extra,
  });
  const catalogOf = async (menuId: number) =>
    (await t.request('GET', `/api/menus/${menuId}`, undefined, admin)).body.data.catalog as Array<{
      id: number;
      products: Array<{ id: number; isEnabled: boolean }>;
    }>;

  it('a new product lands in the chosen menu categories and reads them back', async () => {
    const res = await t.request(
      'POST',
      '/api/products',
      body({
        placements: [
          { menu: { id: viennaMenu }, category: { id: drinks } },
          { menu: { id: grazMenu }, category: { id: mains } },
        ],
      }),
      admin,
    );
    expect(res.status).toBe(201);
    const id = res.body.data.id as number;
    expect(res.body.data.placements).toEqual([
      { menu: { id: viennaMenu }, category: { id: drinks } },
      { menu: { id: grazMenu }, category: { id: mains } },
    ]);
    const vienna = await catalogOf(viennaMenu);
    expect(vienna.find((c) => c.id === drinks)!.products).toEqual([
      expect.objectContaining({ id, isEnabled: true }),
    ]);
    expect(vienna.find((c) => c.id === mains)!.products).toEqual([]);
    expect((await catalogOf(grazMenu))[0]!.products.map((p) => p.id)).toEqual([id]);
    // The storefront reads the product without the back office's field.
    const visitor = await t.request('GET', `/api/products/${id}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).not.toHaveProperty('placements');
  });

  it('moves the product between categories, keeps what stays, and leaves it alone without the field', async () => {
    const created = await t.request(
      'POST',
      '/api/products',
      body({
        name: 'Apfelsaft',
        placements: [
          { menu: { id: viennaMenu }, category: { id: drinks } },
          { menu: { id: grazMenu }, category: { id: mains } },
        ],
      }),
      admin,
    );
    const id = created.body.data.id as number;
    // The menu switches the product off in Graz; the product form must not switch it on again.
    const graz = await t.request('GET', `/api/menus/${grazMenu}`, undefined, admin);
    const catalog = (
      graz.body.data.catalog as Array<{ id: number; products: Array<{ id: number; isEnabled: boolean }> }>
    ).map((entry) => ({
      ...entry,
      products: entry.products.map((p) => (p.id === id ? { ...p, isEnabled: false } : p)),
    }));
    expect(
      (await t.request('PUT', `/api/menus/${grazMenu}`, { ...graz.body.data, catalog }, admin)).status,
    ).toBe(200);

    const moved = await t.request(
      'PUT',
      `/api/products/${id}`,
      {
        ...created.body.data,
        placements: [
          { menu: { id: grazMenu }, category: { id: mains } },
          { menu: { id: viennaMenu }, category: { id: mains } },
        ],
      },
      admin,
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data.placements).toEqual([
      { menu: { id: viennaMenu }, category: { id: mains } },
      { menu: { id: grazMenu }, category: { id: mains } },
    ]);
    const vienna = await catalogOf(viennaMenu);
    expect(vienna.find((c) => c.id === drinks)!.products.map((p) => p.id)).not.toContain(id);
    expect(vienna.find((c) => c.id === mains)!.products.map((p) => p.id)).toContain(id);
    expect((await catalogOf(grazMenu))[0]!.products.find((p) => p.id === id)).toMatchObject({
      isEnabled: false,
    });

    const { placements: _left, ...withoutField } = moved.body.data as Record<string, unknown>;
    const renamed = await t.request(
      'PUT',
      `/api/products/${id}`,
      { ...withoutField, name: 'Apfelsaft naturtrüb' },
      admin,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.placements).toHaveLength(2);

    const cleared = await t.request(
      'PUT',
      `/api/products/${id}`,
      { ...moved.body.data, placements: [] },
      admin,
    );
    expect(cleared.body.data.placements).toEqual([]);
    expect((await catalogOf(grazMenu))[0]!.products.map((p) => p.id)).not.toContain(id);
  });

  it('refuses an unknown menu, a category outside the menu and a twice-named place in German at the entry', async () => {
    const unknown = await t.request(
      'POST',
      '/api/products',
      body({ name: 'Nirgends', placements: [{ menu: { id: 999999 }, category: { id: drinks } }] }),
      admin,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { field: 'placements.0.menu', code: 'menu_unknown', message: 'Diese Speisekarte gibt es nicht.' },
    ]);

    const outside = await t.request(
      'POST',
      '/api/products',
      body({
        name: 'Falsch platziert',
        placements: [
          { menu: { id: viennaMenu }, category: { id: drinks } },
          { menu: { id: grazMenu }, category: { id: drinks } },
        ],
      }),
      admin,
    );
    expect(outside.status).toBe(400);
    expect(outside.body.errors).toEqual([
      expect.objectContaining({ field: 'placements.1.category', code: 'category_not_in_menu' }),
    ]);
    // Nothing of the refused save stays: neither the product nor its first (valid) placement.
    const list = await t.request('GET', '/api/products?q=Falsch%20platziert', undefined, admin);
    expect(list.body.data).toEqual([]);
    expect((await catalogOf(viennaMenu)).find((c) => c.id === drinks)!.products).toHaveLength(1);

    const twice = await t.request(
      'POST',
      '/api/products',
      body({
        name: 'Doppelt',
        placements: [
          { menu: { id: viennaMenu }, category: { id: drinks } },
          { menu: { id: viennaMenu }, category: { id: drinks } },
        ],
      }),
      admin,
    );
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0]).toMatchObject({ field: 'placements.1.category' });
    expect(twice.body.errors[0].message).toMatch(/^[A-ZÄÖÜ]/);
  });

  it('an employee may not change products at all (403), so no menu either', async () => {
    const res = await t.request(
      'POST',
      '/api/products',
      body({ name: 'Vom Personal', placements: [{ menu: { id: viennaMenu }, category: { id: drinks } }] }),
      asUser(['ROLE_EMPLOYEE'], [demo.vienna.id]),
    );
    expect(res.status).toBe(403);
  });

  it('a menu of a branch outside the user’s scope is hidden and refused with 403 at the entry', async () => {
    // No catalogue role is branch-scoped today; the rule holds for one that would be (the employee's scope).
    const scoped = new RequestContext({
      id: 7,
      username: 'wien',
      roles: ['ROLE_EMPLOYEE'],
      branchIds: [demo.vienna.id],
    });
    const em = t.dataSource.manager;
    await checkPlacements(em, scoped, [{ menu: { id: viennaMenu }, category: { id: drinks } }]);
    let refused: unknown;
    try {
      await checkPlacements(em, scoped, [
        { menu: { id: viennaMenu }, category: { id: drinks } },
        { menu: { id: grazMenu }, category: { id: mains } },
      ]);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('forbidden');
    expect((refused as DomainError).errors).toEqual([
      expect.objectContaining({ field: 'placements.1.menu', code: 'menu_forbidden' }),
    ]);
    const products = await t.request('GET', `/api/products?q=Holundersaft`, undefined, admin);
    const id = products.body.data[0].id as number;
    const seen = await readPlacements(em, scoped, [id]);
    expect(seen.get(id)).toEqual([{ menu: { id: viennaMenu }, category: { id: drinks } }]);
  });
});
