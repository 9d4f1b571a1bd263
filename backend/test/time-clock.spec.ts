import { toErrorResponse } from '../src/core/http-error.filter.js';
import { CLOCK_PERSON_RULE } from '../src/operations/time-tracking/time-clock.service.js';
import { WorkingActivityOneOpen1795460000000 } from '../src/database/migrations/operations/1795460000000-working-activity-one-open.js';
import { AuditLog } from '../src/logs/audit-log.entity.js';
import { User } from '../src/auth/user.entity.js';
import { Device } from '../src/devices/device.entity.js';
import { hashDeviceKey } from '../src/devices/device-key.service.js';
import { admin, makeBranch, makeUser, manager } from './operations.fixtures.js';
import { HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Who = Awaited<ReturnType<typeof makeUser>>;

describe('staff time clock (/api/time-tracking/{branchId}/{apiKey}/…)', () => {
  let t: TestApp;
  let a: { id: number };
  let b: { id: number };
  let anna: Who; // employee of A
  let ben: Who; // employee of A
  let clara: Who; // employee of B
  let dora: Who; // employee of A
  const keyA = 'key-filiale-a';
  const keyB = 'key-filiale-b';
  const deskKey = 'theke-a-geraeteschluessel-0123456789';
  const kioskKey = 'kiosk-a-geraeteschluessel-0123456789';

  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator(), env: { BCRYPT_COST: '4' } });
    a = await makeBranch(t, 'filiale-a');
    b = await makeBranch(t, 'filiale-b');
    anna = await makeUser(t, 'anna', ['ROLE_EMPLOYEE'], [a.id]);
    ben = await makeUser(t, 'ben', ['ROLE_EMPLOYEE'], [a.id]);
    clara = await makeUser(t, 'clara', ['ROLE_EMPLOYEE'], [b.id]);
    dora = await makeUser(t, 'dora', ['ROLE_EMPLOYEE'], [a.id]);
    for (const [who, pin] of [
      [anna, '1234'],
      [ben, '5678'],
      [clara, '2468'],
      [dora, '1357'],
    ] as const) {
      const res = await t.request('PUT', `/api/time-tracking/pins/${who.id}`, { pin }, manager);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ hasPin: true });
    }
    const devices = t.dataSource.getRepository(Device);
    await devices.save([
      {
        identifier: 'theke-a',
        type: 'frontdesk',
        branch: a,
        isEnabled: true,
        settings: {},
        apiKeyHash: hashDeviceKey(deskKey),
      },
      {
        identifier: 'kiosk-a',
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

  const as = (username: string, pin: string) => ({ 'x-username': username, 'x-access-token': pin });
  const clock = (method: string, path: string, headers: Record<string, string>, branch = a.id, key = keyA) =>
    t.request(
      method,
      `/api/time-tracking/${branch}/${key}/${path}`,
      method === 'POST' ? {} : undefined,
      headers,
    );
  const step = (action: string, headers: Record<string, string>) =>
    clock('POST', `working-activities/${action}`, headers);

  it('lets only the management set a PIN, of 4 to 8 digits, and stores only its hash', async () => {
    const self = await t.request('PUT', `/api/time-tracking/pins/${anna.id}`, { pin: '9999' }, anna.headers);
    expect(self.status).toBe(403);
    const short = await t.request('PUT', `/api/time-tracking/pins/${anna.id}`, { pin: '12a' }, admin);
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toEqual({
      message: 'Die PIN muss aus 4 bis 8 Ziffern bestehen.',
      field: 'pin',
    });
    const unknown = await t.request('PUT', '/api/time-tracking/pins/999999', { pin: '1234' }, admin);
    expect(unknown.status).toBe(404);
    const stored = await t.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.timeClockPinHash')
      .where('u.id = :id', { id: anna.id })
      .getOneOrFail();
    expect(stored.timeClockPinHash).toMatch(/^\$2[aby]\$04\$/);
    const listed = await t.request('GET', `/api/users/${anna.id}`, undefined, admin);
    expect(JSON.stringify(listed.body)).not.toMatch(/timeClockPin|\$2[aby]\$/);
  });

  it('lists for a manager the employees whose PIN it may set, and keeps managers’ and administrators’ PINs to the administration', async () => {
    const boss = await makeUser(t, 'chefin', ['ROLE_ADMIN']);
    const lead = await makeUser(t, 'leiter', ['ROLE_MANAGER'], [a.id]);
    const listed = await t.request('GET', '/api/time-tracking/pins', undefined, lead.headers);
    expect(listed.status).toBe(200);
    const rows = listed.body.data as Array<{ username: string; hasPin: boolean; branches: unknown[] }>;
    expect(rows.map((r) => r.username).sort()).toEqual(['anna', 'ben', 'clara', 'dora', 'leiter']);
    expect(rows.find((r) => r.username === 'anna')).toEqual({
      id: anna.id,
      username: 'anna',
      firstName: 'anna',
      lastName: 'anna',
      branches: [{ id: a.id, name: 'Filiale filiale-a' }],
      hasPin: true,
    });
    expect(rows.find((r) => r.username === 'leiter')!.hasPin).toBe(false);
    expect(JSON.stringify(listed.body)).not.toMatch(/\$2[aby]\$|timeClockPin/);
    const ofB = await t.request('GET', `/api/time-tracking/pins?branch=${b.id}`, undefined, lead.headers);
    expect(ofB.body.data.map((r: { username: string }) => r.username)).toEqual(['clara']);
    const bad = await t.request('GET', '/api/time-tracking/pins?branch=abc', undefined, lead.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('branch');
    expect((await t.request('GET', '/api/time-tracking/pins', undefined, anna.headers)).status).toBe(403);
    // The administrator sees everyone.
    const all = await t.request('GET', '/api/time-tracking/pins', undefined, admin);
    expect(all.body.data.map((r: { username: string }) => r.username)).toEqual(
      expect.arrayContaining(['chefin', 'leiter', 'anna']),
    );
    // A manager sets its own PIN and its employees', not another manager's or an administrator's.
    expect(
      (await t.request('PUT', `/api/time-tracking/pins/${lead.id}`, { pin: '864200' }, lead.headers)).status,
    ).toBe(200);
    for (const other of [boss, lead]) {
      const refused = await t.request('PUT', `/api/time-tracking/pins/${other.id}`, { pin: '1111' }, manager);
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0].message).toBe(
        'Die PIN dieses Benutzers kann nur die Administration setzen.',
      );
    }
    expect(
      (await t.request('PUT', `/api/time-tracking/pins/${boss.id}`, { pin: '1111' }, admin)).status,
    ).toBe(200);
    expect((await t.request('PUT', `/api/time-tracking/pins/${lead.id}`, { pin: null }, admin)).status).toBe(
      200,
    );
  });

  it('runs Kommen → Pause → Weiter → Gehen with the server clock, refusing every step the state does not allow', async () => {
    const me = as('anna', '1234');
    t.clock.set('2026-11-20T07:00:00Z'); // 08:00 in Vienna
    const idle = await clock('GET', 'me', me);
    expect(idle.status).toBe(200);
    expect(idle.body.data).toMatchObject({
      user: { id: anna.id, username: 'anna' },
      branch: { id: a.id, timeZone: 'Europe/Vienna' },
      state: 'none',
      current: null,
      todayMinutes: 0,
    });
    for (const action of ['pause', 'resume', 'end']) {
      const refused = await step(action, me);
      expect(refused.status).toBe(409);
      expect(refused.body.errors[0].message).toBe('Sie sind nicht eingestempelt.');
    }

    const started = await step('start', me);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({
      user: { id: anna.id },
      branch: { id: a.id },
      type: 'work',
      status: 'running',
      startedAt: '2026-11-20T07:00:00.000Z',
      endedAt: null,
      pauses: [],
      workedMinutes: 0,
    });
    const id = started.body.data.id;
    const again = await step('start', me);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].message).toBe('Sie sind bereits eingestempelt.');
    expect((await step('resume', me)).body.errors[0].message).toBe('Sie sind nicht in der Pause.');

    t.clock.advance(4 * 3_600_000);
    const paused = await step('pause', me);
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({
      id,
      status: 'paused',
      pauses: [{ start: '2026-11-20T11:00:00.000Z', end: null }],
      workedMinutes: 240,
    });
    expect((await step('pause', me)).body.errors[0].message).toBe('Sie sind bereits in der Pause.');

    t.clock.advance(30 * 60_000);
    const during = await clock('GET', 'me', me);
    expect(during.body.data).toMatchObject({
      state: 'paused',
      current: { id, status: 'paused' },
      todayMinutes: 240,
    });
    const resumed = await step('resume', me);
    expect(resumed.body.data).toMatchObject({
      id,
      status: 'running',
      pauseMinutes: 30,
      pauses: [{ start: '2026-11-20T11:00:00.000Z', end: '2026-11-20T11:30:00.000Z' }],
      workedMinutes: 240,
    });

    // 3 h 30 min and 59 s after the pause: the unfinished minute does not count.
    t.clock.advance(3.5 * 3_600_000 + 59_000);
    const ended = await step('end', me);
    expect(ended.status).toBe(200);
    expect(ended.body.data).toMatchObject({
      id,
      status: 'ended',
      endedAt: '2026-11-20T15:00:59.000Z',
      pauseMinutes: 30,
      workedMinutes: 450,
    });
    expect((await step('end', me)).status).toBe(409);

    const after = await clock('GET', 'me', me);
    expect(after.body.data).toMatchObject({ state: 'none', current: null, todayMinutes: 450 });
    // The back office sees the same record through the ordinary list.
    const list = await t.request('GET', `/api/working-activities?user=${anna.id}`, undefined, admin);
    expect(list.body.data).toEqual([
      expect.objectContaining({ id, status: 'ended', pauseMinutes: 30, endedAt: '2026-11-20T15:00:59.000Z' }),
    ]);
    const own = await clock('GET', 'working-activities', me);
    expect(own.body.data.map((x: { id: number }) => x.id)).toEqual([id]);
  });

  it('ends a pause together with the activity when the employee leaves from the pause', async () => {
    const me = as('dora', '1357');
    t.clock.set('2026-11-20T08:00:00Z');
    expect((await step('start', me)).status).toBe(200);
    t.clock.advance(60 * 60_000);
    expect((await step('pause', me)).status).toBe(200);
    t.clock.advance(15 * 60_000);
    const ended = await step('end', me);
    expect(ended.body.data).toMatchObject({
      status: 'ended',
      pauses: [{ start: '2026-11-20T09:00:00.000Z', end: '2026-11-20T09:15:00.000Z' }],
      pauseMinutes: 15,
      workedMinutes: 60,
    });
  });

  it('opens one activity only when two tablets start at the same moment', async () => {
    const me = as('ben', '5678');
    t.clock.set('2026-11-21T07:00:00Z');
    const results = await Promise.all([step('start', me), step('start', me), step('start', me)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const open = await t.request(
      'GET',
      `/api/working-activities?user=${ben.id}&status=running`,
      undefined,
      admin,
    );
    expect(open.body.data).toHaveLength(1);
    expect((await step('end', me)).status).toBe(200);
  });

  it('keeps one open activity per user for the back office too, held by a unique index behind both paths', async () => {
    const me = as('dora', '1357');
    const open = {
      message:
        'Für diese Person ist bereits eine Aktivität offen (eingestempelt oder in Pause). Bitte zuerst diese beenden oder ein Ende eintragen.',
      field: 'endedAt',
      code: 'open_activity',
    };
    t.clock.set('2026-11-23T07:00:00Z');
    const started = await step('start', me);
    expect(started.status).toBe(200);
    const work = (startedAt: string, endedAt: string | null) => ({
      user: { id: dora.id },
      branch: { id: a.id },
      type: 'work',
      startedAt,
      endedAt,
      pauses: [],
    });
    // The back office's form cannot open a second one …
    const second = await t.request(
      'POST',
      '/api/working-activities',
      work('2026-11-23T06:00:00Z', null),
      manager,
    );
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ errors: [open] });
    // … nor reopen a finished one; a finished one is fine, and so is saving the open one itself.
    const done = await t.request(
      'POST',
      '/api/working-activities',
      work('2026-10-01T06:00:00Z', '2026-10-01T14:00:00Z'),
      manager,
    );
    expect(done.status).toBe(201);
    const reopen = await t.request(
      'PUT',
      `/api/working-activities/${done.body.data.id}`,
      work('2026-10-01T06:00:00Z', null),
      manager,
    );
    expect(reopen.status).toBe(409);
    expect(reopen.body).toEqual({ errors: [open] });
    const same = await t.request(
      'PUT',
      `/api/working-activities/${started.body.data.id}`,
      { ...work(started.body.data.startedAt, null), comment: 'Frühdienst' },
      manager,
    );
    expect(same.status).toBe(200);
    // The database itself refuses a second open row, and that refusal is the same German 409 with its field.
    let violation: unknown;
    try {
      await t.dataSource.query(
        `INSERT INTO working_activity (user_id, branch_id, type, started_at) VALUES ($1, $2, 'work', now())`,
        [dora.id, a.id],
      );
    } catch (error) {
      violation = error;
    }
    expect(violation).toBeDefined();
    expect(toErrorResponse(violation)).toEqual({ status: 409, body: { errors: [open] }, log: false });
    expect((await step('end', me)).status).toBe(200);
    // An open row the clock does not look at (an absence without end, from before the check): the index
    // stops the clock's start too, with the same answer instead of a 500.
    const [{ id: stray }] = await t.dataSource.query(
      `INSERT INTO working_activity (user_id, branch_id, type, started_at, days) VALUES ($1, $2, 'holiday', now(), 1) RETURNING id`,
      [dora.id, a.id],
    );
    const blocked = await step('start', me);
    expect(blocked.status).toBe(409);
    expect(blocked.body).toEqual({ errors: [open] });
    await t.dataSource.query('DELETE FROM working_activity WHERE id = $1', [stray]);
    expect((await step('start', me)).status).toBe(200);
    expect((await step('end', me)).status).toBe(200);
  });

  it('migrates to one open activity per user only when no user has two, and names them otherwise', async () => {
    const migration = new WorkingActivityOneOpen1795460000000();
    const runner = t.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      const ids: Array<{ id: number }> = [];
      for (const day of ['2026-09-01', '2026-09-02'])
        ids.push(
          ...(await runner.query(
            `INSERT INTO working_activity (user_id, branch_id, type, started_at) VALUES ($1, $2, 'work', $3) RETURNING id`,
            [clara.id, b.id, `${day}T06:00:00Z`],
          )),
        );
      await expect(migration.up(runner)).rejects.toThrow(
        `Mehrere offene Aktivitäten je Benutzer – bitte alle bis auf eine beenden, dann erneut starten (Benutzer ${clara.id}: Aktivitäten ${ids[0]!.id}, ${ids[1]!.id}).`,
      );
      await runner.query('DELETE FROM working_activity WHERE id = ANY($1)', [ids.map((r) => r.id)]);
      await migration.up(runner);
      const [index] = await runner.query(
        `SELECT indexdef FROM pg_indexes WHERE indexname = 'uq_working_activity_user_open'`,
      );
      expect(index.indexdef).toMatch(/UNIQUE INDEX .* \(user_id\) WHERE \(ended_at IS NULL\)/);
    } finally {
      await runner.release();
    }
  });

  it('writes every booking to the audit log: the employee, the branch, the key used and the step', async () => {
    const me = as('ben', '5678');
    t.clock.set('2026-11-24T07:00:00Z');
    const started = await clock('POST', 'working-activities/start', me, a.id, deskKey);
    expect(started.status).toBe(200);
    expect((await step('pause', me)).status).toBe(200);
    expect((await step('resume', me)).status).toBe(200);
    expect((await clock('POST', 'working-activities/end', me, a.id, deskKey)).status).toBe(200);
    // A refused step changes nothing and leaves no entry.
    expect((await step('pause', me)).status).toBe(409);
    const desk = await t.dataSource.getRepository(Device).findOneByOrFail({ identifier: 'theke-a' });
    const entries = await t.dataSource.getRepository(AuditLog).find({
      where: { entityType: 'working-activities', entityId: String(started.body.data.id) },
      order: { id: 'ASC' },
    });
    expect(entries.map((e) => [e.action, e.userId, e.username])).toEqual([
      ['time-clock-start', ben.id, 'ben'],
      ['time-clock-pause', ben.id, 'ben'],
      ['time-clock-resume', ben.id, 'ben'],
      ['time-clock-end', ben.id, 'ben'],
    ]);
    const branch = { id: a.id, name: expect.any(String) };
    expect(entries.map((e) => e.changes)).toEqual([
      {
        branch,
        key: { device: desk.id, identifier: 'theke-a' },
        at: '2026-11-24T07:00:00.000Z',
        status: 'running',
      },
      { branch, key: 'branch', at: '2026-11-24T07:00:00.000Z', status: 'paused' },
      { branch, key: 'branch', at: '2026-11-24T07:00:00.000Z', status: 'running' },
      {
        branch,
        key: { device: desk.id, identifier: 'theke-a' },
        at: '2026-11-24T07:00:00.000Z',
        status: 'ended',
      },
    ]);
    // The PIN is nowhere in what was recorded (the random request ids may contain any four digits).
    expect(JSON.stringify(entries.map((entry) => entry.changes))).not.toContain('5678');
    // Handing out a PIN is recorded too (who, for whom), without the PIN.
    expect(
      (await t.request('PUT', `/api/time-tracking/pins/${ben.id}`, { pin: '5678' }, manager)).status,
    ).toBe(200);
    const pinEntry = await t.dataSource.getRepository(AuditLog).findOneOrFail({
      where: { entityType: 'users', entityId: String(ben.id), action: 'time-clock-pin-set' },
      order: { id: 'DESC' },
    });
    expect(pinEntry.userId).not.toBeNull();
    expect(pinEntry.changes).toEqual({});
  });

  it('refuses a wrong PIN and an unknown name alike, and a missing name by its field', async () => {
    const wrong = await clock('GET', 'me', as('anna', '0000'));
    const nobody = await clock('GET', 'me', as('niemand', '1234'));
    const letters = await clock('GET', 'me', as('anna', 'abcd'));
    expect([wrong.status, nobody.status, letters.status]).toEqual([401, 401, 401]);
    expect(wrong.body).toEqual({
      errors: [{ message: 'Benutzername oder PIN ist falsch.', field: 'accessToken' }],
    });
    expect(nobody.body).toEqual(wrong.body);
    const missing = await clock('GET', 'me', { 'x-access-token': '1234' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('username');
    const noPin = await step('start', { 'x-username': 'anna' });
    expect(noPin.status).toBe(400);
    expect(noPin.body.errors[0].field).toBe('accessToken');
  });

  it('refuses a wrong key, another branch’s key, a kiosk’s key and an employee of another branch', async () => {
    const me = as('anna', '1234');
    const wrongKey = await clock('GET', 'me', me, a.id, 'falsch');
    const otherBranchKey = await clock('GET', 'me', me, a.id, keyB);
    const unknownBranch = await clock('GET', 'me', me, 999999, keyA);
    const kiosk = await clock('GET', 'me', me, a.id, kioskKey);
    const deskOfA = await clock('GET', 'me', me, b.id, deskKey);
    expect([wrongKey, otherBranchKey, unknownBranch, kiosk, deskOfA].map((r) => r.status)).toEqual([
      401, 401, 401, 401, 401,
    ]);
    expect(wrongKey.body.errors[0]).toEqual({
      message: 'Diese Zeiterfassung ist nicht freigeschaltet: Filiale oder Schlüssel ungültig.',
      field: 'apiKey',
    });
    // The front-desk device of branch A opens A's clock.
    expect((await clock('GET', 'me', me, a.id, deskKey)).status).toBe(200);
    // Clara works in B: not at A's entrance, but at her own.
    const foreign = await clock('POST', 'working-activities/start', as('clara', '2468'));
    expect(foreign.status).toBe(403);
    expect(foreign.body.errors[0]).toEqual({
      message: 'Sie sind dieser Filiale nicht zugeordnet.',
      field: 'username',
    });
    expect((await clock('GET', 'me', as('clara', '2468'), b.id, keyB)).status).toBe(200);
    expect(clara.id).toBeGreaterThan(0);
  });

  it('refuses a disabled account', async () => {
    await t.dataSource.getRepository(User).update({ id: dora.id }, { isEnabled: false });
    const res = await clock('GET', 'me', as('dora', '1357'));
    await t.dataSource.getRepository(User).update({ id: dora.id }, { isEnabled: true });
    expect(res.status).toBe(403);
  });

  it('shows the employee its own shifts of the coming week at this branch', async () => {
    t.clock.set('2026-11-20T06:00:00Z');
    const shift = await t.request(
      'POST',
      '/api/working-schedules',
      {
        user: { id: anna.id },
        branch: { id: a.id },
        startsAt: '2026-11-20T07:00:00Z',
        endsAt: '2026-11-20T15:00:00Z',
      },
      admin,
    );
    expect(shift.status).toBe(201);
    await t.request(
      'POST',
      '/api/working-schedules',
      {
        user: { id: ben.id },
        branch: { id: a.id },
        startsAt: '2026-11-20T07:00:00Z',
        endsAt: '2026-11-20T15:00:00Z',
      },
      admin,
    );
    const res = await clock('GET', 'working-schedules', as('anna', '1234'));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        id: shift.body.data.id,
        startsAt: '2026-11-20T07:00:00.000Z',
        endsAt: '2026-11-20T15:00:00.000Z',
      }),
    ]);
  });

  it('sums the week per employee and day without pauses, and shows an employee only its own row', async () => {
    // A night shift from Saturday 22:00 to Sunday 02:00 Vienna time with a pause across midnight.
    const night = await t.request(
      'POST',
      '/api/working-activities',
      {
        user: { id: clara.id },
        branch: { id: b.id },
        type: 'work',
        startedAt: '2026-11-21T21:00:00Z',
        endedAt: '2026-11-22T01:00:00Z',
        pauses: [{ start: '2026-11-21T22:45:00Z', end: '2026-11-21T23:15:00Z' }],
      },
      admin,
    );
    expect(night.status).toBe(201);
    const res = await t.request('GET', '/api/time-sheets/working-time?week=2026-11-19', undefined, manager);
    expect(res.status).toBe(200);
    expect(res.body.data.week).toBe('2026-11-16');
    expect(res.body.data.days).toHaveLength(7);
    const byName = new Map(
      res.body.data.rows.map((r: { user: { username: string } }) => [r.user.username, r]),
    );
    // Anna: Friday 07:00–15:00:59 less 30 min = 450 whole minutes.
    expect(byName.get('anna')).toMatchObject({
      days: [0, 0, 0, 0, 450, 0, 0],
      totalMinutes: 450,
      openActivities: 0,
    });
    expect(byName.get('dora')).toMatchObject({ days: [0, 0, 0, 0, 60, 0, 0], totalMinutes: 60 });
    // Clara: Saturday 22:00–24:00 less 15 min = 105; Sunday 00:00–02:00 less 15 min = 105.
    expect(byName.get('clara')).toMatchObject({ days: [0, 0, 0, 0, 0, 105, 105], totalMinutes: 210 });
    const own = await t.request(
      'GET',
      '/api/time-sheets/working-time?week=2026-11-20',
      undefined,
      anna.headers,
    );
    expect(own.body.data.rows.map((r: { user: { id: number } }) => r.user.id)).toEqual([anna.id]);
    const bad = await t.request('GET', '/api/time-sheets/working-time?week=2026-02-30', undefined, manager);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('week');
  });

  it('slows wrong PINs per terminal and person with short growing waits, not for colleagues or other terminals', async () => {
    t.clock.set('2026-11-25T07:00:00Z');
    const wrong = as('ben', '9999');
    const right = as('ben', '5678');
    for (let i = 0; i < 4; i++) expect((await clock('GET', 'me', wrong)).status).toBe(401);
    const waits: number[] = [];
    let refused = await clock('GET', 'me', right);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0].message).toBe(
      'Zu viele falsche PINs. Bitte versuchen Sie es in 30 Sekunden erneut.',
    );
    waits.push(Number(refused.headers.get('retry-after')));
    // Anna on the same tablet, and Ben at the counter's terminal, are not held up.
    expect((await clock('GET', 'me', as('anna', '1234'))).status).toBe(200);
    expect((await clock('GET', 'me', right, a.id, deskKey)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      t.clock.advance(waits.at(-1)! * 1000);
      expect((await clock('GET', 'me', wrong)).status).toBe(401);
      refused = await clock('GET', 'me', right);
      expect(refused.status).toBe(429);
      waits.push(Number(refused.headers.get('retry-after')));
    }
    expect(waits).toEqual([30, 60, 120]);
    expect(refused.body.errors[0].message).toBe(
      'Zu viele falsche PINs. Bitte versuchen Sie es in 2 Minuten erneut.',
    );
    // The refused attempts did not lengthen the wait: after it the right PIN works.
    t.clock.advance(120_000);
    expect((await clock('GET', 'me', right)).status).toBe(200);
    // The wait grows to at most 5 minutes.
    expect([4, 5, 6, 7, 8, 30].map((n) => CLOCK_PERSON_RULE.waitAfter(n, 0) / 1000)).toEqual([
      30, 60, 120, 240, 300, 300,
    ]);
  });

  it('slows one terminal after ten wrong PINs for any names, by seconds only', async () => {
    t.clock.set('2026-11-25T12:00:00Z');
    for (let i = 0; i < 10; i++)
      expect((await clock('GET', 'me', as(`niemand${i}`, '0000'), b.id, keyB)).status).toBe(401);
    const held = await clock('GET', 'me', as('clara', '2468'), b.id, keyB);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBe(5);
    // Branch A's tablet is another terminal.
    expect((await clock('GET', 'me', as('anna', '1234'))).status).toBe(200);
    t.clock.advance(5_000);
    expect((await clock('GET', 'me', as('clara', '2468'), b.id, keyB)).status).toBe(200);
  });

  it('closes a person’s clock after 20 wrong PINs in a day at any terminal, until a manager gives a new PIN', async () => {
    t.clock.set('2026-11-26T07:00:00Z');
    for (let i = 0; i < 20; i++) {
      expect((await clock('GET', 'me', as('dora', '0000'), a.id, i % 2 ? deskKey : keyA)).status).toBe(401);
      t.clock.advance(5 * 60_000);
    }
    for (const key of [keyA, deskKey]) {
      const closed = await clock('GET', 'me', as('dora', '1357'), a.id, key);
      expect(closed.status).toBe(429);
      expect(closed.body.errors[0].message).toBe(
        'Zu viele falsche PINs für dieses Konto. Die Filialleitung kann die Sperre aufheben, indem sie eine neue PIN vergibt.',
      );
      // Until the end of the day that began with the first wrong PIN (07:00 + 24 h; it is now 08:40).
      expect(Number(closed.headers.get('retry-after'))).toBe((24 * 60 - 100) * 60);
    }
    expect((await clock('GET', 'me', as('anna', '1234'))).status).toBe(200);
    const reissued = await t.request('PUT', `/api/time-tracking/pins/${dora.id}`, { pin: '1357' }, manager);
    expect(reissued.status).toBe(200);
    expect((await clock('GET', 'me', as('dora', '1357'))).status).toBe(200);
  });
});
