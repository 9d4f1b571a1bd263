import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import {
  getData,
  post,
  postTakeawayOrder,
  put,
  remove,
  screenshot,
  signInOnPage,
  staffTest as test,
  type Staff,
} from './support';

// Issue 23: every switch does what it says. Against the real backend and its demo data.

const KIOSK = '/kiosk/gasthaus-linde-wien';

/** A device of the Vienna inn with the given settings, and its key (shown once when issued). */
async function deviceWithKey(
  staff: Staff,
  branchId: number,
  type: 'kiosk' | 'ticket-screen',
  settings: Record<string, unknown>,
) {
  const device = await post(staff, '/api/devices', {
    identifier: `${type}-${randomUUID().slice(0, 8)}`,
    name: type === 'kiosk' ? 'Kiosk Eingang' : 'Abhol-TV',
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
  await page.getByRole('dialog').getByRole('button', { name: 'In den Warenkorb' }).click();
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
        await signInOnPage(page);
        await page.goto(`/backend/devices/devices/${device.id as number}`);
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
