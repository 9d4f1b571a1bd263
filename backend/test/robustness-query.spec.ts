import { DEMO_USERS } from '../src/users/seed-users.js';
import { bearerFor, FAST_BCRYPT, insertUser, signIn } from './support/auth.js';
import { discoverRoutes, type Route } from './support/routes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 15, class 1: "No input gives a 500", for the parts of a request a body fuzzer does not reach:
 * ids in the path, query parameters (each route's documented ones plus the list parameters every
 * collection reads) and refs in bodies, on every route of the running router, anonymous, as an employee
 * (session) and as an administrator (API token). Every answer must be below 500 and, when an error, carry
 * the German error envelope.
 */

/** Values that cannot name a row or a date, or that databases and parsers trip over. */
const HOSTILE_IDS = ['2147483648', '1.5', '-1', '0', '99999999999999999999', 'abc', '%00', '1e3', '%20'];
const HOSTILE_VALUES = [
  '2147483648',
  '1.5',
  '2026-02-30',
  '2026-13-45T99:99:99Z',
  '-271821-04-20',
  '%00',
  '9'.repeat(30),
  'x'.repeat(3000),
  '1,abc,2147483648',
];
/** Parameters every list reads (README "API conventions"), tried on every GET route. */
const LIST_PARAMETERS = ['q', 'page', 'limit', 'sort', 'order'];
/** Parameter shapes the query parser turns into arrays and objects. */
const SHAPES = (name: string) => [`${name}=1&${name}=2`, `${name}[a]=1`];
/** Bodies whose refs and ids are out of range or not integers. */
const HOSTILE_BODIES: unknown[] = [
  { id: 2147483648, branch: { id: 2147483648 }, branches: [{ id: 1.5 }], user: { id: -1 } },
  { branch: { id: 1.5 }, product: { id: '1' }, category: { id: 1e20 }, tags: [{ id: 2147483648 }] },
  { date: '2026-02-30', from: '2026-02-30', startedAt: '2026-02-30T10:00:00Z', day: '2026-13-01' },
  { name: 'a\u0000b', identifier: 'x\u0000', items: [{ name: '\u0000' }] },
];

interface Failure {
  who: string;
  request: string;
  status: number;
  body: string;
}

describe('queries, ids and refs on every route', () => {
  let t: TestApp;
  let routes: Route[];
  /** Documented query parameters by `METHOD /path` (from the OpenAPI document). */
  const documented = new Map<string, string[]>();
  const callers: Array<{ who: string; headers: Record<string, string> }> = [
    { who: 'anonymous', headers: {} },
  ];

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: FAST_BCRYPT });
    const admin = await insertUser(t, { username: 'fuzz-query-admin', roles: ['ROLE_ADMIN'] });
    callers.push({ who: 'admin', headers: await bearerFor(t, admin.id) });
    const employee = DEMO_USERS.find((u) => u.username === 'mitarbeiter')!;
    callers.push({ who: 'employee', headers: (await signIn(t, employee.username, employee.password)).write });
    // Routes that end the caller's own credentials would turn every later call into a 401; live event
    // streams never end by themselves.
    routes = discoverRoutes(t).filter((r) => !/api-token|auth\/logout|\/events$/.test(r.path));
    const openapi = (await t.request('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    };
    for (const [path, operations] of Object.entries(openapi.paths)) {
      const expressPath = path.replace(/\{([^}]+)\}/g, ':$1');
      for (const [method, operation] of Object.entries(operations)) {
        const names = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        documented.set(`${method.toUpperCase()} ${expressPath}`, names);
      }
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  /** A concrete path: every parameter gets `value` (or a harmless `1`). */
  const pathWith = (route: Route, value = '1') =>
    route.path.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*[A-Za-z0-9_]*/g, 'x');

  async function send(
    failures: Failure[],
    who: string,
    headers: Record<string, string>,
    method: string,
    url: string,
    body?: unknown,
  ): Promise<void> {
    const res = await fetch(t.baseUrl + url, {
      method,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('text/event-stream')) {
      await res.body?.cancel();
      return;
    }
    const text = await res.text();
    let envelope = true;
    if (res.status >= 400 && res.status !== 304) {
      try {
        envelope =
          typeof (JSON.parse(text) as { errors?: Array<{ message?: unknown }> }).errors?.[0]?.message ===
          'string';
      } catch {
        envelope = false;
      }
    }
    if (res.status >= 500 || !envelope) {
      failures.push({
        who,
        request: `${method} ${url.slice(0, 160)}`,
        status: res.status,
        body: text.slice(0, 160),
      });
    }
  }

  const report = (failures: Failure[]) =>
    failures.map((f) => `${f.who}: ${f.request} -> ${f.status} ${f.body}`).sort();

  it('finds the routes of every area, with and without ids', () => {
    expect(routes.filter((r) => r.path.includes(':')).length).toBeGreaterThan(50);
    expect(routes.filter((r) => r.method === 'GET').length).toBeGreaterThan(40);
  });

  it('answers hostile ids in the path with a client error, never a 500', async () => {
    const failures: Failure[] = [];
    for (const route of routes.filter((r) => r.path.includes(':'))) {
      for (const { who, headers } of callers) {
        for (const id of HOSTILE_IDS) {
          const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
          await send(failures, who, headers, route.method, pathWith(route, id), body);
        }
      }
    }
    expect(report(failures)).toEqual([]);
  }, 600_000);

  it('answers hostile query parameters with a client error, never a 500', async () => {
    const failures: Failure[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const names = [...new Set([...LIST_PARAMETERS, ...(documented.get(route.key) ?? [])])];
      for (const { who, headers } of callers) {
        // Anonymous callers stop at the guard of protected routes: the list parameters are enough there.
        const tried = who === 'anonymous' && !route.isPublic ? ['q'] : names;
        for (const name of tried) {
          for (const value of HOSTILE_VALUES)
            await send(failures, who, headers, 'GET', `${pathWith(route)}?${name}=${value}`);
          for (const shape of SHAPES(name))
            await send(failures, who, headers, 'GET', `${pathWith(route)}?${shape}`);
        }
      }
    }
    expect(report(failures)).toEqual([]);
  }, 900_000);

  it('answers out-of-range refs and impossible dates in bodies with a client error, never a 500', async () => {
    const failures: Failure[] = [];
    for (const route of routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method))) {
      for (const { who, headers } of callers) {
        for (const body of HOSTILE_BODIES)
          await send(failures, who, headers, route.method, pathWith(route), body);
      }
    }
    expect(report(failures)).toEqual([]);
  }, 600_000);
});
