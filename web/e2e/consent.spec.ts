import {
  type BrowserContext,
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
  type Request,
} from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  fakeMapService,
  MAP_HOST,
  screenshot,
  takeawayOrder,
  TILE,
  viennaBranch,
} from './support';

// Consent per purpose (issue 22, item 2) against the real backend: the network log shows that nothing
// that needs consent is requested before it, and the statistics API shows that no analytics row is
// written. The map service is an outside service and is faked after its documented formats.

const WIEN = '/store/gasthaus-linde-wien';

async function admin(baseURL: string): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', {
    data: { username: 'admin', password: 'Admin-Demo-2026' },
  });
  expect(login.status()).toBe(200);
  return { api, csrf: (await login.json()).data.csrfToken as string };
}

/** Turns the map on (a token for the faked service) for one test; returns the function that restores it. */
async function withMaps(baseURL: string): Promise<() => Promise<void>> {
  const { api, csrf } = await admin(baseURL);
  const before = (await (await api.get('/api/config')).json()).data as Record<string, unknown>;
  const post = async (config: Record<string, unknown>) => {
    const answer = await api.post('/api/config', { data: config, headers: { 'X-CSRF-Token': csrf } });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  await post({ ...before, enablePluginMaps: true, mapAccessToken: 'e2e-token' });
  return async () => {
    await post(before);
    await api.dispose();
  };
}

/** Every analytics row of the last days, read through the statistics API (page views and events). */
async function analyticsRows(baseURL: string): Promise<number> {
  const { api } = await admin(baseURL);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const range = `from=${day(-1)}&to=${day(1)}`;
  const total = async (set: string) =>
    ((await (await api.get(`/api/statistics/${set}?${range}`)).json()).data.total as number) ?? 0;
  const rows = (await total('pages')) + (await total('events'));
  await api.dispose();
  return rows;
}

/** Sets the ad pixel's id for one test; returns the function that restores the configuration. */
async function withAdPixel(baseURL: string, adPixelId: string): Promise<() => Promise<void>> {
  const { api, csrf } = await admin(baseURL);
  const before = (await (await api.get('/api/config')).json()).data as Record<string, unknown>;
  const post = async (config: Record<string, unknown>) => {
    const answer = await api.post('/api/config', { data: config, headers: { 'X-CSRF-Token': csrf } });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  await post({ ...before, adPixelId });
  return async () => {
    await post(before);
    await api.dispose();
  };
}

const PIXEL_HOST = /^https:\/\/(connect\.facebook\.net|www\.facebook\.com)\//;
const PIXEL_ID = '123456789012345';

/**
 * Meta's pixel script, faked after its documented behaviour: it takes over the base code's queue
 * (`fbq.queue`, then `fbq.callMethod`), keeps the ids of `init`, honours `consent` revoke/grant and sends
 * each `track` as an image request to www.facebook.com/tr with `id`, `ev`, a time stamp `ts` and the custom
 * data `cd[…]`.
 */
const FAKE_FBEVENTS = `(function () {
  var fbq = window.fbq; if (!fbq) return;
  var ids = []; var revoked = false;
  function call() {
    var a = Array.prototype.slice.call(arguments);
    if (a[0] === 'init') ids.push(a[1]);
    else if (a[0] === 'consent') revoked = a[1] === 'revoke';
    else if (a[0] === 'track' && !revoked) ids.forEach(function (id) {
      var q = new URLSearchParams({ id: id, ev: a[1], ts: String(Date.now()) + Math.random() }); var d = a[2] || {};
      Object.keys(d).forEach(function (k) { q.set('cd[' + k + ']', String(d[k])); });
      new Image().src = 'https://www.facebook.com/tr/?' + q.toString();
    });
  }
  fbq.callMethod = call;
  fbq.queue.splice(0).forEach(function (args) { call.apply(null, args); });
})();`;

async function fakePixel(context: BrowserContext) {
  await context.route(PIXEL_HOST, (route) =>
    route.request().url().endsWith('/fbevents.js')
      ? route.fulfill({ body: FAKE_FBEVENTS, contentType: 'application/javascript' })
      : route.fulfill({ body: TILE, contentType: 'image/png' }),
  );
}

function networkLog(page: Page) {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return {
    analytics: () => seen.filter((r) => r.url().endsWith('/api/analytics-log') && r.method() === 'POST'),
    map: () => seen.filter((r) => MAP_HOST.test(r.url())),
    pixel: () => seen.filter((r) => PIXEL_HOST.test(r.url())).map((r) => r.url()),
    events: (name: string) =>
      seen.filter(
        (r) => r.url().startsWith('https://www.facebook.com/tr/') && r.url().includes(`ev=${name}`),
      ),
  };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies und Einwilligung' });
const settings = (page: Page) => page.getByRole('region', { name: 'Cookie-Einstellungen' });
const footerLink = (page: Page) =>
  page.getByRole('contentinfo').getByRole('button', { name: 'Cookie-Einstellungen' });

test.describe('Consent', () => {
  // Playwright's routes do not see what a service worker fetches.
  test.use({ serviceWorkers: 'block' });
  // Several pages, the map and the statistics API in one test: more than the default on a loaded machine.
  test.setTimeout(90_000);

  test('"Nur notwendige": no map, tile or analytics request and no analytics row; the map stand-in asks in place', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const restore = await withMaps(baseURL!);
    try {
      await fakeMapService(context);
      const rowsBefore = await analyticsRows(baseURL!);
      const log = networkLog(page);
      await page.goto('/');
      await expect(banner(page)).toBeVisible();
      // Refusing is as easy as accepting: the same size and weight.
      const accept = banner(page).getByRole('button', { name: 'Alle akzeptieren' });
      const refuse = banner(page).getByRole('button', { name: 'Nur notwendige' });
      const [a, r] = [await accept.boundingBox(), await refuse.boundingBox()];
      expect(Math.round(a!.width)).toBe(Math.round(r!.width));
      expect(Math.round(a!.height)).toBe(Math.round(r!.height));
      const look = (el: Element) => {
        const style = getComputedStyle(el);
        return [style.fontWeight, style.fontSize, style.backgroundColor, style.color].join(' ');
      };
      expect(await accept.evaluate(look)).toBe(await refuse.evaluate(look));
      await expect(banner(page).getByRole('button', { name: 'Einstellungen' })).toBeVisible();
      await screenshot(page, testInfo, 'consent-first-layer', false);
      await expectNoSeriousA11yViolations(page);

      await refuse.click();
      await expect(banner(page)).toBeHidden();
      const cookie = (await context.cookies()).find((c) => c.name === 'cookie-banner-acceptance-state');
      expect(decodeURIComponent(cookie!.value)).toMatch(/^\d+\|\|\d{4}-\d\d-\d\dT/);
      // The map's stand-in on the home page and in the footer; the addresses stay.
      const stand = page.getByRole('region', { name: 'Karte mit unseren Standorten' });
      await expect(stand).toContainText('Die Karte wird erst geladen, wenn Sie zustimmen.');
      await expect(page.locator('ul.content-home__map')).toContainText('Route planen');
      await stand.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'consent-map-stand-in', false);
      await footerLink(page).scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'consent-footer-link', false);
      // A few pages: nothing that needs consent.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeVisible();
      await page.goto(WIEN);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.goto('/');
      await expect(stand).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(log.map().map((r) => r.url())).toEqual([]);
      expect(log.analytics().map((r) => r.url())).toEqual([]);
      expect(await analyticsRows(baseURL!)).toBe(rowsBefore);
      await expect(banner(page)).toHaveCount(0);

      // "Karte anzeigen …" grants the maps in place: the map loads, the statistics stay off.
      await stand.getByRole('button', { name: 'Karte anzeigen und Karten erlauben' }).click();
      await expect(page.locator('.content-home__map .content-map__marker')).toHaveCount(2, {
        timeout: 15_000,
      });
      expect(log.map().some((r) => r.url().includes('style.json'))).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(log.analytics()).toEqual([]);
      const granted = (await context.cookies()).find((c) => c.name === 'cookie-banner-acceptance-state');
      expect(decodeURIComponent(granted!.value)).toMatch(/^\d+\|maps\|/);
    } finally {
      await restore();
    }
  });

  test('settings layer: every purpose off; "Alle akzeptieren" brings map and analytics; withdrawing in the footer stops them without a reload', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const restore = await withMaps(baseURL!);
    try {
      await fakeMapService(context);
      const log = networkLog(page);
      await page.goto('/');
      await banner(page).getByRole('button', { name: 'Einstellungen' }).click();
      await expect(settings(page)).toBeVisible();
      for (const name of ['Karten', 'Statistik'])
        await expect(settings(page).getByRole('switch', { name })).not.toBeChecked();
      // No ad pixel configured (the demo): "Marketing" is not offered, a switch must do something.
      await expect(settings(page).getByRole('switch', { name: 'Marketing' })).toHaveCount(0);
      await expect(settings(page)).not.toContainText('Meta');
      await expect(settings(page).getByRole('switch', { name: 'Notwendig' })).toBeDisabled();
      await expect(settings(page).getByRole('button', { name: 'Auswahl speichern' })).toBeVisible();
      await screenshot(page, testInfo, 'consent-settings-layer', false);
      await expectNoSeriousA11yViolations(page);
      expect(log.map()).toEqual([]);

      const rowsBefore = await analyticsRows(baseURL!);
      const logged = page.waitForResponse(
        (r) => r.url().endsWith('/api/analytics-log') && r.request().method() === 'POST',
      );
      await settings(page).getByRole('button', { name: 'Alle akzeptieren' }).click();
      await expect(settings(page)).toBeHidden();
      expect((await logged).status()).toBe(201);
      await expect(page.locator('.content-home__map .content-map__marker')).toHaveCount(2, {
        timeout: 15_000,
      });
      await expect
        .poll(() => log.map().some((r) => r.url().includes('/tiles/e2e/')), { timeout: 15_000 })
        .toBe(true);
      await expect.poll(() => analyticsRows(baseURL!)).toBeGreaterThan(rowsBefore);

      // Withdraw from the footer, without a reload: the map goes, the statistics stop.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await footerLink(page).click();
      await expect(settings(page)).toBeVisible();
      await expect(settings(page).getByRole('switch', { name: 'Karten' })).toBeChecked();
      await expect(settings(page).getByRole('heading', { name: 'Cookie-Einstellungen' })).toBeFocused();
      await settings(page).getByRole('switch', { name: 'Karten' }).uncheck();
      await settings(page).getByRole('switch', { name: 'Statistik' }).uncheck();
      await settings(page).getByRole('button', { name: 'Auswahl speichern' }).click();
      await expect(page.locator('.content-map')).toHaveCount(0);
      await expect(page.locator('.content-home__map canvas')).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Karte mit unseren Standorten' })).toContainText(
        'Die Karte wird erst geladen',
      );
      await page.waitForLoadState('networkidle');
      const rowsAfter = await analyticsRows(baseURL!);
      const [mapCount, analyticsCount] = [log.map().length, log.analytics().length];
      // Pages within the app (no reload): no more requests of either kind.
      await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('region', { name: 'Karte mit unseren Standorten' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
      expect(log.map().length).toBe(mapCount);
      expect(log.analytics().length).toBe(analyticsCount);
      expect(await analyticsRows(baseURL!)).toBe(rowsAfter);
    } finally {
      await restore();
    }
  });

  test('"Cookie-Einstellungen" in the footer of every storefront face; none on the kiosk', async ({
    page,
    request,
  }) => {
    const branch = await viennaBranch(request);
    const order = await takeawayOrder(request, branch.id, { lastName: 'Einwilligung' });
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Nur notwendige' }).click();
    for (const path of [
      '/',
      WIEN,
      `${WIEN}/checkout`,
      `/status/${order.uid}/${order.hash}`,
      '/site/privacy',
      '/leistungen',
      '/gibt-es-nicht',
    ]) {
      await page.goto(path);
      await expect(footerLink(page), path).toBeVisible();
    }
    await footerLink(page).click();
    await expect(settings(page)).toBeVisible();
    await settings(page).getByRole('button', { name: 'Nur notwendige' }).click();
    await expect(settings(page)).toBeHidden();
    // The kiosk is a shop device: no banner, no footer, no consent.
    await page.context().clearCookies();
    await page.goto('/kiosk/gasthaus-linde-wien');
    await expect(page.getByText('Zum Bestellen tippen')).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cookie-Einstellungen' })).toHaveCount(0);
  });

  test('ad pixel: offered only with an id, loaded only with "Marketing", page views and purchase; withdrawing removes it without a reload', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const restore = await withAdPixel(baseURL!, PIXEL_ID);
    try {
      await fakePixel(context);
      const log = networkLog(page);
      await page.goto('/');
      await expect(banner(page)).toContainText('messen unsere Werbung');
      await banner(page).getByRole('button', { name: 'Einstellungen' }).click();
      const marketing = settings(page).getByRole('switch', { name: 'Marketing' });
      await expect(marketing).not.toBeChecked();
      await expect(settings(page)).toContainText('Meta-Pixel');
      await screenshot(page, testInfo, 'consent-settings-with-pixel', false);
      await expectNoSeriousA11yViolations(page);
      // "Nur notwendige", a few pages: nothing of the pixel.
      await settings(page).getByRole('button', { name: 'Nur notwendige' }).click();
      await page.goto(WIEN);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(log.pixel()).toEqual([]);
      expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');

      // Marketing allowed (alone): the script loads and reports this page view, without a reload.
      await footerLink(page).click();
      await settings(page).getByRole('switch', { name: 'Marketing' }).check();
      await settings(page).getByRole('button', { name: 'Auswahl speichern' }).click();
      await expect.poll(() => log.events('PageView').length).toBe(1);
      expect(log.pixel()).toContain('https://connect.facebook.net/en_US/fbevents.js');
      expect(log.events('PageView')[0]!.url()).toContain(`id=${PIXEL_ID}`);
      expect(log.analytics()).toEqual([]); // the statistics stay off

      // An order: the purchase with its value and currency.
      // A product without options goes into the cart in one tap.
      await page.getByRole('button', { name: /Römerquelle/ }).click();
      await expect(page.getByText(/^Hinzugefügt: Römerquelle/)).toBeVisible();
      await page.getByRole('button', { name: /Warenkorb anzeigen/ }).click();
      await page.getByRole('link', { name: 'Zur Kasse' }).click();
      await expect.poll(() => log.events('PageView').length).toBeGreaterThanOrEqual(2);
      await page.getByLabel('Vorname').fill('Paula');
      await page.getByLabel('Nachname').fill('Pixel');
      await page.getByLabel('E-Mail').fill('paula.pixel@example.de');
      await page.getByLabel('Telefon').fill('+49 151 23456789');
      await page.getByLabel('Ich akzeptiere die Allgemeinen Geschäftsbedingungen.').check();
      await page.getByLabel('Ich habe die Datenschutzerklärung zur Kenntnis genommen.').check();
      await page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)/ }).click();
      await expect(page).toHaveURL(/\/status\/[0-9a-f-]{36}\/[^/]+$/);
      await expect.poll(() => log.events('Purchase').length).toBe(1);
      const purchase = new URL(log.events('Purchase')[0]!.url());
      expect(purchase.searchParams.get('cd[value]')).toBe('3.2');
      expect(purchase.searchParams.get('cd[currency]')).toBe('EUR');

      // Withdrawn in the footer: script, globals and cookies go at once, and nothing is sent any more.
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await footerLink(page).click();
      await expect(settings(page).getByRole('switch', { name: 'Marketing' })).toBeChecked();
      await settings(page).getByRole('switch', { name: 'Marketing' }).uncheck();
      await settings(page).getByRole('button', { name: 'Auswahl speichern' }).click();
      await expect(page.locator('script[src*="connect.facebook.net"]')).toHaveCount(0);
      expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');
      const sent = log.pixel().length;
      await page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeVisible();
      await page.goBack();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
      expect(log.pixel().length).toBe(sent);
    } finally {
      await restore();
    }
  });
});
