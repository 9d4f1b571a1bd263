import { expect, test, type Page, type TestInfo } from '@playwright/test';

// Screenshots are for people: web/test-results/screenshots/<project>-<name>.png.
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({
    path: `test-results/screenshots/${testInfo.project.name}-${name}.png`,
    fullPage: true,
  });
}

test.describe('German app shell', () => {
  test('home page shows the shell in German', async ({ page }, testInfo) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);

    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // The data has arrived (branch list), so the shop name is the configured one.
    await expect(page.getByText(/Filialen werden angezeigt\./)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const brand = page.getByRole('banner').getByRole('link', { name: /Startseite/ });
    await expect(brand).toHaveAttribute('href', '/');
    const shopName = (await brand.locator('.brand__name').textContent())?.trim() ?? '';
    expect(shopName).not.toBe('');
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
    await expect(page.getByRole('contentinfo')).toContainText('Alle Rechte vorbehalten.');
    await expect(page).toHaveTitle(shopName);

    await screenshot(page, testInfo, 'home');
  });

  test('unknown path shows the 404 page', async ({ page }, testInfo) => {
    const response = await page.goto('/gibt-es-nicht/123');
    // The server answers every app path with the app; the app decides it is unknown.
    expect(response?.status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
    await expect(page.getByText('Leider wurde die angeforderte Seite nicht gefunden.')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();

    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(/Filialen werden angezeigt\./)).toBeVisible();

    await page.goto('/gibt-es-nicht/123');
    await expect(page.getByText('404 Not Found')).toBeVisible();
    await screenshot(page, testInfo, 'not-found');
  });

  test('sign-in form is labelled in German', async ({ page }, testInfo) => {
    await page.goto('/backend/login');

    await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
    const username = page.getByLabel('Benutzername');
    const password = page.getByLabel('Passwort');
    await expect(username).toBeVisible();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
    await screenshot(page, testInfo, 'login');

    // Empty form: German messages without a round trip.
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert')).toHaveText('Bitte geben Sie Ihren Benutzernamen ein.');
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Bitte geben Sie Ihr Passwort ein.')).toBeVisible();
    await screenshot(page, testInfo, 'login-validation');
  });

  // The real sign-in of the backend against the demo account the README names.
  test('sign-in shows the server message and signs in', async ({ page }) => {
    await page.goto('/backend/login');

    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill('falsches-Passwort');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert')).toHaveText('Ungültige Zugangsdaten.');
    await expect(page).toHaveURL(/\/backend\/login$/);

    await page.getByLabel('Passwort').fill('Admin-Demo-2026');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/backend$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible();
    // The session is real: the cookie reaches the API.
    const me = (await page.evaluate(async () => (await fetch('/api/users/me')).json())) as {
      data: { roles: string[] };
    };
    expect(me.data.roles).toContain('ROLE_ADMIN');
  });

  test('an invalid sign-in link lands on the sign-in page with the specification text', async ({ page }) => {
    await page.goto('/api/auth/login-link/gibt-es-nicht');
    await expect(page).toHaveURL(/\/backend\/login\?error=login-link-invalid$/);
    await expect(page.getByRole('alert')).toHaveText('Der Anmeldelink ist ungültig oder abgelaufen.');
  });

  test('offline warning appears and the retry button clears it', async ({ page, context }, testInfo) => {
    await page.goto('/store/demo/checkout/error');
    await expect(
      page.getByText(
        'Leider ist Ihre Zahlung fehlgeschlagen. Bitte überprüfen Sie Ihre Daten und versuchen Sie es erneut.',
      ),
    ).toBeVisible();

    await context.setOffline(true);
    const warning = page.getByText('Sie sind offline. Bitte überprüfen Sie Ihre Internetverbindung.');
    await expect(warning).toBeVisible();
    await screenshot(page, testInfo, 'offline');

    // Still offline: the retry asks the server, fails, and the warning stays.
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeEnabled();
    await expect(warning).toBeVisible();

    await context.setOffline(false);
    await expect(warning).toBeHidden();
  });
});
