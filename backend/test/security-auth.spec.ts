import { t as text, tooManyAttemptsMessage } from '@ordering/common';
import {
  ACCOUNT_ADDRESS_RULE,
  ADDRESS_RULE,
  GLOBAL_FAILURES_PER_WINDOW,
  UNFAMILIAR_ACCOUNT_RULE,
} from '../src/auth/login-throttle.entity.js';
import { LoginThrottleService } from '../src/auth/login-throttle.service.js';
import { CLOCK_PERSON_RULE } from '../src/operations/time-tracking/time-clock.service.js';
import { API_TOKEN_CANNOT_RENEW, API_TOKEN_TTL_MS, apiTokenExpiresAt } from '../src/auth/accounts.js';
import { bearerFor, FAST_BCRYPT, insertUser, sessionCookieOf, signIn } from './support/auth.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const PASSWORD = 'Richtig-Geheim-2026';
const MINUTE = 60_000;
let address = 0;
/** A client address of its own per test, as the one trusted proxy reports it. */
const nextAddress = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });

describe('sign-in throttling: per address, per account and address, per account from unfamiliar addresses, across the process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ...FAST_BCRYPT, TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });
  const login = (username: string, password: string, headers: Record<string, string>) =>
    t.request('POST', '/api/auth/login', { username, password }, headers);

  it('counts the e-mail address and the user name as one account: five failures lock it at that address', async () => {
    await insertUser(t, { username: 'alias', email: 'alias@example.at', password: PASSWORD });
    const from = nextAddress();
    for (let i = 0; i < 3; i++) expect((await login('alias', `falsch-${i}`, from)).status).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await login('ALIAS@example.at', `falsch-${i}`, from)).status).toBe(401);
    const locked = await login('alias@example.at', PASSWORD, from);
    expect(locked.status).toBe(429);
    expect(locked.body.errors[0].message).toBe(tooManyAttemptsMessage(15));
    expect(locked.headers.get('retry-after')).toBe(String(15 * 60));
    expect(sessionCookieOf(locked)).toBeUndefined();
    // Somebody else's guesses do not lock the owner out elsewhere.
    expect((await login('alias', PASSWORD, nextAddress())).status).toBe(200);
  });

  it('lets only five of 40 simultaneous guesses from one address reach the password check (no race)', async () => {
    await insertUser(t, { username: 'parallel', password: PASSWORD });
    const from = nextAddress();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login('parallel', `falsch-${i}`, from)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_ADDRESS_RULE.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - ACCOUNT_ADDRESS_RULE.limit);
    for (const a of answers.filter((x) => x.status === 429))
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets only ten of 40 simultaneous guesses from 40 unfamiliar addresses reach the password check', async () => {
    await insertUser(t, { username: 'verteilt', password: PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login('verteilt', `falsch-${i}`, nextAddress())),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(UNFAMILIAR_ACCOUNT_RULE.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - UNFAMILIAR_ACCOUNT_RULE.limit);
    // The right password from yet another unfamiliar address waits too (the sign-in link does not).
    expect((await login('verteilt', PASSWORD, nextAddress())).status).toBe(429);
  });

  it('does not lock forever: attempts during a lock do not extend it, and after 15 minutes the account opens', async () => {
    await insertUser(t, { username: 'zeitlich', password: PASSWORD });
    const from = nextAddress();
    for (let i = 0; i < ACCOUNT_ADDRESS_RULE.limit; i++)
      expect((await login('zeitlich', 'falsch-falsch', from)).status).toBe(401);
    // Minutes 3, 6, 9 and 12 of the lock: still locked, and trying does not push the end further.
    for (let i = 0; i < 4; i++) {
      t.clock.advance(3 * MINUTE);
      expect((await login('zeitlich', 'falsch-falsch', from)).status).toBe(429);
    }
    t.clock.advance(ACCOUNT_ADDRESS_RULE.lockMs - 12 * MINUTE + 1000);
    expect((await login('zeitlich', PASSWORD, from)).status).toBe(200);
  });

  it("120 wrong sign-ins from 6 addresses do not keep the admin's right password out at its own address", async () => {
    await insertUser(t, { username: 'chefin-bremse', password: PASSWORD, roles: ['ROLE_ADMIN'] });
    const own = nextAddress();
    expect((await login('chefin-bremse', PASSWORD, own)).status).toBe(200);
    t.clock.advance(MINUTE); // a fresh window for the process-wide count
    const attackers = Array.from({ length: 6 }, () => nextAddress());
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) {
      const from = attackers[i % 6]!;
      const name = i % 6 === 0 ? 'chefin-bremse' : `niemand-${i}`;
      statuses.push((await login(name, `falsch-${i}`, from)).status);
    }
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(GLOBAL_FAILURES_PER_WINDOW);
    // The process-wide brake is on: a stranger's first sign-in waits for the minute.
    const stranger = await login('niemand-neu', 'falsch-falsch', nextAddress());
    expect(stranger.status).toBe(429);
    expect(stranger.body.errors[0].message).toBe(text('http.tooManyRequests'));
    const mine = await login('chefin-bremse', PASSWORD, own);
    expect(mine.status).toBe(200);
    expect(sessionCookieOf(mine)).toBeDefined();
    // The attackers stay braked: the account from their addresses, and from any new one.
    expect((await login('chefin-bremse', PASSWORD, attackers[0]!)).status).toBe(429);
    expect((await login('chefin-bremse', PASSWORD, nextAddress())).status).toBe(429);
    t.clock.advance(MINUTE); // the brake ends with its minute, for the tests after this one
  });

  it('stops an address after 20 failures with a German 429 and Retry-After; other addresses sign in', async () => {
    await insertUser(t, { username: 'nachbar', password: PASSWORD });
    const from = nextAddress();
    for (let i = 0; i < ADDRESS_RULE.limit; i++) {
      // A different name each time: the account lock never applies, only the address's.
      expect((await login(`unbekannt-${i}`, 'falsch-falsch', from)).status).toBe(401);
    }
    const stopped = await login('nachbar', PASSWORD, from);
    expect(stopped.status).toBe(429);
    expect(stopped.body.errors[0].message).toBe(tooManyAttemptsMessage(15));
    expect(stopped.headers.get('retry-after')).toBe(String(15 * 60));
    expect((await login('nachbar', PASSWORD, nextAddress())).status).toBe(200);
  });

  it('does not count successful sign-ins against an address (an office shares one)', async () => {
    await insertUser(t, { username: 'buero', password: PASSWORD });
    const from = nextAddress();
    for (let i = 0; i < ADDRESS_RULE.limit + 5; i++)
      expect((await login('buero', PASSWORD, from)).status).toBe(200);
  });

  it('believes only the hop the trusted proxy added: a forged X-Forwarded-For does not dodge the limit', async () => {
    const real = '203.0.113.77';
    for (let i = 0; i < ADDRESS_RULE.limit; i++) {
      // The client writes whatever it likes in front; the proxy appends the address it saw.
      const forged = { 'x-forwarded-for': `10.9.${i}.1, 192.0.2.${i}, ${real}` };
      expect((await login(`gefälscht-${i}`, 'falsch-falsch', forged)).status).toBe(401);
    }
    const again = await login('gefälscht-x', 'falsch-falsch', { 'x-forwarded-for': `192.0.2.250, ${real}` });
    expect(again.status).toBe(429);
  });

  it('forgets rows whose window and lock are over, so random names do not grow the table for ever', async () => {
    const old = new Date(t.clock.now().getTime() - 60 * MINUTE);
    await t.dataSource.query(
      `INSERT INTO auth_login_throttle ("key", failures, last_failure_at, locked_until, created_at, updated_at)
       VALUES ('name:vergessen', 3, $1, NULL, $1, $1), ('name:gesperrt', 5, $1, $2, $1, $1)`,
      [old, new Date(t.clock.now().getTime() + 5 * MINUTE)],
    );
    t.clock.advance(2 * MINUTE); // the sweep runs at most once a minute
    await login('irgendwer', 'falsch-falsch', nextAddress());
    const keys = (
      (await t.dataSource.query(`SELECT "key" FROM auth_login_throttle WHERE "key" LIKE 'name:%'`)) as Array<{
        key: string;
      }>
    ).map((r) => r.key);
    expect(keys).not.toContain('name:vergessen');
    expect(keys).toContain('name:gesperrt'); // still locked
  });

  it('counts a stepped attempt while a parallel success forgets the same key (no missing row, no 500)', async () => {
    // Two tablets at the time clock: one's right PIN deletes the person's key while the other takes it.
    const throttle = t.app.get(LoginThrottleService);
    const key = 'clock:terminal:test:race';
    for (let round = 0; round < 40; round++) {
      const results = await Promise.allSettled([
        throttle.takeStepped(key, CLOCK_PERSON_RULE),
        throttle.reset(key),
        throttle.takeStepped(key, CLOCK_PERSON_RULE),
        throttle.reset(key),
      ]);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    }
  });

  it('after 100 failures in the process, answers 429 to unfamiliar sign-ins for the rest of the minute', async () => {
    await insertUser(t, { username: 'global', password: PASSWORD });
    await insertUser(t, { username: 'stammgast', password: PASSWORD });
    const familiar = nextAddress();
    expect((await login('stammgast', PASSWORD, familiar)).status).toBe(200);
    t.clock.advance(MINUTE); // a fresh window for the process-wide count
    for (let i = 0; i < GLOBAL_FAILURES_PER_WINDOW; i++) {
      const res = await login(`niemand-${i}`, 'falsch-falsch', nextAddress());
      expect(res.status).toBe(401);
    }
    const braked = await login('global', PASSWORD, nextAddress());
    expect(braked.status).toBe(429);
    expect(braked.body.errors[0].message).toBe(text('http.tooManyRequests'));
    expect(Number(braked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(braked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // An account at an address it signed in from before is not braked by the others' failures.
    expect((await login('stammgast', PASSWORD, familiar)).status).toBe(200);
    t.clock.advance(MINUTE);
    expect((await login('global', PASSWORD, nextAddress())).status).toBe(200);
  });
});

describe('TRUST_PROXY=false: X-Forwarded-For is ignored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ...FAST_BCRYPT } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts every request by its socket address however the header varies', async () => {
    for (let i = 0; i < ADDRESS_RULE.limit; i++) {
      const res = await t.request(
        'POST',
        '/api/auth/login',
        { username: `x-${i}`, password: 'falsch-falsch' },
        { 'x-forwarded-for': `192.0.2.${i}` },
      );
      expect(res.status).toBe(401);
    }
    const res = await t.request(
      'POST',
      '/api/auth/login',
      { username: 'x-last', password: 'falsch-falsch' },
      { 'x-forwarded-for': '192.0.2.200' },
    );
    expect(res.status).toBe(429);
  });
});

describe('credentials end when they should', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ env: { ...FAST_BCRYPT } });
    await insertUser(t, { username: 'chefin', password: PASSWORD, roles: ['ROLE_ADMIN'] });
    admin = (await signIn(t, 'chefin', PASSWORD)).write;
  });
  afterAll(async () => {
    await t.close();
  });

  it("a new password set by an administrator ends the user's sessions and API token", async () => {
    const user = await insertUser(t, { username: 'opfer', password: PASSWORD });
    const session = await signIn(t, 'opfer', PASSWORD);
    const bearer = await bearerFor(t, user.id);
    const current = await t.request('GET', `/api/users/${user.id}`, undefined, admin);
    const put = await t.request(
      'PUT',
      `/api/users/${user.id}`,
      { ...current.body.data, password: 'Ganz-Neues-Passwort-1' },
      admin,
    );
    expect(put.status).toBe(200);
    expect((await t.request('GET', '/api/users/me', undefined, session.cookie)).status).toBe(401);
    expect((await t.request('GET', '/api/users/me', undefined, bearer)).status).toBe(401);
  });

  it("changing one's own password ends one's other sessions and API token too", async () => {
    const user = await insertUser(t, { username: 'selbst', password: PASSWORD, roles: ['ROLE_ADMIN'] });
    const other = await signIn(t, 'selbst', PASSWORD);
    const me = await signIn(t, 'selbst', PASSWORD);
    const bearer = await bearerFor(t, user.id);
    const current = await t.request('GET', `/api/users/${user.id}`, undefined, me.write);
    const put = await t.request(
      'PUT',
      `/api/users/${user.id}`,
      { ...current.body.data, password: 'Mein-Neues-Passwort-1' },
      me.write,
    );
    expect(put.status).toBe(200);
    expect((await t.request('GET', '/api/users/me', undefined, other.cookie)).status).toBe(401);
    expect((await t.request('GET', '/api/users/me', undefined, bearer)).status).toBe(401);
    expect(
      (await t.request('POST', '/api/auth/login', { username: 'selbst', password: 'Mein-Neues-Passwort-1' }))
        .status,
    ).toBe(200);
  });

  it('an API token expires after 90 days', async () => {
    const user = await insertUser(t, { username: 'skript', password: PASSWORD });
    const browser = await signIn(t, 'skript', PASSWORD);
    const issued = await t.request('POST', '/api/users/me/api-token', undefined, browser.write);
    expect(issued.status).toBe(200);
    const token = issued.body.data.token as string;
    const expiresAt = apiTokenExpiresAt(token)!;
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + API_TOKEN_TTL_MS - 60 * MINUTE);
    const bearer = { authorization: `Bearer ${token}` };
    expect((await t.request('GET', '/api/users/me', undefined, bearer)).status).toBe(200);
    // A token whose expiry was edited is another token: unknown.
    const edited = token.replace(/^bpt_[0-9a-z]+\./, `bpt_${(expiresAt.getTime() + 1e10).toString(36)}.`);
    expect(
      (await t.request('GET', '/api/users/me', undefined, { authorization: `Bearer ${edited}` })).status,
    ).toBe(401);
    const before = t.clock.now();
    t.clock.set(new Date(expiresAt.getTime() + 1000));
    expect((await t.request('GET', '/api/users/me', undefined, bearer)).status).toBe(401);
    t.clock.set(before);
    expect(user.id).toBeGreaterThan(0);
  });

  it("an administrator's API token cannot issue its own successor by the id route either", async () => {
    const boss = await insertUser(t, { username: 'boss', password: PASSWORD, roles: ['ROLE_ADMIN'] });
    const other = await insertUser(t, { username: 'anderer', password: PASSWORD });
    const bearer = await bearerFor(t, boss.id);
    const own = await t.request('POST', `/api/users/${boss.id}/api-token`, undefined, bearer);
    expect(own.status).toBe(403);
    expect(own.body.errors[0].message).toBe(API_TOKEN_CANNOT_RENEW);
    // Issuing for somebody else stays an administrator's right.
    expect((await t.request('POST', `/api/users/${other.id}/api-token`, undefined, bearer)).status).toBe(200);
  });

  it('a token without an expiry (the old format) is refused', async () => {
    const user = await insertUser(t, { username: 'alt', password: PASSWORD });
    const legacy = 'bpt_' + 'a'.repeat(43);
    const { sha256 } = await import('../src/auth/secrets.js');
    await t.dataSource.query('UPDATE app_user SET api_token_hash = $1 WHERE id = $2', [
      sha256(legacy),
      user.id,
    ]);
    expect(
      (await t.request('GET', '/api/users/me', undefined, { authorization: `Bearer ${legacy}` })).status,
    ).toBe(401);
  });
});
