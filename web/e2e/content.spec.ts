import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
  type Request,
} from '@playwright/test';
import { ALL_CONSENT, expectNoSeriousA11yViolations, fakeMapService, MAP_HOST, screenshot } from './support';

// Content pages, header and footer, cookie consent, analytics and maps against the real backend with the
// demo content (home-page plugin on; /leistungen holds every block type). Tests that change the
// configuration put it back, so the other browser tests see the demo as seeded.

async function signIn(baseURL: string): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post('/api/auth/login', {
    data: { username: 'admin', password: 'Admin-Demo-2026' },
  });
  expect(login.status()).toBe(200);
  const csrf = (await login.json()).data.csrfToken as string;
  return { api, csrf };
}

/** Changes the shop configuration for one test; returns the function that restores it. */
async function withConfig(baseURL: string, change: Record<string, unknown>): Promise<() => Promise<void>> {
  const { api, csrf } = await signIn(baseURL);
  const before = (await (await api.get('/api/config')).json()).data as Record<string, unknown>;
  const post = async (config: Record<string, unknown>) => {
    const answer = await api.post('/api/config', { data: config, headers: { 'X-CSRF-Token': csrf } });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  await post({ ...before, ...change });
  return async () => {
    await post(before);
    await api.dispose();
  };
}

/** Lazy pictures load once scrolled to: wait for them before a screenshot. */
async function imagesLoaded(page: Page, selector: string) {
  const section = page.locator(selector);
  await section.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      section
        .locator('img')
        .evaluateAll((images) =>
          images.every(
            (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
          ),
        ),
    )
    .toBe(true);
}

/** The header navigation; on a phone it sits behind the "Menü" toggle, which is opened first. */
async function headerNav(page: Page) {
  const toggle = page.getByRole('button', { name: 'Menü' });
  if (await toggle.isVisible()) {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  return page.getByRole('navigation', { name: 'Hauptnavigation' });
}

function watchRequests(page: Page) {
  const seen: Request[] = [];
  page.on('request', (request) => seen.push(request));
  return {
    analytics: () => seen.filter((r) => r.url().endsWith('/api/analytics-log') && r.method() === 'POST'),
    map: () => seen.filter((r) => MAP_HOST.test(r.url())),
  };
}

test.describe('Content', () => {
  // Playwright's routes do not see what a service worker fetches; the faked map service and the changed
  // /api/init answer need the page's own requests (the app shell's worker is tested in shell.spec.ts).
  test.use({ serviceWorkers: 'block' });

  test('home variant A: title, branch list, hours with delivery toggle, contact, the address instead of the map', async ({
    page,
  }, testInfo) => {
    const requests = watchRequests(page);
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Gruber & Linde – Estrich in Graz, Wirtshaus in Wien' }),
    ).toBeVisible();
    await expect(page.getByText('3 von 3 Filialen werden angezeigt.')).toBeVisible();
    const hours = page.getByRole('table', { name: /Öffnungszeiten Gruber Estrich & Boden/ });
    await expect(hours.getByRole('row', { name: /Montag/ })).toBeVisible();
    // A branch with its own delivery hours has the toggle.
    const toggle = page.getByRole('button', { name: 'Lieferzeiten' }).first();
    if ((await toggle.count()) > 0) {
      await toggle.click();
      await expect(page.getByRole('table', { name: /^Lieferzeiten/ }).first()).toBeVisible();
    }
    const contact = page.locator('#kontakt');
    await expect(contact.getByRole('heading', { name: 'Kontakt' })).toBeVisible();
    await expect(contact).toContainText('Kärntner Straße 120');
    await expect(contact).toContainText('www.gruber-linde.at');
    // No consent yet: the addresses with directions stand in for the map.
    await expect(page.locator('ul.content-home__map')).toContainText('Route planen');
    await expect(page.getByRole('region', { name: 'Cookies und Einwilligung' })).toBeVisible();
    await screenshot(page, testInfo, 'content-home-a');
    await expectNoSeriousA11yViolations(page);

    // "Kontakt" in the header scrolls to the contact block, 55 px above it.
    await (await headerNav(page)).getByRole('link', { name: 'Kontakt' }).click();
    await expect.poll(() => contact.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(55);
    expect(requests.analytics()).toEqual([]);
    expect(requests.map()).toEqual([]);
  });

  test('home with one branch: the three teasers; with the plugin off: the site under the empty path', async ({
    page,
    baseURL,
  }, testInfo) => {
    const restore = await withConfig(baseURL!, { enablePluginHomePage: false });
    try {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Estrich vom Meister' })).toBeVisible();
      await expect(page.locator('#home-leistungen')).toContainText('Fließestrich');
      await screenshot(page, testInfo, 'content-home-site');
      await expectNoSeriousA11yViolations(page);
    } finally {
      await restore();
    }
    // Variant B needs neither plugin nor home site: the branch list of the storefront spec.
  });

  test('custom site with every block type, and the gallery by keyboard', async ({ page }, testInfo) => {
    await page.goto('/leistungen');
    for (const block of [
      '.content-hero',
      '.content-images',
      '.content-textboxes',
      '.content-values',
      '.content-infobox',
      '.content-service',
      '.content-imagetext',
      '.content-contact',
      '.content-video',
    ])
      await expect(page.locator(block), block).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Estrich vom Meister' })).toBeVisible();
    // Buttons: a leading slash stays in the shop, anything else opens outside in a new tab.
    const info = page.locator('.content-infobox');
    await expect(info.getByRole('link', { name: 'Über uns' })).toHaveAttribute('href', '/ueber-uns');
    await expect(info.getByRole('link', { name: /Merkblätter/ })).toHaveAttribute('target', '_blank');
    // The header navigation marks the page it is on.
    await expect((await headerNav(page)).getByRole('link', { name: 'Leistungen' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const menu = page.getByRole('button', { name: 'Menü' });
    if (await menu.isVisible()) await menu.click();
    for (const section of ['.content-images', '.content-service', '.content-imagetext', '#kontakt'])
      await imagesLoaded(page, section);
    await screenshot(page, testInfo, 'content-custom-site');
    await expectNoSeriousA11yViolations(page);

    const opener = page.getByRole('button', { name: /Zementestrich im Neubau – Galerie öffnen/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const counter = dialog.locator('.content-gallery__counter');
    await expect(counter).toHaveText('Bild 1 von 3');
    await expect
      .poll(() =>
        dialog
          .locator('img')
          .evaluateAll((images) =>
            images.every(
              (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
            ),
          ),
      )
      .toBe(true);
    await screenshot(page, testInfo, 'content-gallery', false);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('Bild 2 von 3');
    await page.keyboard.press('ArrowUp');
    await expect(counter).toHaveText('Bild 3 von 3');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('Bild 1 von 3');
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('Bild 3 von 3');
    await page.keyboard.press('ArrowDown');
    await expect(counter).toHaveText('Bild 2 von 3');
    await dialog.getByRole('button', { name: 'Bild 1 zeigen' }).click();
    await expect(counter).toHaveText('Bild 1 von 3');
    // Tab stays inside the dialog.
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('phone 360 px: mobile menu and the custom site', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/leistungen');
    const toggle = page.getByRole('button', { name: 'Menü' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();
    await screenshot(page, testInfo, 'content-custom-site-360');
    await toggle.click();
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    await screenshot(page, testInfo, 'content-menu-360', false);
    await (await headerNav(page)).getByRole('link', { name: 'Über uns' }).click();
    await expect(page).toHaveURL(/\/ueber-uns$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Über uns' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.goto('/leistungen');
    await imagesLoaded(page, '.content-service');
    await screenshot(page, testInfo, 'content-service-360', false);
    await imagesLoaded(page, '#kontakt');
    await screenshot(page, testInfo, 'content-contact-360', false);
    await page.goto('/');
    await screenshot(page, testInfo, 'content-home-a-360', false);
    await page.locator('.content-home__hours').scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'content-hours-360', false);
    await page.locator('footer').scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'content-footer-360', false);
  });

  test('404 after loading, 500 for an unknown site type', async ({ page }, testInfo) => {
    await page.goto('/gibt-es/nicht');
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
    await expect(page.getByText('Leider wurde die angeforderte Seite nicht gefunden.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // The backend accepts only known types; the answer of /api/init is changed on its way to the page.
    await page.route('**/api/init', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Array<{ url: string; data: { data: unknown } }> };
      for (const entry of body.data)
        if (entry.url === '/api/sites')
          for (const site of entry.data.data as Array<{ path: string; type: string }>)
            if (site.path === 'ueber-uns') site.type = 'newsletter';
      await route.fulfill({ response, json: body });
    });
    await page.goto('/ueber-uns');
    await expect(page.getByRole('heading', { level: 1, name: '500 Internal Server Error' })).toBeVisible();
    await expect(page.getByText('Leider ist ein interner Fehler aufgetreten.')).toBeVisible();
    await screenshot(page, testInfo, 'content-500');
  });

  test('legal pages: the configured text, or the configured address', async ({ page, baseURL }, testInfo) => {
    const restore = await withConfig(baseURL!, {
      privacyPolicyText: '# Ihre Daten\n\nWir speichern **nur**, was die Bestellung braucht.',
      allergens: 'https://example.org/allergene',
    });
    try {
      await page.goto('/site/privacy');
      await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: 'Ihre Daten' })).toBeVisible();
      await expect(page.locator('.content-legal strong')).toHaveText('nur');
      await screenshot(page, testInfo, 'content-legal-text');
      await expectNoSeriousA11yViolations(page);
      const footer = page.getByRole('navigation', { name: 'Rechtliches' });
      await expect(footer.getByRole('link', { name: 'Datenschutz' })).toHaveAttribute(
        'href',
        '/site/privacy',
      );
      await expect(footer.getByRole('link', { name: /Allergene/ })).toHaveAttribute(
        'href',
        'https://example.org/allergene',
      );
      // A shop path is followed: the imprint is the content page /imprint.
      await expect(footer.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/imprint');
      await page.goto('/site/imprint');
      await expect(page).toHaveURL(/\/imprint$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
      // An outside address is linked.
      await page.goto('/site/allergens');
      await expect(page.getByRole('link', { name: /Allergene öffnen/ })).toHaveAttribute(
        'href',
        'https://example.org/allergene',
      );
    } finally {
      await restore();
    }
  });

  test('consent: no map and no analytics before it, both after it; the cookie for 365 days', async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    const restore = await withConfig(baseURL!, { mapAccessToken: 'e2e-token' });
    try {
      await fakeMapService(context);
      const requests = watchRequests(page);
      await page.goto('/leistungen');
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Cookies und Einwilligung' })).toBeVisible();
      await expect(page.locator('.content-home__map')).toContainText('Route planen');
      await page.waitForTimeout(500);
      expect(requests.analytics()).toEqual([]);
      expect(requests.map()).toEqual([]);
      expect((await context.cookies()).map((c) => c.name)).not.toContain('cookie-banner-acceptance-state');

      const logged = page.waitForResponse(
        (r) => r.url().endsWith('/api/analytics-log') && r.request().method() === 'POST',
      );
      const acceptedAt = Date.now() / 1000;
      await page.getByRole('button', { name: 'Alle akzeptieren' }).click();
      await expect(page.getByRole('region', { name: 'Cookies und Einwilligung' })).toBeHidden();
      const cookie = (await context.cookies()).find((c) => c.name === 'cookie-banner-acceptance-state');
      expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false });
      // "Alle akzeptieren" grants what is offered: no ad pixel is configured, so no marketing purpose.
      expect(decodeURIComponent(cookie!.value)).toMatch(/^\d+\|maps\+statistics\|\d{4}-/);
      expect(cookie!.expires - acceptedAt).toBeGreaterThan(365 * 86400 - 60);
      expect(cookie!.expires - acceptedAt).toBeLessThan(365 * 86400 + 60);
      const response = await logged;
      expect(response.status()).toBe(201);
      expect(response.request().postDataJSON()).toMatchObject({
        type: 'pageview',
        action: 'view',
        path: '/',
      });
      await expect.poll(() => requests.map().some((r) => r.url().includes('style.json'))).toBe(true);
      expect(requests.map()[0]!.url()).toContain('key=e2e-token');
      await expect(page.locator('.content-home__map')).toHaveAttribute('role', 'region');
      await expect
        .poll(() => requests.map().some((r) => r.url().includes('/tiles/e2e/')), { timeout: 15_000 })
        .toBe(true);
      await expect(page.locator('.content-home__map .content-map__marker')).toHaveCount(2);
      const marker = page.locator('.content-home__map .content-map__marker').first();
      await expect(marker).toHaveAttribute(
        'href',
        /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-?\d+(\.\d+)?,-?\d+(\.\d+)?$/,
      );
      await expect(marker).toHaveAttribute('target', '_blank');
      await screenshot(page, testInfo, 'content-home-a-consented');

      // Another page: another page view.
      const second = page.waitForResponse((r) => r.url().endsWith('/api/analytics-log'));
      await (await headerNav(page)).getByRole('link', { name: 'Über uns' }).click();
      expect((await second).request().postDataJSON()).toMatchObject({ path: '/ueber-uns' });
    } finally {
      await restore();
    }
  });

  test('without network to the map service the address stays', async ({ page, context, baseURL }) => {
    const restore = await withConfig(baseURL!, { mapAccessToken: 'e2e-token' });
    try {
      await context.addCookies([
        { name: 'cookie-banner-acceptance-state', value: ALL_CONSENT, url: baseURL! },
      ]);
      await context.route(MAP_HOST, (route) => route.abort('internetdisconnected'));
      await page.goto('/');
      await expect(page.getByRole('region', { name: 'Cookies und Einwilligung' })).toHaveCount(0);
      await expect(page.locator('.content-home__map')).toContainText('Route planen', { timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    } finally {
      await restore();
    }
  });
});

test.describe('Navigation sub-items', () => {
  test.skip(
    ({ isMobile }) => isMobile,
    'the phone menu shows the same lists; the desktop covers the dropdown',
  );

  test('a sub-item opens from the header by keyboard, Escape closes it; the footer lists sub-items nested', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const { api, csrf } = await signIn(baseURL!);
    const navigations = (await (await api.get('/api/navigations?limit=100')).json()).data as {
      id: number;
      identifier: string;
    }[];
    const originals = new Map<number, Record<string, unknown>>();
    const sub = (label: string, target: string) => ({
      type: 'site',
      target,
      label,
      isEnabled: true,
      children: [],
    });
    const withSubItems = async (identifier: string) => {
      const { id } = navigations.find((n) => n.identifier === identifier)!;
      const original = (await (await api.get(`/api/navigations/${id}`)).json()).data;
      originals.set(id, original);
      const items = [
        ...(original.items as object[]),
        {
          ...sub('Angebote', 'leistungen'),
          children: [sub('Mittagsmenü', 'ueber-uns'), sub('Catering', 'leistungen')],
        },
      ];
      const saved = await api.put(`/api/navigations/${id}`, {
        data: { ...original, items },
        headers: { 'X-CSRF-Token': csrf },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    };
    try {
      await withSubItems('header-navigation');
      await withSubItems('footer-sites-navigation');
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
      const expand = nav.getByRole('button', { name: 'Untermenü Angebote' });
      await expect(expand).toHaveAttribute('aria-expanded', 'false', { timeout: 20_000 });
      await expect(nav.getByRole('link', { name: 'Mittagsmenü' })).toHaveCount(0);

      // Keyboard: from the item's link, Tab reaches its button; Enter opens, Tab walks the sub-items.
      await nav.getByRole('link', { name: 'Angebote', exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect(expand).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(expand).toHaveAttribute('aria-expanded', 'true');
      const first = nav.getByRole('link', { name: 'Mittagsmenü' });
      await expect(first).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(first).toBeFocused();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, testInfo, 'nav-dropdown-open', false);
      // Escape closes it and the focus goes back to its button.
      await page.keyboard.press('Escape');
      await expect(first).toBeHidden();
      await expect(expand).toBeFocused();
      await expect(expand).toHaveAttribute('aria-expanded', 'false');

      // Pointer: a tap opens it, a tap elsewhere closes it; a sub-item navigates.
      await expand.click();
      await expect(first).toBeVisible();
      await page.locator('main').click({ position: { x: 5, y: 5 } });
      await expect(first).toBeHidden();
      await expand.click();
      await first.click();
      await expect(page).toHaveURL(/\/ueber-uns$/);
      await expect(first).toBeHidden();

      // Footer: the sub-items as a nested list under their item.
      const footer = page.getByRole('navigation', { name: 'Seiten' });
      const parent = footer
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Angebote' }) });
      await expect(parent.getByRole('list').getByRole('link')).toHaveText(['Mittagsmenü', 'Catering']);
      await footer.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'nav-footer-nested', false);

      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto('/');
      await nav.getByRole('button', { name: 'Untermenü Angebote' }).click();
      await expect(nav.getByRole('link', { name: 'Catering' })).toBeVisible();
      await screenshot(page, testInfo, 'nav-dropdown-tablet', false);
    } finally {
      for (const [id, original] of originals)
        await api.put(`/api/navigations/${id}`, { data: original, headers: { 'X-CSRF-Token': csrf } });
      await api.dispose();
    }
  });
});

test.describe('Footer map', () => {
  // Without the worker every chunk request reaches the network, where the test can cut it.
  test.use({ serviceWorkers: 'block' });

  test('a map chunk that cannot be fetched leaves the map out, not the page', async ({
    page,
    context,
    baseURL,
  }) => {
    const restore = await withConfig(baseURL!, { mapAccessToken: 'e2e-token' });
    try {
      await context.addCookies([
        { name: 'cookie-banner-acceptance-state', value: ALL_CONSENT, url: baseURL! },
      ]);
      let cut = 0;
      await context.route(/\/assets\/BranchMap-[^/]+\.js$/, (route) => {
        cut += 1;
        return route.abort('internetdisconnected');
      });
      await context.route(MAP_HOST, (route) => route.abort('internetdisconnected'));
      await page.goto('/store/demo/checkout/error');
      await expect.poll(() => cut).toBeGreaterThan(0);
      await expect(page.getByRole('contentinfo')).toContainText('Alle Rechte vorbehalten.');
      await expect(page.getByText('Leider ist Ihre Zahlung fehlgeschlagen.', { exact: false })).toBeVisible();
      await expect(page.getByText('Leider ist ein interner Fehler aufgetreten.')).toHaveCount(0);
    } finally {
      await restore();
    }
  });
});

test.describe('Content under the Content-Security-Policy', () => {
  test.use({ bypassCSP: false, serviceWorkers: 'block' });

  test('the custom site and the consented map run without a CSP violation', async ({
    page,
    context,
    baseURL,
  }) => {
    const restore = await withConfig(baseURL!, { mapAccessToken: 'e2e-token' });
    try {
      await fakeMapService(context);
      await context.addCookies([
        { name: 'cookie-banner-acceptance-state', value: ALL_CONSENT, url: baseURL! },
      ]);
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
          violations.push(message.text());
      });
      await page.goto('/leistungen');
      await expect(page.locator('.content-hero')).toBeVisible();
      await page.goto('/');
      // The map drew (its worker started from the build's file, style and tiles from the allowed host).
      await expect(page.locator('.content-home__map .content-map__marker')).toHaveCount(2, {
        timeout: 15_000,
      });
      await expect(page.locator('.content-home__map canvas')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
    } finally {
      await restore();
    }
  });
});
