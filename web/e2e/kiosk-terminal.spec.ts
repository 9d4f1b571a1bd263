import { expect, test, type APIRequestContext } from '@playwright/test';
import { MollieFake } from '../../backend/test/support/mollie-fake';
import { startOwnShop, type OwnShop } from './own-shop';
import { expectNoSeriousA11yViolations, screenshot } from './support';

// Card payment at the kiosk through its Mollie point-of-sale terminal (docs/decisions/kiosk.md "Card at
// the terminal"): the built product on a database of its own, against the Mollie fake, whose terminal the
// test "taps" (the fake then calls the product's webhook as Mollie does). The kiosk is a paired kiosk
// device with the fake's terminal in its settings, at its portrait size.
test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true, isMobile: false, deviceScaleFactor: 1 });

const MOLLIE_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const KIOSK = '/kiosk/gasthaus-linde-wien';

let shop: OwnShop | undefined;
let base = '';
let mollie: MollieFake;
let deviceKey = '';
let deviceId = 0;

/** Mollie's key in the configuration; a kiosk device of the Vienna branch with the fake's terminal. */
async function setUp(request: APIRequestContext) {
  const login = await request.post(`${base}/api/auth/login`, {
    data: { username: 'admin', password: 'Admin-Demo-2026' },
  });
  expect(login.status()).toBeLessThan(300);
  const { data: session } = (await login.json()) as { data: { csrfToken: string } };
  const headers = { 'X-CSRF-Token': session.csrfToken };
  const { data: config } = (await (await request.get(`${base}/api/config`)).json()) as {
    data: Record<string, unknown>;
  };
  const saved = await request.post(`${base}/api/config`, {
    headers,
    data: { ...config, secrets: { mollieApiKey: MOLLIE_KEY } },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  const { data: branches } = (await (await request.get(`${base}/api/branches?limit=100`)).json()) as {
    data: Array<{ id: number; identifier: string }>;
  };
  const wien = branches.find((b) => b.identifier === 'gasthaus-linde-wien')!;
  const device = await request.post(`${base}/api/devices`, {
    headers,
    data: {
      identifier: 'kiosk-eingang',
      name: 'Kiosk Eingang',
      type: 'kiosk',
      branch: { id: wien.id },
      settings: { mollieTerminal: mollie.terminals[0]!.id },
    },
  });
  expect(device.status(), await device.text()).toBe(201);
  const { data: created } = (await device.json()) as { data: { id: number } };
  deviceId = created.id;
  const key = await request.post(`${base}/api/devices/${created.id}/api-key`, { headers });
  expect(key.status(), await key.text()).toBe(200);
  deviceKey = ((await key.json()) as { data: { apiKey: string } }).data.apiKey;
}

test.describe('Kiosk card payment at the Mollie terminal', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(150_000);
    mollie = await new MollieFake().start();
    shop = await startOwnShop('pos', { MOLLIE_API_URL: mollie.url });
    base = shop.base;
    const request = await playwright.request.newContext();
    await setUp(request);
    await request.dispose();
  });

  test.afterAll(async () => {
    await shop?.stop();
    await mollie?.stop();
  });

  test('a kiosk card payment through the terminal fake: waiting screen, a declined card, retry, paid, the number', async ({
    page,
  }, testInfo) => {
    await page.goto(`${base}${KIOSK}#geraet=${deviceKey}`);
    await page.getByRole('button', { name: /Zum Bestellen tippen/ }).click();
    await page.getByRole('button', { name: /Vor Ort essen/ }).click();
    await page.getByRole('button', { name: /Almdudler/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByRole('region', { name: 'Warenkorb' })).toContainText('1 Artikel');
    await page.getByRole('button', { name: 'Zur Kasse' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung abschließen' })).toBeVisible();

    // The kiosk's terminal is there (its settings came with the heartbeat): the card is paid here.
    const card = page.getByRole('radio', { name: /Mit Karte zahlen/ });
    await expect(card).toBeVisible();
    await expect(page.getByRole('radio', { name: /Am Kartenterminal bezahlen/ })).toHaveCount(0);
    await card.check();
    await page.getByRole('radio', { name: '4', exact: true }).check();
    if (await page.getByRole('heading', { name: 'Termin' }).isVisible())
      await page.getByRole('radiogroup', { name: 'Datum' }).getByRole('radio').first().check();
    await page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)/ }).click();

    // Full screen: hold the card to the terminal, with the amount; the fake's payment waits at the terminal.
    const waiting = page.getByRole('dialog', { name: 'Bitte Karte an das Terminal halten' });
    await expect(waiting).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('kiosk-terminal-amount')).toHaveText(/^\d+,\d{2}\s€$/);
    const first = mollie.last();
    expect(first).toMatchObject({
      method: 'pointofsale',
      status: 'open',
      details: { terminalId: mollie.terminals[0]!.id },
    });
    expect((await page.getByTestId('kiosk-terminal-amount').textContent())!.replace(/\s/g, ' ')).toBe(
      `${first.amount.value.replace('.', ',')} €`,
    );
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'kiosk-terminal-waiting', false);

    // Declined at the terminal: nothing confirmed, the guest chooses.
    await mollie.tap(first.id, 'failed');
    const failed = page.getByRole('dialog', { name: 'Die Kartenzahlung hat nicht geklappt' });
    await expect(failed).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'An der Kassa bezahlen' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'kiosk-terminal-failed', false);

    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(waiting).toBeVisible();
    await expect.poll(() => mollie.last().id).not.toBe(first.id);
    const second = mollie.last();
    expect(second).toMatchObject({ method: 'pointofsale', status: 'open' });

    // Paid: Mollie's webhook confirms the order; the kiosk shows the number.
    await mollie.tap(second.id, 'paid');
    const number = page.getByTestId('kiosk-order-number');
    await expect(number).toBeVisible({ timeout: 15_000 });
    await expect(number).toHaveText(/^\d+$/);
    await expect(page.getByText('Mit Karte bezahlt.')).toBeVisible();
    await expect(page.getByText('Wir bringen Ihre Bestellung an Tisch 4.')).toBeVisible();
    await screenshot(page, testInfo, 'kiosk-terminal-paid', false);
  });

  test('the kiosk device form offers the shop terminals as Mollie lists them', async ({ page }, testInfo) => {
    await page.goto(`${base}/backend/login`);
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill('Admin-Demo-2026');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible({
      timeout: 20_000,
    });
    await page.goto(`${base}/backend/devices/devices/${deviceId}`);
    const choice = page.getByRole('combobox', { name: 'Kartenterminal (Mollie)' });
    await expect(choice).toBeVisible({ timeout: 15_000 });
    await expect(choice).toHaveValue(mollie.terminals[0]!.id);
    await expect(choice.locator('option:checked')).toHaveText('Kiosk 1 · PAX A920 · aktiv');
    await choice.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'kiosk-terminal-device-form', false);
  });
});
