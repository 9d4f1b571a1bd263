import {
  activeMenu,
  catalogGroups,
  categoryBarItems,
  priceCart,
  priceLine,
  productVisibility,
  quantityRules,
  startingQuantity,
  type Category,
  type Menu,
  type Product,
} from '@ordering/common';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Every key a product's JSON has: the contract's `Product` plus `tags` and the back-office `position`. */
const PRODUCT_KEYS = [
  'id',
  'uid',
  'name',
  'description',
  'nameEn',
  'descriptionEn',
  'allergens',
  'allergenCodes',
  'images',
  'type',
  'price',
  'isPriceHidden',
  'unit',
  'alternativeUnits',
  'minimumQuantity',
  'maximumQuantity',
  'netQuantity',
  'netQuantityUnit',
  'quantityStepSize',
  'defaultQuantity',
  'defaultUnit',
  'pricing',
  'calculationModel',
  'tax',
  'takeawayTax',
  'dineInTax',
  'isEnabled',
  'schedule',
  'isVisibleWhenUnavailable',
  'isWithdrawalExempt',
  'isStepByStep',
  'isLeadTimeEnabled',
  'leadTimeType',
  'leadTimeValue',
  'config',
  'tags',
  'position',
  'createdAt',
  'updatedAt',
].sort();

describe('demo catalogue (seeded), read the way the storefront reads it', () => {
  let t: TestApp;
  let products: Product[];
  let categories: Category[];
  let branches: Array<{ id: number; identifier: string; tags: Array<{ id: number }> }>;
  const product = (name: string) => {
    const found = products.find((p) => p.name === name);
    if (!found) throw new Error(`no product ${name}`);
    return found;
  };
  const branchId = (identifier: string) => branches.find((b) => b.identifier === identifier)!.id;

  beforeAll(async () => {
    t = await startTestApp({ seed: true });
    products = (await t.request('GET', '/api/products?limit=1000')).body.data;
    categories = (await t.request('GET', '/api/categories')).body.data;
    branches = (await t.request('GET', '/api/branches')).body.data;
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds a believable restaurant and screed catalogue with tags on products and branches', async () => {
    expect(products.length).toBeGreaterThanOrEqual(35);
    expect(categories.map((c) => c.name)).toEqual([
      'Mittagsmenü',
      'Vorspeisen',
      'Suppen',
      'Hauptspeisen',
      'Beilagen',
      'Desserts',
      'Getränke',
      'Estrich',
      'Dämmung',
      'Zubehör',
      'Dienstleistungen',
    ]);
    for (const p of products) expect(Object.keys(p).sort()).toEqual(PRODUCT_KEYS);
    expect(product('Wiener Schnitzel vom Kalb')).toMatchObject({
      price: 19.9,
      // The seed's allergen text became the EU codes; no further note is left.
      allergens: '',
      allergenCodes: ['A', 'C', 'G'],
      tax: 10,
      takeawayTax: 10,
      dineInTax: 10,
    });
    expect(product('Almdudler 0,5 l')).toMatchObject({ price: 4.6, tax: 20, takeawayTax: 20, dineInTax: 20 });
    expect(product('Bowl zusammenstellen')).toMatchObject({ type: 'configurable', isStepByStep: true });
    expect(product('Mittagsmenü')).toMatchObject({ type: 'bundle', price: 13.9 });
    expect(product('Mittagsmenü').schedule).toHaveLength(5);
    expect(product('Gebratener Saibling mit Blattspinat')).toMatchObject({
      isEnabled: false,
      isVisibleWhenUnavailable: true,
    });
    expect(product('Estrichverlegung nach Maß')).toMatchObject({
      unit: 'm2',
      pricing: 'base',
      calculationModel: 'approximate',
      minimumQuantity: 20,
      quantityStepSize: 0.5,
      isLeadTimeEnabled: true,
      leadTimeType: 'weeks',
      leadTimeValue: 2,
    });
    expect(
      product('Estrichverlegung nach Maß').config!.parts.map((p) => [p.name, p.type, p.optional]),
    ).toEqual([
      ['Estrichart', 'select', false],
      ['Estrichstärke', 'select', false],
      ['Grundriss', 'file', true],
      ['Anmerkungen zur Baustelle', 'textarea', true],
    ]);
    expect(product('Schnellestrich CT-C30 Rapid').calculationModel).toBe('minimum');
    expect(product('Estrichsanierung').isPriceHidden).toBe(true);

    const tags: Array<{ id: number; name: string }> = (await t.request('GET', '/api/tags')).body.data;
    const tagId = (name: string) => tags.find((tag) => tag.name === name)!.id;
    expect(tags.map((tag) => tag.name)).toEqual(
      expect.arrayContaining([
        'Vegetarisch',
        'Vegan',
        'Scharf',
        'Regional',
        'Glutenfrei',
        'Wirtshaus',
        'Lieferung',
        'Handwerk',
      ]),
    );
    const vegan = (await t.request('GET', `/api/products?tag=${tagId('Vegan')}&sort=name`)).body.data.map(
      (p: Product) => p.name,
    );
    expect(vegan).toEqual([
      'Almdudler 0,5 l',
      'Erdäpfel-Vogerlsalat',
      'Pommes frites',
      'Vogerlsalat mit Erdäpfeln und Kürbiskernöl',
    ]);
    expect(branches.find((b) => b.identifier === 'estrich-graz')!.tags).toEqual(
      [{ id: tagId('Handwerk') }, { id: tagId('Lieferung') }].sort((a, b) => a.id - b.id),
    );
    const handwerk = (await t.request('GET', `/api/branches?tag=${tagId('Handwerk')}`)).body.data.map(
      (b: { identifier: string }) => b.identifier,
    );
    expect(handwerk).toEqual(['estrich-graz']);
  });

  it('prices a configurable product with a modifier to the exact cent with common (stored shape = what common reads)', () => {
    const schnitzel = product('Schnitzel nach Wahl');
    const [meat, sides] = schnitzel.config!.parts;
    const kalb = meat!.options.findIndex((o) => o.name === 'Kalb');
    const sideIndexes = ['Petersilerdäpfel', 'Erdäpfel-Vogerlsalat'].map((name) =>
      sides!.options.findIndex((o) => o.name === name),
    );
    // 14,50 + Kalb 4,50 + Erdäpfel-Vogerlsalat 1,50 = 20,50 per Schnitzel.
    const line = priceLine(
      { product: schnitzel, amount: 2, unit: 'piece', parts: [kalb, sideIndexes, 'Bitte ohne Zitrone'] },
      'dineIn',
    );
    expect(line).toMatchObject({ unitPrice: 2050, gross: 4100, rate: 10, calculationModel: 'fixed' });
    expect(line.split).toEqual({ net: 3727, tax: 373, gross: 4100 });

    const cart = priceCart({
      orderType: 'dineIn',
      items: [
        { product: schnitzel, amount: 2, unit: 'piece', parts: [kalb, sideIndexes, ''] },
        { product: product('Almdudler 0,5 l'), amount: 2, unit: 'piece' },
        { product: product('Mittagsmenü'), amount: 1, unit: 'piece', parts: [0, 3] },
      ],
    });
    // 41,00 + 9,20 + (13,90 + 4,50) = 68,60; taxes per rate from each rate's sum:
    // 10 %: 59,40 → 54,00 + 5,40; 20 %: 9,20 → 7,67 + 1,53.
    expect(cart.total).toEqual({ net: 6167, tax: 693, gross: 6860 });
    expect(cart.taxes).toEqual({ '10': 540, '20': 153 });
  });

  it('prices per m², in an alternative unit via its ratio, and with several modifiers', () => {
    const flowing = product('Fließestrich CAF C25-F5 (Silolieferung)');
    expect(quantityRules(flowing, 'kg')).toEqual({ min: 2000, step: 100, max: null });
    // 2 500 kg at 0,19 € (19,00 €/m² × 0,01 m²/kg).
    expect(priceLine({ product: flowing, amount: 2500, unit: 'kg' }, 'delivery')).toMatchObject({
      unitPrice: 19,
      gross: 47500,
      split: { net: 39583, tax: 7917, gross: 47500 },
      calculationModel: 'approximate',
    });
    const dry = product('Trockenestrich-Element 2 × 12,5 mm');
    expect(startingQuantity(dry)).toEqual({ amount: 20, unit: 'piece' });
    expect(priceLine({ product: dry, amount: 20, unit: 'piece' }, 'takeaway')).toMatchObject({
      unitPrice: 2430,
      gross: 48600,
    });

    const laying = product('Estrichverlegung nach Maß');
    // 24,90 + Fließestrich 3,40 + 8 cm 5,10 = 33,40 €/m² × 60,5 m².
    const line = priceLine({ product: laying, amount: 60.5, unit: 'm2', parts: [1, 2, [], ''] }, 'delivery');
    expect(line).toMatchObject({ unitPrice: 3340, gross: 202070, calculationModel: 'approximate' });
    expect(line.split).toEqual({ net: 168392, tax: 33678, gross: 202070 });
  });

  it('serves each branch its menus; common picks the active one and what the store page shows', async () => {
    const wien = (await t.request('GET', `/api/branches/${branchId('gasthaus-linde-wien')}/menus`)).body
      .data as Menu[];
    const linz = (await t.request('GET', `/api/branches/${branchId('gasthaus-linde-linz')}/menus`)).body
      .data as Menu[];
    const graz = (await t.request('GET', `/api/branches/${branchId('estrich-graz')}/menus`)).body
      .data as Menu[];
    expect(wien.map((m) => m.name)).toEqual(['Speisekarte Herbst/Winter 2026']);
    expect(linz.map((m) => m.id)).toEqual(wien.map((m) => m.id));
    expect(graz.map((m) => m.name)).toEqual(['Produktkatalog 2026']);

    // Friday 20 November 2026, 11:00 in Vienna: the lunch menu is on.
    const now = t.clock.now();
    const menu = activeMenu(wien, branchId('gasthaus-linde-wien'), now)!;
    expect(menu.name).toBe('Speisekarte Herbst/Winter 2026');
    const groups = catalogGroups(menu, categories, products, now);
    expect(groups.map((g) => g.category.name)).toEqual([
      'Mittagsmenü',
      'Vorspeisen',
      'Suppen',
      'Hauptspeisen',
      'Beilagen',
      'Desserts',
      'Getränke',
    ]);
    expect(categoryBarItems(groups).map((c) => c.name)).not.toContain('Mittagsmenü');
    const mains = groups.find((g) => g.category.name === 'Hauptspeisen')!;
    expect(
      mains.products.find((p) => p.product.name === 'Gebratener Saibling mit Blattspinat')!.visibility,
    ).toBe('disabled');
    expect(groups[0]!.products.map((p) => [p.product.name, p.visibility])).toEqual([
      ['Mittagsmenü', 'available'],
    ]);
    // Saturday lunch time: the lunch menu shows, but disabled.
    expect(
      productVisibility(product('Mittagsmenü'), null, new Date('2026-11-21T11:00:00Z'), 'Europe/Vienna'),
    ).toBe('disabled');

    const grazMenu = activeMenu(graz, branchId('estrich-graz'), now)!;
    expect(catalogGroups(grazMenu, categories, products, now).map((g) => g.category.name)).toEqual([
      'Estrich',
      'Dämmung',
      'Zubehör',
      'Dienstleistungen',
    ]);
    const allIds = new Set(products.map((p) => p.id));
    for (const entry of [...menu.catalog, ...grazMenu.catalog])
      for (const p of entry.products) expect(allIds.has(p.id)).toBe(true);
  });
});
