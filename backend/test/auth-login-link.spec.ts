import type { AddressInfo } from 'node:net';
import { t as text } from '@ordering/common';
import { SMTPServer } from 'smtp-server';
import { LoginLink } from '../src/auth/login-link.entity.js';
import { sha256 } from '../src/auth/secrets.js';
import { FAST_BCRYPT, insertUser, sessionCookieOf } from './support/auth.js';
import { startTestApp, type TestApp } from './support/test-app.js';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** The message body as text: quoted-printable soft breaks and escapes undone. */
function decodeQuotedPrintable(raw: string): string {
  return Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
async function startSmtp() {
  const received: ReceivedMail[] = [];
  const waiting: Array<(mail: ReceivedMail) => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('latin1'),
        };
        received.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    /** The next mail (or one already received and not yet taken). */
    next(taken: number): Promise<ReceivedMail> {
      if (received.length > taken) return Promise.resolve(received[taken]!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail within 10 s')), 10_000);
        waiting.push((mail) => {
          clearTimeout(timer);
          resolve(mail);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const linkIn = (mail: ReceivedMail): string => {
  const match = /https?:\/\/\S+\/api\/auth\/login-link\/[A-Za-z0-9_-]+/.exec(decodeQuotedPrintable(mail.raw));
  if (!match) throw new Error(`no link in mail:\n${mail.raw}`);
  return match[0];
};

describe('one-time sign-in links over real SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let taken = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({
      env: {
        ...FAST_BCRYPT,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        PUBLIC_URL: 'https://bestellen.example.at',
        MAIL_FROM: 'shop@example.at',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Path of the mailed link on the test server (the mail names PUBLIC_URL). */
  const pathOf = (link: string) => new URL(link).pathname;

  it('mails a link that signs in once and then redirects to /backend', async () => {
    await insertUser(t, { username: 'nora', email: 'nora@example.at', roles: ['ROLE_MANAGER'] });
    const asked = await t.request('POST', '/api/auth/login-link', { email: 'Nora@Example.at' });
    expect(asked.status).toBe(200);
    const mail = await smtp.next(taken++);
    expect(mail.to).toEqual(['nora@example.at']);
    expect(mail.from).toBe('shop@example.at');
    expect(mail.raw).toMatch(/Subject: Ihr Anmeldelink/);
    const link = linkIn(mail);
    expect(link.startsWith('https://bestellen.example.at/api/auth/login-link/')).toBe(true);
    // Only the hash is stored.
    const token = link.split('/').pop()!;
    expect(await t.dataSource.getRepository(LoginLink).countBy({ tokenHash: sha256(token) })).toBe(1);

    const used = await t.request('GET', pathOf(link));
    expect(used.status).toBe(302);
    expect(used.headers.get('location')).toBe('/backend');
    const cookie = sessionCookieOf(used)!;
    expect(cookie.attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    const me = await t.request('GET', '/api/users/me', undefined, { cookie: `sid=${cookie.value}` });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ roles: ['ROLE_MANAGER'], user: { username: 'nora' } });

    // Twice: the spec's text for a JSON client, the sign-in page for a browser.
    const again = await t.request('GET', pathOf(link), undefined, { accept: 'application/json' });
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ errors: [{ message: text('auth.loginLinkInvalid') }] });
    expect(sessionCookieOf(again)).toBeUndefined();
    const browser = await t.request('GET', pathOf(link), undefined, { accept: 'text/html' });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe('/backend/login?error=login-link-invalid');
  });

  it('signs in a JSON client with the link like the password sign-in does', async () => {
    await insertUser(t, { username: 'otto', email: 'otto@example.at' });
    t.clock.advance(2 * 60_000);
    expect((await t.request('POST', '/api/auth/login-link', { username: 'otto' })).status).toBe(200);
    const link = linkIn(await smtp.next(taken++));
    const res = await t.request('GET', pathOf(link), undefined, { accept: 'application/json' });
    expect(res.status).toBe(200);
    expect(res.body.data.user.username).toBe('otto');
    expect(res.body.data.csrfToken).toEqual(expect.any(String));
    expect(sessionCookieOf(res)).toBeDefined();
  });

  it('refuses a link after 15 minutes with the spec text', async () => {
    await insertUser(t, { username: 'paula', email: 'paula@example.at' });
    expect((await t.request('POST', '/api/auth/login-link', { email: 'paula@example.at' })).status).toBe(200);
    const link = linkIn(await smtp.next(taken++));
    t.clock.advance(15 * 60_000 + 1000);
    const res = await t.request('GET', pathOf(link), undefined, { accept: 'application/json' });
    expect(res.status).toBe(401);
    expect(res.body.errors[0].message).toBe(text('auth.loginLinkInvalid'));
    const garbage = await t.request('GET', '/api/auth/login-link/abc', undefined, {
      accept: 'application/json',
    });
    expect(garbage.status).toBe(401);
    expect(garbage.body.errors[0].message).toBe(text('auth.loginLinkInvalid'));
  });

  it('answers the same for unknown addresses and accounts that may not sign in, and sends them nothing', async () => {
    await insertUser(t, { username: 'quirin', email: 'quirin@example.at', isLocked: true });
    await insertUser(t, { username: 'rosa', email: 'rosa@example.at' });
    t.clock.advance(2 * 60_000);
    const known = await t.request('POST', '/api/auth/login-link', { email: 'rosa@example.at' });
    const mailForRosa = await smtp.next(taken++);
    expect(mailForRosa.to).toEqual(['rosa@example.at']);

    const unknown = await t.request('POST', '/api/auth/login-link', { email: 'wer@example.at' });
    const locked = await t.request('POST', '/api/auth/login-link', { email: 'quirin@example.at' });
    // Asked again within a minute: no second mail either (no mail bombing).
    const repeated = await t.request('POST', '/api/auth/login-link', { email: 'rosa@example.at' });
    for (const res of [unknown, locked, repeated]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(known.body);
    }
    // A marker mail proves the server had the time to deliver anything sent before it.
    await insertUser(t, { username: 'sepp', email: 'sepp@example.at' });
    await t.request('POST', '/api/auth/login-link', { email: 'sepp@example.at' });
    expect((await smtp.next(taken++)).to).toEqual(['sepp@example.at']);
    expect(smtp.received.map((m) => m.to[0])).not.toEqual(expect.arrayContaining(['wer@example.at']));
    expect(smtp.received.filter((m) => m.to[0] === 'quirin@example.at')).toHaveLength(0);
    expect(smtp.received.filter((m) => m.to[0] === 'rosa@example.at')).toHaveLength(1);
    expect(smtp.received).toHaveLength(taken);

    const blank = await t.request('POST', '/api/auth/login-link', {});
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0]).toEqual({ message: text('validation.blank'), field: 'email' });
  });
});
