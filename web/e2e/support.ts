import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CONSENT_PURPOSES, consentChoice, serializeConsent } from '@ordering/common';
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type TestInfo,
} from '@playwright/test';

const require = createRequire(import.meta.url);
// Evaluated rather than added as a <script>: the app's Content-Security-Policy forbids inline scripts.
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Screenshots are for people: web/test-results/screenshots/<project>-<name>.png. CI, where nobody looks at
 * them, turns them off with E2E_SCREENSHOTS=off (about 250 full-page PNGs of the run); no test reads them.
 */
export async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  await page.screenshot({
    path: `test-results/screenshots/${testInfo.project.name}-${name}.png`,
    fullPage,
  });
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core (WCAG 2 A and AA) in the page; fails on serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Every page names itself while it renders (PageTitle); on a loaded machine a check run right after a
  // banner appeared could beat the page's first render and report the missing <title> of index.html.
  await expect(page, 'the page names itself (<title>)').toHaveTitle(/\S/);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (options: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(serious).toEqual([]);
}

/** A request context signed in as staff: its cookie, and the CSRF token its writes need. */
export interface Staff {
  request: APIRequestContext;
  csrf: string;
}

/** Signs the demo admin in on a request context (cookie and CSRF token for writes). */
export async function staffApi(request: APIRequestContext): Promise<Staff> {
  const login = await request.post('/api/auth/login', {
    data: { username: 'admin', password: 'Admin-Demo-2026' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { data } = (await login.json()) as { data: { csrfToken: string } };
  return { request, csrf: data.csrfToken };
}

/** The `data` of a GET answer (which must be a success). */
export async function getData<T = Record<string, unknown>>(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: T }).data;
}

/** A staff write (POST or PUT) that must succeed; answers the API's `data`. */
async function write(method: 'post' | 'put', staff: Staff, path: string, data: object) {
  const response = await staff.request[method](path, { headers: { 'X-CSRF-Token': staff.csrf }, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

export const post = (staff: Staff, path: string, data: object = {}) => write('post', staff, path, data);
export const put = (staff: Staff, path: string, data: object) => write('put', staff, path, data);

/** Deletes what a test made (each path in turn); every one must succeed. */
export async function remove(staff: Staff, ...paths: string[]) {
  for (const path of paths) {
    const response = await staff.request.delete(path, { headers: { 'X-CSRF-Token': staff.csrf } });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  }
}

/** Today in the demo shop's time zone, as the statistics' "Heute" asks for it (`YYYY-MM-DD`). */
export const viennaToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(new Date());

/** German money as the back office prints it: `1.234,50 €`. */
export function euro(value: number): string {
  const [whole, cents] = value.toFixed(2).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}\u00a0€`;
}

/** The demo's Vienna inn (`gasthaus-linde-wien`). */
export async function viennaBranch(request: APIRequestContext): Promise<{ id: number }> {
  const branches = await getData<{ id: number; identifier: string }[]>(request, '/api/branches');
  return branches.find((b) => b.identifier === 'gasthaus-linde-wien')!;
}

/**
 * Playwright's `test` with two fixtures for tests against the demo data: `staff`, the admin signed in on the
 * test's request context, and `branch`, the Vienna inn (each made only for the tests that ask for it).
 */
export const staffTest = test.extend<{ staff: Staff; branch: { id: number } }>({
  staff: async ({ request }, provide) => provide(await staffApi(request)),
  branch: async ({ request }, provide) => provide(await viennaBranch(request)),
});

/** An order as the public API answers it: what the customer's status link is made of. */
export interface PlacedOrder {
  ticketNumber: number;
  uid: string;
  hash: string;
}

/**
 * Places a takeaway order of schnitzel through the public API, at the branch's first bookable time (the
 * tests run on the real clock, so "now" may be closed).
 */
export async function takeawayOrder(
  request: APIRequestContext,
  branchId: number,
  options: Parameters<typeof postTakeawayOrder>[2],
): Promise<PlacedOrder> {
  const response = await postTakeawayOrder(request, branchId, options);
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { order: PlacedOrder } }).data.order;
}

/** The public API's answer to a takeaway order of schnitzel (see `takeawayOrder`), whatever it is. */
export async function postTakeawayOrder(
  request: APIRequestContext,
  branchId: number,
  {
    lastName,
    amount = 1,
    comment,
    paymentMethod = 'cash',
    email = 'eva@example.at',
    channel,
  }: {
    lastName: string;
    amount?: number;
    comment?: string;
    paymentMethod?: string;
    email?: string;
    /** The ordering face the order says it came from (`web`, `kiosk`, `app`); left out when undefined. */
    channel?: string;
  },
) {
  const products = await getData<{ id: number; uid: string; name: string }[]>(
    request,
    '/api/products?limit=200',
  );
  const product = products.find((p) => p.name === 'Wiener Schnitzel vom Kalb')!;
  const availability = await getData<{ days: { windows: { from: string }[] }[] }>(
    request,
    `/api/branches/${branchId}/availability?type=takeaway`,
  );
  const day = availability.days.find((d) => d.windows.length > 0)!;
  const response = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      firstName: 'Eva',
      lastName,
      email,
      phone: '+43 664 7654321',
      ...(comment === undefined ? {} : { comment }),
      ...(channel === undefined ? {} : { channel }),
      paymentMethod,
      ...(paymentMethod === 'hydro-ag-voucher' ? { voucherCode: 'LINDE-2026-0001' } : {}),
      legalInstructions: true,
      privacyPolicy: true,
      branch: { id: branchId },
      isDelivery: false,
      isDineIn: false,
      appointmentDate: day.windows[0]!.from,
      items: [{ product: { id: product.id, uid: product.uid }, amount, unit: 'piece', parts: [] }],
    },
  });
  return response;
}

/**
 * Places a delivery of two schnitzel to Neubaugasse (the Vienna inn's first area, free delivery) through the
 * public API, at the first bookable delivery time.
 */
export async function deliveryOrder(request: APIRequestContext, lastName: string): Promise<PlacedOrder> {
  const branches = await getData<
    { id: number; identifier: string; deliveryAreas: { id: number; position: number }[] }[]
  >(request, '/api/branches');
  const branch = branches.find((b) => b.identifier === 'gasthaus-linde-wien')!;
  const area = [...branch.deliveryAreas].sort((a, b) => a.position - b.position)[0]!;
  const products = await getData<{ id: number; uid: string; name: string }[]>(
    request,
    '/api/products?limit=200',
  );
  const product = products.find((p) => p.name === 'Wiener Schnitzel vom Kalb')!;
  const availability = await getData<{ days: { windows: { from: string }[] }[] }>(
    request,
    `/api/branches/${branch.id}/availability?type=delivery`,
  );
  const day = availability.days.find((d) => d.windows.length > 0)!;
  const response = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      firstName: 'Eva',
      lastName,
      email: 'eva@example.at',
      phone: '+43 664 7654321',
      paymentMethod: 'cash',
      legalInstructions: true,
      privacyPolicy: true,
      branch: { id: branch.id },
      isDelivery: true,
      isDineIn: false,
      street: 'Neubaugasse 1',
      zipCode: '1070',
      city: 'Wien',
      deliveryArea: { id: area.id },
      appointmentDate: day.windows[0]!.from,
      items: [{ product: { id: product.id, uid: product.uid }, amount: 2, unit: 'piece', parts: [] }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { order: PlacedOrder } }).data.order;
}

/** A takeaway order (see `takeawayOrder`) with the id staff know it by, and its number. */
export async function placeOrder(staff: Staff, branchId: number, lastName: string, email?: string) {
  const order = await takeawayOrder(staff.request, branchId, { lastName, email });
  const list = await getData<{ id: number; uid: string }[]>(staff.request, '/api/orders?limit=200');
  const id = list.find((o) => o.uid === order.uid)!.id;
  return { id, ticketNumber: order.ticketNumber };
}

/**
 * Signs the demo admin in on the page's browser context without the form (the form and the board after it
 * are tested in backoffice.spec.ts and shell.spec.ts) and opens `path`: the page's request context shares
 * the context's cookies, so the session cookie is the browser's.
 */
export async function openSignedIn(page: Page, path: string) {
  const login = await page.request.post('/api/auth/login', {
    data: { username: 'admin', password: 'Admin-Demo-2026' },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto(path);
}

/** Signs the demo admin in through the back office's form; waits for the order board. */
export async function signInOnPage(page: Page) {
  await page.goto('/backend/login');
  await page.getByLabel('Benutzername').fill('admin');
  await page.getByLabel('Passwort').fill('Admin-Demo-2026');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  // The back office is a lazy chunk: on a busy machine the board takes a few seconds.
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible({
    timeout: 20_000,
  });
}

/** Saves the entity form open in the back office and waits for its "gespeichert". */
export async function saveForm(page: Page) {
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: /gespeichert/i })).toBeVisible({
    timeout: 15_000,
  });
}

/**
 * The consent cookie's value for a visitor who allowed every purpose of the current list (common's
 * consent.ts): tests that need the map or the statistics start with it.
 */
export const ALL_CONSENT = encodeURIComponent(
  serializeConsent(consentChoice(CONSENT_PURPOSES, new Date('2026-01-01T00:00:00Z'))),
);

/** The map service's host (an outside service, faked in the tests that show a map). */
export const MAP_HOST = /^https:\/\/api\.maptiler\.com\//;
/** A 1×1 PNG: the fake map's tiles and the fake ad pixel. */
export const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** The map service faked after its documented formats: a style JSON and PNG tiles. */
export async function fakeMapService(context: BrowserContext) {
  await context.route(MAP_HOST, async (route) => {
    if (route.request().url().includes('style.json'))
      return route.fulfill({
        json: {
          version: 8,
          sources: {
            tiles: {
              type: 'raster',
              tiles: ['https://api.maptiler.com/tiles/e2e/{z}/{x}/{y}.png'],
              tileSize: 256,
            },
          },
          layers: [{ id: 'tiles', type: 'raster', source: 'tiles' }],
        },
      });
    return route.fulfill({ body: TILE, contentType: 'image/png' });
  });
}
