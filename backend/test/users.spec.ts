import { t as text } from '@ordering/common';
import { AuthSession } from '../src/auth/session.entity.js';
import { Branch } from '../src/branches/branch.entity.js';
import { AuditLog } from '../src/logs/audit-log.entity.js';
import { User } from '../src/auth/user.entity.js';
import { bearerFor, FAST_BCRYPT, insertUser, signIn } from './support/auth.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const SECRET_KEYS = ['password', 'passwordHash', 'apiTokenHash', 'apiToken'];

describe('users: /api/users and /api/users/me', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let adminId: number;
  let wien: Branch;
  let graz: Branch;

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: FAST_BCRYPT });
    const user = await t.dataSource.getRepository(User).findOneByOrFail({ username: 'admin' });
    adminId = user.id;
    admin = await bearerFor(t, user.id);
    wien = await t.dataSource.getRepository(Branch).findOneByOrFail({ identifier: 'gasthaus-linde-wien' });
    graz = await t.dataSource.getRepository(Branch).findOneByOrFail({ identifier: 'estrich-graz' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, reads, lists, updates and deletes a user without ever showing a secret', async () => {
    const created = await t.request(
      'POST',
      '/api/users',
      {
        username: 'susanne',
        email: 'Susanne@Example.AT',
        firstName: 'Susanne',
        lastName: 'Berger',
        roles: ['ROLE_EMPLOYEE'],
        branches: [{ id: wien.id }],
        password: 'Sicheres-Passwort-1',
      },
      admin,
    );
    expect(created.status).toBe(201);
    const user = created.body.data;
    expect(user).toMatchObject({
      username: 'susanne',
      email: 'susanne@example.at',
      firstName: 'Susanne',
      lastName: 'Berger',
      roles: ['ROLE_EMPLOYEE'],
      branches: [{ id: wien.id }],
      isEnabled: true,
      isLocked: false,
      expiresAt: null,
    });
    for (const key of SECRET_KEYS) expect(user).not.toHaveProperty(key);

    // The new user signs in with the password it was given.
    const session = await signIn(t, 'susanne', 'Sicheres-Passwort-1');
    expect(session.res.body.data.user.id).toBe(user.id);

    const read = await t.request('GET', `/api/users/${user.id}`, undefined, admin);
    expect(read.body.data).toEqual({
      ...user,
      lastLoginAt: t.clock.now().toISOString(),
      updatedAt: expect.any(String),
    });
    const list = await t.request(
      'GET',
      `/api/users?role=ROLE_EMPLOYEE&branch=${wien.id}&sort=username`,
      undefined,
      admin,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((u: { username: string }) => u.username)).toEqual(['mitarbeiter', 'susanne']);
    expect(list.headers.get('x-total-count')).toBe('2');
    for (const row of list.body.data) for (const key of SECRET_KEYS) expect(row).not.toHaveProperty(key);

    // PUT takes the user as GET returned it; without a password the password stays.
    const updated = await t.request(
      'PUT',
      `/api/users/${user.id}`,
      { ...read.body.data, lastName: 'Berger-Huber', branches: [{ id: graz.id }] },
      admin,
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ lastName: 'Berger-Huber', branches: [{ id: graz.id }] });
    expect((await t.request('GET', '/api/users/me', undefined, session.cookie)).status).toBe(200);
    expect(
      (await t.request('POST', '/api/auth/login', { username: 'susanne', password: 'Sicheres-Passwort-1' }))
        .status,
    ).toBe(200);

    // A new password ends the user's sessions.
    const changed = await t.request(
      'PUT',
      `/api/users/${user.id}`,
      { ...updated.body.data, password: 'Neues-Passwort-2026' },
      admin,
    );
    expect(changed.status).toBe(200);
    expect(await t.dataSource.getRepository(AuthSession).countBy({ user: { id: user.id } })).toBe(0);
    expect((await t.request('GET', '/api/users/me', undefined, session.cookie)).status).toBe(401);
    expect(
      (await t.request('POST', '/api/auth/login', { username: 'susanne', password: 'Neues-Passwort-2026' }))
        .status,
    ).toBe(200);

    // The audit log has every step, and no hash.
    const logs = await t.dataSource
      .getRepository(AuditLog)
      .find({ where: { entityType: 'users', entityId: String(user.id) } });
    expect(logs.map((l) => l.action).sort()).toEqual(['create', 'update', 'update']);
    expect(JSON.stringify(logs)).not.toMatch(/\$2[aby]\$/);
    expect(JSON.stringify(logs)).not.toContain('Passwort');

    expect((await t.request('DELETE', `/api/users/${user.id}`, undefined, admin)).status).toBe(200);
    expect((await t.request('GET', `/api/users/${user.id}`, undefined, admin)).status).toBe(404);
  });

  it('refuses duplicate user names (also in other case) and addresses with 409 naming the field', async () => {
    await insertUser(t, { username: 'thomas', email: 'thomas@example.at' });
    const sameName = await t.request(
      'POST',
      '/api/users',
      { username: 'Thomas', roles: ['ROLE_EMPLOYEE'] },
      admin,
    );
    expect(sameName.status).toBe(409);
    expect(sameName.body.errors).toEqual([{ message: text('validation.unique'), field: 'username' }]);
    const sameMail = await t.request(
      'POST',
      '/api/users',
      { username: 'thomas2', email: 'THOMAS@example.at' },
      admin,
    );
    expect(sameMail.status).toBe(409);
    expect(sameMail.body.errors).toEqual([{ message: text('validation.unique'), field: 'email' }]);
  });

  it('validates in German: short password, unknown role, bad address, missing name', async () => {
    const short = await t.request('POST', '/api/users', { username: 'ulrike', password: 'kurz' }, admin);
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([
      { message: text('validation.tooShort', { min: 10 }), field: 'password' },
    ]);
    const role = await t.request('POST', '/api/users', { username: 'ulrike', roles: ['ROLE_KING'] }, admin);
    expect(role.body.errors).toEqual([{ message: text('validation.choice'), field: 'roles.0' }]);
    const mail = await t.request('POST', '/api/users', { username: 'ulrike', email: 'keine-adresse' }, admin);
    expect(mail.body.errors).toEqual([{ message: text('validation.email'), field: 'email' }]);
    const blank = await t.request('POST', '/api/users', { email: 'u@example.at' }, admin);
    expect(blank.body.errors).toEqual([{ message: text('validation.blank'), field: 'username' }]);
    const at = await t.request('POST', '/api/users', { username: 'u@example.at' }, admin);
    expect(at.status).toBe(400);
    expect(at.body.errors[0].field).toBe('username');
  });

  it('keeps administrators from locking themselves out', async () => {
    const me = await t.request('GET', `/api/users/${adminId}`, undefined, admin);
    const demote = await t.request(
      'PUT',
      `/api/users/${adminId}`,
      { ...me.body.data, roles: ['ROLE_MANAGER'] },
      admin,
    );
    expect(demote.status).toBe(400);
    expect(demote.body.errors[0].field).toBe('roles');
    const disable = await t.request(
      'PUT',
      `/api/users/${adminId}`,
      { ...me.body.data, isEnabled: false },
      admin,
    );
    expect(disable.status).toBe(400);
    const remove = await t.request('DELETE', `/api/users/${adminId}`, undefined, admin);
    expect(remove.status).toBe(409);
    expect(remove.body.errors[0].message).toBe('Sie können Ihr eigenes Benutzerkonto nicht löschen.');
    expect((await t.request('GET', '/api/users/me', undefined, admin)).body.data.roles).toEqual([
      'ROLE_ADMIN',
    ]);
  });

  it('disabling a user ends its sessions', async () => {
    const u = await insertUser(t, { username: 'viktor', password: 'Viktor-Passwort-1' });
    const s = await signIn(t, 'viktor', 'Viktor-Passwort-1');
    const read = await t.request('GET', `/api/users/${u.id}`, undefined, admin);
    expect(
      (await t.request('PUT', `/api/users/${u.id}`, { ...read.body.data, isEnabled: false }, admin)).status,
    ).toBe(200);
    expect(await t.dataSource.getRepository(AuthSession).countBy({ user: { id: u.id } })).toBe(0);
    expect((await t.request('GET', '/api/users/me', undefined, s.cookie)).status).toBe(401);
  });

  it('issues and revokes API tokens for other users (admins), shown once', async () => {
    const u = await insertUser(t, { username: 'walter' });
    const issued = await t.request('POST', `/api/users/${u.id}/api-token`, undefined, admin);
    expect(issued.status).toBe(200);
    const bearer = { authorization: `Bearer ${issued.body.data.token}` };
    expect((await t.request('GET', '/api/users/me', undefined, bearer)).body.data.user.username).toBe(
      'walter',
    );
    expect(
      JSON.stringify((await t.request('GET', `/api/users/${u.id}`, undefined, admin)).body),
    ).not.toContain(issued.body.data.token);
    expect((await t.request('DELETE', `/api/users/${u.id}/api-token`, undefined, admin)).status).toBe(200);
    expect((await t.request('GET', '/api/users/me', undefined, bearer)).status).toBe(401);
    expect((await t.request('POST', '/api/users/999999/api-token', undefined, admin)).status).toBe(404);
  });

  it("shows the signed-in user as the contract's CurrentUser: roles, and the user with its branches", async () => {
    const s = await signIn(t, 'mitarbeiter', 'Mitarbeiter-Demo-2026');
    const me = await t.request('GET', '/api/users/me', undefined, s.cookie);
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({
      roles: ['ROLE_EMPLOYEE'],
      user: expect.objectContaining({
        id: expect.any(Number),
        username: 'mitarbeiter',
        firstName: 'Marie',
        lastName: 'Huber',
        email: 'service.wien@zurlinde.at',
        roles: ['ROLE_EMPLOYEE'],
        branches: [{ id: wien.id }],
      }),
    });
    for (const key of SECRET_KEYS) expect(me.body.data.user).not.toHaveProperty(key);
    // The demo manager and admin sign in with the README's passwords too.
    expect(
      (await t.request('POST', '/api/auth/login', { username: 'leitung', password: 'Leitung-Demo-2026' }))
        .status,
    ).toBe(200);
    expect(
      (await t.request('POST', '/api/auth/login', { username: 'admin', password: 'Admin-Demo-2026' })).status,
    ).toBe(200);
  });
});
