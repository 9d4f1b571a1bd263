import { randomUUID } from 'node:crypto';
import { CONSENT_COOKIE, consentChoice, serializeConsent } from '@ordering/common';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import {
  euro,
  expectNoSeriousA11yViolations,
  screenshot,
  staffApi,
  takeawayOrder,
  viennaBranch,
  viennaToday as today,
} from './support';

// Statistik's splits by order type, payment method and channel, the conversion over visits with consent
// only, and page paths without the status page's secret, against the real backend. Other suites may place
// orders today too, so the screen is compared with the API's own answer for the same day.

/** A takeaway order of Wiener Schnitzel at the Vienna inn, from `channel`; returns its uid and hash. */
async function placeOrder(api: APIRequestContext, amount: number, channel: string, paymentMethod: string) {
  const branch = await viennaBranch(api);
  return takeawayOrder(api, branch.id, { lastName: 'Kanal', amount, channel, paymentMethod });
}

interface Part {
  key: string;
  orders: number;
  revenue: number;
}

test.describe('Statistik: splits and consent', () => {
  test.skip(({ isMobile }) => isMobile, 'the back office is for the counter screen and the tablet');
  test.setTimeout(120_000);

  test('shows the splits by type, payment and channel as the API sums them, the consent-only rate and paths without secrets', async ({
    page,
    baseURL,
  }, testInfo) => {
    const api = await playwrightRequest.newContext({ baseURL });
    await staffApi(api);
    const day = today();

    // A kiosk order paid by card and a web order in cash; a visitor with consent looks, orders, and opens
    // the status page (whose address carries the order's secret hash).
    await placeOrder(api, 1, 'kiosk', 'atm-card');
    const web = await placeOrder(api, 2, 'web', 'cash');
    const visitor = await playwrightRequest.newContext({
      baseURL,
      extraHTTPHeaders: {
        'User-Agent': `splits-${randomUUID()}`,
        // The visitor allowed the statistics (the storefront's consent cookie): without it nothing is stored.
        Cookie: `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(consentChoice(['statistics'], new Date())))}`,
      },
    });
    for (const record of [
      { type: 'pageview', action: 'view', path: '/store/gasthaus-linde-wien' },
      { type: 'commerce', action: 'purchase', category: 'checkout' },
      { type: 'pageview', action: 'view', path: `/status/${web.uid}/${web.hash}` },
    ]) {
      const sent = await visitor.post('/api/analytics-log', { data: record });
      expect(sent.status(), await sent.text()).toBe(201);
    }

    const splits = (
      (await (await api.get(`/api/statistics/order-splits?from=${day}&to=${day}`)).json()) as {
        data: { orders: number; revenue: number; byChannel: Part[]; byPaymentMethod: Part[]; byType: Part[] };
      }
    ).data;
    const kiosk = splits.byChannel.find((p) => p.key === 'kiosk')!;
    expect(kiosk.orders).toBeGreaterThanOrEqual(1);
    const card = splits.byPaymentMethod.find((p) => p.key === 'atm-card')!;
    const conversion = (
      (await (await api.get(`/api/statistics/conversion?from=${day}&to=${day}`)).json()) as {
        data: { visitors: number; buyers: number };
      }
    ).data;
    expect(conversion.buyers).toBeGreaterThanOrEqual(1);
    expect(conversion.buyers).toBeLessThanOrEqual(conversion.visitors);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/backend/login');
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill('Admin-Demo-2026');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/backend$/);
    await page.goto(`/backend/statistics?from=${day}&to=${day}`);
    const card$ = page.getByRole('region', { name: 'Bestellungen nach Art, Zahlung und Kanal' });
    await expect(card$).toBeVisible();

    const channel = card$.getByTestId('stats-split-byChannel');
    const kioskRow = channel.getByRole('row', { name: /^Kiosk/ });
    await expect(kioskRow.getByRole('cell').nth(0)).toHaveText(String(kiosk.orders));
    await expect(kioskRow.getByRole('cell').nth(1)).toHaveText(euro(kiosk.revenue));
    const cardRow = card$
      .getByTestId('stats-split-byPaymentMethod')
      .getByRole('row', { name: /^Bankomatkarte/ });
    await expect(cardRow.getByRole('cell').nth(1)).toHaveText(euro(card.revenue));
    await expect(
      card$.getByTestId('stats-split-byType').getByRole('row', { name: /^Abholung/ }),
    ).toBeVisible();
    // Each split's revenue adds up to the day's revenue, in cents.
    for (const parts of [splits.byChannel, splits.byPaymentMethod, splits.byType])
      expect(parts.reduce((sum, p) => sum + Math.round(p.revenue * 100), 0)).toBe(
        Math.round(splits.revenue * 100),
      );

    // The rate: consenting buyers over consenting visitors, with the note saying so.
    const visitors = page.getByRole('region', { name: 'Besucher und Seiten' });
    const tenths = Math.floor((2000 * conversion.buyers + conversion.visitors) / (2 * conversion.visitors));
    await expect(visitors.locator('dd', { hasText: '%' })).toHaveText(
      `${String(tenths / 10).replace('.', ',')}\u00a0%`,
    );
    await expect(visitors.getByText('Bestellquote nur über Besuche mit Cookie-Zustimmung')).toBeVisible();
    // The status page as its route pattern, never with the order's hash.
    await expect(visitors.getByRole('rowheader', { name: '/status/:uid/:hash' })).toBeVisible();
    await expect(page.getByText(web.hash)).toHaveCount(0);

    await card$.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'statistics-splits-tablet', true);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(page, testInfo, 'statistics-splits-desktop', true);
    await visitor.dispose();
    await api.dispose();
  });
});
