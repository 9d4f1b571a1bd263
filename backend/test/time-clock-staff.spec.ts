import { User } from '../src/auth/user.entity.js';
import { Device } from '../src/devices/device.entity.js';
import { hashDeviceKey } from '../src/devices/device-key.service.js';
import { makeBranch, makeUser, manager } from './operations.fixtures.js';
import { HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/** The clock's name tiles: `GET /api/time-tracking/{branchId}/{apiKey}/staff` and clocking in by id. */
describe('time clock staff list (/api/time-tracking/{branchId}/{apiKey}/staff)', () => {
  let t: TestApp;
  let a: { id: number };
  let b: { id: number };
  const users: Record<string, { id: number }> = {};
  const keyA = 'key-filiale-a';
  const deskKey = 'theke-a-geraeteschluessel-staff-0123456789';
  const kioskKey = 'kiosk-a-geraeteschluessel-staff-0123456789';

  beforeAll(async () => {
    t = await startTestApp({
      authenticator: new HeaderAuthenticator(),
      env: { BCRYPT_COST: '4', TRUST_PROXY: '1' },
    });
    a = await makeBranch(t, 'filiale-a');
    b = await makeBranch(t, 'filiale-b');
    const repo = t.dataSource.getRepository(User);
    const people: Array<[string, string, string, number[], string | null]> = [
      ['zoe', 'Zoë', 'Zimmer', [a.id], '1234'],
      ['anna', 'Anna', 'Muster', [a.id], '5678'],
      ['ohnepin', 'Otto', 'Ohne', [a.id], null], // cannot clock in: not listed
      ['gesperrt', 'Gerd', 'Gesperrt', [a.id], '2222'], // locked: not listed
      ['beide', 'Berta', 'Beide', [a.id, b.id], '3333'],
      ['clara', 'Clara', 'Anders', [b.id], '2468'], // other branch
      ['x9', '', '', [a.id], '4444'], // no name: known by the user name
    ];
    for (const [username, firstName, lastName, branches, pin] of people) {
      const made = await makeUser(t, username, ['ROLE_EMPLOYEE'], branches);
      await repo.update({ id: made.id }, { firstName, lastName, isLocked: username === 'gesperrt' });
      users[username] = made;
      if (pin) {
        const res = await t.request('PUT', `/api/time-tracking/pins/${made.id}`, { pin }, manager);
        expect(res.status).toBe(200);
      }
    }
    await t.dataSource.getRepository(Device).save([
      {
        identifier: 'theke-a-staff',
        type: 'frontdesk',
        branch: a,
        isEnabled: true,
        settings: {},
        apiKeyHash: hashDeviceKey(deskKey),
      },
      {
        identifier: 'kiosk-a-staff',
        type: 'kiosk',
        branch: a,
        isEnabled: true,
        settings: {},
        apiKeyHash: hashDeviceKey(kioskKey),
      },
    ] as Device[]);
  });
  afterAll(async () => {
    await t.close();
  });

  const staff = (branch: number | string, key: string, address = '203.0.113.1') =>
    t.request('GET', `/api/time-tracking/${branch}/${key}/staff`, undefined, {
      'x-forwarded-for': address,
    });

  it('lists only names and initials of the branch’s staff who can clock in, sorted by name', async () => {
    for (const key of [keyA, deskKey]) {
      const res = await staff(a.id, key);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { id: users.anna!.id, name: 'Anna Muster', initials: 'AM' },
        { id: users.beide!.id, name: 'Berta Beide', initials: 'BB' },
        { id: users.x9!.id, name: 'x9', initials: 'X' },
        { id: users.zoe!.id, name: 'Zoë Zimmer', initials: 'ZZ' },
      ]);
    }
    const ofB = await staff(b.id, 'key-filiale-b');
    expect(ofB.body.data.map((p: { name: string }) => p.name)).toEqual(['Berta Beide', 'Clara Anders']);
    // Nothing but the three fields: no user name, roles, branches, PIN or hash.
    expect(JSON.stringify(ofB.body)).not.toMatch(/username|roles|branches|pin|\$2[aby]\$|clara"/i);
  });

  it('refuses a wrong key, another branch’s key, a kiosk’s key and an unknown branch with the same 401', async () => {
    for (const [branch, key] of [
      [a.id, 'falsch'],
      [a.id, 'key-filiale-b'],
      [a.id, kioskKey],
      [b.id, deskKey],
      [999_999, keyA],
      ['abc', keyA],
    ] as const) {
      const res = await staff(branch, key, '203.0.113.2');
      expect(res.status).toBe(401);
      expect(res.body.errors[0]).toEqual({
        message: 'Diese Zeiterfassung ist nicht freigeschaltet: Filiale oder Schlüssel ungültig.',
        field: 'apiKey',
      });
      expect(JSON.stringify(res.body)).not.toMatch(/Anna|Muster/);
    }
  });

  it('slows wrong keys from one address after ten in 15 minutes, never a right key from another', async () => {
    const guesser = '198.51.100.7';
    for (let i = 0; i < 10; i += 1) expect((await staff(a.id, `rate-${i}`, guesser)).status).toBe(401);
    const slowed = await staff(a.id, 'rate-10', guesser);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBe(5);
    // Even the right key waits at that address; the tablet at another address is not slowed.
    expect((await staff(a.id, keyA, guesser)).status).toBe(429);
    expect((await staff(a.id, keyA, '203.0.113.9')).status).toBe(200);
    t.clock.advance(5_000);
    expect((await staff(a.id, keyA, guesser)).status).toBe(200);
    // A right key costs nothing: many loads in a row stay fine.
    for (let i = 0; i < 15; i += 1) expect((await staff(a.id, keyA, '203.0.113.9')).status).toBe(200);
  });

  it('clocks in the person picked by id with the PIN, and treats a wrong PIN or unknown id like a wrong name', async () => {
    const pick = (id: number | string, pin: string) => ({ 'x-user-id': String(id), 'x-access-token': pin });
    const me = await t.request(
      'GET',
      `/api/time-tracking/${a.id}/${keyA}/me`,
      undefined,
      pick(users.anna!.id, '5678'),
    );
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ id: users.anna!.id, firstName: 'Anna' });
    const started = await t.request(
      'POST',
      `/api/time-tracking/${a.id}/${deskKey}/working-activities/start`,
      {},
      pick(users.anna!.id, '5678'),
    );
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'running', user: { id: users.anna!.id } });
    for (const [id, pin] of [
      [users.anna!.id, '0000'],
      [987_654, '5678'],
    ] as const) {
      const refused = await t.request(
        'GET',
        `/api/time-tracking/${a.id}/${keyA}/me`,
        undefined,
        pick(id, pin),
      );
      expect(refused.status).toBe(401);
      expect(refused.body.errors[0]).toEqual({
        message: 'Benutzername oder PIN ist falsch.',
        field: 'accessToken',
      });
    }
    const bad = await t.request(
      'GET',
      `/api/time-tracking/${a.id}/${keyA}/me`,
      undefined,
      pick('x1', '5678'),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('userId');
    // Clara is not staff of A: her id and PIN do not open A's clock.
    const other = await t.request(
      'GET',
      `/api/time-tracking/${a.id}/${keyA}/me`,
      undefined,
      pick(users.clara!.id, '2468'),
    );
    expect(other.status).toBe(403);
    expect(other.body.errors[0].message).toBe('Sie sind dieser Filiale nicht zugeordnet.');
  });
});
