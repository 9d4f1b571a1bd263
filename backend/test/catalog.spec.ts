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

      const updated = await t.request('PUT', `/api/tags/${tag.id}`, { ...read.body.data, name: 'Vegan (pflanzlich)' }, admin);
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
      expect(missing.body.errors[0]).toEqual({ message: 'Dieser Wert sollte nicht leer sein.', field: 'name' });
      const wrong = await t.request('POST', '/api/tags', { name: 42 }, admin);
      expect(wrong.body.errors[0]).toEqual({ message: 'Dieser Wert sollte vom Typ string sein.', field: 'name' });
      const noImage = await t.request('POST', '/api/tags', { name: 'Bild', image: { id: 999 } }, admin);
      expect(noImage.status).toBe(400);
      expect(noImage.body.errors[0].field).toBe('image');
    });
  });
});
