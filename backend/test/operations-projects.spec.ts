import { Division } from '../src/divisions/division.entity.js';
import { admin, idsOf, makeBranch, makeUser, manager } from './operations.fixtures.js';
import { HeaderAuthenticator } from './support/header-authenticator.js';
import { startTestApp, type TestApp } from './support/test-app.js';

describe('projects and tasks (/api/projects, /api/tasks)', () => {
  let t: TestApp;
  let graz: { id: number };
  let division: Division;
  beforeAll(async () => {
    t = await startTestApp({ authenticator: new HeaderAuthenticator() });
    division = await t.dataSource
      .getRepository(Division)
      .save({ identifier: 'estrich', name: 'Estrich GmbH' });
    graz = await makeBranch(t, 'estrich-graz', { id: division.id });
  });
  afterAll(async () => {
    await t.close();
  });

  const project = (name: string, extra: Record<string, unknown> = {}) => ({ name, ...extra });

  describe('projects', () => {
    it('creates, reads, updates (PUT with the body GET returned) and deletes a project', async () => {
      const created = await t.request(
        'POST',
        '/api/projects',
        project('Einfamilienhaus Kainbach – Fließestrich 140 m²', {
          number: '2026-014',
          customerName: 'Familie Pichler',
          customerContact: '+43 664 123 45 67',
          street: 'Kainbacher Straße 12',
          zipCode: '8010',
          city: 'Kainbach bei Graz',
          status: 'active',
          startDate: '2026-11-23',
          endDate: '2026-11-27',
          description: 'Fließestrich CA-F5, 140 m², Fußbodenheizung.',
          branch: { id: graz.id },
        }),
        manager,
      );
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        number: '2026-014',
        status: 'active',
        startDate: '2026-11-23',
        endDate: '2026-11-27',
        isEnabled: true,
        branch: { id: graz.id },
        division: null,
      });
      const id = created.body.data.id;
      const read = await t.request('GET', `/api/projects/${id}`, undefined, admin);
      const updated = await t.request(
        'PUT',
        `/api/projects/${id}`,
        { ...read.body.data, status: 'done', isEnabled: false },
        admin,
      );
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({
        id,
        status: 'done',
        isEnabled: false,
        number: '2026-014',
        customerName: 'Familie Pichler',
      });
      // Deleting a project deletes its tasks.
      const task = (await t.request('POST', '/api/tasks', { project: { id }, name: 'Abnahme' }, admin)).body
        .data;
      expect((await t.request('DELETE', `/api/projects/${id}`, undefined, admin)).status).toBe(200);
      expect((await t.request('GET', `/api/projects/${id}`, undefined, admin)).status).toBe(404);
      expect((await t.request('GET', `/api/tasks/${task.id}`, undefined, admin)).status).toBe(404);
    });

    it('lists with the status, division, branch and q filters, pages and sorts', async () => {
      const make = async (body: Record<string, unknown>) =>
        (await t.request('POST', '/api/projects', body, admin)).body.data.id as number;
      const a = await make(
        project('Halle Gleisdorf', { status: 'planned', number: 'L-1', branch: { id: graz.id } }),
      );
      const b = await make(
        project('Wohnung Lend', { status: 'active', number: 'L-2', division: { id: division.id } }),
      );
      const c = await make(project('Büro Weiz', { status: 'cancelled', number: 'L-3' }));
      const byStatus = await t.request(
        'GET',
        '/api/projects?status=planned,active&sort=number',
        undefined,
        admin,
      );
      expect(idsOf(byStatus.body)).toEqual([a, b]);
      // Through the branch's organisation or the project's own.
      const byDivision = await t.request(
        'GET',
        `/api/projects?division=${division.id}&sort=-number`,
        undefined,
        admin,
      );
      expect(idsOf(byDivision.body)).toEqual([b, a]);
      const byBranch = await t.request('GET', `/api/projects?branch=${graz.id}`, undefined, admin);
      expect(idsOf(byBranch.body)).toEqual([a]);
      const q = await t.request('GET', '/api/projects?q=weiz', undefined, admin);
      expect(idsOf(q.body)).toEqual([c]);
      const page = await t.request('GET', '/api/projects?q=L-&sort=number&limit=2&page=2', undefined, admin);
      expect(idsOf(page.body)).toEqual([c]);
      expect(page.headers.get('x-total-count')).toBe('3');
    });

    it('validates in German (missing name, wrong type, choice, end before start) and answers a duplicate number with 409', async () => {
      const missing = await t.request('POST', '/api/projects', { number: 'X-1' }, admin);
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'name',
      });
      const wrongType = await t.request('POST', '/api/projects', project('X', { isEnabled: 1 }), admin);
      expect(wrongType.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte vom Typ bool sein.',
        field: 'isEnabled',
      });
      const choice = await t.request('POST', '/api/projects', project('X', { status: 'pausiert' }), admin);
      expect(choice.body.errors[0]).toEqual({
        message: 'Sie haben einen ungültigen Wert ausgewählt.',
        field: 'status',
      });
      const backwards = await t.request(
        'POST',
        '/api/projects',
        project('X', { startDate: '2026-11-27', endDate: '2026-11-23' }),
        admin,
      );
      expect(backwards.body.errors[0]).toEqual({
        message: 'Das Ende darf nicht vor dem Beginn liegen.',
        field: 'endDate',
      });
      expect(
        (await t.request('POST', '/api/projects', project('Erstes', { number: 'DUP-1' }), admin)).status,
      ).toBe(201);
      const dup = await t.request('POST', '/api/projects', project('Zweites', { number: 'DUP-1' }), admin);
      expect(dup.status).toBe(409);
      expect(dup.body.errors[0]).toEqual({ message: 'Dieser Wert wird bereits verwendet.', field: 'number' });
    });

    it('is for the management: employees get 403', async () => {
      const employee = await makeUser(t, 'proj-employee', ['ROLE_EMPLOYEE'], [graz.id]);
      expect((await t.request('GET', '/api/projects', undefined, employee.headers)).status).toBe(403);
      expect((await t.request('GET', '/api/tasks', undefined, employee.headers)).status).toBe(403);
    });
  });

  describe('tasks', () => {
    let p: number;
    let other: number;
    let worker: { id: number };
    beforeAll(async () => {
      p = (await t.request('POST', '/api/projects', project('Kainbach'), admin)).body.data.id;
      other = (await t.request('POST', '/api/projects', project('Hart bei Graz'), admin)).body.data.id;
      worker = await makeUser(t, 'estrichleger', ['ROLE_EMPLOYEE'], [graz.id]);
    });

    it('creates, reads, updates (PUT with the body GET returned) and deletes a task', async () => {
      const created = await t.request(
        'POST',
        '/api/tasks',
        {
          project: { id: p },
          name: 'Estrich einbringen',
          status: 'in-progress',
          assignee: { id: worker.id },
          dueDate: '2026-11-25',
          estimatedHours: 12.5,
          position: 2,
        },
        manager,
      );
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        project: { id: p },
        name: 'Estrich einbringen',
        status: 'in-progress',
        isDone: false,
        assignee: { id: worker.id },
        dueDate: '2026-11-25',
        estimatedHours: 12.5,
        position: 2,
      });
      const id = created.body.data.id;
      const read = await t.request('GET', `/api/tasks/${id}`, undefined, admin);
      const done = await t.request('PUT', `/api/tasks/${id}`, { ...read.body.data, status: 'done' }, admin);
      expect(done.body.data).toMatchObject({ status: 'done', isDone: true });
      // The contract's isDone flag alone works too.
      const { status: _status, ...withoutStatus } = done.body.data;
      const reopened = await t.request('PUT', `/api/tasks/${id}`, { ...withoutStatus, isDone: false }, admin);
      expect(reopened.body.data).toMatchObject({ status: 'open', isDone: false });
      expect((await t.request('DELETE', `/api/tasks/${id}`, undefined, admin)).status).toBe(200);
      expect((await t.request('GET', `/api/tasks/${id}`, undefined, admin)).status).toBe(404);
    });

    it('lists with the project, status, assignee, from and to filters, pages and sorts', async () => {
      const make = async (body: Record<string, unknown>) =>
        (await t.request('POST', '/api/tasks', body, admin)).body.data.id as number;
      const t1 = await make({
        project: { id: p },
        name: 'Randdämmstreifen',
        position: 0,
        dueDate: '2026-12-01',
        assignee: { id: worker.id },
      });
      const t2 = await make({
        project: { id: p },
        name: 'Folie',
        position: 1,
        dueDate: '2026-12-02',
        status: 'done',
      });
      const t3 = await make({
        project: { id: p },
        name: 'Estrich',
        position: 2,
        dueDate: '2026-12-03',
        assignee: { id: worker.id },
      });
      const t4 = await make({ project: { id: other }, name: 'Aufmaß', position: 0, dueDate: '2026-12-02' });

      expect(idsOf((await t.request('GET', `/api/tasks?project=${p}`, undefined, admin)).body)).toEqual([
        t1,
        t2,
        t3,
      ]);
      expect(
        idsOf((await t.request('GET', `/api/tasks?project=${p}&status=open`, undefined, admin)).body),
      ).toEqual([t1, t3]);
      expect(
        idsOf(
          (await t.request('GET', `/api/tasks?assignee=${worker.id}&sort=-dueDate`, undefined, admin)).body,
        ),
      ).toEqual([t3, t1]);
      expect(
        idsOf(
          (await t.request('GET', '/api/tasks?from=2026-12-02&to=2026-12-02&sort=name', undefined, admin))
            .body,
        ),
      ).toEqual([t4, t2]);
      const page = await t.request('GET', `/api/tasks?project=${p}&limit=2&page=2`, undefined, admin);
      expect(idsOf(page.body)).toEqual([t3]);
      expect(page.headers.get('x-total-count')).toBe('3');
      const badDate = await t.request('GET', '/api/tasks?from=morgen', undefined, admin);
      expect(badDate.body.errors[0]).toEqual({
        message: 'Dieser Wert entspricht keinem gültigen Datum.',
        field: 'from',
      });
    });

    it('validates in German: missing project, wrong types, unknown project', async () => {
      const missing = await t.request('POST', '/api/tasks', { name: 'Ohne Projekt' }, admin);
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'project',
      });
      const noName = await t.request('POST', '/api/tasks', { project: { id: p }, name: '   ' }, admin);
      expect(noName.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte nicht leer sein.',
        field: 'name',
      });
      const wrongType = await t.request(
        'POST',
        '/api/tasks',
        { project: { id: p }, name: 'X', estimatedHours: 'acht' },
        admin,
      );
      expect(wrongType.body.errors[0]).toEqual({
        message: 'Dieser Wert sollte vom Typ number sein.',
        field: 'estimatedHours',
      });
      const badDate = await t.request(
        'POST',
        '/api/tasks',
        { project: { id: p }, name: 'X', dueDate: '31.12.2026' },
        admin,
      );
      expect(badDate.body.errors[0]).toEqual({
        message: 'Dieser Wert entspricht keinem gültigen Datum.',
        field: 'dueDate',
      });
      const unknown = await t.request('POST', '/api/tasks', { project: { id: 999999 }, name: 'X' }, admin);
      expect(unknown.body.errors[0].field).toBe('project');
    });
  });
});
