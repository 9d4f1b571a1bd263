import fc from 'fast-check';
import { deviceScopes } from '../src/core/device-scopes.js';
import { bearerFor, FAST_BCRYPT, insertDevice, insertUser } from './support/auth.js';
import { discoverRoutes, type Route } from './support/routes.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 4: "A body of the wrong shape or type never reaches the database and never causes a 500."
 * Every write route of the running router gets malformed and random JSON as an administrator; the answer
 * must be a client error (or a success) in the `{ errors: [...] }` envelope with a German message.
 */
const MALFORMED: unknown[] = [
  null,
  [],
  [1, 2, 3],
  'text',
  42,
  true,
  {},
  { id: 'x', name: 12, identifier: { a: 1 }, branch: 'eins', items: 'none', price: '12,90' },
  { name: 'x'.repeat(100_000) },
  { branch: { id: -1 }, tags: [{ id: 'a' }], data: 'data:image/png;base64,%%%' },
  { username: ['a'], password: { p: 1 }, email: 7 },
  { __proto__: { polluted: true }, constructor: { prototype: { x: 1 } } },
];

/** Routes authenticated by a signature over the body instead of a session (Datatrans' webhook). */
// Routes that authenticate the request themselves: a payment webhook by its signature, a terminal by its
// device key (`/api/devices/me/...`), the staff time clock by the branch's key in its path and the
// employee's PIN (`/api/time-tracking/{branchId}/{apiKey}/...`), the counter board by a front-desk device's key
// in its path and the employee's PIN (`/api/orders/frontdesk/{branchId}/{apiKey}/...`). The administrator's
// session is not theirs: 401 by design.
const SIGNED_BODY =
  /^\/api\/(payments\/datatrans\/webhook|devices\/me\/.*|time-tracking\/:branchId\/:apiKey\/.*|orders\/frontdesk\/:branchId\/:apiKey\/.*)$/;

const FRONTDESK = deviceScopes({ type: 'frontdesk', hasPrinter: true });

describe('write routes under malformed input', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  /** A front-desk terminal with a printer: the caller of the device routes. */
  let device: Record<string, string>;
  /** A self-service kiosk: the caller of the kiosk's own checkout. */
  let kiosk: Record<string, string>;
  let writes: Route[];

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: FAST_BCRYPT });
    const user = await insertUser(t, { username: 'fuzz-admin', roles: ['ROLE_ADMIN'] });
    admin = await bearerFor(t, user.id);
    device = await insertDevice(t, 'fuzz-theke');
    kiosk = await insertDevice(t, 'fuzz-kiosk', 'kiosk');
    // Routes that replace or end the caller's own credentials would turn every later call into a 401.
    const rotatesCredentials = (r: Route) => /api-token|auth\/logout/.test(r.path);
    writes = discoverRoutes(t).filter(
      (r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !rotatesCredentials(r),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const pathOf = (route: Route) =>
    route.path
      .replace(/:id\b/g, '1')
      .replace(/:itemIndex\b/g, '0')
      .replace(/:[A-Za-z]+/g, 'x');

  async function expectNo500(route: Route, body: unknown) {
    // The front-desk terminal calls the routes open to its scopes, a kiosk the kiosk's own checkout; a
    // route of another device type (the kitchen display's) that staff may use too is called by the
    // administrator.
    const caller = route.deviceScopes.includes('kiosk')
      ? kiosk
      : route.deviceScopes.some((scope) => FRONTDESK.includes(scope))
        ? device
        : admin;
    const res = await t.request(route.method, pathOf(route), JSON.stringify(body) ?? 'null', caller);
    if (res.status >= 500) {
      throw new Error(
        `${route.key} answered ${res.status} to ${JSON.stringify(body)?.slice(0, 200)}: ${JSON.stringify(res.body)}`,
      );
    }
    // The administrator (a terminal on device routes) passes every guard: a 401 or 403 would mean the body never reached validation.
    // Except where the body must carry its own signature (payment webhooks): unsigned is 401 by design.
    if (!SIGNED_BODY.test(route.path)) expect([route.key, res.status]).not.toEqual([route.key, 401]);
    expect([route.key, res.status]).not.toEqual([route.key, 403]);
    if (res.status >= 400) {
      expect(res.body.errors?.[0]?.message).toEqual(expect.any(String));
    }
  }

  it('finds the write routes of every area', () => {
    const areas = new Set(writes.map((r) => r.path.split('/')[2]));
    for (const area of [
      'branches',
      'products',
      'menus',
      'sites',
      'config',
      'users',
      'auth',
      'working-activities',
    ]) {
      expect(areas).toContain(area);
    }
  });

  it('answers malformed bodies with a client error, never a 500', async () => {
    for (const route of writes) {
      for (const body of MALFORMED) await expectNo500(route, body);
    }
  });

  it('answers random JSON with a client error, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes), fc.jsonValue({ maxDepth: 3 }), async (route, body) => {
        await expectNo500(route, body);
      }),
      { numRuns: 300 },
    );
  });
});
