import { deviceScopes } from '../src/core/device-scopes.js';
import { HTTP_MESSAGES } from '../src/core/messages.js';
import { User } from '../src/auth/user.entity.js';
import { Device } from '../src/devices/device.entity.js';
import { hashDeviceKey } from '../src/devices/device-key.service.js';
import { type Demo, loadDemo, NOON, ORDER_TEST_ENV, postOrder, takeaway } from './orders.fixtures.js';
import { bearerFor } from './support/auth.js';
import { discoverRoutes, type Route } from './support/routes.js';
import { openStream, type SseStream } from './support/sse.js';
import { startTestApp, type TestApp } from './support/test-app.js';

const PRINTER = { host: '127.0.0.1', port: 9100, width: 48, type: 'epson' };

/** One device of every type (kiosk and front desk with and without a printer), all in Vienna. */
const DEVICES = [
  { name: 'frontdesk-drucker', type: 'frontdesk', settings: { printer: PRINTER } },
  { name: 'frontdesk', type: 'frontdesk', settings: {} },
  { name: 'kiosk-drucker', type: 'kiosk', settings: { printer: PRINTER } },
  { name: 'kiosk', type: 'kiosk', settings: {} },
  { name: 'ticket-screen', type: 'ticket-screen', settings: {} },
  { name: 'printer', type: 'printer', settings: { printer: PRINTER } },
  { name: 'signage', type: 'signage', settings: {} },
  { name: 'backoffice', type: 'backoffice', settings: {} },
  { name: 'kitchen-display', type: 'kitchen-display', settings: {} },
].map((d) => ({ ...d, scopes: deviceScopes({ type: d.type, hasPrinter: 'printer' in d.settings }) }));

/** The kitchen display's routes (docs/decisions/kitchen.md): its type's only. */
const KITCHEN_ONLY = {
  'frontdesk-drucker': '403',
  frontdesk: '403',
  'kiosk-drucker': '403',
  kiosk: '403',
  'ticket-screen': '403',
  printer: '403',
  signage: '403',
  backoffice: '403',
  'kitchen-display': 'ja',
};

/** The kiosk's own checkout and its card payment at the terminal (docs/decisions/kiosk.md). */
const KIOSK_ONLY = {
  'frontdesk-drucker': '403',
  frontdesk: '403',
  'kiosk-drucker': 'ja',
  kiosk: 'ja',
  'ticket-screen': '403',
  printer: '403',
  signage: '403',
  backoffice: '403',
  'kitchen-display': '403',
};

const urlOf = (path: string) => path.replace(/:[A-Za-z0-9_]+/g, '1').replace(/\*[A-Za-z0-9_]*/g, 'x');
const keyOf = (name: string) => `geraet-${name}-0123456789abcdef0123456789abcdef`;
const as = (name: string) => ({ authorization: `Bearer ${keyOf(name)}` });

/**
 * Device scopes (docs/decisions/security.md "Device scopes"): every route of the running router, called
 * with the key of every device type; and what each type's event stream and print jobs carry.
 */
describe('device scopes: every device route with every device type', () => {
  let t: TestApp;
  let demo: Demo;
  let routes: Route[];
  let admin: Record<string, string>;
  const ids = new Map<string, number>();
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await startTestApp({ seed: true, env: ORDER_TEST_ENV });
    t.clock.set(NOON);
    demo = await loadDemo(t);
    routes = discoverRoutes(t);
    const repo = t.dataSource.getRepository(Device);
    for (const d of DEVICES) {
      const saved = await repo.save(
        repo.create({
          identifier: `scope-${d.name}`,
          type: d.type as Device['type'],
          branch: demo.vienna,
          settings: d.settings,
          apiKeyHash: hashDeviceKey(keyOf(d.name)),
        }),
      );
      ids.set(d.name, saved.id);
    }
    admin = await bearerFor(
      t,
      (await t.dataSource.getRepository(User).findOneByOrFail({ username: 'admin' })).id,
    );
  });
  afterEach(() => {
    while (streams.length) streams.pop()!.close();
  });
  afterAll(async () => {
    await t.close();
  });

  /** The status of a route called with a device key (a stream is opened, read for its status and closed). */
  async function statusOf(route: Route, device: string): Promise<number> {
    if (route.method === 'GET' && route.path.endsWith('/events')) {
      const s = await openStream(t.baseUrl + urlOf(route.path), as(device));
      s.close();
      return s.status;
    }
    const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
    // A branch's routes are called for the devices' own branch (a device of another branch is refused
    // there by the service, which security-access tests).
    const path = route.path
      .replace(/^\/api\/branches\/:id\//, `/api/branches/${demo.vienna.id}/`)
      .replace(':branchId', String(demo.vienna.id));
    return (await t.request(route.method, urlOf(path), body, as(device))).status;
  }

  it('gives each type exactly the routes of its scopes; every other protected route is a 403', async () => {
    const deviceRoutes = routes.filter((r) => r.deviceScopes.length > 0).map((r) => r.key);
    expect(deviceRoutes.sort()).toEqual(
      [
        'GET /api/devices/me/jobs',
        'GET /api/devices/me/signage',
        'GET /api/events',
        'POST /api/devices/me/heartbeat',
        'POST /api/devices/me/jobs/:jobId/ack',
        'POST /api/devices/me/logs',
        'GET /api/kitchen/:branchId/tickets',
        'POST /api/kitchen/:branchId/tickets/:orderId/bump',
        'POST /api/kitchen/:branchId/tickets/:orderId/items/:index',
        'GET /api/kitchen/:branchId/settings',
        'POST /api/branches/:id/sold-out',
        'DELETE /api/branches/:id/sold-out/:entryId',
        'POST /api/devices/me/orders',
        'GET /api/devices/me/orders/:uid/terminal-payment',
        'POST /api/devices/me/orders/:uid/terminal-payment',
        'POST /api/devices/me/orders/:uid/pay-at-counter',
      ].sort(),
    );
    const table: Record<string, Record<string, string>> = {};
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      for (const device of DEVICES) {
        const status = await statusOf(route, device.name);
        const allowed = route.deviceScopes.some((s) => device.scopes.includes(s));
        if (route.deviceScopes.length > 0) (table[route.key] ??= {})[device.name] = allowed ? 'ja' : '403';
        // Allowed: the route does its work (200, or 404 for the job id 1 that is nobody's); refused: 403.
        if (allowed ? status === 401 || status === 403 : status !== 403)
          wrong.push(`${device.name} ${route.key} -> ${status}`);
      }
    }
    expect(wrong).toEqual([]);
    // The table of docs/decisions/security.md, as the router answers it.
    expect(table).toEqual({
      'POST /api/devices/me/heartbeat': Object.fromEntries(DEVICES.map((d) => [d.name, 'ja'])),
      'POST /api/devices/me/logs': Object.fromEntries(DEVICES.map((d) => [d.name, 'ja'])),
      'GET /api/events': Object.fromEntries(DEVICES.map((d) => [d.name, 'ja'])),
      'GET /api/devices/me/jobs': {
        'frontdesk-drucker': 'ja',
        frontdesk: '403',
        'kiosk-drucker': 'ja',
        kiosk: '403',
        'ticket-screen': '403',
        printer: 'ja',
        signage: '403',
        backoffice: '403',
        'kitchen-display': '403',
      },
      'POST /api/devices/me/jobs/:jobId/ack': {
        'frontdesk-drucker': 'ja',
        frontdesk: '403',
        'kiosk-drucker': 'ja',
        kiosk: '403',
        'ticket-screen': '403',
        printer: 'ja',
        signage: '403',
        backoffice: '403',
        'kitchen-display': '403',
      },
      'GET /api/devices/me/signage': {
        'frontdesk-drucker': '403',
        frontdesk: '403',
        'kiosk-drucker': '403',
        kiosk: '403',
        'ticket-screen': '403',
        printer: '403',
        signage: 'ja',
        backoffice: '403',
        'kitchen-display': '403',
      },
      'GET /api/kitchen/:branchId/tickets': KITCHEN_ONLY,
      'POST /api/kitchen/:branchId/tickets/:orderId/bump': KITCHEN_ONLY,
      'POST /api/kitchen/:branchId/tickets/:orderId/items/:index': KITCHEN_ONLY,
      'GET /api/kitchen/:branchId/settings': KITCHEN_ONLY,
      'POST /api/branches/:id/sold-out': KITCHEN_ONLY,
      'DELETE /api/branches/:id/sold-out/:entryId': KITCHEN_ONLY,
      'POST /api/devices/me/orders': KIOSK_ONLY,
      'GET /api/devices/me/orders/:uid/terminal-payment': KIOSK_ONLY,
      'POST /api/devices/me/orders/:uid/terminal-payment': KIOSK_ONLY,
      'POST /api/devices/me/orders/:uid/pay-at-counter': KIOSK_ONLY,
    });
  }, 300_000);

  it('refuses a signage, ticket-screen or kiosk key without printer print jobs, in German', async () => {
    for (const device of ['signage', 'ticket-screen', 'kiosk', 'backoffice']) {
      const res = await t.request('GET', '/api/devices/me/jobs', undefined, as(device));
      expect({ device, status: res.status }).toEqual({ device, status: 403 });
      expect(res.body.errors[0].message).toBe(HTTP_MESSAGES.forbidden);
    }
  });

  it('streams the order board only to the front desk; other devices get what is addressed to them, without personal data', async () => {
    const open = async (device: string) => {
      const s = await openStream(`${t.baseUrl}/api/events`, as(device));
      expect(s.status).toBe(200);
      streams.push(s);
      return s;
    };
    const byDevice = new Map<string, SseStream>();
    for (const d of DEVICES) byDevice.set(d.name, await open(d.name));
    const placed = await postOrder(t, takeaway(demo, { phone: '0664 7654321', comment: 'Hintereingang' }));
    expect(placed.status).toBe(201);
    // The front desk's board gets the order with its contact data; the printing devices the print job.
    const board = await byDevice.get('frontdesk')!.next((e) => e.event === 'order.created', 5000);
    expect(board.data.order.phone).toBe('0664 7654321');
    for (const printer of ['printer', 'kiosk-drucker', 'frontdesk-drucker'])
      await byDevice.get(printer)!.next((e) => e.event === 'print.job', 5000);
    // A test page addressed to the printer box reaches no other device.
    const test = await t.request('POST', `/api/devices/${ids.get('printer')}/test/print`, {}, admin);
    expect(test.status).toBe(200);
    await byDevice.get('printer')!.next((e) => e.event === 'print.job' && e.data.reason === 'test', 5000);
    // Give the other streams time to receive what they should not.
    await byDevice.get('frontdesk')!.next((e) => e.event === 'print.job' && e.data.reason === 'test', 5000);
    for (const d of DEVICES.filter((x) => x.type !== 'frontdesk')) {
      const events = byDevice.get(d.name)!.events;
      const wrong = events.filter(
        (e) =>
          e.event.startsWith('order.') ||
          JSON.stringify(e.data).includes('0664') ||
          (e.event === 'print.job' &&
            (!d.scopes.includes('print') || (e.data.deviceId ?? ids.get(d.name)) !== ids.get(d.name))),
      );
      expect({ device: d.name, wrong: wrong.map((e) => e.event) }).toEqual({ device: d.name, wrong: [] });
    }
  });

  it('lets a printing device acknowledge only jobs meant for the branch or for itself', async () => {
    const test = await t.request('POST', `/api/devices/${ids.get('printer')}/test/print`, {}, admin);
    const jobId = test.body.data.jobId as number;
    // The kiosk's printer neither gets nor acknowledges the printer box's test page.
    const kioskJobs = await t.request('GET', '/api/devices/me/jobs', undefined, as('kiosk-drucker'));
    expect(kioskJobs.body.data.map((j: { id: number }) => j.id)).not.toContain(jobId);
    const stolen = await t.request(
      'POST',
      `/api/devices/me/jobs/${jobId}/ack`,
      undefined,
      as('kiosk-drucker'),
    );
    expect(stolen.status).toBe(404);
    const own = await t.request('POST', `/api/devices/me/jobs/${jobId}/ack`, undefined, as('printer'));
    expect(own.status).toBe(200);
    expect(own.body.data.acknowledged).toBe(true);
  });
});
