import { Department } from '../src/operations/departments/department.entity.js';
import { admin, idsOf, makeBranch, makeUser, manager } from './operations.fixtures.js';
import { HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Who = Awaited<ReturnType<typeof makeUser>>;

describe('time tracking (/api/working-activities, /api/working-schedules)', () => {
  let t: TestApp;
  let a: { id: number };
  let b: { id: number };
  let anna: Who; // employee of A
  let ben: Who; // employee of A
  let clara: Who; // employee of B
  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator() });
    a = await makeBranch(t, 'filiale-a');
    b = await makeBranch(t, 'filiale-b');
    anna = await makeUser(t, 'anna', ['ROLE_EMPLOYEE'], [a.id]);
    ben = await makeUser(t, 'ben', ['ROLE_EMPLOYEE'], [a.id]);
    clara = await makeUser(t, 'clara', ['ROLE_EMPLOYEE'], [b.id]);
  });
  afterAll(async () => {
    await t.close();
  });

  const work = (
    user: Who,
    branch: { id: number },
    startedAt: string,
    endedAt: string | null,
    extra: Record<string, unknown> = {},
  ) => ({
    user: { id: user.id },
    branch: { id: branch.id },
    type: 'work',
    startedAt,
    endedAt,
    ...extra,
  });

  describe('working activities', () => {
    it('creates, reads, updates (PUT with the body GET returned) and deletes, deriving status and pause minutes', async () => {
      const created = await t.request(
        'POST',
        '/api/working-activities',
        work(anna, a, '2026-11-16T07:00:00Z', null, {
          pauses: [
            { start: '2026-11-16T11:00:00Z', end: '2026-11-16T11:30:00Z' },
            { start: '2026-11-16T13:00:00+01:00', end: null },
          ],
          comment: 'Frühdienst',
        }),
        admin,
      );
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        user: { id: anna.id },
        branch: { id: a.id },
        project: null,
        task: null,
        type: 'work',
        startedAt: '2026-11-16T07:00:00.000Z',
        endedAt: null,
        status: 'paused',
        pauseMinutes: 30,
        days: null,
        comment: 'Frühdienst',
        pauses: [
          { start: '2026-11-16T11:00:00.000Z', end: '2026-11-16T11:30:00.000Z' },
          { start: '2026-11-16T12:00:00.000Z', end: null },
        ],
      });
      const id = created.body.data.id;
      const read = await t.request('GET', `/api/working-activities/${id}`, undefined, admin);
      const body = {
        ...read.body.data,
        endedAt: '2026-11-16T15:30:00Z',
        pauses: [
          read.body.data.pauses[0],
          { start: '2026-11-16T12:00:00.000Z', end: '2026-11-16T12:15:00.000Z' },
        ],
        status: 'running',
        pauseMinutes: 999,
      };
      const updated = await t.request('PUT', `/api/working-activities/${id}`, body, admin);
      expect(updated.status).toBe(200);
      // status and pauseMinutes are computed: the body's values are ignored.
      expect(updated.body.data).toMatchObject({
        id,
        status: 'ended',
        pauseMinutes: 45,
        endedAt: '2026-11-16T15:30:00.000Z',
      });

      expect((await t.request('DELETE', `/api/working-activities/${id}`, undefined, admin)).status).toBe(200);
      expect((await t.request('GET', `/api/working-activities/${id}`, undefined, admin)).status).toBe(404);
    });

    it('lists with the user, branch, type, status, from and to filters, pages and sorts', async () => {
      const make = async (body: Record<string, unknown>) => {
        const res = await t.request('POST', '/api/working-activities', body, admin);
        expect(res.status).toBe(201);
        return res.body.data.id as number;
      };
      const mon = await make(work(ben, a, '2026-10-05T06:00:00Z', '2026-10-05T14:00:00Z'));
      const tue = await make(work(ben, a, '2026-10-06T06:00:00Z', '2026-10-06T14:00:00Z'));
      const running = await make(work(ben, a, '2026-10-07T06:00:00Z', null));
      // 00:30 in Vienna on 8 October is still 7 October in UTC: the day filter reads the branch's zone.
      const night = await make(work(ben, a, '2026-10-07T22:30:00Z', '2026-10-08T02:00:00Z'));
      const sick = await make({
        ...work(ben, a, '2026-10-09T00:00:00+02:00', '2026-10-10T00:00:00+02:00'),
        type: 'sick',
        days: 1,
      });

      const byUser = await t.request(
        'GET',
        `/api/working-activities?user=${ben.id}&sort=startedAt`,
        undefined,
        admin,
      );
      expect(idsOf(byUser.body)).toEqual([mon, tue, running, night, sick]);
      const ended = await t.request(
        'GET',
        `/api/working-activities?user=${ben.id}&status=ended&type=work&sort=-startedAt`,
        undefined,
        admin,
      );
      expect(idsOf(ended.body)).toEqual([night, tue, mon]);
      const runningOnly = await t.request(
        'GET',
        `/api/working-activities?user=${ben.id}&status=running`,
        undefined,
        admin,
      );
      expect(idsOf(runningOnly.body)).toEqual([running]);
      const sickOnly = await t.request(
        'GET',
        `/api/working-activities?user=${ben.id}&type=sick`,
        undefined,
        admin,
      );
      expect(idsOf(sickOnly.body)).toEqual([sick]);
      // 8 October (Vienna): the night shift and the still running activity overlap it.
      const day = await t.request(
        'GET',
        `/api/working-activities?user=${ben.id}&from=2026-10-08&to=2026-10-08&sort=startedAt`,
        undefined,
        admin,
      );
      expect(idsOf(day.body)).toEqual([running, night]);
      const instant = await t.request(
        'GET',
        `/api/working-activities?branch=${a.id}&user=${ben.id}&from=2026-10-06T13:00:00Z&to=2026-10-06T13:30:00Z`,
        undefined,
        admin,
      );
      expect(idsOf(instant.body)).toEqual([tue]);
      const page = await t.request(
        'GET',
        `/api/working-activities?user=${ben.id}&sort=startedAt&limit=2&page=2`,
        undefined,
        manager,
      );
      expect(idsOf(page.body)).toEqual([running, night]);
      expect(page.headers.get('x-total-count')).toBe('5');

      const badDate = await t.request('GET', '/api/working-activities?from=gestern', undefined, admin);
      expect(badDate.status).toBe(400);
      expect(badDate.body.errors[0]).toEqual({
        message: 'Dieser Wert entspricht keinem gültigen Datum.',
        field: 'from',
      });
      const badStatus = await t.request('GET', '/api/working-activities?status=schlafend', undefined, admin);
      expect(badStatus.status).toBe(400);
      expect(badStatus.body.errors[0].field).toBe('status');
    });

    it('rejects an end before the start, naming endedAt, and checks required fields and types', async () => {
      const backwards = await t.request(
        'POST',
        '/api/working-activities',
        work(anna, a, '2026-11-16T10:00:00Z', '2026-11-16T09:00:00Z'),
        admin,
      );
      expect(backwards.status).toBe(400);
      expect(backwards.body.errors[0]).toEqual({
        message: 'Das Ende muss nach dem Beginn liegen.',
        field: 'endedAt',
      });
      const same = await t.request(
        'POST',
        '/api/working-activities',
        work(anna, a, '2026-11-16T10:00:00Z', '2026-11-16T10:00:00Z'),
        admin,
      );
      expect(same.body.errors[0].field).toBe('endedAt');

      const missing = await t.request(
        'POST',
        '/api/working-activities',
        { user: { id: anna.id }, branch: { id: a.id } },
        admin,
      );
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'startedAt',
      });
      const wrongType = await t.request(
        'POST',
        '/api/working-activities',
        work(anna, a, '2026-11-16T10:00:00Z', null, { comment: 42 }),
        admin,
      );
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte vom Typ string sein.',
        field: 'comment',
      });
      const badDate = await t.request(
        'POST',
        '/api/working-activities',
        work(anna, a, 'Montag früh', null),
        admin,
      );
      expect(badDate.body.errors[0]).toEqual({
        message: 'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.',
        field: 'startedAt',
      });

      const pauseOutside = await t.request(
        'POST',
        '/api/working-activities',
        work(anna, a, '2026-11-16T08:00:00Z', '2026-11-16T12:00:00Z', {
          pauses: [{ start: '2026-11-16T11:00:00Z', end: '2026-11-16T12:30:00Z' }],
        }),
        admin,
      );
      expect(pauseOutside.status).toBe(400);
      expect(pauseOutside.body.errors[0].field).toBe('pauses.0.end');
      const openPauseOnEnded = await t.request(
        'POST',
        '/api/working-activities',
        work(anna, a, '2026-11-16T08:00:00Z', '2026-11-16T12:00:00Z', {
          pauses: [{ start: '2026-11-16T11:00:00Z', end: null }],
        }),
        admin,
      );
      expect(openPauseOnEnded.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'pauses.0.end',
      });
      const holidayWithoutDays = await t.request(
        'POST',
        '/api/working-activities',
        { ...work(anna, a, '2026-11-16T00:00:00Z', '2026-11-17T00:00:00Z'), type: 'holiday' },
        admin,
      );
      expect(holidayWithoutDays.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'days',
      });
      const quarterDay = await t.request(
        'POST',
        '/api/working-activities',
        { ...work(anna, a, '2026-11-16T00:00:00Z', '2026-11-17T00:00:00Z'), type: 'holiday', days: 1.25 },
        admin,
      );
      expect(quarterDay.body.errors[0]).toEqual({
        message: 'Nur ganze und halbe Tage sind erlaubt.',
        field: 'days',
      });
    });

    it('takes the project from the task and refuses a task of another project', async () => {
      const p1 = (await t.request('POST', '/api/projects', { name: 'Estrich Kainbach' }, admin)).body.data;
      const p2 = (await t.request('POST', '/api/projects', { name: 'Estrich Gleisdorf' }, admin)).body.data;
      const task = (
        await t.request('POST', '/api/tasks', { project: { id: p1.id }, name: 'Randdämmstreifen' }, admin)
      ).body.data;
      const ok = await t.request(
        'POST',
        '/api/working-activities',
        // Finished: anna's own open activity comes later (one open activity per user).
        work(anna, a, '2026-11-17T07:00:00Z', '2026-11-17T15:00:00Z', { task: { id: task.id } }),
        admin,
      );
      expect(ok.body.data).toMatchObject({ project: { id: p1.id }, task: { id: task.id } });
      const wrong = await t.request(
        'POST',
        '/api/working-activities',
        work(anna, a, '2026-11-17T07:00:00Z', null, { project: { id: p2.id }, task: { id: task.id } }),
        admin,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors[0]).toEqual({
        message: 'Die Aufgabe gehört nicht zum gewählten Projekt.',
        field: 'task',
      });
    });

    it('keeps employees to their branches and their own rows: another branch’s row is 403, a colleague’s 404, the list shows only their own', async () => {
      const ownRow = (
        await t.request(
          'POST',
          '/api/working-activities',
          work(anna, a, '2026-09-01T06:00:00Z', '2026-09-01T10:00:00Z'),
          admin,
        )
      ).body.data;
      const otherRow = (
        await t.request(
          'POST',
          '/api/working-activities',
          work(clara, b, '2026-09-01T06:00:00Z', '2026-09-01T10:00:00Z'),
          admin,
        )
      ).body.data;
      // A colleague's row in the same branch is hidden altogether (issue 15: never a colleague's records).
      const colleagueRow = (
        await t.request(
          'POST',
          '/api/working-activities',
          work(ben, a, '2026-09-02T06:00:00Z', '2026-09-02T10:00:00Z'),
          admin,
        )
      ).body.data;
      expect(
        (await t.request('GET', `/api/working-activities/${colleagueRow.id}`, undefined, anna.headers))
          .status,
      ).toBe(404);

      expect(
        (await t.request('GET', `/api/working-activities/${otherRow.id}`, undefined, anna.headers)).status,
      ).toBe(403);
      expect(
        (await t.request('GET', `/api/working-activities/${ownRow.id}`, undefined, anna.headers)).status,
      ).toBe(200);
      const list = await t.request('GET', '/api/working-activities?limit=1000', undefined, anna.headers);
      expect(list.status).toBe(200);
      expect(list.body.data.length).toBeGreaterThan(0);
      expect(list.body.data.every((row: { branch: { id: number } }) => row.branch.id === a.id)).toBe(true);
      expect(idsOf(list.body)).not.toContain(otherRow.id);
      const filtered = await t.request(
        'GET',
        `/api/working-activities?branch=${b.id}`,
        undefined,
        anna.headers,
      );
      expect(filtered.body.data).toEqual([]);

      // Employees record their own work in their branches, nothing else.
      const own = await t.request(
        'POST',
        '/api/working-activities',
        work(anna, a, '2026-11-18T07:00:00Z', null),
        anna.headers,
      );
      expect(own.status).toBe(201);
      const otherBranch = await t.request(
        'POST',
        '/api/working-activities',
        work(anna, b, '2026-11-18T07:00:00Z', null),
        anna.headers,
      );
      expect(otherBranch.status).toBe(403);
      const forColleague = await t.request(
        'POST',
        '/api/working-activities',
        work(ben, a, '2026-11-18T07:00:00Z', null),
        anna.headers,
      );
      expect(forColleague.status).toBe(403);
      const takeOver = await t.request(
        'PUT',
        `/api/working-activities/${colleagueRow.id}`,
        { ...colleagueRow, user: { id: anna.id } },
        anna.headers,
      );
      expect(takeOver.status).toBe(404);
      const holiday = await t.request(
        'POST',
        '/api/working-activities',
        { ...work(anna, a, '2026-12-01T00:00:00Z', '2026-12-02T00:00:00Z'), type: 'holiday', days: 1 },
        anna.headers,
      );
      expect(holiday.status).toBe(403);
      expect(
        (await t.request('DELETE', `/api/working-activities/${otherRow.id}`, undefined, anna.headers)).status,
      ).toBe(403);
      expect(
        (await t.request('DELETE', `/api/working-activities/${colleagueRow.id}`, undefined, anna.headers))
          .status,
      ).toBe(404);
      expect(
        (await t.request('DELETE', `/api/working-activities/${own.body.data.id}`, undefined, anna.headers))
          .status,
      ).toBe(200);
      expect((await t.request('GET', '/api/working-activities')).status).toBe(401);
    });
  });

  describe('working schedules', () => {
    let kitchen: Department;
    beforeAll(async () => {
      const repo = t.dataSource.getRepository(Department);
      kitchen = await repo.save(repo.create({ name: 'Küche', branch: { id: a.id } as never }));
    });

    const shift = (
      user: Who,
      branch: { id: number },
      startsAt: string,
      endsAt: string,
      extra: Record<string, unknown> = {},
    ) => ({
      user: { id: user.id },
      branch: { id: branch.id },
      startsAt,
      endsAt,
      ...extra,
    });

    it('creates, reads, updates (PUT with the body GET returned) and deletes a shift', async () => {
      const created = await t.request(
        'POST',
        '/api/working-schedules',
        shift(anna, a, '2026-11-23T10:00:00+01:00', '2026-11-23T18:00:00+01:00', {
          department: { id: kitchen.id },
          comment: 'Mittag',
        }),
        manager,
      );
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        user: { id: anna.id },
        branch: { id: a.id },
        department: { id: kitchen.id },
        startsAt: '2026-11-23T09:00:00.000Z',
        endsAt: '2026-11-23T17:00:00.000Z',
        comment: 'Mittag',
      });
      const id = created.body.data.id;
      const read = await t.request('GET', `/api/working-schedules/${id}`, undefined, admin);
      const updated = await t.request(
        'PUT',
        `/api/working-schedules/${id}`,
        { ...read.body.data, endsAt: '2026-11-23T19:00:00Z' },
        manager,
      );
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({
        id,
        endsAt: '2026-11-23T19:00:00.000Z',
        department: { id: kitchen.id },
      });
      expect((await t.request('DELETE', `/api/working-schedules/${id}`, undefined, manager)).status).toBe(
        200,
      );
      expect((await t.request('GET', `/api/working-schedules/${id}`, undefined, manager)).status).toBe(404);
    });

    it('lists with the user, branch, department, from and to filters, pages and sorts', async () => {
      const make = async (body: Record<string, unknown>) =>
        (await t.request('POST', '/api/working-schedules', body, admin)).body.data.id as number;
      const mon = await make(
        shift(ben, a, '2026-12-07T07:00:00Z', '2026-12-07T15:00:00Z', { department: { id: kitchen.id } }),
      );
      const tue = await make(shift(ben, a, '2026-12-08T07:00:00Z', '2026-12-08T15:00:00Z'));
      const wed = await make(
        shift(ben, a, '2026-12-09T07:00:00Z', '2026-12-09T15:00:00Z', { department: { id: kitchen.id } }),
      );
      const other = await make(shift(clara, b, '2026-12-08T07:00:00Z', '2026-12-08T15:00:00Z'));

      const week = await t.request(
        'GET',
        `/api/working-schedules?user=${ben.id}&from=2026-12-07&to=2026-12-13&sort=-startsAt`,
        undefined,
        admin,
      );
      expect(idsOf(week.body)).toEqual([wed, tue, mon]);
      const dept = await t.request(
        'GET',
        `/api/working-schedules?department=${kitchen.id}&from=2026-12-01&to=2026-12-31`,
        undefined,
        admin,
      );
      expect(idsOf(dept.body)).toEqual([mon, wed]);
      const day = await t.request(
        'GET',
        '/api/working-schedules?from=2026-12-08&to=2026-12-08',
        undefined,
        admin,
      );
      expect(idsOf(day.body)).toEqual([tue, other]);
      const branchB = await t.request('GET', `/api/working-schedules?branch=${b.id}`, undefined, admin);
      expect(idsOf(branchB.body)).toEqual([other]);
      const page = await t.request(
        'GET',
        `/api/working-schedules?user=${ben.id}&limit=2&page=2`,
        undefined,
        admin,
      );
      expect(idsOf(page.body)).toEqual([wed]);
      expect(page.headers.get('x-total-count')).toBe('3');

      // Employees read their branches' plan only, and do not plan.
      const anns = await t.request(
        'GET',
        '/api/working-schedules?from=2026-12-08&to=2026-12-08',
        undefined,
        anna.headers,
      );
      expect(idsOf(anns.body)).toEqual([tue]);
      expect(
        (await t.request('GET', `/api/working-schedules/${other}`, undefined, anna.headers)).status,
      ).toBe(403);
      const selfPlanned = await t.request(
        'POST',
        '/api/working-schedules',
        shift(anna, a, '2026-12-10T07:00:00Z', '2026-12-10T15:00:00Z'),
        anna.headers,
      );
      expect(selfPlanned.status).toBe(403);
      expect(
        (await t.request('DELETE', `/api/working-schedules/${tue}`, undefined, anna.headers)).status,
      ).toBe(403);
    });

    it('rejects an end before the start (naming endsAt), a department of another branch, and missing or mistyped fields', async () => {
      const backwards = await t.request(
        'POST',
        '/api/working-schedules',
        shift(anna, a, '2026-11-23T18:00:00Z', '2026-11-23T10:00:00Z'),
        admin,
      );
      expect(backwards.status).toBe(400);
      expect(backwards.body.errors[0]).toEqual({
        message: 'Das Ende muss nach dem Beginn liegen.',
        field: 'endsAt',
      });
      const foreign = await t.request(
        'POST',
        '/api/working-schedules',
        shift(clara, b, '2026-11-23T10:00:00Z', '2026-11-23T18:00:00Z', { department: { id: kitchen.id } }),
        admin,
      );
      expect(foreign.body.errors[0]).toEqual({
        message: 'Die Abteilung gehört zu einer anderen Filiale.',
        field: 'department',
      });
      const missing = await t.request(
        'POST',
        '/api/working-schedules',
        { user: { id: anna.id }, branch: { id: a.id }, startsAt: '2026-11-23T10:00:00Z' },
        admin,
      );
      expect(missing.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'endsAt',
      });
      const wrongType = await t.request(
        'POST',
        '/api/working-schedules',
        { ...shift(anna, a, '2026-11-23T10:00:00Z', '2026-11-23T18:00:00Z'), user: 5 },
        admin,
      );
      expect(wrongType.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte vom Typ object sein.',
        field: 'user',
      });
    });
  });
});
