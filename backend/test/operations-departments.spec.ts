import { Division } from '../src/divisions/division.entity.js';
import { admin, idsOf, makeBranch, makeUser } from './operations.fixtures.js';
import { HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('departments (/api/departments)', () => {
  let t: TestApp;
  let restaurant: { id: number };
  let screed: { id: number };
  let division: Division;
  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator() });
    division = await t.dataSource
      .getRepository(Division)
      .save({ identifier: 'estrich', name: 'Estrich GmbH' });
    restaurant = await makeBranch(t, 'linde');
    screed = await makeBranch(t, 'estrich-graz', { id: division.id });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, reads, updates (PUT with the body GET returned) and deletes a department, audited', async () => {
    const created = await t.request(
      'POST',
      '/api/departments',
      { name: 'Küche', identifier: 'kueche', branch: { id: restaurant.id }, description: 'Warme Küche' },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Küche',
      identifier: 'kueche',
      branch: { id: restaurant.id },
      division: null,
      description: 'Warme Küche',
    });
    const id = created.body.data.id;

    const read = await t.request('GET', `/api/departments/${id}`, undefined, admin);
    expect(read.status).toBe(200);
    const updated = await t.request(
      'PUT',
      `/api/departments/${id}`,
      { ...read.body.data, name: 'Küche & Patisserie', division: { id: division.id } },
      admin,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      id,
      name: 'Küche & Patisserie',
      division: { id: division.id },
      identifier: 'kueche',
    });

    const logs = await t.request('GET', `/api/logs?entityType=departments&entityId=${id}`, undefined, admin);
    expect(logs.body.data.map((l: { action: string }) => l.action)).toEqual(['update', 'create']);

    expect((await t.request('DELETE', `/api/departments/${id}`, undefined, admin)).status).toBe(200);
    expect((await t.request('GET', `/api/departments/${id}`, undefined, admin)).status).toBe(404);
  });

  it('lists with the branch, division and q filters, pages and sorts', async () => {
    const make = async (name: string, branch: { id: number }) =>
      (await t.request('POST', '/api/departments', { name, branch }, admin)).body.data.id as number;
    const service = await make('Service', restaurant);
    const delivery = await make('Lieferung', restaurant);
    const laying = await make('Verlegung', screed);
    const office = await make('Büro', screed);

    const byBranch = await t.request(
      'GET',
      `/api/departments?branch=${screed.id}&sort=name`,
      undefined,
      admin,
    );
    expect(idsOf(byBranch.body)).toEqual([office, laying]);
    // The division filter also finds departments through their branch's organisation.
    const byDivision = await t.request(
      'GET',
      `/api/departments?division=${division.id}&sort=-name`,
      undefined,
      admin,
    );
    expect(idsOf(byDivision.body)).toEqual([laying, office]);
    const search = await t.request('GET', '/api/departments?q=lief', undefined, admin);
    expect(idsOf(search.body)).toEqual([delivery]);
    const page = await t.request(
      'GET',
      `/api/departments?branch=${restaurant.id}&sort=name&limit=1&page=2`,
      undefined,
      admin,
    );
    expect(idsOf(page.body)).toEqual([service]);
    expect(page.headers.get('x-total-count')).toBe('2');
  });

  it('names the field in German for a missing name, a wrong type and an unknown branch', async () => {
    const missing = await t.request('POST', '/api/departments', { branch: { id: restaurant.id } }, admin);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toEqual({ message: 'Dieser Wert sollte nicht leer sein.', field: 'name' });
    const wrongType = await t.request(
      'POST',
      '/api/departments',
      { name: 'X', branch: { id: 'eins' } },
      admin,
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte vom Typ number sein.',
      field: 'branch.id',
    });
    const unknown = await t.request('POST', '/api/departments', { name: 'X', branch: { id: 999999 } }, admin);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].field).toBe('branch');
  });

  it('answers a duplicate identifier with 409, while departments without one may coexist', async () => {
    expect(
      (
        await t.request(
          'POST',
          '/api/departments',
          { name: 'A', identifier: 'bar', branch: restaurant },
          admin,
        )
      ).status,
    ).toBe(201);
    const dup = await t.request(
      'POST',
      '/api/departments',
      { name: 'B', identifier: 'bar', branch: screed },
      admin,
    );
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toEqual({
      message: 'Dieser Wert wird bereits verwendet.',
      field: 'identifier',
    });
    expect(
      (await t.request('POST', '/api/departments', { name: 'C', identifier: '', branch: restaurant }, admin))
        .status,
    ).toBe(201);
    expect(
      (
        await t.request(
          'POST',
          '/api/departments',
          { name: 'D', identifier: null, branch: restaurant },
          admin,
        )
      ).status,
    ).toBe(201);
  });

  it('is for the management: employees get 403, anonymous visitors 401', async () => {
    const employee = await makeUser(t, 'dep-employee', ['ROLE_EMPLOYEE'], [restaurant.id]);
    expect((await t.request('GET', '/api/departments', undefined, employee.headers)).status).toBe(403);
    expect((await t.request('GET', '/api/departments')).status).toBe(401);
  });
});
