import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations, getData, screenshot, signInOnPage } from './support';

// The withdrawal function (§356a BGB, docs/decisions/legal.md): status page → "Vertrag widerrufen" → short
// form → "Widerruf bestätigen" → the confirmation on screen and by mail, and staff see it.

const PHONE = { width: 390, height: 844 };

/** A quotation request to the screed business (its goods and services are not exempt from withdrawal). */
async function screedRequest(request: APIRequestContext, email: string) {
  const branches = await getData<{ id: number; identifier: string }[]>(request, '/api/branches');
  const graz = branches.find((b) => b.identifier === 'estrich-graz')!;
  const products = await getData<{ id: number; uid: string; name: string }[]>(
    request,
    '/api/products?limit=200',
  );
  const screed = products.find((p) => p.name === 'Estrichverlegung nach Maß')!;
  const availability = await getData<{ days: { windows: { from: string }[] }[] }>(
    request,
    `/api/branches/${graz.id}/availability?type=takeaway&products=${screed.id}`,
  );
  const day = availability.days.find((d) => d.windows.length > 0)!;
  const product = await getData<{ config: { parts: { type: string; options?: unknown[] }[] } }>(
    request,
    `/api/products/${screed.id}`,
  );
  // The configurable parts: the first option of each choice, a word for each text.
  const parts = product.config.parts.map((part) =>
    part.type === 'select'
      ? 0
      : part.type === 'multiselect'
        ? [0]
        : part.type.startsWith('text')
          ? 'Keller'
          : [],
  );
  const response = await request.post('/api/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      firstName: 'Eva',
      lastName: 'Berger',
      email,
      phone: '+49 151 23456789',
      street: 'Annenstraße 10',
      city: '8020 Graz',
      paymentMethod: 'cash',
      legalInstructions: true,
      privacyPolicy: true,
      branch: { id: graz.id },
      isDelivery: false,
      isDineIn: false,
      appointmentDate: day.windows[0]!.from,
      items: [{ product: { id: screed.id, uid: screed.uid }, amount: 40, unit: 'm2', parts }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { order: { uid: string; hash: string } } }).data.order;
}

/** The withdrawal confirmations the catcher of the global setup received for an address. */
function confirmationsTo(address: string): { subject: string; text: string }[] {
  return mailsTo(address).filter((mail) => mail.subject.includes('Widerruf'));
}

/** The mails the catcher of the global setup received for an address (subject and decoded text). */
function mailsTo(address: string): { subject: string; text: string }[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as { to: string[]; raw: string })
    .filter((mail) => mail.to.includes(address))
    .map(({ raw }) => {
      const decoded = Buffer.from(
        raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
      const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
      const words = subject
        .replace(/\r?\n[ \t]+/g, ' ')
        .replace(/\?=\s+=\?/g, '?==?')
        .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
          enc.toUpperCase() === 'B'
            ? Buffer.from(data, 'base64').toString('utf8')
            : Buffer.from(
                data
                  .replace(/_/g, ' ')
                  .replace(/=([0-9A-Fa-f]{2})/g, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
                'latin1',
              ).toString('utf8'),
        );
      return { subject: words, text: decoded };
    });
}

test('status page → "Vertrag widerrufen" → "Widerruf bestätigen": confirmation on screen and by mail, staff see it', async ({
  page,
  browser,
}, testInfo) => {
  test.slow(); // two axe runs, a mail and the back office on a loaded machine
  const address = `widerruf-${randomUUID().slice(0, 8)}@example.de`;
  const order = await screedRequest(page.request, address);

  // On a phone first: the status page's button and the form.
  const size = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await page.goto(`/status/${order.uid}/${order.hash}`);
  const card = page.getByRole('region', { name: 'Vertrag widerrufen' });
  await expect(card.getByRole('link', { name: 'Vertrag widerrufen' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'withdrawal-status-button-390', false);
  await card.getByRole('link', { name: 'Vertrag widerrufen' }).click();
  await expect(page.getByRole('button', { name: 'Widerruf bestätigen' })).toBeVisible();
  await screenshot(page, testInfo, 'withdrawal-form-390', true);
  await page.setViewportSize(size);
  await page.goto(`/status/${order.uid}/${order.hash}`);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'withdrawal-status-button', false);
  await card.getByRole('link', { name: 'Vertrag widerrufen' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' })).toBeVisible();
  // The order is known from the link: no number or e-mail of the order to type.
  await expect(page.getByLabel('Bestellnummer')).toHaveCount(0);
  // Confirming without a name: the server's German message at the field.
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();
  await expect(page.locator('#withdrawal-name-error')).toBeVisible();
  await expect(page.getByLabel('Ihr Name *')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Ihr Name *').fill('Eva Berger');
  await page.getByLabel('E-Mail-Adresse für die Bestätigung *').fill(address);
  await page.getByLabel('Anmerkung (optional)').fill('Wir lassen den Estrich doch nicht verlegen.');
  await screenshot(page, testInfo, 'withdrawal-form', false);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();

  const done = page.getByRole('status').filter({ hasText: 'Ihr Widerruf ist eingegangen' });
  await expect(done).toBeVisible();
  await expect(done).toContainText(/Eingegangen am \d\d\.\d\d\.\d{4} um \d\d:\d\d Uhr\./);
  await expect(done).toContainText(`Eine Bestätigung mit dem Inhalt Ihrer Erklärung haben wir an ${address}`);
  await screenshot(page, testInfo, 'withdrawal-done', false);
  await expectNoSeriousA11yViolations(page);

  // The mail arrived over SMTP, with the declaration's content, date and time.
  await expect.poll(() => confirmationsTo(address).length, { timeout: 20_000 }).toBe(1);
  const [mail] = confirmationsTo(address);
  expect(mail!.subject).toContain('Eingangsbestätigung Ihres Widerrufs');
  expect(mail!.text).toContain('Hiermit widerrufe ich den Vertrag');
  expect(mail!.text).toContain('Anmerkung: Wir lassen den Estrich doch nicht verlegen.');
  expect(mail!.text).toMatch(/Eingegangen am: \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr/);

  // Back on the status page: when, and no second button.
  await page.getByRole('link', { name: 'Zurück zur Bestellung' }).click();
  await expect(page.getByText(/^Widerrufen am \d\d\.\d\d\.\d{4} um \d\d:\d\d Uhr$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Vertrag widerrufen' }).first()).toBeVisible(); // the footer's

  // Staff: the card on the board and the drawer say so.
  const staff = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await signInOnPage(staff);
  const flag = staff.locator('.order-card__flag').filter({ hasText: /^Widerrufen am / });
  await expect(flag.first()).toBeVisible({ timeout: 15_000 });
  const staffCard = staff.locator('.order-card').filter({ hasText: 'Berger' }).filter({ has: flag });
  await staffCard.first().locator('.order-card__open').click();
  const notice = staff.getByTestId('order-withdrawal');
  await expect(notice).toContainText(/Widerrufen am .* von Eva Berger/);
  await expect(notice).toContainText('Wir lassen den Estrich doch nicht verlegen.');
  await screenshot(staff, testInfo, 'withdrawal-staff-drawer', false);
  await staff.close();
});

test('footer: "Vertrag widerrufen" by order number and e-mail; the same message for a wrong e-mail; phone', async ({
  page,
}, testInfo) => {
  test.slow();
  await page.setViewportSize(PHONE);
  const address = `fuss-${randomUUID().slice(0, 8)}@example.de`;
  const order = await screedRequest(page.request, address);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Vertrag widerrufen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' })).toBeVisible();
  await page.getByLabel('Ihr Name *').fill('Eva Berger');
  await page.getByLabel('Bestellnummer *').fill(order.uid.slice(0, 8).toUpperCase());
  await page.getByLabel('E-Mail-Adresse der Bestellung *').fill('jemand@example.de');
  await page.getByLabel('E-Mail-Adresse für die Bestätigung *').fill(address);
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();
  await expect(page.locator('#withdrawal-orderNumber-error')).toHaveText(
    'Zu dieser Bestellnummer und E-Mail-Adresse haben wir keine Bestellung gefunden. Bitte prüfen Sie beide Angaben.',
  );
  await screenshot(page, testInfo, 'withdrawal-footer-form-error-390', true);
  await page.getByLabel('E-Mail-Adresse der Bestellung *').fill(address.toUpperCase());
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ihr Widerruf ist eingegangen' })).toBeVisible();
  await screenshot(page, testInfo, 'withdrawal-footer-done-390', false);
  await expect.poll(() => confirmationsTo(address).length, { timeout: 20_000 }).toBe(1);

  // The Widerrufsbelehrung: the market's model text with the model form, linked from the footer.
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Widerrufsbelehrung' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Widerrufsbelehrung' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Muster-Widerrufsformular' })).toBeVisible();
  await screenshot(page, testInfo, 'withdrawal-policy-390', false);
  await expectNoSeriousA11yViolations(page);
});

test('checkout: exempt food says so above the order button; screed links the Widerrufsbelehrung', async ({
  page,
}, testInfo) => {
  test.slow();
  await page.goto('/store/gasthaus-linde-wien');
  await page.getByRole('button', { name: /Römerquelle/ }).click();
  await page.getByRole('button', { name: /Warenkorb anzeigen/ }).click();
  await page.getByRole('link', { name: 'Zur Kasse' }).click();
  const summary = page.getByRole('region', { name: 'Zusammenfassung Ihrer Bestellung' });
  // The demo shop is Austrian: "Rücktrittsrecht" and the FAGG.
  await expect(summary).toContainText(/Für diese Bestellung besteht kein (Rücktritts|Widerrufs)recht/);
  await expect(summary.getByRole('button', { name: 'Widerrufsbelehrung' })).toHaveCount(0);
  await summary.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'withdrawal-checkout-exempt', false);

  await page.goto('/store/estrich-graz');
  await page
    .getByRole('button', { name: /Zementestrich CT-C25-F4/ })
    .first()
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /In den Warenkorb|Weiter/ })
    .first()
    .click();
  await page.getByRole('button', { name: /Warenkorb anzeigen/ }).click();
  await page
    .getByRole('link', { name: /Zur Kasse|Anfrage/ })
    .first()
    .click();
  const graz = page.getByRole('region', { name: /Zusammenfassung/ });
  await expect(graz).toContainText(
    'Ihr Widerrufsrecht und wie Sie es ausüben, steht in der Widerrufsbelehrung',
  );
  await graz.getByRole('button', { name: 'Widerrufsbelehrung' }).click();
  const dialog = page.getByRole('dialog', { name: 'Widerrufsbelehrung' });
  await expect(dialog.getByRole('heading', { name: 'Muster-Widerrufsformular' })).toBeVisible();
  await screenshot(page, testInfo, 'withdrawal-checkout-dialog', false);
});
