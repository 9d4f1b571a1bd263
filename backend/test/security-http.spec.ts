import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { t as text } from '@ordering/common';
import { pino } from 'pino';
import { createApp } from '../src/app.factory.js';
import { loadConfig } from '../src/env/config.js';
import { FixedClock } from '../src/core/clock.js';
import { migrate } from '../src/database/data-source.js';
import { AUTH_BODY_LIMIT, DEFAULT_BODY_LIMIT } from '../src/security/body-limits.js';
import { FAST_BCRYPT, insertUser, signIn } from './support/auth.js';
import { openTestDatabase, startTestApp, type TestApp } from './support/test-app.js';

const PASSWORD = 'Richtig-Geheim-2026';

/** Sends raw bytes and reads status, headers and body, whatever Node's parser thinks of the request. */
function rawRequest(
  baseUrl: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
): Promise<{ status: number; headers: Record<string, unknown>; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      baseUrl + options.path,
      { method: options.method, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    // The server may answer and close before the whole body is sent: that is the point.
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    if (options.body !== undefined) req.end(options.body);
    else req.end();
  });
}

describe('request size limits answer with the German error envelope', () => {
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

  it('refuses a sign-in body over 16 kB with 413 before reading it', async () => {
    const body = JSON.stringify({ username: 'x', password: 'y'.repeat(AUTH_BODY_LIMIT) });
    const res = await t.request('POST', '/api/auth/login', body);
    expect(res.status).toBe(413);
    expect(res.body.errors[0].message).toBe(text('http.payloadTooLarge'));
  });

  it('refuses a 30 MB sign-in body by its Content-Length, without waiting for the bytes', async () => {
    // Announce 30 MB, send a few bytes: a server that read before deciding would wait forever.
    const res = await rawRequest(t.baseUrl, {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-length': String(30 * 1024 * 1024) },
      body: '{"username":',
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).errors[0].message).toBe(text('http.payloadTooLarge'));
  });

  it('refuses an ordinary write over 1 MB, but lets an image upload of the same size through to validation', async () => {
    const big = 'x'.repeat(DEFAULT_BODY_LIMIT + 1000);
    const product = await t.request('POST', '/api/tags', { name: big }, admin);
    expect(product.status).toBe(413);
    expect(product.body.errors[0].message).toBe(text('http.payloadTooLarge'));

    const image = await t.request(
      'POST',
      '/api/images',
      { name: 'gross', data: 'data:image/png;base64,' + Buffer.alloc(DEFAULT_BODY_LIMIT).toString('base64') },
      admin,
    );
    expect(image.status).not.toBe(413);
    expect(image.status).toBeLessThan(500);
  });

  it('refuses a body nested too deep with a German 400, without a stack overflow', async () => {
    // Half a megabyte of brackets: allowed by size, 250,000 levels deep.
    const deep = '['.repeat(250_000) + ']'.repeat(250_000);
    const res = await t.request('POST', '/api/orders', deep);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({
      message: 'Die Anfrage ist zu tief verschachtelt.',
      field: 'body',
      code: 'too_deep',
    });
    // A realistically nested body still reaches validation.
    const ok = await t.request('POST', '/api/orders', { items: [{ parts: [[1, 2]] }] });
    expect(ok.status).toBe(400);
    expect(ok.body.errors[0].code).not.toBe('too_deep');
    expect((await t.request('GET', '/api/health')).status).toBe(200);
  });

  it('answers a header block over 16 kB with 431 and the envelope, not a bare status line', async () => {
    const res = await rawRequest(t.baseUrl, {
      method: 'GET',
      path: '/api/health',
      headers: { 'x-padding': 'a'.repeat(20 * 1024) },
    });
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toContain('application/json');
    expect(JSON.parse(res.body).errors[0]).toMatchObject({ message: text('http.headersTooLarge') });
  });
});

describe('logs never show a sign-in link token', () => {
  it('masks the link of a mail logged instead of sent, even at debug level on a server', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const db = await openTestDatabase('migrated');
    await migrate(db.dataSource); // nothing left to apply on the run's snapshot
    const config = loadConfig({
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://bestellen.example.at',
      LOG_LEVEL: 'debug',
      ...FAST_BCRYPT,
    });
    const app = await createApp({
      config,
      clock: new FixedClock(new Date('2026-11-20T10:00:00Z')),
      logger: pino({ level: 'debug' }, sink),
      dataSource: db.dataSource,
    });
    try {
      await app.listen(0, '127.0.0.1');
      const { port } = app.getHttpServer().address() as AddressInfo;
      const { User } = await import('../src/auth/user.entity.js');
      await db.dataSource
        .getRepository(User)
        .save(
          db.dataSource
            .getRepository(User)
            .create({ username: 'nora', email: 'nora@example.at', roles: ['ROLE_ADMIN'] }),
        );
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/login-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nora@example.at' }),
      });
      expect(res.status).toBe(200);
      for (let i = 0; i < 50 && !lines.some((l) => l.includes('logged instead')); i++)
        await new Promise((r) => setTimeout(r, 20));
      const log = lines.join('\n');
      expect(log).toContain('login-link/***');
      expect(log).not.toMatch(/login-link\/[A-Za-z0-9_-]{20,}/);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('writes the link request with the token replaced', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const db = await openTestDatabase('migrated');
    await migrate(db.dataSource); // nothing left to apply on the run's snapshot
    const config = loadConfig({ SEED_DEMO: 'false', ...FAST_BCRYPT });
    const app = await createApp({
      config,
      clock: new FixedClock(new Date('2026-11-20T10:00:00Z')),
      logger: pino({ level: 'info' }, sink),
      dataSource: db.dataSource,
    });
    try {
      await app.listen(0, '127.0.0.1');
      const { port } = app.getHttpServer().address() as AddressInfo;
      const token = 'GeheimesToken_' + 'z'.repeat(30);
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/login-link/${token}?token=${token}`, {
        redirect: 'manual',
      });
      expect(res.status).toBe(302);
      await new Promise((r) => setTimeout(r, 50));
      const requestLine = lines.find((l) => l.includes('/api/auth/login-link/'));
      expect(requestLine).toBeDefined();
      expect(lines.join('\n')).not.toContain(token);
      expect(requestLine).toContain('/api/auth/login-link/[entfernt]');
    } finally {
      await app.close();
      await db.close();
    }
  });
});
