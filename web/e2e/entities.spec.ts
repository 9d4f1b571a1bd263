import { expect, test, type Cookie, type Page, type TestInfo } from '@playwright/test';
import { visibleAreas } from '../src/backoffice/areas';
import { CONFIG_DESCRIPTION, ENTITY_DESCRIPTIONS } from '../src/backoffice/entities/descriptions';
import { expectNoSeriousA11yViolations, screenshot } from './support';

// Every entity screen of the back office, made from the same descriptions as the screens themselves: a
// description added there is tested here without a line more. Real backend, demo data (README).
const PASSWORDS = {
  admin: 'Admin-Demo-2026',
  leitung: 'Leitung-Demo-2026',
  mitarbeiter: 'Mitarbeiter-Demo-2026',
} as const;
const ROLES = { admin: ['ROLE_ADMIN'], leitung: ['ROLE_MANAGER'], mitarbeiter: ['ROLE_EMPLOYEE'] } as const;
const TABLET = { width: 1024, height: 768 };

async function signIn(page: Page, username: keyof typeof PASSWORDS) {
  await page.goto('/backend/login');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort').fill(PASSWORDS[username]);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/backend$/);
}

/** Screenshots at 1280 px and on a tablet, for people to look at. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await screenshot(page, testInfo, name);
  // The tablet shots are for people reviewing the screens locally. In CI they are left out: resizing the
  // page under test twice per shot (about 100 times in this file) once left headless Chromium without a
  // new frame, so the next click waited for a "stable" button until the test timed out.
  if (process.env.CI) return;
  const size = page.viewportSize();
  await page.setViewportSize(TABLET);
  await screenshot(page, testInfo, `${name}-tablet`);
  if (size) await page.setViewportSize(size);
}

/**
 * Values the API needs beyond the fields the shared schema requires (rules across fields that only the
 * server checks): filled after the required ones.
 */
/** A 1×1 PNG: the file the upload editor reads for a new image or upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const chooseFile = async (page: Page) => {
  const input = page.locator('form.bo-form input[type="file"]');
  await expect(input).toBeAttached({ timeout: 15_000 });
  await input.setInputFiles({ name: 'punkt.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText(/punkt\.png .*wird beim Speichern hochgeladen/)).toBeVisible();
};

const EXTRA: Record<string, (page: Page) => Promise<void>> = {
  images: chooseFile,
  uploads: chooseFile,
  'digital-signage-segments': async (page) => {
    await page.locator('#field-type').selectOption('image');
    // The picture is chosen by its thumbnail (the image picker).
    await page.getByRole('button', { name: 'Bild wählen' }).click();
    await page.locator('.ed-picker__choice').first().click();
    await expect(page.locator('.ed-picker__current img')).toBeVisible();
    await page.locator('#field-duration').fill('10');
  },
};

/** Fills every field marked required with a value its type accepts; returns the first text field's id. */
async function fillRequired(page: Page, unique: string): Promise<void> {
  const required = page.locator('form.bo-form [required]');
  const count = await required.count();
  for (let i = 0; i < count; i++) {
    const field = required.nth(i);
    const tag = await field.evaluate((el) => el.tagName.toLowerCase());
    const type = (await field.getAttribute('type')) ?? '';
    const name = (await field.getAttribute('name')) ?? (await field.getAttribute('id')) ?? '';
    const placeholder = (await field.getAttribute('placeholder')) ?? '';
    if (placeholder === 'TT.MM.JJJJ') {
      // The German date input (and the time beside it for a date-time).
      await field.fill('01.12.2026');
      const time = field.locator(
        'xpath=ancestor::span[contains(@class,"ed-datetime")][1]//input[@placeholder="HH:MM"]',
      );
      if ((await time.count()) > 0) await time.fill(/end|until/i.test(name) ? '18:00' : '08:00');
      continue;
    }
    if (tag === 'select') await field.selectOption({ index: 1 });
    else if (tag === 'textarea') await field.fill(unique);
    else if (type === 'number') await field.fill('1');
    else if (type === 'email') await field.fill(`${unique}@example.at`);
    else await field.fill(unique);
  }
}

/** Required fields inside special editors (marked * at their label) that the editor leaves unmarked. */
async function fillRequiredEditors(page: Page, unique: string): Promise<void> {
  await page.waitForLoadState('networkidle'); // editors are chunks of their own
  const inputs = page
    .locator('form.bo-form .bo-field:has(> .bo-field__label > span[aria-hidden="true"])')
    .locator(
      'input:not([type]):not([required]), input[type="text"]:not([required]):not([placeholder="HH:MM"])',
    );
  for (let i = 0; i < (await inputs.count()); i++) {
    const input = inputs.nth(i);
    if ((await input.inputValue()) === '') await input.fill(unique);
  }
}

/** The first text field or text area of the form: the one the edit step changes. */
function editableText(page: Page) {
  // Dates and times are text fields too (German format), but not free text.
  return page
    .locator('form.bo-form')
    .locator(
      'input[type="text"]:not([placeholder="TT.MM.JJJJ"]):not([placeholder="HH:MM"]), input:not([type]), textarea',
    )
    .first();
}

// The back office is for the counter screen and the tablet (both shot by the desktop project).
test.skip(({ isMobile }) => isMobile, 'the back office is for the counter screen and the tablet');

test.describe('entity screens', () => {
  // One sign-in for all screens (sign-ins are rate-limited per address): its session cookie goes into
  // every test's browser context.
  let cookies: Cookie[] = [];
  let csrf = '';
  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const response = await request.post('/api/auth/login', {
      data: { username: 'admin', password: PASSWORDS.admin },
    });
    expect(response.ok()).toBe(true);
    csrf = ((await response.json()) as { data: { csrfToken: string } }).data.csrfToken;
    cookies = (await request.storageState()).cookies;
    await request.dispose();
  });
  test.beforeEach(async ({ context }) => {
    await context.addCookies(cookies);
  });
  // A row the form created and a failed step left behind is deleted here, so that it does not show up in
  // later suites (a fourth public branch changed the storefront's counts once).
  let created: string | null = null;
  test.afterEach(async ({ page }) => {
    if (!created) return;
    const path = created;
    created = null;
    const left = await page.request.get(path);
    if (left.status() === 200) await page.request.delete(path, { headers: { 'X-CSRF-Token': csrf } });
  });

  for (const description of ENTITY_DESCRIPTIONS) {
    test(`${description.plural}: Liste, anlegen, ändern, löschen`, async ({ page }, testInfo) => {
      test.setTimeout(60_000);
      const list = `/backend/${description.area}/${description.path}`;
      await page.goto(list);
      await expect(page.getByRole('heading', { level: 1, name: description.plural })).toBeVisible();
      await expect(page.locator('.bo-table, .card').first()).toBeVisible();
      await expect(page.getByText(/^Seite 1/)).toBeVisible();
      await shoot(page, testInfo, `entities-${description.path}-list`);

      if (description.readOnly || description.noCreate) {
        // Printed, so the report says why this screen is not created through its form.
        console.log(`${description.plural}: kein Anlegen über das Formular – ${description.noCreate}`);
        await expect(page.getByRole('link', { name: `${description.singular} anlegen` })).toHaveCount(0);
        if (description.readOnly) return;
        // Rows that exist (uploaded through the API by the demo data) are still edited here.
        const first = page.locator('.bo-table tbody a').first();
        if ((await first.count()) === 0) {
          console.log(`${description.plural}: keine Zeile vorhanden, nur die Liste geprüft`);
          return;
        }
        await first.click();
        await expect(page.locator('form.bo-form')).toBeVisible();
        await editableText(page).fill(`Geändert ${Date.now()}`);
        await page.getByRole('button', { name: 'Speichern' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
        await shoot(page, testInfo, `entities-${description.path}-form`);
        console.log(`${description.plural}: Löschen übersprungen – Zeilen der Demodaten bleiben erhalten`);
        return;
      }

      // Create through the form: the required fields (from the shared schema) get values.
      await page.getByRole('link', { name: `${description.singular} anlegen` }).click();
      await expect(page).toHaveURL(new RegExp(`${list}/new$`));
      await expect(page.locator('form.bo-form')).toBeVisible();
      await shoot(page, testInfo, `entities-${description.path}-form-new`);
      const unique = `e2e-${description.path}-${Date.now() % 1_000_000}`;
      await fillRequired(page, unique);
      await fillRequiredEditors(page, unique);
      await EXTRA[description.collection]?.(page);
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page).toHaveURL(new RegExp(`${list}/\\d+$`));
      const id = Number(new URL(page.url()).pathname.split('/').at(-1));
      created = `/api/${description.collection}/${id}`;
      await expect(page.getByRole('button', { name: 'Löschen' })).toBeVisible();

      // Edit: the first text field changes, is saved and is still there after a reload.
      const changed = `${unique}-neu`;
      await editableText(page).fill(changed);
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
      await page.reload();
      await expect(editableText(page)).toHaveValue(changed);
      await shoot(page, testInfo, `entities-${description.path}-form`);

      // Delete with confirmation: back on the list, and the API no longer knows the row.
      await page.getByRole('button', { name: 'Löschen' }).click();
      await expect(page.getByRole('alertdialog')).toContainText('wirklich löschen?');
      await page.getByRole('button', { name: 'Endgültig löschen' }).click();
      await expect(page).toHaveURL(new RegExp(`${list}$`));
      const gone = await page.request.get(`/api/${description.collection}/${id}`);
      expect(gone.status()).toBe(404);
    });
  }

  test('Konfiguration: gruppiert, Zugangsdaten nur schreibbar', async ({ page }, testInfo) => {
    await page.goto(`/backend/${CONFIG_DESCRIPTION.area}/${CONFIG_DESCRIPTION.path}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Konfiguration' })).toBeVisible();
    for (const group of ['Shop', 'Rechtliches', 'Zahlungsarten', 'Plugins', 'Karte', 'Zugangsdaten'])
      await expect(page.locator('legend', { hasText: group })).toBeVisible();
    // The header carries the configured shop name, not the product's.
    const shopName = await page.locator('#field-shopName').inputValue();
    await expect(page.locator('header')).toContainText(shopName);
    // The title is the home page's heading: the other suites' home tests read it, so it is restored below.
    const title = await page.locator('#field-title').inputValue();
    await page.locator('#field-title').fill('Willkommen im Test');
    await page.getByLabel('Mollie API-Schlüssel').fill('test_abcdefgh12345678');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
    await page.reload();
    await expect(page.locator('#field-title')).toHaveValue('Willkommen im Test');
    // The stored secret is never shown: the field is empty, its placeholder shows the mask.
    await expect(page.getByLabel('Mollie API-Schlüssel')).toHaveValue('');
    await expect(page.getByLabel('Mollie API-Schlüssel')).toHaveAttribute('placeholder', /••••5678/);
    await shoot(page, testInfo, 'entities-config-form');
    await page.locator('#field-title').fill(title);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible();
  });

  test('a field error of the server is shown at its field; a client check stops the call', async ({
    page,
  }, testInfo) => {
    const tags = (await (await page.request.get('/api/tags')).json()) as { data: { name: string }[] };
    const taken = tags.data[0]!.name;
    await page.goto('/backend/catalog/tags/new');
    // Client check from the shared schema: an empty name is not sent.
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.locator('#field-name-error')).toHaveText('Dieser Wert sollte nicht leer sein.');
    await expect(page.locator('#field-name')).toBeFocused();
    // The server's answer (a tag of that name exists): its message at the field and in the error list.
    await page.locator('#field-name').fill(taken);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.locator('#field-name-error')).toHaveText('Dieser Wert wird bereits verwendet.');
    await expect(page.locator('#field-name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert', { name: 'Fehler' })).toContainText(
      'Dieser Wert wird bereits verwendet.',
    );
    await expectNoSeriousA11yViolations(page);
    await shoot(page, testInfo, 'entities-field-error');
  });

  test.describe('under the Content-Security-Policy', () => {
    test.use({ bypassCSP: false });

    // The shared schemas run in the browser: zod must not probe `new Function` (no 'unsafe-eval').
    test('a list and a form with client checks run without a violation', async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
          violations.push(message.text());
      });
      await page.goto('/backend/catalog/tags');
      await expect(page.locator('.bo-table')).toBeVisible();
      await page.goto('/backend/catalog/tags/new');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.locator('#field-name-error')).toBeVisible();
      expect(violations).toEqual([]);
    });
  });

  test('axe: a list and a form have no serious violations', async ({ page }) => {
    await page.goto('/backend/catalog/products');
    await expect(page.locator('.bo-table')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.locator('.bo-table tbody a').first().click();
    await expect(page.locator('form.bo-form')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('navigation by role', () => {
  for (const username of Object.keys(PASSWORDS) as Array<keyof typeof PASSWORDS>) {
    test(`${username} sees only the areas of its role`, async ({ page }, testInfo) => {
      await signIn(page, username);
      const expected = visibleAreas(ROLES[username]).map((area) => area.label);
      await expect(page.getByRole('navigation', { name: 'Bereiche' }).getByRole('link')).toHaveText(expected);
      if (username === 'mitarbeiter') {
        // Tables only, in the branches area; the catalogue is not there for an employee.
        await page.getByRole('link', { name: 'Filialen' }).click();
        await expect(page.getByRole('navigation', { name: 'Filialen' }).getByRole('link')).toHaveText([
          'Tische',
        ]);
        await page.goto('/backend/catalog/products');
        await expect(page.getByText('Für diesen Bereich fehlt Ihnen die Berechtigung.')).toBeVisible();
      }
      if (username === 'leitung') {
        await page.getByRole('link', { name: 'Einstellungen' }).click();
        await expect(page.getByRole('navigation', { name: 'Einstellungen' }).getByRole('link')).toHaveText([
          'Logs',
        ]);
      }
      await screenshot(page, testInfo, `entities-nav-${username}`);
    });
  }
});
