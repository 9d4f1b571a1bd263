import { t as text } from '@ordering/common';
import type { ObjectLiteral } from 'typeorm';
import { type Role, ROLE_PERMISSIONS, ROLES } from '../src/core/permissions.js';
import { DOCUMENTATION_ROUTES, PUBLIC_ROUTES } from '../src/auth/public-routes.js';
import { Branch } from '../src/branches/branch.entity.js';
import { CrudService } from '../src/crud/crud.service.js';
import { HTTP_MESSAGES } from '../src/core/messages.js';
import { User } from '../src/auth/user.entity.js';
import { DEMO_USERS } from '../src/users/seed-users.js';
import { bearerFor, insertUser, signIn } from './support/auth.js';
import { discoverRoutes, expressRoutes, type Route } from './support/routes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** A concrete URL for a route pattern: every parameter becomes `1`. */
const urlOf = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*[A-Za-z0-9_]*/g, 'x');
const bodyFor = (method: string) => (['POST', 'PUT', 'PATCH'].includes(method) ? {} : undefined);

describe('route permissions, taken from the running router (real authenticator)', () => {
  let t: TestApp;
  let routes: Route[];
  /** Real credentials per role: API tokens for admin and manager, a browser session for the employee. */
  const credentials = {} as Record<Role, Record<string, string>>;

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: { BCRYPT_COST: '4' } });
    routes = discoverRoutes(t);
    const users = t.dataSource.getRepository(User);
    credentials.ROLE_ADMIN = await bearerFor(t, (await users.findOneByOrFail({ username: 'admin' })).id);
    credentials.ROLE_MANAGER = await bearerFor(t, (await users.findOneByOrFail({ username: 'leitung' })).id);
    const employee = DEMO_USERS.find((u) => u.username === 'mitarbeiter')!;
    credentials.ROLE_EMPLOYEE = (await signIn(t, employee.username, employee.password)).write;
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the routes Express serves, and nothing outside Nest but the API documentation', () => {
    expect(routes.length).toBeGreaterThan(20);
    const nest = new Set(routes.map((r) => r.key));
    const outside = expressRoutes(t).filter((key) => !nest.has(key));
    expect(outside.filter((key) => !DOCUMENTATION_ROUTES.some((re) => re.test(key)))).toEqual([]);
    expect(outside.length).toBeGreaterThan(0); // the documentation is there, and recognised
    const served = new Set(expressRoutes(t));
    expect(routes.filter((r) => !served.has(r.key)).map((r) => r.key)).toEqual([]);
  });

  it('has every route declare @Public(), @Allow(...) or @ForDevices(...)', () => {
    const undeclared = routes
      .filter((r) => !r.isPublic && r.permissions.length === 0 && r.deviceScopes.length === 0)
      .map((r) => r.key);
    expect(undeclared).toEqual([]);
  });

  it('opens exactly the routes listed in src/auth/public-routes.ts', () => {
    const open = routes
      .filter((r) => r.isPublic)
      .map((r) => r.key)
      .sort();
    expect(open).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('answers 401 to anonymous callers on every other route', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      const res = await t.request(route.method, urlOf(route.path), bodyFor(route.method));
      if (res.status !== 401 || res.body?.errors?.[0]?.message !== HTTP_MESSAGES.unauthorized)
        wrong.push(`${route.key} -> ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a signed-in user whose roles lack the route permission', async () => {
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      for (const role of ROLES) {
        if (route.permissions.some((p) => ROLE_PERMISSIONS[role].has(p))) continue;
        const res = await t.request(
          route.method,
          urlOf(route.path),
          bodyFor(route.method),
          credentials[role],
        );
        checked.push(`${role} ${route.key}`);
        if (res.status !== 403 || res.body?.errors?.[0]?.message !== HTTP_MESSAGES.forbidden)
          wrong.push(`${role} ${route.key} -> ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    // The check reaches the cases the roles are about.
    expect(checked).toEqual(
      expect.arrayContaining([
        'ROLE_MANAGER GET /api/users',
        'ROLE_MANAGER POST /api/users',
        'ROLE_MANAGER DELETE /api/users/:id',
        'ROLE_EMPLOYEE GET /api/users',
        'ROLE_EMPLOYEE POST /api/branches',
        'ROLE_EMPLOYEE PUT /api/branches/:id',
        'ROLE_EMPLOYEE GET /api/logs',
      ]),
    );
    for (const key of ['GET /api/config', 'POST /api/config']) {
      if (routes.some((r) => r.key === key)) expect(checked).toContain(`ROLE_MANAGER ${key}`);
    }
  });

  it('answers 403 to an employee of another branch for a branch-scoped row (GET, PUT, DELETE) and leaves it out of the list', async () => {
    const branches = await t.dataSource.getRepository(Branch).find({ order: { id: 'ASC' } });
    // One employee per branch, with a real API token each.
    const employeeOf = new Map<number, Record<string, string>>();
    for (const branch of branches) {
      const user = await insertUser(t, {
        username: `mitarbeiter-${branch.identifier}`,
        roles: ['ROLE_EMPLOYEE'],
        branchIds: [branch.id],
      });
      employeeOf.set(branch.id, await bearerFor(t, user.id));
    }
    const scoped = new Map<string, CrudService<ObjectLiteral>>();
    for (const route of routes) {
      const service = (route.controller as { service?: unknown }).service;
      if (service instanceof CrudService && service.def.branchScope) scoped.set(service.def.path, service);
    }
    expect([...scoped.keys()]).toContain('tables');

    const unproven: string[] = [];
    const wrong: string[] = [];
    for (const [path, service] of scoped) {
      const def = service.def;
      const row = await t.dataSource
        .getRepository(def.entity)
        .createQueryBuilder('e')
        .innerJoinAndSelect(`e.${def.branchScope}`, 'scope')
        .orderBy('e.id')
        .getOne();
      if (!row) {
        unproven.push(path);
        continue;
      }
      const branchId = (row[def.branchScope!] as { id: number }).id;
      const other = employeeOf.get(branches.find((b) => b.id !== branchId)!.id)!;
      const own = employeeOf.get(branchId)!;
      const url = `/api/${path}/${row.id}`;
      const asAdmin = await t.request('GET', url, undefined, credentials.ROLE_ADMIN);
      expect(asAdmin.status).toBe(200);

      // A row a visitor may read (public collection) is readable by staff of other branches too (one
      // access rule per row); everything else of another branch is a 403.
      const visitorReads = !!def.publicRead && (await t.request('GET', url)).status === 200;
      const results = {
        get: (await t.request('GET', url, undefined, other)).status,
        put: (await t.request('PUT', url, asAdmin.body.data, other)).status,
        delete: (await t.request('DELETE', url, undefined, other)).status,
      };
      if (results.get !== (visitorReads ? 200 : 403) || results.put !== 403 || results.delete !== 403)
        wrong.push(`${path}: ${JSON.stringify(results)}`);
      expect((await t.request('GET', url, undefined, credentials.ROLE_ADMIN)).status).toBe(200); // still there

      // The same row is the own branch's employee's business (when employees may read it at all, and
      // unless a reader scope keeps them to their own rows, as for working activities).
      if (ROLE_PERMISSIONS.ROLE_EMPLOYEE.has(def.read)) {
        if (!def.scope) {
          expect({ path, status: (await t.request('GET', url, undefined, own)).status }).toEqual({
            path,
            status: 200,
          });
        }
        const list = await t.request('GET', `/api/${path}?limit=1000`, undefined, other);
        expect(list.status).toBe(200);
        const listed = list.body.data.map((r: { id: number }) => r.id).includes(row.id);
        expect({ path, listed }).toEqual({ path, listed: visitorReads });
      }
    }
    expect(wrong).toEqual([]);
    // Every branch-scoped collection needs a row in the demo seed (src/seed) to prove its scope here.
    expect({ branchScopedCollectionsWithoutSeededRow: unproven }).toEqual({
      branchScopedCollectionsWithoutSeededRow: [],
    });
  });

  it('lets the roles through where they have the permission (no blanket refusal)', async () => {
    expect((await t.request('GET', '/api/users', undefined, credentials.ROLE_ADMIN)).status).toBe(200);
    expect((await t.request('GET', '/api/logs', undefined, credentials.ROLE_MANAGER)).status).toBe(200);
    expect((await t.request('GET', '/api/tables', undefined, credentials.ROLE_EMPLOYEE)).status).toBe(200);
    const me = await t.request('GET', '/api/users/me', undefined, credentials.ROLE_EMPLOYEE);
    expect(me.body.data.roles).toEqual(['ROLE_EMPLOYEE']);
    expect(text('http.forbidden')).toBe(HTTP_MESSAGES.forbidden);
  });
});
