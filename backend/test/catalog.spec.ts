import { asUser, HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const admin = asUser(['ROLE_ADMIN']);
const manager = asUser(['ROLE_MANAGER']);
const employee = asUser(['ROLE_EMPLOYEE'], [1]);

const rule = (type: string, from: string, to: string) => ({ type, from, to, isClosed: false });

describe('catalogue API (tags, categories, products, menus)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator() });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = async (path: string, body: unknown, headers = admin) => {
    const res = await t.request('POST', path, body, headers);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };

  const productBody = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    price: 9.9,
    tax: 10,
    takeawayTax: 10,
    dineInTax: 10,
    ...extra,
  });

  const schnitzelBody = (extra: Record<string, unknown> = {}) =>
    productBody('Schnitzel nach Wahl', {
      type: 'configurable',
      price: 15.4,
      allergens: 'A, C, G',
      config: {
        parts: [
          {
            name: 'Fleisch',
            type: 'select',
            optional: false,
            options: [
              { name: 'Schwein', modifier: 'add', value: 0 },
              { name: 'Kalb', modifier: 'add', value: 4.5 },
            ],
          },
          { name: 'Anmerkung', type: 'textarea', optional: true, options: [] },
        ],
      },
      ...extra,
    });

  describe('tags', () => {
    it('creates, reads, lists, updates and deletes a tag; names are unique', async () => {
      const tag = await post('/api/tags', { name: 'Vegan' });
      expect(tag).toEqual(expect.objectContaining({ id: expect.any(Number), name: 'Vegan', image: null }));
      await post('/api/tags', { name: 'Scharf' });
      await post('/api/tags', { name: 'Regional' });

      const read = await t.request('GET', `/api/tags/${tag.id}`);
      expect(read.status).toBe(200);
      expect(read.body.data.name).toBe('Vegan');

      const list = await t.request('GET', '/api/tags?sort=-name&limit=2&page=1');
      expect(list.body.data.map((x: { name: string }) => x.name)).toEqual(['Vegan', 'Scharf']);
      expect(list.headers.get('x-total-count')).toBe('3');
      const page2 = await t.request('GET', '/api/tags?sort=-name&limit=2&page=2');
      expect(page2.body.data.map((x: { name: string }) => x.name)).toEqual(['Regional']);
      const search = await t.request('GET', '/api/tags?q=sch');
      expect(search.body.data.map((x: { name: string }) => x.name)).toEqual(['Scharf']);

      const updated = await t.request(
        'PUT',
        `/api/tags/${tag.id}`,
        { ...read.body.data, name: 'Vegan (pflanzlich)' },
        admin,
      );
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ id: tag.id, name: 'Vegan (pflanzlich)' });

      const dup = await t.request('POST', '/api/tags', { name: 'Scharf' }, admin);
      expect(dup.status).toBe(409);
      expect(dup.body.errors[0]).toEqual({ message: 'Dieser Wert wird bereits verwendet.', field: 'name' });

      expect((await t.request('DELETE', `/api/tags/${tag.id}`, undefined, admin)).status).toBe(200);
      expect((await t.request('GET', `/api/tags/${tag.id}`)).status).toBe(404);
    });

    it('names the field in German for a missing name or a wrong type', async () => {
      const missing = await t.request('POST', '/api/tags', {}, admin);
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'name',
      });
      const wrong = await t.request('POST', '/api/tags', { name: 42 }, admin);
      expect(wrong.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte vom Typ string sein.',
        field: 'name',
      });
      const noImage = await t.request('POST', '/api/tags', { name: 'Bild', image: { id: 999 } }, admin);
      expect(noImage.status).toBe(400);
      expect(noImage.body.errors[0].field).toBe('image');
    });
  });

  describe('categories', () => {
    it('creates, reads, lists (filter, page, sort), updates and deletes a category', async () => {
      const soups = await post('/api/categories', {
        name: 'Suppen',
        position: 2,
        description: 'Täglich frisch',
      });
      expect(soups).toEqual(
        expect.objectContaining({
          name: 'Suppen',
          description: 'Täglich frisch',
          image: null,
          isEnabled: true,
          schedule: null,
          isVisibleWhenUnavailable: false,
          isBundle: false,
          position: 2,
        }),
      );
      await post('/api/categories', { name: 'Vorspeisen', position: 1 });
      const lunch = await post('/api/categories', {
        name: 'Mittagsmenü',
        position: 3,
        isBundle: true,
        schedule: [rule('monday', '11:00', '14:30')],
      });
      expect(lunch.schedule).toEqual([
        { type: 'monday', date: null, isClosed: false, from: '11:00', to: '14:30' },
      ]);

      const byPosition = await t.request('GET', '/api/categories');
      expect(byPosition.body.data.map((c: { name: string }) => c.name)).toEqual([
        'Vorspeisen',
        'Suppen',
        'Mittagsmenü',
      ]);
      const bundles = await t.request('GET', '/api/categories?isBundle=true');
      expect(bundles.body.data.map((c: { name: string }) => c.name)).toEqual(['Mittagsmenü']);
      const paged = await t.request('GET', '/api/categories?sort=name&limit=1&page=3');
      expect(paged.body.data.map((c: { name: string }) => c.name)).toEqual(['Vorspeisen']);
      expect(paged.headers.get('x-total-count')).toBe('3');

      const read = await t.request('GET', `/api/categories/${soups.id}`);
      const updated = await t.request(
        'PUT',
        `/api/categories/${soups.id}`,
        { ...read.body.data, isEnabled: false, isVisibleWhenUnavailable: true },
        manager,
      );
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({
        id: soups.id,
        isEnabled: false,
        isVisibleWhenUnavailable: true,
        position: 2,
      });
      expect((await t.request('DELETE', `/api/categories/${lunch.id}`, undefined, admin)).status).toBe(200);
      expect((await t.request('GET', `/api/categories/${lunch.id}`)).status).toBe(404);
    });

    it('rejects a missing name, a wrong type and a bad schedule rule in German', async () => {
      const missing = await t.request('POST', '/api/categories', { isEnabled: true }, admin);
      expect(missing.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'name',
      });
      const wrong = await t.request('POST', '/api/categories', { name: 'X', isEnabled: 'ja' }, admin);
      expect(wrong.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte vom Typ bool sein.',
        field: 'isEnabled',
      });
      const badTime = await t.request(
        'POST',
        '/api/categories',
        { name: 'X', schedule: [rule('daily', '25:00', '14:00')] },
        admin,
      );
      expect(badTime.status).toBe(400);
      expect(badTime.body.errors[0]).toEqual({
        message: 'Dieser Wert entspricht keiner gültigen Uhrzeit.',
        field: 'schedule.0.from',
      });
    });

    it('strips scripts from an HTML description but keeps plain text as typed', async () => {
      const html = await post('/api/categories', {
        name: 'HTML',
        description: '<p onclick="x()">Gut <script>alert(1)</script>& frisch</p>',
      });
      expect(html.description).toBe('<p>Gut &amp; frisch</p>');
      const plain = await post('/api/categories', { name: 'Text', description: 'Schwein & Huhn' });
      expect(plain.description).toBe('Schwein & Huhn');
    });

    it("keeps the kiosk's English name and description beside the German ones, cleaned alike", async () => {
      const drinks = await post('/api/categories', {
        name: 'Getränke',
        nameEn: 'Drinks',
        descriptionEn: '<p onclick="x()">Cold <script>alert(1)</script>& fresh</p>',
      });
      expect(drinks).toMatchObject({
        name: 'Getränke',
        nameEn: 'Drinks',
        descriptionEn: '<p>Cold &amp; fresh</p>',
      });
      // Left out: empty, and the kiosk shows the German text.
      const plain = await post('/api/categories', { name: 'Suppen' });
      expect(plain).toMatchObject({ nameEn: '', descriptionEn: '' });
      const tooLong = await t.request(
        'POST',
        '/api/categories',
        { name: 'X', nameEn: 'x'.repeat(201) },
        admin,
      );
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.errors[0].field).toBe('nameEn');
      const product = await post('/api/products', { ...schnitzelBody(), nameEn: 'Schnitzel of your choice' });
      const read = await t.request('GET', `/api/products/${product.id}`, undefined, admin);
      expect(read.body.data).toMatchObject({
        name: 'Schnitzel nach Wahl',
        nameEn: 'Schnitzel of your choice',
      });
      // The storefront's public list carries it.
      const listed = await t.request('GET', `/api/products?limit=1000`);
      expect(listed.body.data.find((p: { id: number }) => p.id === product.id)).toMatchObject({
        nameEn: 'Schnitzel of your choice',
      });
    });
  });

  describe('products', () => {
    it('creates a configurable product with every field, reads it and takes the GET body back on PUT', async () => {
      const veggie = await post('/api/tags', { name: 'Hausgemacht' });
      const created = await post(
        '/api/products',
        schnitzelBody({ tags: [{ id: veggie.id }], schedule: [rule('daily', '11:00', '22:00')] }),
      );
      expect(created.uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(created).toEqual(
        expect.objectContaining({
          name: 'Schnitzel nach Wahl',
          description: '',
          allergens: 'A, C, G',
          images: [],
          type: 'configurable',
          price: 15.4,
          isPriceHidden: false,
          unit: 'piece',
          alternativeUnits: [],
          minimumQuantity: null,
          maximumQuantity: null,
          quantityStepSize: null,
          defaultQuantity: null,
          defaultUnit: null,
          pricing: null,
          netQuantity: null,
          netQuantityUnit: null,
          calculationModel: 'fixed',
          tax: 10,
          takeawayTax: 10,
          dineInTax: 10,
          isEnabled: true,
          isVisibleWhenUnavailable: false,
          isStepByStep: false,
          isLeadTimeEnabled: false,
          leadTimeType: null,
          leadTimeValue: null,
          tags: [{ id: veggie.id }],
          position: 0,
        }),
      );
      expect(created.config.parts).toEqual([
        {
          id: 1,
          name: 'Fleisch',
          description: null,
          type: 'select',
          optional: false,
          options: [
            { id: 1, name: 'Schwein', modifier: 'add', value: 0 },
            { id: 2, name: 'Kalb', modifier: 'add', value: 4.5 },
          ],
        },
        { id: 2, name: 'Anmerkung', description: null, type: 'textarea', optional: true, options: [] },
      ]);

      // The back office reads what it wrote (with its menus); the storefront the same without them.
      const read = (await t.request('GET', `/api/products/${created.id}`, undefined, admin)).body.data;
      expect(read).toEqual(created);
      const { placements: _placements, ...publicPart } = created;
      expect((await t.request('GET', `/api/products/${created.id}`)).body.data).toEqual(publicPart);
      // PUT with the GET body: ids, uid and timestamps are read-only; part ids survive, a new option gets the next id.
      const parts = read.config.parts;
      parts[0].options.push({ name: 'Huhn', modifier: 'add', value: 0 });
      const updated = await t.request(
        'PUT',
        `/api/products/${created.id}`,
        { ...read, uid: 'fremd', price: 14.9, config: { parts } },
        admin,
      );
      expect(updated.status).toBe(200);
      expect(updated.body.data.uid).toBe(created.uid);
      expect(updated.body.data.price).toBe(14.9);
      expect(
        updated.body.data.config.parts[0].options.map((o: { id: number; name: string }) => [o.id, o.name]),
      ).toEqual([
        [1, 'Schwein'],
        [2, 'Kalb'],
        [3, 'Huhn'],
      ]);

      const logs = await t.request(
        'GET',
        `/api/logs?entityType=products&entityId=${created.id}`,
        undefined,
        admin,
      );
      expect(logs.body.data.map((l: { action: string }) => l.action)).toEqual(['update', 'create']);
      expect(logs.body.data[0].changes.price).toEqual({ from: 15.4, to: 14.9 });
    });

    it('keeps product images in the given order, as image refs, and category and tag images too', async () => {
      const [first, second] = await t.dataSource.query(
        `INSERT INTO image (extension, version) VALUES ('jpg', 3), ('png', 1) RETURNING id`,
      );
      const product = await post(
        '/api/products',
        productBody('Sachertorte', { images: [{ id: second.id }, { id: first.id }] }),
      );
      expect(product.images).toEqual([
        { id: second.id, version: 1, extension: 'png' },
        { id: first.id, version: 3, extension: 'jpg' },
      ]);
      const reordered = await t.request(
        'PUT',
        `/api/products/${product.id}`,
        { ...product, images: [...product.images].reverse() },
        admin,
      );
      expect(reordered.body.data.images.map((i: { id: number }) => i.id)).toEqual([first.id, second.id]);
      const category = await post('/api/categories', { name: 'Desserts (Bild)', image: { id: first.id } });
      expect(category.image).toEqual({ id: first.id, version: 3, extension: 'jpg' });
      const tag = await post('/api/tags', { name: 'Süß', image: { id: second.id } });
      expect(tag.image).toEqual({ id: second.id, version: 1, extension: 'png' });
      const missing = await t.request(
        'POST',
        '/api/products',
        productBody('X', { images: [{ id: 999999 }] }),
        admin,
      );
      expect(missing.body.errors[0]).toEqual({
        message: 'Ein ausgewählter Eintrag existiert nicht.',
        field: 'images',
      });
    });

    it('stores units, quantities, lead time and prices exactly (numeric)', async () => {
      const screed = await post(
        '/api/products',
        productBody('Fließestrich CAF', {
          price: 23.85,
          tax: 20,
          takeawayTax: 20,
          dineInTax: 20,
          unit: 'm2',
          pricing: 'base',
          calculationModel: 'approximate',
          minimumQuantity: 20,
          quantityStepSize: 0.5,
          maximumQuantity: 2000,
          defaultQuantity: 40,
          alternativeUnits: [
            {
              unit: 'kg',
              ratio: 0.025,
              calculationModel: 'minimum',
              minimumQuantity: 500,
              quantityStepSize: 25,
            },
          ],
          isLeadTimeEnabled: true,
          leadTimeType: 'weeks',
          leadTimeValue: 2,
        }),
      );
      expect(screed).toMatchObject({
        price: 23.85,
        unit: 'm2',
        pricing: 'base',
        minimumQuantity: 20,
        quantityStepSize: 0.5,
        maximumQuantity: 2000,
        defaultQuantity: 40,
        alternativeUnits: [
          {
            unit: 'kg',
            ratio: 0.025,
            calculationModel: 'minimum',
            minimumQuantity: 500,
            maximumQuantity: null,
            quantityStepSize: 25,
          },
        ],
        leadTimeType: 'weeks',
        leadTimeValue: 2,
      });
    });

    it('stores a net quantity (Füllmenge) exactly, reads it back and clears it', async () => {
      const wine = await post(
        '/api/products',
        productBody('Grüner Veltliner 0,75 l', { netQuantity: 0.75, netQuantityUnit: 'l' }),
      );
      expect(wine).toMatchObject({ unit: 'piece', netQuantity: 0.75, netQuantityUnit: 'l' });
      const read = await t.request('GET', `/api/products/${wine.id}`, undefined, admin);
      expect(read.body.data).toMatchObject({ netQuantity: 0.75, netQuantityUnit: 'l' });
      const cleared = await t.request(
        'PUT',
        `/api/products/${wine.id}`,
        { ...read.body.data, netQuantity: null, netQuantityUnit: null },
        admin,
      );
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).toMatchObject({ netQuantity: null, netQuantityUnit: null });
    });

    it('validates strictly, in German, naming the (nested) field', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [
          { price: 9.9, tax: 10, takeawayTax: 10, dineInTax: 10 },
          'name',
          'Dieser Wert sollte nicht leer sein.',
        ],
        [productBody('X', { price: '9,90' }), 'price', 'Dieser Wert sollte vom Typ number sein.'],
        [productBody('X', { price: 9.999 }), 'price', 'Höchstens zwei Nachkommastellen sind erlaubt.'],
        [productBody('X', { unit: 'stück' }), 'unit', 'Sie haben einen ungültigen Wert ausgewählt.'],
        [productBody('X', { type: 'menu' }), 'type', 'Sie haben einen ungültigen Wert ausgewählt.'],
        [productBody('X', { tax: 120 }), 'tax', 'Dieser Wert sollte kleiner oder gleich 100 sein.'],
        [productBody('X', { quantityStepSize: 0 }), 'quantityStepSize', 'Dieser Wert sollte positiv sein.'],
        [
          productBody('X', { minimumQuantity: 5, maximumQuantity: 2 }),
          'maximumQuantity',
          'Dieser Wert sollte größer oder gleich 5 sein.',
        ],
        [
          productBody('X', { minimumQuantity: 2, defaultQuantity: 1 }),
          'defaultQuantity',
          'Dieser Wert sollte größer oder gleich 2 sein.',
        ],
        [
          productBody('X', { maximumQuantity: 10, defaultQuantity: 11 }),
          'defaultQuantity',
          'Dieser Wert sollte kleiner oder gleich 10 sein.',
        ],
        [productBody('X', { netQuantity: 0.75 }), 'netQuantityUnit', 'Dieser Wert sollte nicht leer sein.'],
        [productBody('X', { netQuantityUnit: 'l' }), 'netQuantity', 'Dieser Wert sollte nicht leer sein.'],
        [
          productBody('X', { netQuantity: -1, netQuantityUnit: 'l' }),
          'netQuantity',
          'Dieser Wert sollte positiv sein.',
        ],
        [
          productBody('X', { netQuantity: 2, netQuantityUnit: 'piece' }),
          'netQuantityUnit',
          'Die Füllmenge braucht eine Gewichts-, Volumen-, Längen- oder Flächeneinheit.',
        ],
        [
          productBody('X', { unit: 'kg', netQuantity: 2, netQuantityUnit: 'kg' }),
          'netQuantity',
          'Eine Füllmenge gibt es nur bei Produkten, die nach Stück oder Portion verkauft werden.',
        ],
        [
          productBody('X', { defaultUnit: 'kg' }),
          'defaultUnit',
          'Sie haben einen ungültigen Wert ausgewählt.',
        ],
        [
          productBody('X', {
            unit: 'm2',
            alternativeUnits: [{ unit: 'kg', ratio: 0, calculationModel: 'fixed' }],
          }),
          'alternativeUnits.0.ratio',
          'Dieser Wert sollte positiv sein.',
        ],
        [
          productBody('X', {
            unit: 'm2',
            alternativeUnits: [{ unit: 'm2', ratio: 1, calculationModel: 'fixed' }],
          }),
          'alternativeUnits.0.unit',
          'Die Alternativeinheit muss sich von der Produkteinheit unterscheiden.',
        ],
        [
          productBody('X', { alternativeUnits: [{ unit: 'pallet', ratio: 1 }] }),
          'alternativeUnits.0.unit',
          'Sie haben einen ungültigen Wert ausgewählt.',
        ],
        [
          productBody('X', { isLeadTimeEnabled: true, leadTimeValue: 3 }),
          'leadTimeType',
          'Dieser Wert sollte nicht leer sein.',
        ],
        [
          productBody('X', { leadTimeType: 'months' }),
          'leadTimeType',
          'Sie haben einen ungültigen Wert ausgewählt.',
        ],
        [productBody('X', { isEnabled: 1 }), 'isEnabled', 'Dieser Wert sollte vom Typ bool sein.'],
        [
          productBody('X', { type: 'configurable' }),
          'config.parts',
          'Sie sollten mindestens 1 Einträge auswählen.',
        ],
        [
          productBody('X', { config: { parts: [{ name: 'Anmerkung', type: 'textarea', optional: true }] } }),
          'config.parts',
          'Nur konfigurierbare Produkte und Bundles haben Auswahlteile.',
        ],
        [
          schnitzelBody({
            config: {
              parts: [
                { name: 'Fleisch', type: 'select', options: [{ name: 'Kalb', modifier: 'times', value: 1 }] },
              ],
            },
          }),
          'config.parts.0.options.0.modifier',
          'Sie haben einen ungültigen Wert ausgewählt.',
        ],
        [
          schnitzelBody({
            config: {
              parts: [{ name: 'Fleisch', type: 'select', options: [{ name: 'Kalb', value: '4,50' }] }],
            },
          }),
          'config.parts.0.options.0.value',
          'Dieser Wert sollte vom Typ number sein.',
        ],
        [
          schnitzelBody({
            config: {
              parts: [{ name: 'Fleisch', type: 'select', options: [{ modifier: 'add', value: 1 }] }],
            },
          }),
          'config.parts.0.options.0.name',
          'Dieser Wert sollte nicht leer sein.',
        ],
        [
          schnitzelBody({ config: { parts: [{ name: 'Fleisch', type: 'dropdown', options: [] }] } }),
          'config.parts.0.type',
          'Sie haben einen ungültigen Wert ausgewählt.',
        ],
        [
          schnitzelBody({ config: { parts: [{ name: 'Fleisch', type: 'select', options: [] }] } }),
          'config.parts.0.options',
          'Sie sollten mindestens 1 Einträge auswählen.',
        ],
        [
          schnitzelBody({
            config: { parts: [{ name: 'Plan', type: 'file', options: [{ name: 'A', value: 1 }] }] },
          }),
          'config.parts.0.options',
          'Nur Auswahlfelder (select, multiselect) haben Optionen.',
        ],
        [productBody('X', { tags: [{ id: 99999 }] }), 'tags', 'Ein ausgewählter Eintrag existiert nicht.'],
      ];
      for (const [body, field, message] of cases) {
        const res = await t.request('POST', '/api/products', body, admin);
        expect({ field, status: res.status, error: res.body.errors?.[0] }).toEqual({
          field,
          status: 400,
          error: { field, message },
        });
      }
      expect((await t.request('GET', '/api/products?q=X', undefined, admin)).body.data).toEqual([]);
    });

    it('lists products by type, tag, enabled switch and search, sorted by price, paged', async () => {
      const spicy = await post('/api/tags', { name: 'Pikant' });
      await post(
        '/api/products',
        productBody('Gulaschsuppe', { price: 6.2, tags: [{ id: spicy.id }], position: 3 }),
      );
      await post(
        '/api/products',
        productBody('Frittatensuppe', { price: 5.4, description: 'Rindsuppe mit Frittaten', position: 2 }),
      );
      await post(
        '/api/products',
        productBody('Chili-Bohnen', { price: 11.9, isEnabled: false, tags: [{ id: spicy.id }], position: 1 }),
      );

      const cheap = await t.request('GET', '/api/products?q=suppe&sort=price');
      expect(cheap.body.data.map((p: { name: string }) => p.name)).toEqual([
        'Frittatensuppe',
        'Gulaschsuppe',
      ]);
      const desc = await t.request('GET', '/api/products?q=suppe&sort=-price&limit=1&page=2');
      expect(desc.body.data.map((p: { name: string }) => p.name)).toEqual(['Frittatensuppe']);
      expect(desc.headers.get('x-total-count')).toBe('2');
      // A disabled product is the back office's (issue 15); the storefront sees it only when it is to be
      // shown greyed out (isVisibleWhenUnavailable).
      const anonymous = await t.request('GET', `/api/products?tag=${spicy.id}`);
      expect(anonymous.body.data.map((p: { name: string }) => p.name)).toEqual(['Gulaschsuppe']);
      const byTag = await t.request('GET', `/api/products?tag=${spicy.id}&sort=name`, undefined, admin);
      expect(byTag.body.data.map((p: { name: string }) => p.name)).toEqual(['Chili-Bohnen', 'Gulaschsuppe']);
      const disabled = await t.request('GET', '/api/products?isEnabled=false', undefined, admin);
      expect(disabled.body.data.map((p: { name: string }) => p.name)).toEqual(['Chili-Bohnen']);
      const configurable = await t.request('GET', '/api/products?type=configurable');
      expect(configurable.body.data.every((p: { type: string }) => p.type === 'configurable')).toBe(true);
      expect(configurable.body.data.length).toBeGreaterThan(0);
      const badType = await t.request('GET', '/api/products?type=menu');
      expect(badType.status).toBe(400);
      expect(badType.body.errors[0]).toEqual({
        message: 'Sie haben einen ungültigen Wert ausgewählt.',
        field: 'type',
      });
      const badSort = await t.request('GET', '/api/products?sort=uid');
      expect(badSort.status).toBe(400);
      const byPosition = await t.request(
        'GET',
        `/api/products?tag=${spicy.id}&sort=position`,
        undefined,
        admin,
      );
      expect(byPosition.body.data.map((p: { name: string }) => p.name)).toEqual([
        'Chili-Bohnen',
        'Gulaschsuppe',
      ]);
    });

    it('lets anonymous visitors and employees read, but only catalogue managers write', async () => {
      const product = await post(
        '/api/products',
        productBody('Almdudler 0,5 l', { price: 4.6, tax: 20, takeawayTax: 20, dineInTax: 20 }),
      );
      expect((await t.request('GET', `/api/products/${product.id}`)).status).toBe(200);
      expect((await t.request('GET', '/api/products', undefined, employee)).status).toBe(200);
      for (const [method, path, body] of [
        ['POST', '/api/products', productBody('Neu')],
        ['PUT', `/api/products/${product.id}`, productBody('Neu')],
        ['DELETE', `/api/products/${product.id}`, undefined],
        ['POST', '/api/tags', { name: 'Neu' }],
        ['POST', '/api/categories', { name: 'Neu' }],
        ['POST', '/api/menus', { availableFrom: '2026-01-01T00:00:00Z' }],
      ] as const) {
        expect([method, path, (await t.request(method, path, body, employee)).status]).toEqual([
          method,
          path,
          403,
        ]);
        expect([method, path, (await t.request(method, path, body)).status]).toEqual([method, path, 401]);
      }
      expect((await t.request('DELETE', `/api/products/${product.id}`, undefined, manager)).status).toBe(200);
    });
  });

  describe('menus', () => {
    it('keeps the catalogue in order, answers per branch, and refuses to delete what a menu still uses', async () => {
      const branch = await post('/api/branches', { identifier: 'linde-test', name: 'Linde Test' });
      const other = await post('/api/branches', { identifier: 'andere', name: 'Andere' });
      const soups = await post('/api/categories', { name: 'Suppen (Menü)' });
      const mains = await post('/api/categories', { name: 'Hauptspeisen (Menü)' });
      const soup = await post('/api/products', productBody('Leberknödelsuppe', { price: 5.9 }));
      const schnitzel = await post('/api/products', schnitzelBody());
      const goulash = await post('/api/products', productBody('Fiakergulasch', { price: 16.5 }));
      const catalog = [
        {
          id: mains.id,
          products: [
            { id: schnitzel.id, isEnabled: true, schedule: null },
            { id: goulash.id, isEnabled: false, schedule: [rule('friday', '11:00', '14:00')] },
          ],
        },
        { id: soups.id, products: [{ id: soup.id, isEnabled: true, schedule: null }] },
      ];
      const older = await post('/api/menus', {
        name: 'Winterkarte',
        availableFrom: '2026-10-01T00:00:00+02:00',
        branches: [{ id: branch.id }],
        catalog,
      });
      expect(older).toEqual(
        expect.objectContaining({
          name: 'Winterkarte',
          availableFrom: '2026-09-30T22:00:00.000Z',
          branches: [{ id: branch.id }],
          catalog: [
            {
              id: mains.id,
              products: [
                { id: schnitzel.id, isEnabled: true, schedule: null },
                {
                  id: goulash.id,
                  isEnabled: false,
                  schedule: [{ type: 'friday', date: null, isClosed: false, from: '11:00', to: '14:00' }],
                },
              ],
            },
            { id: soups.id, products: [{ id: soup.id, isEnabled: true, schedule: null }] },
          ],
        }),
      );
      const newer = await post('/api/menus', {
        name: 'Weihnachtskarte',
        availableFrom: '2026-12-01T00:00:00Z',
        branches: [{ id: branch.id }, { id: other.id }],
        catalog: [{ id: soups.id, products: [{ id: soup.id }] }],
      });
      expect(newer.catalog).toEqual([
        { id: soups.id, products: [{ id: soup.id, isEnabled: true, schedule: null }] },
      ]);

      // PUT with the GET body reorders the catalogue.
      const read = (await t.request('GET', `/api/menus/${older.id}`)).body.data;
      const reordered = await t.request(
        'PUT',
        `/api/menus/${older.id}`,
        { ...read, catalog: [read.catalog[1], read.catalog[0]] },
        admin,
      );
      expect(reordered.status).toBe(200);
      expect(reordered.body.data.catalog.map((c: { id: number }) => c.id)).toEqual([soups.id, mains.id]);
      expect(reordered.body.data.catalog[1].products.map((p: { id: number }) => p.id)).toEqual([
        schnitzel.id,
        goulash.id,
      ]);

      const byBranch = await t.request('GET', `/api/menus?branch=${other.id}`);
      expect(byBranch.body.data.map((m: { name: string }) => m.name)).toEqual(['Weihnachtskarte']);
      const sorted = await t.request('GET', '/api/menus?sort=availableFrom');
      expect(sorted.body.data.map((m: { name: string }) => m.name)).toEqual([
        'Winterkarte',
        'Weihnachtskarte',
      ]);

      const branchMenus = await t.request('GET', `/api/branches/${branch.id}/menus`);
      expect(branchMenus.status).toBe(200);
      expect(branchMenus.body.data.map((m: { name: string }) => m.name)).toEqual([
        'Weihnachtskarte',
        'Winterkarte',
      ]);
      expect(branchMenus.body.data[1]).toEqual(reordered.body.data);
      expect((await t.request('GET', '/api/branches/999999/menus')).status).toBe(404);
      expect((await t.request('GET', '/api/branches/abc/menus')).status).toBe(404);
      // The branches CRUD still answers its own route.
      expect((await t.request('GET', `/api/branches/${branch.id}`)).body.data.identifier).toBe('linde-test');

      const inUse = await t.request('DELETE', `/api/products/${soup.id}`, undefined, admin);
      expect(inUse.status).toBe(409);
      expect(inUse.body.errors[0].message).toBe(
        'Dieses Produkt wird noch verwendet (Produktkatalog „Winterkarte“, „Weihnachtskarte“).',
      );
      const categoryInUse = await t.request('DELETE', `/api/categories/${mains.id}`, undefined, admin);
      expect(categoryInUse.status).toBe(409);
      expect(categoryInUse.body.errors[0].message).toBe(
        'Diese Kategorie wird noch verwendet (Produktkatalog „Winterkarte“).',
      );
      expect((await t.request('GET', `/api/products/${soup.id}`)).status).toBe(200);

      // Once no menu uses them any more, they can go.
      expect((await t.request('DELETE', `/api/menus/${older.id}`, undefined, admin)).status).toBe(200);
      expect((await t.request('DELETE', `/api/categories/${mains.id}`, undefined, admin)).status).toBe(200);
      expect((await t.request('DELETE', `/api/products/${goulash.id}`, undefined, admin)).status).toBe(200);
      expect((await t.request('DELETE', `/api/products/${soup.id}`, undefined, admin)).status).toBe(409);
      const rows = await t.dataSource.query(
        'SELECT count(*)::int AS n FROM menu_product WHERE menu_id = $1',
        [older.id],
      );
      expect(rows[0].n).toBe(0);
    });

    it('filters products by the category menus place them in', async () => {
      const drinks = await post('/api/categories', { name: 'Getränke (Filter)' });
      const juice = await post('/api/products', productBody('Apfelsaft gespritzt 0,5 l', { price: 3.9 }));
      await post('/api/products', productBody('Nicht im Menü', { price: 1 }));
      await post('/api/menus', {
        availableFrom: '2026-01-01T00:00:00Z',
        catalog: [{ id: drinks.id, products: [{ id: juice.id }] }],
      });
      const list = await t.request('GET', `/api/products?category=${drinks.id}`);
      expect(list.body.data.map((p: { name: string }) => p.name)).toEqual(['Apfelsaft gespritzt 0,5 l']);
    });

    it('validates the catalogue: required date, existing and unique entries, named by path', async () => {
      const category = await post('/api/categories', { name: 'Beilagen (Test)' });
      const product = await post('/api/products', productBody('Pommes frites', { price: 4.2 }));
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ name: 'Ohne Datum' }, 'availableFrom', 'Dieser Wert sollte nicht leer sein.'],
        [
          { availableFrom: 'morgen' },
          'availableFrom',
          'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.',
        ],
        [
          { availableFrom: '2026-01-01T00:00:00Z', catalog: [{ id: 999999, products: [] }] },
          'catalog.0.id',
          'Der ausgewählte Eintrag existiert nicht.',
        ],
        [
          {
            availableFrom: '2026-01-01T00:00:00Z',
            catalog: [{ id: category.id, products: [{ id: product.id }, { id: 999999 }] }],
          },
          'catalog.0.products.1.id',
          'Der ausgewählte Eintrag existiert nicht.',
        ],
        [
          {
            availableFrom: '2026-01-01T00:00:00Z',
            catalog: [
              { id: category.id, products: [] },
              { id: category.id, products: [] },
            ],
          },
          'catalog.1.id',
          'Dieser Wert wird bereits verwendet.',
        ],
        [
          {
            availableFrom: '2026-01-01T00:00:00Z',
            catalog: [{ id: category.id, products: [{ id: product.id }, { id: product.id }] }],
          },
          'catalog.0.products.1.id',
          'Dieser Wert wird bereits verwendet.',
        ],
        [
          {
            availableFrom: '2026-01-01T00:00:00Z',
            catalog: [{ id: category.id, products: [{ id: product.id, isEnabled: 'ja' }] }],
          },
          'catalog.0.products.0.isEnabled',
          'Dieser Wert sollte vom Typ bool sein.',
        ],
        [
          { availableFrom: '2026-01-01T00:00:00Z', catalog: [{ id: 'eins' }] },
          'catalog.0.id',
          'Dieser Wert sollte vom Typ number sein.',
        ],
        [
          { availableFrom: '2026-01-01T00:00:00Z', branches: [{ id: 999999 }] },
          'branches',
          'Ein ausgewählter Eintrag existiert nicht.',
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await t.request('POST', '/api/menus', body, admin);
        expect({ field, status: res.status, error: res.body.errors?.[0] }).toEqual({
          field,
          status: 400,
          error: { field, message },
        });
      }
    });
  });

  it('describes the catalogue routes in the OpenAPI document, with required fields and nested parts', async () => {
    const doc = (await t.request('GET', '/api/openapi.json')).body;
    for (const path of ['/api/tags', '/api/categories', '/api/products', '/api/menus']) {
      expect(Object.keys(doc.paths[path]).sort()).toEqual(['get', 'post']);
      expect(Object.keys(doc.paths[`${path}/{id}`]).sort()).toEqual(['delete', 'get', 'put']);
    }
    expect(doc.paths['/api/branches/{id}/menus'].get).toBeDefined();
    const product = doc.paths['/api/products'].post.requestBody.content['application/json'].schema;
    expect(product.required).toEqual(
      expect.arrayContaining(['name', 'price', 'tax', 'takeawayTax', 'dineInTax']),
    );
    expect(product.properties.unit.enum).toContain('m2');
    const part = product.properties.config.anyOf.find((s: { type?: string }) => s.type === 'object')
      .properties.parts.items;
    expect(part.properties.type.enum).toEqual([
      'text',
      'textarea',
      'image',
      'images',
      'file',
      'files',
      'select',
      'multiselect',
    ]);
    const menu = doc.paths['/api/menus'].post.requestBody.content['application/json'].schema;
    expect(menu.required).toContain('availableFrom');
  });
});
