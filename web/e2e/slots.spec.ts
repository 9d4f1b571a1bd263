import { randomUUID } from 'node:crypto';
import { addDays, fromLocal, localDate } from '@ordering/common';
import { expect, test, type Page } from '@playwright/test';
import { ALL_CONSENT, expectNoSeriousA11yViolations, getData, screenshot } from './support';

// Slots in one tap and the table landing (issue 25, item 2) against the real backend and its demo data.
const WIEN = '/store/gasthaus-linde-wien';

type WienBranch = Record<string, unknown> & { id: number; identifier: string };

/** Signs in as the demo admin; answers the CSRF header for writes. */
async function signIn(page: Page): Promise<Record<string, string>> {
  const login = await page.request.post('/api/auth/login', {
    data: { username: 'admin', password: 'Admin-Demo-2026' },
  });
  const { data: session } = (await login.json()) as { data: { csrfToken: string } };
  return { 'X-CSRF-Token': session.csrfToken };
}

/**
 * Runs `body` with Wien changed by `change` (open all day, a slot capacity …) whatever the real clock says,
 * and puts the branch back afterwards.
 */
async function withWien(
  page: Page,
  baseURL: string | undefined,
  change: Record<string, unknown>,
  body: (id: number) => Promise<void>,
) {
  // The cookie banner answered, so that the pictures show the page; the app's install prompt answered too
  // ("Nicht jetzt"): with consent it opens 5 s after the start, and on the phone it took the focus in the
  // middle of the time picker's arrow keys.
  await page.context().addCookies([
    { name: 'cookie-banner-acceptance-state', value: ALL_CONSENT, url: baseURL! },
    { name: 'pwa-dismiss', value: 'true', url: baseURL! },
  ]);
  const headers = await signIn(page);
  const branches = await getData<WienBranch[]>(page.request, '/api/branches?limit=100');
  const { id, ...wien } = branches.find((branch) => branch.identifier === 'gasthaus-linde-wien')!;
  const put = (data: Record<string, unknown>) => page.request.put(`/api/branches/${id}`, { headers, data });
  const changed = await put({ ...wien, ...change });
  expect(changed.status(), await changed.text()).toBeLessThan(300);
  try {
    await body(id);
  } finally {
    expect((await put(wien)).status()).toBeLessThan(300);
  }
}

const ALL_DAY = [{ type: 'daily', isClosed: false, from: '00:00', to: '00:00' }];

async function checkoutWithSchnitzel(page: Page) {
  await page.goto(WIEN);
  // A product without options goes into the cart in one tap.
  await page.getByRole('button', { name: /Pommes frites/ }).click();
  await expect(page.getByText('Hinzugefügt: Pommes frites')).toBeVisible();
  await page.goto(`${WIEN}/checkout`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
}

async function fillContact(page: Page, lastName: string) {
  await page.getByLabel('Vorname').fill('Anna');
  await page.getByLabel('Nachname').fill(lastName);
  await page.getByLabel('E-Mail').fill('anna.gruber@example.at');
  await page.getByLabel('Telefon').fill('+43 664 1234567');
  await acceptLegal(page);
}

async function acceptLegal(page: Page) {
  await page.getByLabel('Ich akzeptiere die Allgemeinen Geschäftsbedingungen.').check();
  await page.getByLabel('Ich habe die Datenschutzerklärung zur Kenntnis genommen.').check();
}

const submitButton = (page: Page) =>
  page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)/ });
const thanks = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung!' });

test.describe('Slots in one tap', () => {
  test('a day chip and one tap on a time: the order carries that time', async ({
    page,
    baseURL,
  }, testInfo) => {
    await withWien(page, baseURL, { openingHours: ALL_DAY, slotCapacity: null }, async () => {
      await checkoutWithSchnitzel(page);
      const lastName = `Slot-${randomUUID().slice(0, 6)}`;
      await fillContact(page, lastName);
      const days = page.getByRole('radiogroup', { name: 'Datum' });
      // Open now: "So bald wie möglich" first and chosen; no time buttons for it.
      await expect(days.getByRole('radio').first()).toHaveAccessibleName('So bald wie möglich');
      await expect(days.getByRole('radio').first()).toBeChecked();
      await expect(page.getByRole('radiogroup', { name: 'Uhrzeit' })).toHaveCount(0);
      await days.getByRole('radio', { name: /^Morgen/ }).check();
      const times = page.getByRole('radiogroup', { name: 'Uhrzeit' });
      await expect(times.getByRole('group', { name: 'Abend' })).toBeVisible();
      const slot = times.getByRole('radio', { name: '18:30', exact: true });
      await slot.check(); // the one tap
      await expect(slot).toBeChecked();
      const box = (await slot.locator('xpath=..').boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
      await screenshot(page, testInfo, 'slots-chosen');
      await days.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'slots-chosen-view', false);
      await expectNoSeriousA11yViolations(page);
      // The keyboard: the arrow key moves to the next time.
      await slot.focus();
      await page.keyboard.press('ArrowRight');
      await expect(times.getByRole('radio', { name: '18:45', exact: true })).toBeChecked();
      await page.keyboard.press('ArrowLeft');
      await expect(slot).toBeChecked();

      await submitButton(page).click();
      await expect(thanks(page)).toBeVisible();
      const orders = await getData<{ lastName: string; appointmentDate: string | null }[]>(
        page.request,
        '/api/orders?limit=200',
      );
      const order = orders.find((candidate) => candidate.lastName === lastName)!;
      const [, month, day] = viennaTomorrow().split('-');
      const wanted = new Intl.DateTimeFormat('de-AT', {
        timeZone: 'Europe/Vienna',
        day: '2-digit',
        month: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      expect(wanted.format(new Date(order.appointmentDate!))).toBe(`${day}.${month}., 18:30`);
    });
  });

  test('a full slot shows "ausgebucht" and cannot be chosen', async ({ page, baseURL }, testInfo) => {
    await withWien(
      page,
      baseURL,
      { openingHours: ALL_DAY, slotMinutes: 15, slotCapacity: 1 },
      async (branchId) => {
        // One order takes the only place of tomorrow's 12:00 slot: tomorrow by the calendar, as the "Morgen"
        // chip means it. (Late in the evening, once today's last slots are past or taken, today is not among
        // the available days, and the second of them is the day after tomorrow.)
        const tomorrow = viennaTomorrow();
        const noon = fromLocal(tomorrow, 12 * 60, 'Europe/Vienna').toISOString();
        const products = await getData<{ id: number; uid: string; name: string }[]>(
          page.request,
          '/api/products?limit=200',
        );
        const fries = products.find((p) => p.name.startsWith('Pommes frites'))!;
        const taken = await page.request.post('/api/orders', {
          headers: { 'Idempotency-Key': randomUUID() },
          data: {
            firstName: 'Eva',
            lastName: 'Voll',
            email: 'eva@example.at',
            phone: '+43 664 7654321',
            paymentMethod: 'cash',
            legalInstructions: true,
            privacyPolicy: true,
            branch: { id: branchId },
            isDelivery: false,
            isDineIn: false,
            appointmentDate: noon,
            items: [{ product: { id: fries.id, uid: fries.uid }, amount: 1, unit: 'piece', parts: [] }],
          },
        });
        // 409 slot_full: an earlier run (the other project) took the place already.
        expect([201, 409], await taken.text()).toContain(taken.status());

        await checkoutWithSchnitzel(page);
        await page
          .getByRole('radiogroup', { name: 'Datum' })
          .getByRole('radio', { name: /^Morgen/ })
          .check();
        const times = page.getByRole('radiogroup', { name: 'Uhrzeit' });
        const full = times.getByRole('radio', { name: '12:00 ausgebucht' });
        await expect(full).toBeDisabled();
        await expect(times.getByRole('radio', { name: '12:15', exact: true })).toBeEnabled();
        await full.locator('xpath=..').click({ force: true });
        await expect(full).not.toBeChecked();
        await full.locator('xpath=..').scrollIntoViewIfNeeded();
        await screenshot(page, testInfo, 'slots-full', false);
        await expectNoSeriousA11yViolations(page);
      },
    );
  });
});

test.describe('Table landing', () => {
  test('a table QR code says "Tisch 7" on the menu and in the checkout and asks no date', async ({
    page,
    baseURL,
  }, testInfo) => {
    await withWien(page, baseURL, { openingHours: ALL_DAY }, async () => {
      await page.goto(`${WIEN}?table=7`);
      await expect(page).toHaveURL(new RegExp(`${WIEN}$`));
      const menuNote = page.getByRole('status').filter({ hasText: 'Tisch 7' });
      await expect(menuNote).toContainText('Sie bestellen an Tisch 7.');
      await menuNote.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'table-menu', false);
      await page.getByRole('button', { name: /Pommes frites/ }).click();
      await expect(page.getByText('Hinzugefügt: Pommes frites')).toBeVisible();
      await page.goto(`${WIEN}/checkout`);
      await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Tisch 7' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Termin' })).toHaveCount(0);
      await expect(page.getByRole('radiogroup', { name: 'Datum' })).toHaveCount(0);
      await screenshot(page, testInfo, 'table-checkout');
      await expectNoSeriousA11yViolations(page);
      await acceptLegal(page);
      await submitButton(page).click();
      await expect(thanks(page)).toBeVisible();
    });
  });
});

/** Tomorrow's date in Vienna (`YYYY-MM-DD`) by the calendar, as the checkout's "Morgen" chip means it. */
function viennaTomorrow(): string {
  return addDays(localDate(new Date(), 'Europe/Vienna'), 1);
}
