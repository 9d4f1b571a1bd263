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
});
