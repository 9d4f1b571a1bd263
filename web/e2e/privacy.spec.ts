import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  getData,
  openSignedIn,
  placeOrder,
  post,
  screenshot,
  signInOnPage,
  type Staff,
  staffTest as test,
} from './support';

// "Auskunft und Löschung" (DSGVO Art. 15 and 17, docs/decisions/privacy.md) in the back office, against the
// real backend and its demo data: the seeded customer Martina Hofer (m.hofer@example.at, a rejected
// delivery) gets one more order here, so each project's run has an open order of hers on the board.

const ADDRESS = 'm.hofer@example.at';
const PHONE = '+43 664 7654321'; // the phone of the orders placed by support.ts

interface ListedOrder {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
}

async function openPrivacy(page: Page) {
  await page
    .getByRole('navigation', { name: 'Bereiche' })
    .getByRole('link', { name: 'Einstellungen' })
    .click();
  await page
    .getByRole('navigation', { name: 'Einstellungen' })
    .getByRole('link', { name: 'Auskunft und Löschung' })
    .click();
  await expect(page).toHaveURL(/\/backend\/settings\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Auskunft und Löschung' })).toBeVisible();
}

test('the administrator looks up a customer, downloads the information and erases the personal data', async ({
  page,
  staff,
  branch,
}, testInfo) => {
  test.setTimeout(60_000);
  const lastName = `Datenschutz${testInfo.project.name}`;
  const placed = await placeOrder(staff, branch.id, lastName, ADDRESS);
  // What the orders hold before: the seeded order (while no earlier run erased it) and the one placed above.
  const listed = await getData<ListedOrder[]>(
    staff.request,
    `/api/orders?q=${encodeURIComponent(ADDRESS)}&limit=200`,
  );
  const hers = listed.filter((order) => order.email.toLowerCase() === ADDRESS);
  expect(hers.map((order) => order.id)).toContain(placed.id);

  await signInOnPage(page);
  await openPrivacy(page);
  const email = page.getByLabel('E-Mail-Adresse des Kunden');

  // Not an address: named at the field, nothing sent.
  await email.fill('m.hofer');
  await page.getByRole('button', { name: 'Daten suchen' }).click();
  await expect(page.locator('#privacy-email-error')).toHaveText(
    'Dieser Wert ist keine gültige E-Mail-Adresse.',
  );
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await screenshot(page, testInfo, 'privacy-field-error', false);

  // Case does not matter: the server looks the address up in lower case.
  await email.fill('M.Hofer@Example.at');
  await page.getByRole('button', { name: 'Daten suchen' }).click();
  const findings = page.getByRole('region', { name: `Gespeichert zu ${ADDRESS}` });
  await expect(findings).toBeVisible();
  await expect(page.locator('#privacy-email-error')).toHaveCount(0);
  await expect(findings).toContainText(`${hers.length} Bestellung${hers.length === 1 ? '' : 'en'}`);
  await expect(findings).toContainText(`Eva ${lastName}`);
  await expect(findings).toContainText(PHONE);
  for (const order of hers) await expect(findings).toContainText(order.phone || PHONE);
  await screenshot(page, testInfo, 'privacy-findings');
  await expectNoSeriousA11yViolations(page);

  // Art. 15: the export as the API gives it, as a JSON file.
  const download = page.waitForEvent('download');
  await findings.getByRole('button', { name: 'Auskunft herunterladen' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^auskunft-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await file.path())!, 'utf8')) as {
    email: string;
    orders: (ListedOrder & { hash?: string })[];
  };
  expect(exported.email).toBe(ADDRESS);
  expect(exported.orders.map((order) => order.id).sort()).toEqual(hers.map((order) => order.id).sort());
  const mine = exported.orders.find((order) => order.id === placed.id)!;
  expect(mine).toMatchObject({ firstName: 'Eva', lastName, phone: PHONE, email: ADDRESS });
  expect(mine.hash).toBeUndefined();

  // Art. 17 with a confirmation that says what goes and what stays; "Abbrechen" has the focus.
  await findings.getByRole('button', { name: 'Personenbezogene Daten löschen' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('endgültig löschen?');
  await expect(confirm).toContainText('Name, Firma, E-Mail-Adresse und Telefonnummer');
  await expect(confirm).toContainText('Beträge und Steuern');
  await expect(confirm).toContainText('Datum und Uhrzeit');
  await expect(confirm).toContainText('Artikel mit Optionen');
  await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await screenshot(page, testInfo, 'privacy-confirm');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Endgültig löschen' }).click();
  const done = page.getByRole('status').filter({ hasText: 'wurden gelöscht' });
  await expect(done).toHaveText(
    `Die personenbezogenen Daten von ${hers.length} Bestellung${hers.length === 1 ? '' : 'en'} zu ${ADDRESS} wurden gelöscht. Beträge, Datum und Artikel bleiben für die Buchhaltung erhalten.`,
  );
  await expect(done).toBeFocused();
  await expect(findings).toHaveCount(0);
  await screenshot(page, testInfo, 'privacy-done');

  // The same address again: nothing stored any more.
  await page.getByRole('button', { name: 'Daten suchen' }).click();
  await expect(findings).toContainText('Zu dieser E-Mail-Adresse sind keine Bestellungen gespeichert.');
  await expect(findings.getByRole('button', { name: 'Personenbezogene Daten löschen' })).toHaveCount(0);

  // The board (moved to in the app, as staff would) shows the order without name and phone, items kept.
  await page
    .getByRole('navigation', { name: 'Bereiche' })
    .getByRole('link', { name: 'Bestellungen' })
    .click();
  const card = page.locator(`[data-order-id="${placed.id}"]`);
  await expect(card).toContainText('Ohne Namen');
  await expect(card).not.toContainText(lastName);
  await card.locator('.order-card__open').click();
  const detail = page.getByRole('dialog');
  await expect(detail).toContainText('Wiener Schnitzel vom Kalb');
  await expect(detail).not.toContainText(lastName);
  await expect(detail).not.toContainText(PHONE);
  await expect(detail).not.toContainText(ADDRESS);
  // It says why the name is missing (the erasure's date), instead of "Ohne Namen".
  await expect(detail).toContainText(/Personenbezogene Daten gelöscht am \d{2}\.\d{2}\.\d{4}/);
  await expect(detail).not.toContainText('Ohne Namen');
  await detail.getByText('Kunde', { exact: true }).scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'privacy-order-after', false);

  // Both acts are in the log, by their German names.
  await page.goto('/backend/settings/logs');
  await expect(page.getByRole('cell', { name: 'Auskunft (DSGVO)' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Löschung (DSGVO)' }).first()).toBeVisible();
});

test('a manager neither sees nor opens "Auskunft und Löschung"', async ({ page }, testInfo) => {
  await page.goto('/backend/login');
  await page.getByLabel('Benutzername').fill('leitung');
  await page.getByLabel('Passwort').fill('Leitung-Demo-2026');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible({
    timeout: 20_000,
  });
  // Under the settings the manager has the logs only.
  await page
    .getByRole('navigation', { name: 'Bereiche' })
    .getByRole('link', { name: 'Einstellungen' })
    .click();
  await expect(page.getByRole('navigation', { name: 'Einstellungen' }).getByRole('link')).toHaveText([
    'Logs',
  ]);

  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/privacy/')) refused.push(response.url());
  });
  await page.goto('/backend/settings/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Auskunft und Löschung' })).toBeVisible();
  await expect(page.getByText('Für diesen Bereich fehlt Ihnen die Berechtigung.')).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse des Kunden')).toHaveCount(0);
  expect(refused).toEqual([]);
  await screenshot(page, testInfo, 'privacy-manager', false);
});

test('the retention period is set in the configuration, empty meaning never', async ({
  page,
  staff,
}, testInfo) => {
  test.setTimeout(60_000);
  // A failed attempt must not leave a retention period behind: it would anonymise the other suites'
  // orders, and a retry would not start from "never".
  try {
    await retentionSteps(page, staff, testInfo);
  } finally {
    const config = await getData(staff.request, '/api/config');
    if (config.anonymiseOrdersAfterMonths !== null)
      await post(staff, '/api/config', { ...config, anonymiseOrdersAfterMonths: null });
  }
});

/** The screenshot's field in view; the form may still re-render once after a reload, detaching it. */
async function scrollTo(field: Locator) {
  await expect(async () => field.scrollIntoViewIfNeeded({ timeout: 1_000 })).toPass({ timeout: 10_000 });
}

async function retentionSteps(page: Page, staff: Staff, testInfo: TestInfo) {
  await openSignedIn(page, '/backend/settings/config');
  await expect(page.getByRole('heading', { level: 1, name: 'Konfiguration' })).toBeVisible();
  const group = page.locator('fieldset', { has: page.locator('legend', { hasText: 'Datenschutz' }) });
  const months = group.getByLabel('Personenbezogene Daten anonymisieren nach (Monaten)');
  await expect(months).toHaveValue('');
  await expect(group).toContainText('Beträge, Datum und Artikel bleiben. Leer = nie.');

  // Out of range: named at the field, not saved.
  await months.fill('0');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.locator('#field-anonymiseOrdersAfterMonths-error')).toBeVisible();
  await expect(months).toHaveAttribute('aria-invalid', 'true');
  await scrollTo(months);
  await screenshot(page, testInfo, 'privacy-retention-error', false);
  expect((await getData(staff.request, '/api/config')).anonymiseOrdersAfterMonths).toBeNull();

  await months.fill('24');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
  expect((await getData(staff.request, '/api/config')).anonymiseOrdersAfterMonths).toBe(24);
  await page.reload();
  await expect(months).toHaveValue('24');
  await scrollTo(months);
  await screenshot(page, testInfo, 'privacy-retention', false);

  // Emptied: off again (the default), so the other suites' orders keep their data. (Again if the form,
  // re-rendering after the reload, put the stored value back before the save.)
  await expect(async () => {
    await months.fill('');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
    expect((await getData(staff.request, '/api/config')).anonymiseOrdersAfterMonths).toBeNull();
  }).toPass({ timeout: 30_000 });
}
