import { t as text, tooManyAttemptsMessage } from '@ordering/common';
import { AuthSession } from '../src/auth/session.entity.js';
import { sha256 } from '../src/auth/secrets.js';
import { API_TOKEN_CANNOT_RENEW } from '../src/auth/accounts.js';
import { User } from '../src/auth/user.entity.js';
import { bearerFor, FAST_BCRYPT, insertUser, sessionCookieOf, signIn } from './support/auth.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const PASSWORD = 'Richtig-Geheim-2026';
const MINUTE = 60_000;

describe('sign-in, sessions, CSRF and API tokens (real authenticator)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ...FAST_BCRYPT, TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await t.close();
  });
  // Every request here comes from 127.0.0.1: forget the address's count between tests (the address limit
  // has tests of its own in security-auth.spec.ts).
  afterEach(async () => {
    await t.dataSource.query(`DELETE FROM auth_login_throttle WHERE "key" LIKE 'ip:%'`);
  });

  it('signs in with user name or e-mail: user, CSRF token and an HttpOnly, SameSite=Lax cookie with a new id each time', async () => {
    const user = await insertUser(t, {
      username: 'anna',
      email: 'anna@example.at',
      password: PASSWORD,
      roles: ['ROLE_ADMIN'],
    });

    const first = await t.request('POST', '/api/auth/login', { username: 'anna', password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body.data.user).toMatchObject({
      id: user.id,
      username: 'anna',
      roles: ['ROLE_ADMIN'],
      branches: [],
    });
    expect(first.body.data.user).not.toHaveProperty('passwordHash');
    expect(first.body.data.user).not.toHaveProperty('apiTokenHash');
    expect(first.body.data.csrfToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const cookie = sessionCookieOf(first)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(cookie.attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax']));
    expect(cookie.attributes).not.toContain('Secure'); // plain HTTP here

    // Behind an HTTPS proxy (TRUST_PROXY) the cookie is Secure; by e-mail, in any case.
    const second = await t.request(
      'POST',
      '/api/auth/login',
      { username: 'Anna@Example.AT', password: PASSWORD },
      { 'x-forwarded-proto': 'https' },
    );
    expect(second.status).toBe(200);
    const secure = sessionCookieOf(second)!;
    expect(secure.attributes).toContain('Secure');
    expect(secure.value).not.toBe(cookie.value);
    expect(second.body.data.csrfToken).not.toBe(first.body.data.csrfToken);

    // Signing in with an old cookie replaces that session: never the id the client brought.
    const third = await t.request(
      'POST',
      '/api/auth/login',
      { username: 'anna', password: PASSWORD },
      { cookie: `sid=${cookie.value}` },
    );
    expect(sessionCookieOf(third)!.value).not.toBe(cookie.value);
    expect(
      (await t.request('GET', '/api/users/me', undefined, { cookie: `sid=${cookie.value}` })).status,
    ).toBe(401);

    // Only hashes are stored.
    const rows = await t.dataSource.getRepository(AuthSession).find({ where: { user: { id: user.id } } });
    expect(rows.map((r) => r.tokenHash).sort()).toEqual(
      [sha256(secure.value), sha256(sessionCookieOf(third)!.value)].sort(),
    );
    const me = await t.request('GET', '/api/users/me', undefined, { cookie: `sid=${secure.value}` });
    expect(me.status).toBe(200);
    expect((await t.dataSource.getRepository(User).findOneByOrFail({ id: user.id })).lastLoginAt).toEqual(
      t.clock.now(),
    );
  });

  it('answers wrong passwords and unknown users alike: 401 with the German text', async () => {
    await insertUser(t, { username: 'bert', password: PASSWORD });
    const wrong = await t.request('POST', '/api/auth/login', { username: 'bert', password: 'falsch-falsch' });
    const unknown = await t.request('POST', '/api/auth/login', {
      username: 'niemand',
      password: 'falsch-falsch',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ errors: [{ message: text('auth.invalidCredentials') }] });
    expect(unknown.body).toEqual(wrong.body);
    expect(sessionCookieOf(wrong)).toBeUndefined();

    const blank = await t.request('POST', '/api/auth/login', { username: '', password: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      { message: text('validation.blank'), field: 'username' },
      { message: text('validation.blank'), field: 'password' },
    ]);
  });

  it('locks a name for 15 minutes after 5 failures, even for the right password, and opens again when the time is up', async () => {
    await insertUser(t, { username: 'carla', password: PASSWORD });
    await insertUser(t, { username: 'dora', password: PASSWORD });
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', '/api/auth/login', { username: 'carla', password: `falsch-${i}` });
      expect(res.status).toBe(401);
    }
    const locked = await t.request('POST', '/api/auth/login', { username: 'CARLA', password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.errors[0].message).toBe(tooManyAttemptsMessage(15));
    expect(locked.body.errors[0].message).toContain('15 Minuten');
    expect(sessionCookieOf(locked)).toBeUndefined();
    // Another name is not affected.
    expect(
      (await t.request('POST', '/api/auth/login', { username: 'dora', password: PASSWORD })).status,
    ).toBe(200);

    t.clock.advance(10 * MINUTE + 1000);
    const later = await t.request('POST', '/api/auth/login', { username: 'carla', password: PASSWORD });
    expect(later.status).toBe(429);
    expect(later.body.errors[0].message).toBe(tooManyAttemptsMessage(5));
    t.clock.advance(4 * MINUTE);
    expect(
      (await t.request('POST', '/api/auth/login', { username: 'carla', password: PASSWORD })).body.errors[0]
        .message,
    ).toBe(text('auth.tooManyAttemptsOneMinute'));

    t.clock.advance(MINUTE);
    expect(
      (await t.request('POST', '/api/auth/login', { username: 'carla', password: PASSWORD })).status,
    ).toBe(200);
  });

  it('forgets failures after a successful sign-in', async () => {
    await insertUser(t, { username: 'emil', password: PASSWORD });
    const fail = () => t.request('POST', '/api/auth/login', { username: 'emil', password: 'nicht-richtig' });
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
    expect(
      (await t.request('POST', '/api/auth/login', { username: 'emil', password: PASSWORD })).status,
    ).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
    expect(
      (await t.request('POST', '/api/auth/login', { username: 'emil', password: PASSWORD })).status,
    ).toBe(200);
  });

  it('ends the session on the server at sign-out and clears the cookie', async () => {
    await insertUser(t, { username: 'franz', password: PASSWORD });
    const s = await signIn(t, 'franz', PASSWORD);
    expect((await t.request('GET', '/api/users/me', undefined, s.cookie)).status).toBe(200);

    const out = await t.request('POST', '/api/auth/logout', undefined, s.write);
    expect(out.status).toBe(200);
    const cleared = sessionCookieOf(out)!;
    expect(cleared.value).toBe('');
    expect(cleared.attributes.some((a) => /^Expires=Thu, 01 Jan 1970/.test(a))).toBe(true);
    expect(await t.dataSource.getRepository(AuthSession).countBy({ tokenHash: sha256(s.sid) })).toBe(0);

    // The old cookie is worth nothing now.
    const after = await t.request('GET', '/api/users/me', undefined, s.cookie);
    expect(after.status).toBe(401);
    expect(after.body.errors[0].message).toBe(text('http.unauthorized'));
  });

  it('needs the session CSRF token for cookie writes (403 with the German text), not for reads', async () => {
    await insertUser(t, { username: 'gerda', password: PASSWORD });
    const s = await signIn(t, 'gerda', PASSWORD);

    const missing = await t.request('POST', '/api/users/me/api-token', undefined, s.cookie);
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ errors: [{ message: text('auth.csrf') }] });
    const wrong = await t.request('DELETE', '/api/users/me/api-token', undefined, {
      ...s.cookie,
      'x-csrf-token': 'x'.repeat(43),
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.errors[0].message).toBe(text('auth.csrf'));

    const ok = await t.request('POST', '/api/users/me/api-token', undefined, s.write);
    expect(ok.status).toBe(200);
    expect(ok.body.data.token).toMatch(/^bpt_/);

    // Reads need none, and a reloaded page gets the token back.
    const session = await t.request('GET', '/api/auth/session', undefined, s.cookie);
    expect(session.status).toBe(200);
    expect(session.body.data).toMatchObject({
      csrfToken: s.csrfToken,
      roles: ['ROLE_EMPLOYEE'],
      user: { username: 'gerda' },
    });

    // Public writes do not refuse a stale cookie: the caller is simply anonymous there.
    const publicWrite = await t.request(
      'POST',
      '/api/auth/login-link',
      { email: 'unbekannt@example.at' },
      s.cookie,
    );
    expect(publicWrite.status).toBe(200);
  });

  it('accepts a personal API token as Bearer without CSRF; a new token replaces the old one, a revoked one is refused', async () => {
    const user = await insertUser(t, { username: 'hans', password: PASSWORD });
    const bearer = await bearerFor(t, user.id);
    const stored = await t.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.apiTokenHash')
      .where('u.id = :id', { id: user.id })
      .getOneOrFail();
    expect(stored.apiTokenHash).toBe(sha256(bearer.authorization.slice('Bearer '.length)));

    const me = await t.request('GET', '/api/users/me', undefined, bearer);
    expect(me.status).toBe(200);
    expect(me.body.data.user.username).toBe('hans');
    const session = await t.request('GET', '/api/auth/session', undefined, bearer);
    expect(session.body.data.csrfToken).toBeNull();

    // A token cannot mint its successor (a stolen one would live forever); a signed-in browser can.
    const selfRenewal = await t.request('POST', '/api/users/me/api-token', undefined, bearer); // a write, no CSRF header
    expect(selfRenewal.status).toBe(403);
    expect(selfRenewal.body.errors[0].message).toBe(API_TOKEN_CANNOT_RENEW);
    expect((await t.request('GET', '/api/users/me', undefined, bearer)).status).toBe(200);
    const browser = await signIn(t, 'hans', PASSWORD);
    const renewed = await t.request('POST', '/api/users/me/api-token', undefined, browser.write);
    expect(renewed.status).toBe(200);
    expect((await t.request('GET', '/api/users/me', undefined, bearer)).status).toBe(401);
    const next = { authorization: `Bearer ${renewed.body.data.token}` };
    expect((await t.request('GET', '/api/users/me', undefined, next)).status).toBe(200);

    expect((await t.request('DELETE', '/api/users/me/api-token', undefined, next)).status).toBe(200);
    expect((await t.request('GET', '/api/users/me', undefined, next)).status).toBe(401);
    expect(
      (await t.request('GET', '/api/users/me', undefined, { authorization: 'Bearer bpt_unbekannt' })).status,
    ).toBe(401);
  });

  it('refuses disabled, locked and expired accounts with their texts, and drops their live sessions', async () => {
    await insertUser(t, { username: 'ida', password: PASSWORD, isEnabled: false });
    await insertUser(t, { username: 'jan', password: PASSWORD, isLocked: true });
    await insertUser(t, {
      username: 'kai',
      password: PASSWORD,
      expiresAt: new Date(t.clock.now().getTime() - MINUTE),
    });
    const cases: Array<[string, string]> = [
      ['ida', text('auth.accountDisabled')],
      ['jan', text('auth.accountLocked')],
      ['kai', text('auth.accountExpired')],
    ];
    for (const [username, message] of cases) {
      const res = await t.request('POST', '/api/auth/login', { username, password: PASSWORD });
      expect({ username, status: res.status, body: res.body }).toEqual({
        username,
        status: 403,
        body: { errors: [{ message }] },
      });
    }
    // The account state is only told to who knows the password.
    expect(
      (await t.request('POST', '/api/auth/login', { username: 'ida', password: 'falsch-falsch' })).body
        .errors[0].message,
    ).toBe(text('auth.invalidCredentials'));

    const lea = await insertUser(t, { username: 'lea', password: PASSWORD });
    const s = await signIn(t, 'lea', PASSWORD);
    const bearer = await bearerFor(t, lea.id);
    await t.dataSource.getRepository(User).update({ id: lea.id }, { isEnabled: false });
    expect((await t.request('GET', '/api/users/me', undefined, s.cookie)).status).toBe(401);
    expect((await t.request('GET', '/api/users/me', undefined, bearer)).status).toBe(401);
  });

  it('ends a session after 12 idle hours, keeps an active one up to 30 days', async () => {
    await insertUser(t, { username: 'mia', password: PASSWORD });
    const idle = await signIn(t, 'mia', PASSWORD);
    const active = await signIn(t, 'mia', PASSWORD);
    t.clock.advance(11 * 60 * MINUTE);
    expect((await t.request('GET', '/api/users/me', undefined, active.cookie)).status).toBe(200);
    t.clock.advance(2 * 60 * MINUTE);
    expect((await t.request('GET', '/api/users/me', undefined, idle.cookie)).status).toBe(401);
    expect((await t.request('GET', '/api/users/me', undefined, active.cookie)).status).toBe(200);
    // Used every 11 hours, it still ends 30 days after sign-in.
    for (let hours = 13; hours < 30 * 24 - 11; hours += 11) {
      t.clock.advance(11 * 60 * MINUTE);
      expect((await t.request('GET', '/api/users/me', undefined, active.cookie)).status).toBe(200);
    }
    t.clock.advance(11 * 60 * MINUTE);
    expect((await t.request('GET', '/api/users/me', undefined, active.cookie)).status).toBe(401);
  });

  it('answers 401 JSON for a protected call without any credentials', async () => {
    const res = await t.request('GET', '/api/users/me');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual({ errors: [{ message: text('http.unauthorized') }] });
  });
});
