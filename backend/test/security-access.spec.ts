import { Branch } from '../src/branches/branch.entity.js';
import { bearerFor, FAST_BCRYPT, insertUser } from './support/auth.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** Issue 15, class 4: one access rule per piece of data. */
describe('one access rule per piece of data', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let manager: Record<string, string>;
  let branch: { id: number };
  beforeAll(async () => {
    t = await startTestApp({ env: FAST_BCRYPT });
    admin = await bearerFor(t, (await insertUser(t, { username: 'chefin', roles: ['ROLE_ADMIN'] })).id);
    manager = await bearerFor(t, (await insertUser(t, { username: 'leiter', roles: ['ROLE_MANAGER'] })).id);
    const repo = t.dataSource.getRepository(Branch);
    branch = await repo.save(
      repo.create({ identifier: 'zugriff', name: 'Filiale Zugriff', apiKey: 'key-zugriff' }),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  describe('the audit log', () => {
    it('shows a manager no entries about user accounts or the configuration, an administrator all', async () => {
      const user = await t.request(
        'POST',
        '/api/users',
        { username: 'neu', password: 'Ein-Langes-Passwort-1' },
        admin,
      );
      expect(user.status).toBe(201);
      expect(
        (await t.request('POST', `/api/users/${user.body.data.id}/api-token`, undefined, admin)).status,
      ).toBe(200);
      const tag = await t.request('POST', '/api/tags', { name: 'Sichtbar' }, admin);
      expect(tag.status).toBe(201);

      const all = await t.request('GET', '/api/logs?limit=1000', undefined, admin);
      const adminTypes = new Set(all.body.data.map((l: { entityType: string }) => l.entityType));
      expect(adminTypes).toContain('users');
      expect(adminTypes).toContain('tags');

      const managed = await t.request('GET', '/api/logs?limit=1000', undefined, manager);
      expect(managed.status).toBe(200);
      const managerTypes = new Set(managed.body.data.map((l: { entityType: string }) => l.entityType));
      expect(managerTypes).toContain('tags');
      expect(managerTypes).not.toContain('users');
      expect(managerTypes).not.toContain('config');
      expect(Number(managed.headers.get('x-total-count'))).toBe(managed.body.data.length);
      // Asking for them by name does not help, nor does the id of such an entry.
      const asked = await t.request('GET', '/api/logs?entityType=users', undefined, manager);
      expect(asked.body.data).toEqual([]);
      const userEntry = all.body.data.find((l: { entityType: string }) => l.entityType === 'users');
      expect((await t.request('GET', `/api/logs/${userEntry.id}`, undefined, admin)).status).toBe(200);
      expect((await t.request('GET', `/api/logs/${userEntry.id}`, undefined, manager)).status).toBe(404);
    });
  });

  describe('time tracking', () => {
    it("shows an employee its own activities only: never a colleague's sick leave, not even by id", async () => {
      const anna = await insertUser(t, { username: 'anna', branchIds: [branch.id] });
      const ben = await insertUser(t, { username: 'ben', branchIds: [branch.id] });
      const annaHeaders = await bearerFor(t, anna.id);
      const sick = await t.request(
        'POST',
        '/api/working-activities',
        {
          user: { id: ben.id },
          branch: { id: branch.id },
          type: 'sick',
          startedAt: '2026-11-16T07:00:00Z',
          endedAt: '2026-11-18T16:00:00Z',
          days: 3,
        },
        admin,
      );
      expect(sick.status).toBe(201);
      const own = await t.request(
        'POST',
        '/api/working-activities',
        {
          user: { id: anna.id },
          branch: { id: branch.id },
          type: 'work',
          startedAt: '2026-11-16T07:00:00Z',
          endedAt: null,
        },
        annaHeaders,
      );
      expect(own.status).toBe(201);

      const list = await t.request('GET', '/api/working-activities', undefined, annaHeaders);
      expect(list.status).toBe(200);
      expect(list.body.data.map((a: { id: number }) => a.id)).toEqual([own.body.data.id]);
      expect(
        (await t.request('GET', `/api/working-activities?user=${ben.id}`, undefined, annaHeaders)).body.data,
      ).toEqual([]);
      expect(
        (await t.request('GET', `/api/working-activities/${sick.body.data.id}`, undefined, annaHeaders))
          .status,
      ).toBe(404);
      // The management sees both.
      const all = await t.request('GET', '/api/working-activities', undefined, manager);
      expect(all.body.data.map((a: { id: number }) => a.id).sort()).toEqual(
        [sick.body.data.id, own.body.data.id].sort(),
      );
    });
  });

  describe('what the storefront may see', () => {
    it('lists a non-public branch with its marker, but not its tables; staff see the tables', async () => {
      const repo = t.dataSource.getRepository(Branch);
      const hidden = await repo.save(
        repo.create({ identifier: 'bald', name: 'Bald geöffnet', apiKey: 'key-bald', isPublic: false }),
      );
      const table = await t.request(
        'POST',
        '/api/tables',
        { identifier: 'T1', branch: { id: hidden.id } },
        admin,
      );
      expect(table.status).toBe(201);
      const open = await t.request(
        'POST',
        '/api/tables',
        { identifier: 'T2', branch: { id: branch.id } },
        admin,
      );

      const branches = await t.request('GET', '/api/branches');
      expect(branches.body.data.find((b: { id: number }) => b.id === hidden.id)).toMatchObject({
        isPublic: false,
      });
      const tables = await t.request('GET', '/api/tables?limit=1000');
      const ids = tables.body.data.map((x: { id: number }) => x.id);
      expect(ids).toContain(open.body.data.id);
      expect(ids).not.toContain(table.body.data.id);
      expect((await t.request('GET', `/api/tables/${table.body.data.id}`)).status).toBe(404);
      expect((await t.request('GET', `/api/tables/${table.body.data.id}`, undefined, manager)).status).toBe(
        200,
      );
    });

    it('never shows a disabled product or category anonymously, not even by id, in /api/init or a menu’s catalogue', async () => {
      const body = { price: 9.9, tax: 10, takeawayTax: 10, dineInTax: 10 };
      const on = await t.request('POST', '/api/products', { ...body, name: 'Sichtbar' }, admin);
      const off = await t.request(
        'POST',
        '/api/products',
        { ...body, name: 'Versteckt', isEnabled: false },
        admin,
      );
      expect([on.status, off.status]).toEqual([201, 201]);
      const category = await t.request(
        'POST',
        '/api/categories',
        { name: 'Ausgeblendet', isEnabled: false },
        admin,
      );
      expect(category.status).toBe(201);

      const listed = (await t.request('GET', '/api/products?limit=1000')).body.data.map(
        (p: { id: number }) => p.id,
      );
      expect(listed).toContain(on.body.data.id);
      expect(listed).not.toContain(off.body.data.id);
      expect((await t.request('GET', `/api/products/${off.body.data.id}`)).status).toBe(404);
      expect((await t.request('GET', `/api/categories/${category.body.data.id}`)).status).toBe(404);
      const init = JSON.stringify((await t.request('GET', '/api/init')).body);
      expect(init).not.toContain('Versteckt');
      expect(init).not.toContain('Ausgeblendet');
      // A menu's catalogue (where the storefront reads products and categories) leaves them out too.
      const branchId = (await t.request('GET', '/api/branches')).body.data[0].id;
      const menu = await t.request(
        'POST',
        '/api/menus',
        {
          name: 'Mit Verstecktem',
          availableFrom: '2026-01-01T00:00:00.000Z',
          branches: [{ id: branchId }],
          catalog: [
            {
              id: category.body.data.id,
              products: [
                { id: on.body.data.id, isEnabled: true },
                { id: off.body.data.id, isEnabled: true },
              ],
            },
          ],
        },
        admin,
      );
      expect(menu.status).toBe(201);
      const catalog = await t.request('GET', `/api/menus/${menu.body.data.id}/catalog`);
      expect(catalog.status).toBe(200);
      // The hidden category's entry goes with it, and so do the products only it shows (here: all).
      expect(catalog.body.data.products).toEqual([]);
      expect(catalog.body.data.categories).toEqual([]);
      expect(catalog.body.data.menu.catalog).toEqual([]);
      // The back office still has them.
      expect((await t.request('GET', `/api/products/${off.body.data.id}`, undefined, manager)).status).toBe(
        200,
      );
    });

    it('keeps a draft site from anonymous readers; the back office previews it', async () => {
      const draft = await t.request(
        'POST',
        '/api/sites',
        {
          path: 'entwurf',
          type: 'default',
          title: 'Entwurf',
          content: { body: '<p>x</p>' },
          isPublic: false,
        },
        admin,
      );
      expect(draft.status).toBe(201);
      expect((await t.request('GET', `/api/sites/${draft.body.data.id}`)).status).toBe(404);
      expect(JSON.stringify((await t.request('GET', '/api/sites?limit=1000')).body)).not.toContain('entwurf');
      expect((await t.request('GET', `/api/sites/${draft.body.data.id}`, undefined, manager)).status).toBe(
        200,
      );
    });
  });
});
