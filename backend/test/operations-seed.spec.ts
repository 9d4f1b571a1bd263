import { User } from '../src/auth/user.entity.js';
import { admin } from './operations.fixtures.js';
import { HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('operations demo data (seedOperations)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: true, authenticator: new HeaderAuthenticator() });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has the departments of both businesses, the inn’s devices and its TV', async () => {
    const departments = await t.request('GET', '/api/departments?sort=name', undefined, admin);
    expect(departments.body.data.map((d: { name: string }) => d.name)).toEqual([
      'Büro',
      'Küche',
      'Lieferung',
      'Service',
      'Verlegung',
    ]);
    const devices = await t.request('GET', '/api/devices', undefined, admin);
    expect(
      devices.body.data.map((d: { identifier: string; type: string }) => [d.identifier, d.type]),
    ).toEqual([
      ['linde-wien-kassa', 'frontdesk'],
      ['linde-wien-kiosk', 'kiosk'],
    ]);
    // The seeded settings are valid input: PUT with the body GET returned keeps them.
    const kiosk = devices.body.data[1];
    const put = await t.request('PUT', `/api/devices/${kiosk.id}`, kiosk, admin);
    expect(put.status).toBe(200);
    expect(put.body.data.settings).toEqual(kiosk.settings);
    const tvs = await t.request('GET', '/api/digital-signage-devices', undefined, admin);
    const streams = await t.request('GET', '/api/digital-signage-streams', undefined, admin);
    expect(tvs.body.data).toEqual([
      expect.objectContaining({
        identifier: 'linde-wien-tv-gastraum',
        stream: { id: streams.body.data[0].id },
      }),
    ]);
  });

  it('has the Kainbach project with four tasks', async () => {
    const projects = await t.request('GET', '/api/projects?q=Kainbach', undefined, admin);
    expect(projects.body.data).toEqual([
      expect.objectContaining({
        name: 'Einfamilienhaus Kainbach – Fließestrich 140 m²',
        number: '2026-014',
        status: 'active',
      }),
    ]);
    const tasks = await t.request('GET', `/api/tasks?project=${projects.body.data[0].id}`, undefined, admin);
    expect(tasks.body.data.map((x: { status: string }) => x.status)).toEqual([
      'done',
      'in-progress',
      'open',
      'open',
    ]);
  });

  it('plans this week for `mitarbeiter` and books the August holiday against the 2026 balance', async () => {
    const employee = await t.dataSource.getRepository(User).findOneByOrFail({ username: 'mitarbeiter' });
    // The test clock stands on Friday 20 November 2026: the week runs from Monday the 16th.
    const week = await t.request(
      'GET',
      `/api/working-schedules?user=${employee.id}&from=2026-11-16&to=2026-11-22`,
      undefined,
      admin,
    );
    expect(week.body.data).toHaveLength(5);
    expect(week.body.data[0].startsAt).toBe('2026-11-16T09:00:00.000Z');
    const sheet = await t.request('GET', '/api/time-sheets/holiday-balances?year=2026', undefined, admin);
    expect(sheet.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          user: expect.objectContaining({ username: 'mitarbeiter' }),
          entitlementDays: 25,
          carriedOverDays: 3,
          takenDays: 5,
          remainingDays: 23,
        }),
        expect.objectContaining({
          user: expect.objectContaining({ username: 'leitung' }),
          takenDays: 0,
          remainingDays: 25,
        }),
      ]),
    );
  });
});
