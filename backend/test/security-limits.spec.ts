import { request as httpRequest } from 'node:http';
import { t as text } from '@ordering/common';
import { AUTH_BODY_LIMIT, WEBHOOK_BODY_LIMIT } from '../src/security/body-limits.js';
import { FAST_BCRYPT } from './support/auth.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Sends the path exactly as written (fetch and `new URL` would resolve `/./` and `/../`), from the client
 * address `ip` (the app trusts one proxy hop here).
 */
function send(
  baseUrl: string,
  method: string,
  path: string,
  ip: string,
  body = '{}',
  contentType = 'application/json',
): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method,
        path,
        headers: {
          'content-type': contentType,
          'x-forwarded-for': ip,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    req.end(body);
  });
}

/** Other spellings of an `/api/<segment>/…` path: the router used to take some of them, the limits none. */
function variants(path: string): Array<[string, string]> {
  const [, , first, ...rest] = path.split('/');
  const tail = rest.length ? '/' + rest.join('/') : '';
  const capital = first!.charAt(0).toUpperCase() + first!.slice(1);
  const encoded = '%' + first!.charCodeAt(0).toString(16).toUpperCase() + first!.slice(1);
  return [
    ['all upper case', path.toUpperCase()],
    ['upper-case prefix', '/API' + path.slice(4)],
    ['a capital segment', `/api/${capital}${tail}`],
    ['an encoded letter', `/api/${encoded}${tail}`],
    ['an encoded lower-case hex letter', `/api/${encoded.toLowerCase()}${tail}`],
    ['a double slash', `/api//${first}${tail}`],
    ['a leading double slash', `//api/${first}${tail}`],
    ['a dot segment', `/api/./${first}${tail}`],
    ['a dot-dot segment', `/api/x/../${first}${tail}`],
    ['an encoded dot segment', `/api/%2e/${first}${tail}`],
  ];
}

/** Every write a stranger may send without signing in (serving/rate-limit.ts PUBLIC_WRITE_ROUTES). */
const PUBLIC_WRITES = [
  '/api/orders',
  '/api/orders/public/abc/def/accept-offer',
  '/api/orders/public/abc/def/questionnaire',
  '/api/analytics-log',
  '/api/auth/login-link',
  '/api/devices/pairing',
];

describe('limits that no spelling of a path dodges', () => {
  let t: TestApp;
  let address = 0;
  /** A client address of its own for each case, so that counts do not mix. */
  const nextIp = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    t = await startTestApp({
      env: { ...FAST_BCRYPT, TRUST_PROXY: 'true', RATE_LIMIT_PUBLIC_WRITES: '3/60' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  describe.each(PUBLIC_WRITES)('POST %s', (path) => {
    it('counts a trailing slash against the limit and refuses every other spelling with 404', async () => {
      const ip = nextIp();
      for (let i = 0; i < 3; i++) expect(await send(t.baseUrl, 'POST', path, ip)).not.toBe(429);
      expect(await send(t.baseUrl, 'POST', path, ip)).toBe(429);
      expect(await send(t.baseUrl, 'POST', path + '/', ip)).toBe(429);
      for (const [name, variant] of variants(path)) {
        expect([name, await send(t.baseUrl, 'POST', variant, ip)]).toEqual([name, 404]);
      }
    });

    it('never lets another spelling past the limit from a fresh address either', async () => {
      const ip = nextIp();
      const answers = [];
      for (let i = 0; i < 5; i++)
        for (const [name, variant] of variants(path))
          answers.push([name, await send(t.baseUrl, 'POST', variant, ip)]);
      expect(answers.filter(([, status]) => status !== 404)).toEqual([]);
    });
  });

  it('35 × POST /API/ORDERS with a limit of 3: none reaches the order handler', async () => {
    const ip = nextIp();
    const statuses = new Set<number>();
    for (let i = 0; i < 35; i++) statuses.add(await send(t.baseUrl, 'POST', '/API/ORDERS', ip));
    expect([...statuses]).toEqual([404]);
  });

  describe('body limits', () => {
    const authBody = JSON.stringify({ username: 'x', password: 'y'.repeat(AUTH_BODY_LIMIT) });
    it.each(['/api/auth/login', '/api/auth/logout', '/api/auth/login-link'])(
      '%s: over 16 kB is a 413 in its spelling (and with a trailing slash), a 404 in any other',
      async (path) => {
        const ip = nextIp();
        expect(await send(t.baseUrl, 'POST', path, ip, authBody)).toBe(413);
        expect(await send(t.baseUrl, 'POST', path + '/', ip, authBody)).toBe(413);
        for (const [name, variant] of variants(path)) {
          expect([name, await send(t.baseUrl, 'POST', variant, ip, authBody)]).toEqual([name, 404]);
        }
      },
    );

    it('the German 413 names the limit, not the parser', async () => {
      const res = await t.request('POST', '/api/auth/login/', authBody);
      expect(res.status).toBe(413);
      expect(res.body.errors[0].message).toBe(text('http.payloadTooLarge'));
    });

    it.each([
      [
        '/api/payments/mollie/webhook',
        'application/x-www-form-urlencoded',
        'id=tr_' + 'a'.repeat(WEBHOOK_BODY_LIMIT),
      ],
      [
        '/api/payments/datatrans/webhook',
        'application/json',
        JSON.stringify({ x: 'a'.repeat(WEBHOOK_BODY_LIMIT) }),
      ],
    ])('%s: over 64 kB is a 413 in its spelling, a 404 in any other', async (path, type, body) => {
      const ip = nextIp();
      expect(await send(t.baseUrl, 'POST', path, ip, body, type)).toBe(413);
      for (const [name, variant] of variants(path)) {
        expect([name, await send(t.baseUrl, 'POST', variant, ip, body, type)]).toEqual([name, 404]);
      }
    });
  });
});
