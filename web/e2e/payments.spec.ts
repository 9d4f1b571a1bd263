import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DatatransFake } from '../../backend/test/support/datatrans-fake';
import { MollieFake } from '../../backend/test/support/mollie-fake';
import { startOwnShop, type OwnShop } from './own-shop';
import { expectNoSeriousA11yViolations, screenshot } from './support';

// Online payments in the browser: the built product on a database of its own, started against the local
// fakes of Mollie and Datatrans (the ones of `npm run fakes`), whose hosted pages the browser visits.
// The fakes call the product's webhooks as the providers do, and redirect back.

const MOLLIE_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const WIEN = '/store/gasthaus-linde-wien';

let shop: OwnShop | undefined;
let base = '';
let mollie: MollieFake;
let datatrans: DatatransFake;

/** Signs in as the demo admin; answers the CSRF header for writes. */
async function signIn(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post(`${base}/api/auth/login`, {
    data: { username: 'admin', password: 'Admin-Demo-2026' },
  });
  expect(login.status()).toBeLessThan(300);
  const { data } = (await login.json()) as { data: { csrfToken: string } };
  return { 'X-CSRF-Token': data.csrfToken };
}

/** Mollie and Datatrans on, with the fakes' credentials, in the configuration and in every branch. */
async function enableProviders(request: APIRequestContext) {
  const headers = await signIn(request);
  const { data: config } = (await (await request.get(`${base}/api/config`)).json()) as {
    data: Record<string, unknown>;
  };
  const saved = await request.post(`${base}/api/config`, {
    headers,
    data: {
      ...config,
      enableMollie: true,
      enableDatatrans: true,
      enableHydroAGVoucher: true,
      enablePluginVoucherPayments: true,
      enablePluginOnlinePayments: true,
      secrets: {
        mollieApiKey: MOLLIE_KEY,
        datatransMerchantId: datatrans.merchantId,
        datatransPassword: datatrans.password,
        datatransSign: datatrans.signKey,
      },
    },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  const { data: branches } = (await (await request.get(`${base}/api/branches?limit=100`)).json()) as {
    data: Array<Record<string, unknown> & { id: number }>;
  };
  for (const { id, ...branch } of branches) {
    const put = await request.put(`${base}/api/branches/${id}`, {
      headers,
      data: { ...branch, isMollieEnabled: true, isDatatransEnabled: true, isHydroAGVoucherEnabled: true },
    });
    expect(put.status(), await put.text()).toBeLessThan(300);
  }
}

test.describe('Online payments against the provider fakes', () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(150_000);
    mollie = await new MollieFake().start();
    datatrans = await new DatatransFake().start();
    shop = await startOwnShop('pay', { MOLLIE_API_URL: mollie.url, DATATRANS_API_URL: datatrans.url });
    base = shop.base;
    const request = await playwright.request.newContext();
    await enableProviders(request);
    await request.dispose();
  });

  test.afterAll(async () => {
    await shop?.stop();
    await Promise.all([mollie?.stop(), datatrans?.stop()]);
  });

  /** Pommes frites in the cart, the contact filled in, the legal boxes ticked, the method chosen. */
  async function checkoutWith(
    page: Page,
    method: 'Online-Zahlung (Mollie)' | 'Online-Zahlung (Datatrans)' | 'Hydro AG Gutschein',
  ) {
    await page.goto(`${base}${WIEN}`);
    await page.getByRole('button', { name: /Pommes frites/ }).click();
    await page.goto(`${base}${WIEN}/checkout`);
    await page.getByLabel('Vorname').fill('Anna');
    await page.getByLabel('Nachname').fill('Gruber');
    await page.getByLabel('E-Mail').fill('anna.gruber@example.at');
    await page.getByLabel('Telefon').fill('+43 664 1234567');
    await page.getByRole('radio', { name: method }).check();
    await page.getByLabel('Ich akzeptiere die Allgemeinen Geschäftsbedingungen.').check();
    await page.getByLabel('Ich habe die Datenschutzerklärung zur Kenntnis genommen.').check();
  }

  const cartItems = (page: Page) =>
    page.evaluate(
      () => (JSON.parse(sessionStorage.getItem('asp.gasthaus-linde-wien') ?? '{}').items ?? []).length,
    );

  test('Mollie: paid on the payment page, the status page shows the order paid and waiting for staff', async ({
    page,
  }, testInfo) => {
    await checkoutWith(page, 'Online-Zahlung (Mollie)');
    await page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)/ }).click();
    await expect(page).toHaveURL(/\/checkout\/tr_\w+$/);
    await expect(page.getByText('Mollie · Testzahlung')).toBeVisible();
    await screenshot(page, testInfo, 'payment-fake-mollie');
    await page.getByRole('button', { name: 'Bezahlt · paid' }).click();

    await expect(page).toHaveURL(/\/status\/[0-9a-f-]{36}\/[^/]+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung!' }),
    ).toBeVisible();
    await expect(page.locator('.status__payment')).toHaveText('Bezahlt');
    await expect(page.getByText('Warten auf Bestätigung')).toBeVisible();
    await expect.poll(() => cartItems(page)).toBe(0); // ordered and paid: the cart is gone
    expect(mollie.last().status).toBe('paid');
    await screenshot(page, testInfo, 'status-paid-online');
    await expectNoSeriousA11yViolations(page);
  });

  test('Mollie: a failed payment lands on the checkout error route with the cart still there', async ({
    page,
  }, testInfo) => {
    await checkoutWith(page, 'Online-Zahlung (Mollie)');
    await page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)/ }).click();
    await expect(page).toHaveURL(/\/checkout\/tr_\w+$/);
    await page.getByRole('button', { name: 'Fehlgeschlagen · failed' }).click();

    // Mollie sends the customer to the status page, which sees the failed payment and goes on.
    await expect(page).toHaveURL(new RegExp(`${WIEN}/checkout/error$`));
    await expect(page.getByRole('alert')).toContainText('Leider ist Ihre Zahlung fehlgeschlagen.');
    await expect(page.getByLabel('Vorname')).toHaveValue('Anna');
    expect(await cartItems(page)).toBe(1);
    await expect(page.getByRole('region', { name: 'Ihre Bestellung' })).toContainText('Pommes frites');
    await screenshot(page, testInfo, 'checkout-payment-failed');
    await expectNoSeriousA11yViolations(page);
  });

  test('Datatrans: paid on the payment page is settled; a cancel returns to the error route', async ({
    page,
  }) => {
    await checkoutWith(page, 'Online-Zahlung (Datatrans)');
    await page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)/ }).click();
    await expect(page).toHaveURL(/\/v1\/start\/\d+$/);
    await page.getByRole('button', { name: 'Bezahlt · paid' }).click();
    await expect(page).toHaveURL(/\/status\/[0-9a-f-]{36}\/[^/]+$/);
    await expect(page.locator('.status__payment')).toHaveText('Bezahlt');
    expect(datatrans.last().status).toBe('settled');

    await checkoutWith(page, 'Online-Zahlung (Datatrans)');
    await page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)/ }).click();
    await page.getByRole('button', { name: 'Abgebrochen · canceled' }).click();
    await expect(page).toHaveURL(new RegExp(`${WIEN}/checkout/error$`));
    await expect(page.getByRole('alert')).toContainText('Leider ist Ihre Zahlung fehlgeschlagen.');
    expect(await cartItems(page)).toBe(1);
  });

  test('Hydro AG voucher: the code is asked for, checked, and the order waits for the voucher at the counter', async ({
    page,
  }, testInfo) => {
    await checkoutWith(page, 'Hydro AG Gutschein');
    const code = page.getByLabel('Gutscheincode');
    await expect(code).toBeVisible();
    await page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)/ }).click();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#voucherCode-error')).toHaveText('Bitte geben Sie den Gutscheincode ein.');
    await code.fill('a!');
    await expect(page.locator('#voucherCode-error')).toHaveText(
      'Dieser Gutscheincode ist ungültig oder bereits eingelöst.',
    );
    await code.fill('LINDE-2026-0001');
    await expect(code).toHaveValue('LINDE-2026-0001');
    await expect(code).toHaveAttribute('aria-invalid', 'false');
    await screenshot(page, testInfo, 'checkout-voucher');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)/ }).click();
    await expect(page).toHaveURL(/\/status\/[0-9a-f-]{36}\/[^/]+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung!' }),
    ).toBeVisible();
  });
});
