import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  getData,
  openSignedIn,
  post,
  screenshot,
  staffTest as test,
  takeawayOrder,
  type Staff,
} from './support';

// From the order panel of the back office: a quotation request answered with a priced offer that the
// customer accepts on the status page, and the "Drucken" menu (document and printer). Real backend.

const TABLET = { width: 1024, height: 768 };
const DESKTOP = { width: 1280, height: 800 };

test.skip(({ isMobile }) => isMobile, 'the back office is for the counter screen and the tablet');

/**
 * A quotation request to the screed business, sent as the storefront's checkout sends it (the public
 * `POST /api/orders` with the configured product and a bookable day).
 */
async function screedRequest(request: APIRequestContext, lastName: string) {
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
  const product = await getData<{ config: { parts: { type: string }[] } }>(
    request,
    `/api/products/${screed.id}`,
  );
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
      lastName,
      email: `eva.${lastName.toLowerCase()}@example.com`,
      phone: '+43 660 1234567',
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
  return ((await response.json()) as { data: { order: { uid: string; hash: string; isQuotation: boolean } } })
    .data.order;
}

async function openCard(page: Page, lastName: string) {
  await page
    .locator('.order-card', { hasText: `Eva ${lastName}` })
    .locator('.order-card__open')
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Eva ${lastName}`);
  return dialog;
}

test('quotation: answered with an offer in the back office, accepted on the status page, on the board as an order', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const request = await screedRequest(page.request, 'Angebot');
  expect(request.isQuotation).toBe(true);
  await page.setViewportSize(DESKTOP);
  await openSignedIn(page, '/backend');
  const card = page.locator('.order-card', { hasText: 'Eva Angebot' });
  await expect(card).toContainText('Anfrage');
  const dialog = await openCard(page, 'Angebot');

  await dialog.getByRole('button', { name: 'Angebot erstellen' }).click();
  const form = dialog.getByRole('form', { name: 'Angebot erstellen' });
  // The offer starts from the request: its item, 40 m², without a price yet.
  await expect(form.getByLabel('Position 1')).toHaveValue('Estrichverlegung nach Maß');
  await form.getByLabel('Preis je Einheit (€)').first().fill('27,50');
  await form.getByRole('button', { name: 'Position hinzufügen' }).click();
  await form.getByLabel('Position 2').fill('Anfahrt und Pumpe');
  // Line 2 without a price: the running total counts line 1 only; the server names the missing price.
  await expect(form.getByTestId('offer-total')).toHaveText('1.100,00 €');
  await form.getByLabel('Nachricht an den Kunden').fill('Gerne verlegen wir Ihren Estrich in KW 12.');
  await form.getByRole('button', { name: 'Angebot senden …' }).click();
  await form.getByRole('alertdialog').getByRole('button', { name: 'Angebot senden' }).click();
  // The server's German message stands at the price of line 2 (and is its description).
  await expect(form.getByLabel('Preis je Einheit (€)').nth(1)).toHaveAccessibleDescription(
    'Dieser Wert sollte nicht leer sein.',
  );
  await expect(form.getByLabel('Preis je Einheit (€)').nth(1)).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Preis je Einheit (€)').nth(1).fill('149');
  await expect(form.getByTestId('offer-total')).toHaveText('1.249,00 €');
  await expect(form.getByText('Dieser Wert sollte nicht leer sein.')).toHaveCount(0);
  await form.getByLabel('Position 1').scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'backoffice-offer-form-1280', false);
  await page.setViewportSize(TABLET);
  await screenshot(page, testInfo, 'backoffice-offer-form-tablet', false);
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Angebot senden …' }).click();
  // The app's own question names the sum and the validity; "Abbrechen" has the focus.
  const ask = form.getByRole('alertdialog');
  await expect(ask).toContainText('Angebot über 1.249,00 €, gültig bis');
  await expect(ask.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await ask.getByRole('button', { name: 'Angebot senden' }).click();

  const sent = dialog.getByTestId('offer-sent');
  await expect(sent).toContainText('Angebot gesendet · wartet auf den Kunden');
  await expect(sent).toContainText('Anfahrt und Pumpe');
  await expect(sent).toContainText('1.249,00 €');
  await expect(sent).toContainText('Gültig bis');
  await screenshot(page, testInfo, 'backoffice-offer-sent-1280', false);
  await page.setViewportSize(TABLET);
  await screenshot(page, testInfo, 'backoffice-offer-sent-tablet', false);
  await page.setViewportSize(DESKTOP);

  // The customer accepts on the status page.
  const status = await page.context().newPage();
  await status.goto(`/status/${request.uid}/${request.hash}`);
  const offer = status.getByRole('region', { name: 'Ihr Angebot' });
  await expect(offer).toContainText('1.249,00', { timeout: 20_000 });
  await expect(offer).toContainText('Gerne verlegen wir Ihren Estrich in KW 12.');
  await screenshot(status, testInfo, 'status-offer-open');
  await offer.getByRole('button', { name: 'Angebot verbindlich annehmen' }).click();
  await expect(offer).toContainText('Sie haben das Angebot angenommen.');
  await expect(status.locator('.status__number strong')).toHaveText(/^\d+$/);
  await status.close();

  // Live in the open panel, and on the board as an order with its ticket number.
  await expect(sent).toContainText('Angebot gesendet · angenommen');
  await expect(dialog.getByRole('button', { name: 'Neues Angebot erstellen' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Schließen' }).click();
  await expect(card.locator('.order-card__ticket')).toHaveText(/^#\d+$/);
  await expect(card).toContainText('1.249,00');
});

/** A paired printer of the branch that reported its state with a heartbeat, as a terminal does. */
async function pairedPrinter(staff: Staff, branchId: number, name: string, state: 'ok' | 'paper-out') {
  const device = await post(staff, '/api/devices', {
    identifier: `drucker-${randomUUID().slice(0, 8)}`,
    name,
    type: 'printer',
    branch: { id: branchId },
    settings: { printer: { host: '127.0.0.1', port: 9100, width: 48, type: 'epson' } },
  });
  const { apiKey } = (await post(staff, `/api/devices/${device.id as number}/api-key`)) as { apiKey: string };
  const beat = await staff.request.post('/api/devices/me/heartbeat', {
    headers: { authorization: `Bearer ${apiKey}` },
    data: { printer: { state, queued: 0 } },
  });
  expect(beat.status()).toBe(200);
  return { id: device.id as number, key: apiKey };
}

test('print menu: the kitchen ticket to the chosen printer, with what really happens', async ({
  page,
  staff,
  branch,
}, testInfo) => {
  const theke = await pairedPrinter(staff, branch.id, 'Theke', 'ok');
  const kueche = await pairedPrinter(staff, branch.id, 'Küche', 'paper-out');
  await takeawayOrder(page.request, branch.id, { lastName: 'Druck', amount: 1 });
  await page.setViewportSize(DESKTOP);
  await openSignedIn(page, '/backend');
  const dialog = await openCard(page, 'Druck');

  await dialog.getByRole('button', { name: 'Drucken …' }).click();
  const menu = dialog.getByRole('group', { name: 'Drucken' });
  await expect(menu.getByRole('radio', { name: /Theke/ })).toBeChecked();
  await expect(menu.locator('.print-menu__printer', { hasText: 'Theke' })).toContainText('bereit');
  await expect(menu.locator('.print-menu__printer', { hasText: 'Küche' })).toContainText('kein Papier');
  await menu.getByRole('button', { name: 'Etiketten drucken' }).scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'backoffice-print-menu-1280', false);
  await page.setViewportSize(TABLET);
  await screenshot(page, testInfo, 'backoffice-print-menu-tablet', false);
  await page.setViewportSize(DESKTOP);
  await expectNoSeriousA11yViolations(page);

  await menu.getByRole('button', { name: 'Küchenbon drucken' }).click();
  await expect(dialog.locator('.alert--success')).toHaveText('Küchenbon an Drucker „Theke“ gesendet.');
  // The job went to Theke only, as a kitchen ticket.
  const jobs = async (key: string) => {
    const res = await page.request.get('/api/devices/me/jobs', {
      headers: { authorization: `Bearer ${key}` },
    });
    return ((await res.json()) as { data: { kind: string; reason: string; order: { lastName: string } }[] })
      .data;
  };
  const mine = (await jobs(theke.key)).filter((j) => j.reason === 'requested');
  expect(mine.map((j) => [j.kind, j.order.lastName])).toEqual([['kitchen', 'Druck']]);
  expect((await jobs(kueche.key)).filter((j) => j.reason === 'requested')).toEqual([]);

  // The printer without paper: the notice says the labels wait for it.
  await dialog.getByRole('button', { name: 'Drucken …' }).click();
  await menu.getByRole('radio', { name: /Küche/ }).check();
  await menu.getByRole('button', { name: 'Etiketten drucken' }).click();
  await expect(dialog.locator('.alert--success')).toContainText(
    'Etiketten an „Küche“ gesendet – Küche: Drucker kein Papier',
  );
});
