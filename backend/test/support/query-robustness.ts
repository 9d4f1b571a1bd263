import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { RequestContext } from '../../src/core/request-context.js';
import type { Role } from '../../src/core/permissions.js';
import { DEMO_USERS } from '../../src/users/seed-users.js';
import { bearerFor, FAST_BCRYPT, insertDevice, insertUser, signIn } from './auth.js';
import { discoverRoutes, type Route } from './routes.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * Issue 15, class 1: "No input gives a 500", for the parts of a request a body fuzzer does not reach:
 * ids in the path, query parameters (each route's documented ones plus the list parameters every
 * collection reads) and refs in bodies, on every route of the running router, anonymous, as an employee
 * (session) and as an administrator (API token). Every answer must be below 500 and, when an error, carry
 * the German error envelope.
 *
 * The routes are split into areas, one test file each (`robustness-query-<area>.spec.ts`), so that Jest
 * spreads them over its workers. Every request costs the app a full pass (guard, database, serialisation),
 * so each hostile input is sent once per route, not once per caller:
 *
 * - Every route gets every hostile input (in the query: every parameter with every value class) once
 *   from a caller the route's guard lets through ("passes"), the callers taking turns; the order of
 *   the turns is drawn per route from {@link robustnessSeed} (fast-check), so every caller meets every
 *   parameter and every value class on the route. A protected route that still answers 401 or 403 passes
 *   the input on to the next caller that passes, so every input reaches the route's own code if anybody's
 *   does.
 * - The callers the guard turns away (anonymous on protected routes, the employee on the administrator's
 *   routes) stop there before a parameter is read: they share each value class once, in `q` or as the id.
 */

/** Values that cannot name a row or a date, or that databases and parsers trip over. */
export const HOSTILE_IDS = [
  '2147483648',
  '1.5',
  '-1',
  '0',
  '99999999999999999999',
  'abc',
  '%00',
  '1e3',
  '%20',
];
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
/**
 * The value classes of a query parameter: the hostile values, and the shapes the query parser turns into
 * arrays and objects.
 */
export const QUERY_CLASSES: Array<(name: string) => string> = [
  ...HOSTILE_VALUES.map((value) => (name: string) => `${name}=${value}`),
  (name) => `${name}=1&${name}=2`,
  (name) => `${name}[a]=1`,
];
/** Parameters every list reads (README "API conventions"), tried on every GET route. */
export const LIST_PARAMETERS = ['q', 'page', 'limit', 'sort', 'order'];
/** Bodies whose refs and ids are out of range or not integers. */
export const HOSTILE_BODIES: unknown[] = [
  { id: 2147483648, branch: { id: 2147483648 }, branches: [{ id: 1.5 }], user: { id: -1 } },
  { branch: { id: 1.5 }, product: { id: '1' }, category: { id: 1e20 }, tags: [{ id: 2147483648 }] },
  { date: '2026-02-30', from: '2026-02-30', startedAt: '2026-02-30T10:00:00Z', day: '2026-13-01' },
  { name: 'a\u0000b', identifier: 'x\u0000', items: [{ name: '\u0000' }] },
];

/**
 * The areas, each route in the first whose pattern matches its path; the last takes every route the
 * others leave (a new controller is tested without a change here). Cut so the files take about as long.
 */
export const AREAS = [
  // The storefront's computed answers (opening days, menus of the day) are the slowest routes.
  { name: 'storefront', pattern: /^\/api\/(init|branches|menus)(\/|$)/ },
  {
    name: 'orders',
    pattern: /^\/api\/(orders|payments|devices|statistics|logs|analytics|tables|auth|users)(\/|$)/,
  },
  {
    name: 'operations',
    pattern:
      /^\/api\/(time-tracking|time-sheets|holiday-balances|working-[a-z-]+|projects|tasks|departments|divisions|donatees|digital-signage-[a-z]+)(\/|$)/,
  },
  { name: 'catalog', pattern: /^/ }, // products, content, media, configuration and the rest
] as const;
export type AreaName = (typeof AREAS)[number]['name'];

export const areaOf = (route: Route): AreaName => AREAS.find((a) => a.pattern.test(route.path))!.name;

/**
 * The seed of the turns: fixed, so a run repeats the previous one; `ROBUSTNESS_SEED=<n>` repeats the run
 * a failure names, `ROBUSTNESS_SEED=random` draws new turns.
 */
export function robustnessSeed(): number {
  const given = process.env.ROBUSTNESS_SEED;
  if (given === 'random') return Math.floor(Math.random() * 2 ** 31);
  if (!given) return 20_261_123;
  if (!/^\d{1,10}$/.test(given)) throw new Error(`ROBUSTNESS_SEED=${given}: a whole number or "random"`);
  return Number(given);
}

interface Caller {
  who: string;
  headers: Record<string, string>;
  /** The caller's rights as the guard sees them; null for anonymous and for a terminal. */
  context: RequestContext | null;
  /** A terminal's device scopes (a front desk with a printer); none for people. */
  deviceScopes?: readonly string[];
}

interface Failure {
  who: string;
  request: string;
  status: number;
  body: string;
}

/** One request a route must answer; `turn` picks the caller (see the comment at the top). */
interface Probe {
  method: string;
  url: string;
  body?: unknown;
  turn: number;
}

/** What the guard does with the caller (AuthGuard: public routes are open, others need a permission). */
function passesGuard(caller: Caller, route: Route): boolean {
  if (route.isPublic) return true;
  if (caller.deviceScopes?.some((scope) => route.deviceScopes.includes(scope as never))) return true;
  return route.permissions.length > 0 && route.permissions.some((p) => caller.context?.can(p) === true);
}

/** A number of the route's own, so that a new route leaves the turns of the others as they were. */
function hashOf(text: string): number {
  let h = 2_166_136_261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16_777_619);
  return h >>> 0;
}

/** The callers in the order of their turns on this route, drawn from the seed. */
function turnsOf<T>(seed: number, route: Route, callers: T[]): T[] {
  if (callers.length < 2) return callers;
  const [order] = fc.sample(fc.shuffledSubarray(callers, { minLength: callers.length }), {
    seed: (seed ^ hashOf(route.key)) | 0,
    numRuns: 1,
  });
  return order!;
}

/** The tests of one area; called by its file `robustness-query-<area>.spec.ts`. */
export function describeQueryRobustness(area: AreaName): void {
  describe(`queries, ids and refs on every route (${area})`, () => {
    const seed = robustnessSeed();
    let t: TestApp;
    let all: Route[];
    let routes: Route[];
    /** Documented query parameters by `METHOD /path` (from the OpenAPI document). */
    const documented = new Map<string, string[]>();
    const callers: Caller[] = [{ who: 'anonymous', headers: {}, context: null }];
    const contextOf = (username: string, roles: Role[]) =>
      new RequestContext({ id: 0, username, roles, branchIds: [] });

    beforeAll(async () => {
      t = await startTestApp({ seed: true, env: FAST_BCRYPT });
      const admin = await insertUser(t, { username: 'fuzz-query-admin', roles: ['ROLE_ADMIN'] });
      callers.push({
        who: 'admin',
        headers: await bearerFor(t, admin.id),
        context: contextOf(admin.username, admin.roles),
      });
      const employee = DEMO_USERS.find((u) => u.username === 'mitarbeiter')!;
      callers.push({
        who: 'employee',
        headers: (await signIn(t, employee.username, employee.password)).write,
        context: contextOf(employee.username, employee.roles),
      });
      callers.push({
        who: 'frontdesk',
        headers: await insertDevice(t, 'fuzz-query-theke'),
        context: null,
        deviceScopes: ['device', 'orders', 'tickets', 'print'],
      });
      callers.push({
        who: 'signage',
        headers: await insertDevice(t, 'fuzz-query-tv', 'signage'),
        context: null,
        deviceScopes: ['device', 'signage'],
      });
      callers.push({
        who: 'kiosk',
        headers: await insertDevice(t, 'fuzz-query-kiosk', 'kiosk'),
        context: null,
        deviceScopes: ['device', 'kiosk'],
      });
      // Routes that end the caller's own credentials would turn every later call into a 401; live event
      // streams never end by themselves.
      all = discoverRoutes(t).filter((r) => !/api-token|auth\/logout|\/events$/.test(r.path));
      routes = all.filter((r) => areaOf(r) === area);
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
      await t?.close();
    });

    /** A concrete path: every parameter gets `value` (or a harmless `1`). */
    const pathWith = (route: Route, value = '1') =>
      route.path.replace(/:[A-Za-z0-9_]+/g, value).replace(/\*[A-Za-z0-9_]*/g, 'x');

    /** Sends the request; records a 500 or an error without the envelope. Returns the status. */
    async function send(failures: Failure[], caller: Caller, probe: Probe): Promise<number> {
      const { method, url, body } = probe;
      const res = await fetch(t.baseUrl + url, {
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...caller.headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(20_000),
      });
      const type = res.headers.get('content-type') ?? '';
      if (type.includes('text/event-stream')) {
        await res.body?.cancel();
        return res.status;
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
          who: caller.who,
          request: `${method} ${url.slice(0, 160)}`,
          status: res.status,
          body: text.slice(0, 160),
        });
      }
      return res.status;
    }

    /**
     * The callers of a route in the order of their turns: those the guard lets through, and those it turns
     * away.
     */
    function callersOf(route: Route): { passing: Caller[]; turnedAway: Caller[] } {
      // The kiosk calls only its own checkout: as a sixth caller everywhere it would thin the other
      // callers' share of each route's grid below one of every value class.
      const own = callers.filter((c) => c.who !== 'kiosk' || route.deviceScopes.includes('kiosk'));
      const turns = turnsOf(seed, route, own);
      return {
        passing: turns.filter((c) => passesGuard(c, route)),
        turnedAway: turns.filter((c) => !passesGuard(c, route)),
      };
    }

    /**
     * Sends each probe once to the passing caller whose turn it is (on to the next passing one where a
     * protected route still says 401 or 403), and each of `guarded` once to a caller the guard turns away.
     */
    async function sendAll(failures: Failure[], route: Route, probes: Probe[], guarded: Probe[]) {
      const { passing, turnedAway } = callersOf(route);
      for (const probe of probes) {
        for (let k = 0; k < passing.length; k++) {
          const status = await send(failures, passing[(probe.turn + k) % passing.length]!, probe);
          if (route.isPublic || (status !== 401 && status !== 403)) break;
        }
      }
      if (turnedAway.length === 0) return;
      for (const probe of guarded) await send(failures, turnedAway[probe.turn % turnedAway.length]!, probe);
    }

    /** The failures, sorted; the first line names the seed that repeats the run. */
    const report = (failures: Failure[]) =>
      failures.length === 0
        ? []
        : [
            `ROBUSTNESS_SEED=${seed} repeats these turns`,
            ...failures.map((f) => `${f.who}: ${f.request} -> ${f.status} ${f.body}`).sort(),
          ];

    /** The query parameters tried on a GET route: the list parameters and the documented ones. */
    const parametersOf = (route: Route) => [
      ...new Set([...LIST_PARAMETERS, ...(documented.get(route.key) ?? [])]),
    ];

    /**
     * Every parameter with every value class, once each: the grid the query test sends. Parameter i with
     * class m is the turn of passing caller (i + m) mod n, so each of the n callers gets every parameter
     * with some classes and every class with some parameters (at least n of both, see the test below).
     */
    const queryGrid = (route: Route): Probe[] =>
      parametersOf(route).flatMap((name, i) =>
        QUERY_CLASSES.map((query, m) => ({
          method: 'GET',
          url: `${pathWith(route)}?${query(name)}`,
          turn: i + m,
        })),
      );

    it('finds the routes of every area, with and without ids', () => {
      expect(all.filter((r) => r.path.includes(':')).length).toBeGreaterThan(50);
      expect(all.filter((r) => r.method === 'GET').length).toBeGreaterThan(40);
      // Every area has routes and a file that tests them.
      const files = readdirSync(fileURLToPath(new URL('..', import.meta.url)));
      for (const { name } of AREAS) {
        expect([name, all.some((r) => areaOf(r) === name)]).toEqual([name, true]);
        expect(files).toContain(`robustness-query-${name}.spec.ts`);
      }
      expect(routes.filter((r) => r.method === 'GET').length).toBeGreaterThan(0);
      // Every route lets somebody through its guard, so every input reaches some route's own code.
      for (const route of routes) {
        expect([route.key, callersOf(route).passing.length > 0]).toEqual([route.key, true]);
      }
    });

    it('sends every parameter of every GET route with every value class, and every caller its share', () => {
      for (const route of routes.filter((r) => r.method === 'GET')) {
        const names = parametersOf(route);
        const grid = queryGrid(route);
        const { passing } = callersOf(route);
        const firstTurn = new Map(grid.map((p) => [p.url, passing[p.turn % passing.length]?.who]));
        expect([route.key, firstTurn.size]).toEqual([route.key, names.length * QUERY_CLASSES.length]);
        for (const caller of passing) {
          const mine = names
            .flatMap((name) =>
              QUERY_CLASSES.map((query, m) => ({ name, m, url: `${pathWith(route)}?${query(name)}` })),
            )
            .filter((cell) => firstTurn.get(cell.url) === caller.who);
          expect([route.key, caller.who, new Set(mine.map((c) => c.name)).size]).toEqual([
            route.key,
            caller.who,
            names.length,
          ]);
          expect([route.key, caller.who, new Set(mine.map((c) => c.m)).size]).toEqual([
            route.key,
            caller.who,
            QUERY_CLASSES.length,
          ]);
        }
      }
    });

    it('answers hostile ids in the path with a client error, never a 500', async () => {
      const failures: Failure[] = [];
      for (const route of routes.filter((r) => r.path.includes(':'))) {
        const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
        const probes = HOSTILE_IDS.map((id, turn) => ({
          method: route.method,
          url: pathWith(route, id),
          body,
          turn,
        }));
        await sendAll(failures, route, probes, probes);
      }
      expect(report(failures)).toEqual([]);
    }, 600_000);

    it('answers hostile query parameters with a client error, never a 500', async () => {
      const failures: Failure[] = [];
      for (const route of routes.filter((r) => r.method === 'GET')) {
        // The guard turns a caller away before a parameter is read: `q` is enough there.
        const guarded = QUERY_CLASSES.map((query, turn) => ({
          method: 'GET',
          url: `${pathWith(route)}?${query('q')}`,
          turn,
        }));
        await sendAll(failures, route, queryGrid(route), guarded);
      }
      expect(report(failures)).toEqual([]);
    }, 900_000);

    it('answers out-of-range refs and impossible dates in bodies with a client error, never a 500', async () => {
      const failures: Failure[] = [];
      for (const route of routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method))) {
        const probes = HOSTILE_BODIES.map((body, turn) => ({
          method: route.method,
          url: pathWith(route),
          body,
          turn,
        }));
        await sendAll(failures, route, probes, probes);
      }
      expect(report(failures)).toEqual([]);
    }, 600_000);
  });
}
