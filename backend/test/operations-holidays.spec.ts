import { admin, idsOf, makeBranch, makeUser, manager } from './operations.fixtures.js';
import { HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Who = Awaited<ReturnType<typeof makeUser>>;

describe('holiday balances (/api/holiday-balances, /api/time-sheets/holiday-balances)', () => {
  let t: TestApp;
  let wien: { id: number };
  let anna: Who;
  let ben: Who;
  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator() });
    wien = await makeBranch(t, 'linde-wien');
    anna = await makeUser(t, 'anna', ['ROLE_EMPLOYEE'], [wien.id]);
    ben = await makeUser(t, 'ben', ['ROLE_EMPLOYEE'], [wien.id]);
  });
  afterAll(async () => {
    await t.close();
  });

  const holiday = async (user: Who, startedAt: string, endedAt: string, days: number, type = 'holiday') => {
    const res = await t.request(
      'POST',
      '/api/working-activities',
      { user: { id: user.id }, branch: { id: wien.id }, type, startedAt, endedAt, days },
      manager,
    );
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  };

  it('counts holiday activities exactly: 25 days, 1 and 0.5 taken, 23.5 remain', async () => {
    const created = await t.request(
      'POST',
      '/api/holiday-balances',
      { user: { id: anna.id }, year: 2026, entitlementDays: 25 },
      manager,
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      user: { id: anna.id },
      year: 2026,
      entitlementDays: 25,
      carriedOverDays: 0,
      takenDays: 0,
      remainingDays: 25,
    });

    await holiday(anna, '2026-08-03T00:00:00+02:00', '2026-08-04T00:00:00+02:00', 1);
    await holiday(anna, '2026-08-07T08:00:00+02:00', '2026-08-07T12:00:00+02:00', 0.5);
    // Not holiday: sick leave, work, and a holiday of another year (1 January 2027 in Vienna is still 2026 in UTC).
    await holiday(anna, '2026-09-01T00:00:00+02:00', '2026-09-03T00:00:00+02:00', 2, 'sick');
    await holiday(anna, '2027-01-01T00:30:00+01:00', '2027-01-02T00:00:00+01:00', 1);

    const read = await t.request('GET', `/api/holiday-balances/${created.body.data.id}`, undefined, manager);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      entitlementDays: 25,
      days: 25,
      carriedOverDays: 0,
      takenDays: 1.5,
      usedDays: 1.5,
      remainingDays: 23.5,
    });

    const sheet = await t.request(
      'GET',
      `/api/time-sheets/holiday-balances?year=2026&user=${anna.id}`,
      undefined,
      manager,
    );
    expect(sheet.status).toBe(200);
    expect(sheet.body.data).toEqual([
      {
        id: created.body.data.id,
        user: { id: anna.id, username: 'anna', firstName: 'anna', lastName: 'anna' },
        year: 2026,
        entitlementDays: 25,
        carriedOverDays: 0,
        days: 25,
        takenDays: 1.5,
        usedDays: 1.5,
        remainingDays: 23.5,
      },
    ]);
  });

  it('creates, reads, updates (PUT with the body GET returned), lists and deletes balances', async () => {
    const created = await t.request(
      'POST',
      '/api/holiday-balances',
      { user: { id: ben.id }, year: 2025, entitlementDays: 25, carriedOverDays: 2.5, comment: 'Übertrag' },
      admin,
    );
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({
      carriedOverDays: 2.5,
      remainingDays: 27.5,
      comment: 'Übertrag',
    });
    const read = await t.request('GET', `/api/holiday-balances/${id}`, undefined, admin);
    const updated = await t.request(
      'PUT',
      `/api/holiday-balances/${id}`,
      { ...read.body.data, entitlementDays: 30, remainingDays: 1 },
      admin,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, entitlementDays: 30, days: 30, remainingDays: 32.5 });
    // A client that only knows the contract's `days` changes the entitlement through it.
    const viaDays = await t.request(
      'PUT',
      `/api/holiday-balances/${id}`,
      { ...updated.body.data, days: 28 },
      admin,
    );
    expect(viaDays.body.data).toMatchObject({ entitlementDays: 28, days: 28 });
    const viaPost = await t.request(
      'POST',
      '/api/holiday-balances',
      { user: { id: ben.id }, year: 2024, days: 22 },
      admin,
    );
    expect(viaPost.body.data).toMatchObject({ entitlementDays: 22, year: 2024 });
    const third = await t.request(
      'POST',
      '/api/holiday-balances',
      { user: { id: ben.id }, year: 2026, entitlementDays: 25 },
      admin,
    );

    const list = await t.request('GET', `/api/holiday-balances?user=${ben.id}&sort=year`, undefined, admin);
    expect(idsOf(list.body)).toEqual([viaPost.body.data.id, id, third.body.data.id]);
    expect(list.body.data[1]).toMatchObject({ entitlementDays: 28, takenDays: 0, remainingDays: 30.5 });
    const byYear = await t.request(
      'GET',
      '/api/holiday-balances?year=2026&sort=-entitlementDays',
      undefined,
      admin,
    );
    expect(byYear.body.data.map((b: { user: { id: number } }) => b.user.id)).toEqual(
      expect.arrayContaining([anna.id, ben.id]),
    );
    const page = await t.request(
      'GET',
      `/api/holiday-balances?user=${ben.id}&sort=-year&limit=2&page=2`,
      undefined,
      admin,
    );
    expect(idsOf(page.body)).toEqual([viaPost.body.data.id]);
    expect(page.headers.get('x-total-count')).toBe('3');

    expect(
      (await t.request('DELETE', `/api/holiday-balances/${viaPost.body.data.id}`, undefined, admin)).status,
    ).toBe(200);
    expect(
      (await t.request('GET', `/api/holiday-balances/${viaPost.body.data.id}`, undefined, admin)).status,
    ).toBe(404);
    const logs = await t.request(
      'GET',
      `/api/logs?entityType=holiday-balances&entityId=${id}`,
      undefined,
      admin,
    );
    expect(logs.body.data.map((l: { action: string }) => l.action)).toEqual(['update', 'update', 'create']);
  });

  it('validates in German and answers a second balance for the same user and year with 409', async () => {
    const missing = await t.request(
      'POST',
      '/api/holiday-balances',
      { user: { id: ben.id }, entitlementDays: 25 },
      admin,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toEqual({ message: 'Dieser Wert sollte nicht leer sein.', field: 'year' });
    const noDays = await t.request(
      'POST',
      '/api/holiday-balances',
      { user: { id: ben.id }, year: 2030 },
      admin,
    );
    expect(noDays.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte nicht leer sein.',
      field: 'entitlementDays',
    });
    const wrongType = await t.request(
      'POST',
      '/api/holiday-balances',
      { user: { id: ben.id }, year: '2030', entitlementDays: 25 },
      admin,
    );
    expect(wrongType.body.errors[0]).toEqual({
      message: 'Dieser Wert sollte vom Typ number sein.',
      field: 'year',
    });
    const quarter = await t.request(
      'POST',
      '/api/holiday-balances',
      { user: { id: ben.id }, year: 2030, entitlementDays: 25.25 },
      admin,
    );
    expect(quarter.body.errors[0]).toEqual({
      message: 'Nur ganze und halbe Tage sind erlaubt.',
      field: 'entitlementDays',
    });
    const dup = await t.request(
      'POST',
      '/api/holiday-balances',
      { user: { id: anna.id }, year: 2026, entitlementDays: 20 },
      admin,
    );
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toEqual({ message: 'Dieser Wert wird bereits verwendet.', field: 'year' });
    const badYear = await t.request(
      'GET',
      '/api/time-sheets/holiday-balances?year=zwanzig',
      undefined,
      admin,
    );
    expect(badYear.status).toBe(400);
    expect(badYear.body.errors[0].field).toBe('year');
  });

  it('shows users with holidays but no balance on the sheet, for the current year by default', async () => {
    const carla = await makeUser(t, 'carla', ['ROLE_EMPLOYEE'], [wien.id]);
    await holiday(carla, '2026-11-02T00:00:00+01:00', '2026-11-03T00:00:00+01:00', 1);
    // The test clock stands in November 2026.
    const sheet = await t.request('GET', '/api/time-sheets/holiday-balances', undefined, admin);
    const row = sheet.body.data.find((r: { user: { id: number } }) => r.user.id === carla.id);
    expect(row).toEqual(
      expect.objectContaining({ id: null, year: 2026, entitlementDays: 0, takenDays: 1, remainingDays: -1 }),
    );
    expect(sheet.body.data.map((r: { user: { username: string } }) => r.user.username)).toEqual(
      expect.arrayContaining(['anna', 'ben', 'carla']),
    );
  });

  it('lets employees read only their own balance and write none', async () => {
    const own = await t.request('GET', '/api/holiday-balances', undefined, anna.headers);
    expect(own.status).toBe(200);
    expect(own.body.data.map((b: { user: { id: number } }) => b.user.id)).toEqual([anna.id]);
    expect(
      (await t.request('GET', `/api/holiday-balances?user=${ben.id}`, undefined, anna.headers)).status,
    ).toBe(403);
    const bens = await t.request('GET', `/api/holiday-balances?user=${ben.id}`, undefined, admin);
    expect(
      (await t.request('GET', `/api/holiday-balances/${bens.body.data[0].id}`, undefined, anna.headers))
        .status,
    ).toBe(403);
    const sheet = await t.request(
      'GET',
      '/api/time-sheets/holiday-balances?year=2026',
      undefined,
      anna.headers,
    );
    expect(sheet.body.data.map((r: { user: { id: number } }) => r.user.id)).toEqual([anna.id]);
    expect(sheet.body.data[0].remainingDays).toBe(23.5);
    expect(
      (await t.request('GET', `/api/time-sheets/holiday-balances?user=${ben.id}`, undefined, anna.headers))
        .status,
    ).toBe(403);
    const grant = await t.request(
      'POST',
      '/api/holiday-balances',
      { user: { id: anna.id }, year: 2027, entitlementDays: 99 },
      anna.headers,
    );
    expect(grant.status).toBe(403);
    expect(
      (
        await t.request(
          'PUT',
          `/api/holiday-balances/${own.body.data[0].id}`,
          { ...own.body.data[0], entitlementDays: 99 },
          anna.headers,
        )
      ).status,
    ).toBe(403);
    expect(
      (await t.request('DELETE', `/api/holiday-balances/${own.body.data[0].id}`, undefined, anna.headers))
        .status,
    ).toBe(403);
    expect((await t.request('GET', '/api/time-sheets/holiday-balances')).status).toBe(401);
  });

  it('describes its routes in the OpenAPI document', async () => {
    const doc = await t.request('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    const paths = doc.body.paths as Record<
      string,
      Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>
    >;
    expect(Object.keys(paths['/api/holiday-balances']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/holiday-balances/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(paths['/api/time-sheets/holiday-balances']!.get).toBeDefined();
    expect(paths['/api/devices/{id}/api-key']!.post).toBeDefined();
    expect(
      paths['/api/holiday-balances']!.post!.requestBody!.content['application/json']!.schema.required,
    ).toEqual(['user', 'year']);
  });
});
