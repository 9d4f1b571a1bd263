import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import {
  getData,
  openSignedIn,
  placeOrder,
  post,
  postTakeawayOrder,
  put,
  remove,
  screenshot,
  signInOnPage,
  staffTest as test,
  takeawayOrder,
  type Staff,
} from './support';

// Issue 23: every switch does what it says. Against the real backend and its demo data.

const KIOSK = '/kiosk/gasthaus-linde-wien';

/** A device of the Vienna inn with the given settings, and its key (shown once when issued). */
async function deviceWithKey(
  staff: Staff,
  branchId: number,
  type: 'kiosk' | 'ticket-screen' | 'frontdesk',
  settings: Record<string, unknown>,
) {
  const device = await post(staff, '/api/devices', {
    identifier: `${type}-${randomUUID().slice(0, 8)}`,
    name: { kiosk: 'Kiosk Eingang', 'ticket-screen': 'Abhol-TV', frontdesk: 'Theke' }[type],
    type,
    branch: { id: branchId },
    settings,
  });
  const issued = await post(staff, `/api/devices/${device.id as number}/api-key`);
  return { id: device.id as number, key: issued.apiKey as string };
}

test.describe('kiosk device settings', () => {
  test.use({
    viewport: { width: 1080, height: 1920 },
    hasTouch: true,
    isMobile: false,
    deviceScaleFactor: 1,
  });
  // The kiosk's own screen on every project: the phone project would run the same test again.
  test.beforeEach(() => {
    test.skip(
      test.info().project.name === 'mobile',
      'the kiosk sets its own screen; the desktop project covers it',
    );
  });

  test('idleTimeoutSeconds 5: the screensaver returns after about 5 s; orderModes takeaway: only takeaway', async ({
    page,
    staff,
    branch,
  }, testInfo) => {
    test.setTimeout(90_000);
    const device = await deviceWithKey(staff, branch.id, 'kiosk', {
      idleTimeoutSeconds: 5,
      orderModes: ['takeaway'],
    });
    try {
      const heartbeat = page.waitForResponse((r) => r.url().endsWith('/api/devices/me/heartbeat') && r.ok());
      await page.goto(`${KIOSK}#geraet=${encodeURIComponent(device.key)}`);
      await heartbeat;
      // The page notes the tap and the screensaver's return itself (the runner's clock lags on a busy machine).
      await page.evaluate(() => {
        const w = window as unknown as { tapped?: number; returned?: number };
        document.addEventListener('pointerdown', () => (w.tapped = performance.now()), { capture: true });
        new MutationObserver(() => {
          if (w.tapped && !w.returned && document.querySelector('.kiosk-screensaver'))
            w.returned = performance.now();
        }).observe(document.body, { childList: true, subtree: true });
      });
      // Only takeaway: no "Wo möchten Sie essen?", straight to the menu.
      await page.getByRole('button', { name: /Zum Bestellen tippen/ }).click();
      await expect(page.getByRole('button', { name: /Almdudler/ })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Wo möchten Sie essen?' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /Zum Bestellen tippen/ })).toBeVisible({
        timeout: 20_000,
      });
      const seconds = await page.evaluate(() => {
        const w = window as unknown as { tapped: number; returned: number };
        return (w.returned - w.tapped) / 1000;
      });
      console.log(`Kiosk mit idleTimeoutSeconds 5: Bildschirmschoner nach ${seconds.toFixed(1)} s`);
      expect(seconds).toBeGreaterThanOrEqual(4.5);
      expect(seconds).toBeLessThan(12); // the default is 45 s

      // The checkout offers takeaway only.
      await page.getByRole('button', { name: /Zum Bestellen tippen/ }).click();
      await page.getByRole('button', { name: /Almdudler/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'In den Warenkorb' }).click();
      await page.getByRole('button', { name: 'Zur Kasse' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Bestellung abschließen' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Vor Ort essen' })).toHaveCount(0);
      await screenshot(page, testInfo, 'kiosk-takeaway-only', false);
    } finally {
      await remove(staff, `/api/devices/${device.id}`);
    }
  });
});

const PAYMENT_PLUGINS = [
  ['enablePluginCardPayments', 'Bankomatkarte', 'atm-card'],
  ['enablePluginVoucherPayments', 'Hydro AG Gutschein', 'hydro-ag-voucher'],
  ['enablePluginOnlinePayments', 'Online-Zahlung (Mollie)', 'mollie'],
] as const;

async function openCheckout(page: Page) {
  await page.goto('/store/gasthaus-linde-wien');
  await page.getByRole('button', { name: /Wiener Schnitzel vom Kalb/ }).click();
  await page.getByRole('button', { name: /Warenkorb anzeigen/ }).click();
  await page.getByRole('link', { name: 'Zur Kasse' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
}

test.describe('payment plugin flags', () => {
  test.skip(({ isMobile }) => isMobile, 'the same rule on every screen size; the desktop covers it');

  test('each plugin off removes its method in checkout and the server refuses it', async ({
    page,
    staff,
    branch,
  }, testInfo) => {
    test.setTimeout(120_000);
    const config = await getData(staff.request, '/api/config');
    const stored = await getData(staff.request, `/api/branches/${branch.id}`);
    const { id: _id, ...branchBody } = stored;
    const allOn = {
      ...config,
      enableATMCard: true,
      enableHydroAGVoucher: true,
      enableMollie: true,
      enablePluginCardPayments: true,
      enablePluginVoucherPayments: true,
      enablePluginOnlinePayments: true,
    };
    await post(staff, '/api/config', allOn);
    await put(staff, `/api/branches/${branch.id}`, {
      ...branchBody,
      isATMCardEnabled: true,
      isHydroAGVoucherEnabled: true,
      isMollieEnabled: true,
    });
    try {
      await openCheckout(page);
      for (const [, label] of PAYMENT_PLUGINS)
        await expect(page.getByRole('radio', { name: label })).toBeVisible();
      await screenshot(page, testInfo, 'checkout-all-payment-plugins');

      for (const [plugin, label, method] of PAYMENT_PLUGINS) {
        await post(staff, '/api/config', { ...allOn, [plugin]: false });
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
        await expect(page.getByRole('radio', { name: 'Barzahlung' })).toBeVisible();
        await expect(page.getByRole('radio', { name: label })).toHaveCount(0);
        const refused = await postTakeawayOrder(staff.request, branch.id, {
          lastName: 'Plugin',
          paymentMethod: method,
        });
        expect(refused.status()).toBe(400);
        expect(await refused.json()).toMatchObject({
          errors: [{ field: 'paymentMethod', message: 'Diese Zahlungsart ist nicht verfügbar.' }],
        });
      }
    } finally {
      await post(staff, '/api/config', config);
      await put(staff, `/api/branches/${branch.id}`, branchBody);
    }
  });
});

test.describe('ticket screen columns', () => {
  test.skip(({ isMobile }) => isMobile, 'a ticket screen is a TV');

  test('columns sets how many numbers stand side by side', async ({ browser, staff, branch }, testInfo) => {
    test.setTimeout(90_000);
    const tv = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await tv.newPage();
    const devices: number[] = [];
    try {
      const lefts = async (columns: number) => {
        const device = await deviceWithKey(staff, branch.id, 'ticket-screen', { columns });
        devices.push(device.id);
        await page.goto(`/frontdesk/${branch.id}/${device.key}`);
        const grid = page.getByRole('region', { name: 'In Zubereitung' }).locator('.fd-grid');
        await expect(grid).toHaveAttribute('data-columns', String(columns));
        // The grid's tracks as the browser laid them out.
        return grid.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      };
      expect(await lefts(2)).toBe(2);
      expect(await lefts(4)).toBe(4);
      await screenshot(page, testInfo, 'ticket-screen-4-columns', false);
    } finally {
      await tv.close();
      await remove(staff, ...devices.map((id) => `/api/devices/${id}`));
    }
  });
});

test.describe('device keys from the back office', () => {
  test.skip(({ isMobile }) => isMobile, 'the back office is for the counter screen and the tablet');
  for (const size of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'tablet', width: 820, height: 1180 },
  ]) {
    test(`issue, open the ticket screen by the shown address, rotate: the old address is refused (${size.name})`, async ({
      page,
      browser,
      staff,
      branch,
      context,
    }, testInfo) => {
      test.setTimeout(120_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.setViewportSize({ width: size.width, height: size.height });
      const device = await post(staff, '/api/devices', {
        identifier: `tv-${randomUUID().slice(0, 8)}`,
        name: 'Abhol-TV Eingang',
        type: 'ticket-screen',
        branch: { id: branch.id },
        settings: { columns: 3 },
      });
      const tv = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
      try {
        await openSignedIn(page, `/backend/devices/devices/${device.id as number}`);
        await page.getByRole('button', { name: 'Schlüssel erzeugen' }).click();
        const link = page.getByRole('link', { name: /\/frontdesk\// });
        await expect(link).toBeVisible();
        await expect(page.getByRole('img', { name: 'QR-Code: Abholbildschirm' })).toBeVisible();
        await page.getByRole('button', { name: 'Adresse kopieren' }).click();
        await expect(page.getByRole('button', { name: 'Kopiert' })).toBeVisible();
        const url = (await link.textContent())!;
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
        await screenshot(page, testInfo, `device-key-issued-${size.name}`);

        const screen = await tv.newPage();
        await screen.goto(url);
        await expect(screen.getByRole('region', { name: 'In Zubereitung' })).toBeVisible();

        // Rotate after the app's own confirmation.
        await page.getByRole('button', { name: 'Fertig' }).click();
        await page.getByRole('button', { name: 'Schlüssel erneuern' }).click();
        await expect(page.getByRole('alertdialog')).toContainText('hört sofort auf zu funktionieren');
        await screenshot(page, testInfo, `device-key-confirm-${size.name}`);
        await page.getByRole('button', { name: 'Erneuern', exact: true }).click();
        const next = (await page.getByRole('link', { name: /\/frontdesk\// }).textContent())!;
        expect(next).not.toBe(url);

        await screen.goto(url);
        await expect(screen.getByRole('alert').getByRole('heading')).toHaveText('Schlüssel ungültig');
        await screenshot(screen, testInfo, `ticket-screen-key-invalid-${size.name}`, false);
        await screen.goto(next);
        await expect(screen.getByRole('region', { name: 'In Zubereitung' })).toBeVisible();
      } finally {
        await tv.close();
        await remove(staff, `/api/devices/${device.id as number}`);
      }
    });
  }
});

test.describe('ratings plugin', () => {
  test.skip(({ isMobile }) => isMobile, 'the same data on every screen size; the desktop covers it');

  test('on: the branch page shows the average rating; off: none', async ({
    page,
    staff,
    branch,
  }, testInfo) => {
    test.setTimeout(90_000);
    const config = await getData(staff.request, '/api/config');
    try {
      await post(staff, '/api/config', { ...config, enablePluginOrderReviews: true });
      const order = await takeawayOrder(staff.request, branch.id, { lastName: 'Bewertung' });
      const list = await getData<{ id: number; uid: string }[]>(staff.request, '/api/orders?limit=200');
      const id = list.find((o) => o.uid === order.uid)!.id;
      // Confirmed for "in ten minutes" (the test runs on the real clock), completed, then reviewed.
      await post(staff, `/api/orders/${id}/status/confirm`, {
        appointment: new Date(Date.now() + 10 * 60_000).toISOString(),
      });
      await post(staff, `/api/orders/${id}/status/completed`);
      await post(staff, `/api/orders/public/${order.uid}/${order.hash}/questionnaire`, {
        rating: 4,
        foodRating: 5,
        serviceRating: 4,
        processRating: 5,
      });

      await post(staff, '/api/config', {
        ...config,
        enablePluginOrderReviews: true,
        enablePluginRatings: true,
      });
      await page.goto('/store/gasthaus-linde-wien');
      const banner = page.getByRole('region', { name: 'Gasthaus Zur Linde', exact: true });
      await expect(banner.getByText(/^\d,\d ★ \(\d+ Bewertung(en)?\)$/)).toBeVisible();
      await expect(banner.getByText(/Durchschnittliche Bewertung \d,\d von 5 Sternen/)).toBeAttached();
      await screenshot(page, testInfo, 'branch-page-rating', false);

      await post(staff, '/api/config', {
        ...config,
        enablePluginOrderReviews: true,
        enablePluginRatings: false,
      });
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Gasthaus Zur Linde', exact: true }),
      ).toBeVisible();
      await expect(page.getByText(/★ \(\d+ Bewertung/)).toHaveCount(0);
    } finally {
      await post(staff, '/api/config', config);
    }
  });
});

test.describe('order cards on the board', () => {
  test.skip(({ isMobile }) => isMobile, 'the board is for the counter screen and the tablet');

  test('"Produkte zeigen" and "Kundendaten zeigen" hide the lines and the name, and stay so', async ({
    page,
    staff,
    branch,
  }, testInfo) => {
    test.setTimeout(90_000);
    const lastName = `Karte${randomUUID().slice(0, 6)}`;
    const { id } = await placeOrder(staff, branch.id, lastName);
    await signInOnPage(page);
    const card = page.locator(`[data-order-id="${id}"]`);
    await expect(card).toContainText(`Eva ${lastName}`);
    await expect(card).toContainText('Wiener Schnitzel vom Kalb');

    await page.getByRole('checkbox', { name: 'Kundendaten zeigen' }).uncheck();
    await expect(card).not.toContainText(lastName);
    await page.getByRole('checkbox', { name: 'Produkte zeigen' }).uncheck();
    await expect(card).not.toContainText('Wiener Schnitzel vom Kalb');
    await screenshot(page, testInfo, 'board-cards-without-data', false);

    // Kept on this browser: a reload shows the cards as they were left.
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Produkte zeigen' })).not.toBeChecked();
    await expect(card).toBeVisible();
    await expect(card).not.toContainText(lastName);
    await page.getByRole('checkbox', { name: 'Produkte zeigen' }).check();
    await page.getByRole('checkbox', { name: 'Kundendaten zeigen' }).check();
    await expect(card).toContainText(`Eva ${lastName}`);
    await expect(card).toContainText('Wiener Schnitzel vom Kalb');
  });
});

test.describe('front desk notificationSound', () => {
  test.skip(({ isMobile }) => isMobile, 'the board is for the counter screen and the tablet');
  // A browser that was never asked (the configuration's default answers "Ohne Ton weiter").
  test.use({ storageState: { cookies: [], origins: [] } });

  test('off: the board of that front desk neither asks for sound nor offers it; on: it asks', async ({
    page,
    staff,
    branch,
  }, testInfo) => {
    test.setTimeout(90_000);
    const silent = await deviceWithKey(staff, branch.id, 'frontdesk', { notificationSound: false });
    const loud = await deviceWithKey(staff, branch.id, 'frontdesk', { notificationSound: true });
    try {
      await signInOnPage(page);
      // A fresh document on the board's address with the terminal's key, as the desktop app opens it.
      await page.goto('/backend/orders/history');
      const heartbeat = page.waitForResponse((r) => r.url().endsWith('/api/devices/me/heartbeat') && r.ok());
      await page.goto(`/backend/orders#geraet=${encodeURIComponent(silent.key)}`);
      await heartbeat;
      await expect(page.getByText('Ton aus (Einstellung dieser Theke)')).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Ton aktivieren' })).toHaveCount(0);
      await expect(page.getByText('Bestellungen werden geladen …')).toHaveCount(0);
      await screenshot(page, testInfo, 'board-frontdesk-silent', false);

      await page.goto('/backend/orders/history');
      await page.goto(`/backend/orders#geraet=${encodeURIComponent(loud.key)}`);
      await expect(page.getByRole('alertdialog')).toContainText('Der Ton ist aus');
    } finally {
      await remove(staff, `/api/devices/${silent.id}`, `/api/devices/${loud.id}`);
    }
  });
});
