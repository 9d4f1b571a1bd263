import { expect, test, type Page } from '@playwright/test';
import {
  deliveryOrder,
  expectNoSeriousA11yViolations,
  getData,
  post,
  staffApi,
  screenshot,
  takeawayOrder,
  viennaBranch,
  type PlacedOrder,
} from './support';

// The back office against the real backend and its demo data (README "Demo data").
const USERS = {
  admin: 'Admin-Demo-2026',
  mitarbeiter: 'Mitarbeiter-Demo-2026',
} as const;

async function signIn(page: Page, username: keyof typeof USERS) {
  await page.goto('/backend/login');
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort').fill(USERS[username]);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/backend$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible();
}

/**
 * Places a takeaway order for the Vienna inn through the public API, at the first bookable time of its
 * availability (the test runs on the real clock, so "now" may be closed).
 */
async function placeOrder(page: Page, lastName: string): Promise<number> {
  return (await placeOrderWithLink(page, lastName)).ticketNumber;
}

async function placeOrderWithLink(page: Page, lastName: string): Promise<PlacedOrder> {
  const branch = await viennaBranch(page.request);
  return takeawayOrder(page.request, branch.id, { lastName, amount: 2, comment: 'Bitte ohne Zitrone' });
}

/** The customer's status page data of an order. */
async function publicStatus(page: Page, order: PlacedOrder) {
  const response = await page.request.get(`/api/orders/public/${order.uid}/${order.hash}`);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
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

test.describe('Back office', () => {
  test.skip(({ isMobile }) => isMobile, 'the back office is for the counter screen and the tablet');

  test('board: demo orders, a new order rings until confirmed from the board', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    const board = page.locator('.board');
    for (const column of [
      'Neu',
      'Bestätigt · in Zubereitung',
      'In Zustellung',
      'Abholbereit',
      'Abgeschlossen (heute)',
    ]) {
      await expect(board.getByRole('heading', { level: 2, name: column })).toBeVisible();
    }
    const newColumn = page.locator('.board__column--new');
    await expect(newColumn.locator('.order-card').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Bereiche' }).getByRole('link')).toHaveCount(10);
    await expect(page.locator('.user-menu')).toContainText('Administration');

    // Alarm: the demo orders ring until acknowledged; take them off first.
    await page.getByRole('button', { name: 'Ton aktivieren' }).click();
    await expect(page.getByRole('button', { name: /Ton an/ })).toBeVisible();
    await page.getByRole('button', { name: 'Alarm quittieren' }).click();
    await expect(page.locator('.board-page')).toHaveAttribute('data-alarm', 'quiet');

    // An order placed through the API appears without a reload and rings.
    const started = Date.now();
    const ticket = await placeOrder(page, 'Neumann');
    const card = newColumn.locator('.order-card', { hasText: 'Eva Neumann' });
    await expect(card).toBeVisible();
    testInfo.annotations.push({ type: 'appeared after', description: `${Date.now() - started} ms` });
    await expect(card).toContainText(`#${ticket}`);
    await expect(card).toContainText('Abholung');
    await expect(card).toContainText('2 × Wiener Schnitzel vom Kalb');
    await expect(card).toContainText('€');
    await expect(card).toContainText('Zahlung vor Ort');
    await expect(card).toHaveAttribute('data-alarm', 'ringing');
    await expect(page.locator('.board-page')).toHaveAttribute('data-alarm', 'ringing');
    await expect(page.locator('.board-alarm')).toContainText('1 neue Bestellung');
    await screenshot(page, testInfo, 'backoffice-board-alarm', false);
    await expectNoSeriousA11yViolations(page);

    // Opening the card acknowledges it; confirm in 30 minutes from the detail panel.
    await card.locator('.order-card__open').click();
    const detail = page.getByRole('dialog', { name: new RegExp(`#${ticket}`) });
    await expect(detail).toBeVisible();
    await expect(detail).toContainText('Bitte ohne Zitrone');
    await expect(detail).toContainText('eva@example.at');
    await expect(detail.getByTestId('order-status')).toContainText('Warten auf Bestätigung');
    await expect(detail.getByRole('button', { name: 'Abschließen' })).toHaveCount(0);
    await screenshot(page, testInfo, 'backoffice-order-detail', false);
    await detail.getByRole('button', { name: '+30 Min' }).click();
    await expect(detail.getByTestId('order-status')).toContainText('Bestätigt und in Zubereitung');
    await expect(detail.getByRole('button', { name: 'Abholbereit' })).toBeVisible();
    await detail.getByRole('button', { name: 'Abholbereit' }).click();
    await expect(detail.getByTestId('order-status')).toContainText('Abholbereit');
    await detail.getByRole('button', { name: 'Schließen', exact: true }).click();
    await expect(page.locator('.board__column--ready .order-card', { hasText: 'Eva Neumann' })).toBeVisible();
    await expect(page.locator('.board-page')).toHaveAttribute('data-alarm', 'quiet');
  });

  test('keyboard: A accepts the focused new order; an acknowledged alarm stays off after a reload', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page
      .getByRole('button', { name: 'Alarm quittieren' })
      .click()
      .catch(() => undefined);
    await placeOrder(page, 'Tastatur');
    const card = page.locator('.board__column--new .order-card', { hasText: 'Eva Tastatur' });
    await expect(card).toHaveAttribute('data-alarm', 'ringing');
    await card.getByRole('button', { name: 'Gesehen' }).click();
    await expect(card).not.toHaveAttribute('data-alarm', 'ringing');
    await page.reload();
    await expect(card).toBeVisible();
    await expect(card).not.toHaveAttribute('data-alarm', 'ringing');

    await card.locator('.order-card__open').focus();
    await page.keyboard.press('a');
    await expect(
      page.locator('.board__column--confirmed .order-card', { hasText: 'Eva Tastatur' }),
    ).toBeVisible();
    // Arrow keys move between cards, Enter opens one.
    await page.locator('.board__column--confirmed .order-card__open').first().focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('.board__column--new .order-card__open').first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    // The panel is modal: Tab stays inside.
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('dialog').locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('dialog').locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('acknowledging in one tab silences the alarm in the other', async ({ page, context }) => {
    await signIn(page, 'admin');
    const second = await context.newPage();
    await second.goto('/backend');
    await expect(second.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible();
    await placeOrder(page, 'Zweitab');
    const here = page.locator('.order-card', { hasText: 'Eva Zweitab' });
    const there = second.locator('.order-card', { hasText: 'Eva Zweitab' });
    await expect(here).toHaveAttribute('data-alarm', 'ringing');
    await expect(there).toHaveAttribute('data-alarm', 'ringing');
    await there.getByRole('button', { name: 'Gesehen' }).click();
    await expect(here).not.toHaveAttribute('data-alarm', 'ringing');
    await second.close();
  });

  test('a dropped event stream shows "Verbindung unterbrochen" and catches up', async ({ page }) => {
    // The stream answers 503 (a server restart): the board says so and keeps trying.
    await page.route('**/api/events*', (route) => route.fulfill({ status: 503, body: '' }));
    await signIn(page, 'admin');
    await expect(page.getByText('Verbindung unterbrochen', { exact: false })).toBeVisible({
      timeout: 15_000,
    });
    await placeOrder(page, 'Verpasst');
    await page.unroute('**/api/events*');
    // Reconnected: the banner goes and the order placed meanwhile is on the board (catch-up).
    await expect(page.getByText('Verbindung unterbrochen', { exact: false })).toHaveCount(0, {
      timeout: 15_000,
    });
    await expect(page.locator('.order-card', { hasText: 'Eva Verpasst' })).toBeVisible();
    // And it takes live events again.
    await placeOrder(page, 'Wiederda');
    await expect(page.locator('.order-card', { hasText: 'Eva Wiederda' })).toBeVisible();
  });

  test('detail: counter-offer, reject with a message, complete, all reach the status page; a failed action is listed with retry', async ({
    page,
  }, testInfo) => {
    // Five actions and the status page in a second tab: 23 s of the default 30 s on a quiet run.
    test.setTimeout(60_000);
    await signIn(page, 'admin');
    const counter = await placeOrderWithLink(page, 'Gegenvorschlag');
    const rejected = await placeOrderWithLink(page, 'Abgelehnt');
    const done = await placeOrderWithLink(page, 'Fertig');
    await expect(page.locator('.order-card', { hasText: 'Eva Fertig' })).toBeVisible();

    let dialog = await openCard(page, 'Gegenvorschlag');
    await expectNoSeriousA11yViolations(page);
    // Change an item's amount: the server prices the order again.
    await dialog.getByRole('button', { name: 'Ändern (Wiener Schnitzel vom Kalb)' }).click();
    await dialog.getByLabel('Menge', { exact: true }).fill('3');
    await dialog.getByRole('button', { name: 'Position speichern' }).click();
    await expect(dialog).toContainText('Position wurde geändert.');
    await expect(dialog.locator('.detail-items tfoot')).toContainText('59,70');
    await expect(page.locator('.order-card', { hasText: 'Eva Gegenvorschlag' })).toContainText('3 × Wiener');
    await dialog.getByRole('button', { name: 'Gegenvorschlag senden' }).click();
    await expect(dialog).toContainText('wartet auf den Kunden');
    expect((await publicStatus(page, counter)).counterAppointment).toBeTruthy();
    await page.keyboard.press('Escape');
    await expect(page.locator('.order-card', { hasText: 'Eva Gegenvorschlag' })).toContainText(
      'Gegenvorschlag',
    );

    dialog = await openCard(page, 'Abgelehnt');
    // Free text instead of a preset reason, asked first in the app's own dialog.
    const reject = dialog.getByRole('group', { name: 'Ablehnen' });
    await reject.getByLabel('Anderer Grund …').check();
    await reject.getByLabel('Nachricht an den Kunden').fill('Heute leider ausgebucht.');
    await reject.getByRole('button', { name: 'Ablehnen …' }).click();
    await dialog.getByRole('alertdialog').getByRole('button', { name: 'Ablehnen', exact: true }).click();
    await expect(dialog.getByTestId('order-status')).toContainText('storniert');
    expect(await publicStatus(page, rejected)).toMatchObject({
      isRejected: true,
      rejectionMessage: 'Heute leider ausgebucht.',
    });
    await page.keyboard.press('Escape');
    await expect(page.locator('.order-card', { hasText: 'Eva Abgelehnt' })).toHaveCount(0);

    dialog = await openCard(page, 'Fertig');
    await dialog.getByRole('button', { name: /^(Bestätigen|Zum Wunschtermin bestätigen)$/ }).click();
    await expect(dialog.getByTestId('order-status')).toContainText('Bestätigt');
    // The server fails once: the error list shows the catalogue text with a retry that works.
    await page.route('**/status/completed', (route) => route.fulfill({ status: 500, body: '' }), {
      times: 1,
    });
    await dialog.getByRole('button', { name: 'Abschließen' }).click();
    const errors = page.getByRole('alert', { name: 'Fehler' });
    await expect(errors).toContainText('Bestellstatus konnte nicht geändert werden.');
    // The panel says so too (the list is behind it).
    await expect(dialog.getByRole('alert')).toHaveText('Bestellstatus konnte nicht geändert werden.');
    await screenshot(page, testInfo, 'backoffice-error-list', false);
    await page.keyboard.press('Escape');
    await errors.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(errors).toHaveCount(0);
    await expect(
      page.locator('.board__column--completed .order-card', { hasText: 'Eva Fertig' }),
    ).toBeVisible();
    expect(await publicStatus(page, done)).toMatchObject({ isCompleted: true });

    // Paid at the counter afterwards.
    dialog = await openCard(page, 'Fertig');
    await dialog.getByRole('button', { name: 'Bezahlt (Kassa)' }).click();
    await expect(dialog.getByTestId('order-status')).toContainText('Bezahlt');
    await expect(dialog.getByRole('button', { name: 'Bezahlt (Kassa)' })).toHaveCount(0);
    expect(await publicStatus(page, done)).toMatchObject({ isPaid: true });
  });

  test('delivery: "Geliefert" from the card of a delivery in Zustellung; the status page says "Geliefert" until completed', async ({
    page,
    browser,
  }, testInfo) => {
    // Six actions, two windows, axe and screenshots: about 50 s on a loaded machine.
    test.setTimeout(90_000);
    await signIn(page, 'admin');
    const order = await deliveryOrder(page.request, 'Zugestellt');
    // The customer's status page is open in a second window and follows the order live.
    const customer = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await customer.goto(`/status/${order.uid}/${order.hash}`);
    const state = customer.locator('.status__state');
    await expect(state).toHaveText('Warten auf Bestätigung');

    let dialog = await openCard(page, 'Zugestellt');
    await dialog.getByRole('button', { name: /^(Bestätigen|Zum Wunschtermin bestätigen)$/ }).click();
    await expect(dialog.getByTestId('order-status')).toContainText('Bestätigt');
    await expect(dialog.getByRole('button', { name: 'Geliefert' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'In Zustellung' }).click();
    await expect(dialog.getByTestId('order-status')).toContainText('In Zustellung');
    await expect(dialog.getByRole('button', { name: 'Geliefert' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'backoffice-delivered-drawer', false);
    await page.keyboard.press('Escape');
    await expect(state).toHaveText('In Zustellung');

    // The driver's large button on the card itself.
    const card = page.locator('.board__column--inDelivery .order-card', { hasText: 'Eva Zugestellt' });
    await screenshot(page, testInfo, 'backoffice-delivered-card-before', false);
    await card.getByRole('button', { name: `#${order.ticketNumber} als geliefert markieren` }).click();
    await expect(card).toContainText('Geliefert – wartet auf Abschluss');
    await expect(card.getByRole('button', { name: /als geliefert markieren/ })).toHaveCount(0);
    await expect(state).toHaveText('Geliefert');
    await expect(customer.locator('.timeline__step--current')).toContainText('Abgeschlossen');
    await screenshot(page, testInfo, 'backoffice-delivered-card', false);
    await screenshot(customer, testInfo, 'status-delivered-phone');
    await page.setViewportSize({ width: 1024, height: 768 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'backoffice-delivered-card-tablet', false);

    dialog = await openCard(page, 'Zugestellt');
    await expect(dialog.getByTestId('order-status')).toContainText('Geliefert');
    await expect(dialog.getByRole('button', { name: 'Stornieren …' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Abschließen' }).click();
    await expect(state).toHaveText('Abgeschlossen');
    await customer.close();
  });

  test('reviews: the answers show on the order, in "Bewertungen" with filters, and the branch average in Statistik', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const staff = await staffApi(request);
    const config = await getData(staff.request, '/api/config');
    await post(staff, '/api/config', { ...config, enablePluginOrderReviews: true });
    const order = await placeOrderWithLink(page, 'Bewertet');
    const list = await getData<{ id: number; uid: string }[]>(staff.request, '/api/orders?limit=200');
    const id = list.find((o) => o.uid === order.uid)!.id;
    await post(staff, `/api/orders/${id}/status/confirm`, {
      appointment: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    await post(staff, `/api/orders/${id}/status/completed`);
    await post(staff, `/api/orders/public/${order.uid}/${order.hash}/questionnaire`, {
      rating: 2,
      foodRating: 3,
      serviceRating: 4,
      processRating: 1,
      comment: 'Das Schnitzel kam lauwarm an.',
    });

    await signIn(page, 'admin');
    // On the order: the four answers and the comment in the panel.
    const dialog = await openCard(page, 'Bewertet');
    const answers = dialog.getByRole('region', { name: 'Bewertung des Kunden' });
    await expect(answers).toContainText('Das Schnitzel kam lauwarm an.');
    // The stars are for the eye; the words "2 von 5" for a screen reader.
    await expect(answers.getByRole('definition').first()).toContainText('2 von 5');
    await answers.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'backoffice-order-review', false);
    await page.keyboard.press('Escape');

    // The list, from the board's toolbar.
    await page.getByRole('link', { name: 'Bewertungen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bewertungen' })).toBeVisible();
    const item = page.locator('.review-item', { hasText: 'Eva Bewertet' });
    await expect(item).toContainText('Das Schnitzel kam lauwarm an.');
    await expect(item.getByRole('definition')).toHaveText([/2 von 5$/, /3 von 5$/, /4 von 5$/, /1 von 5$/]);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'backoffice-reviews');
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, testInfo, 'backoffice-reviews-tablet', false);
    await page.setViewportSize({ width: 1280, height: 800 });

    const filters = page.getByRole('form', { name: 'Filter' });
    await filters.getByLabel('Gesamteindruck').selectOption('5');
    await filters.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(item).toHaveCount(0);
    await filters.getByLabel('Gesamteindruck').selectOption('1,2');
    await filters.getByLabel('Filiale').selectOption({ label: 'Gasthaus Zur Linde' });
    await filters.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(item).toBeVisible();

    // Statistik: the average per branch for the shown range (the last 30 days include today).
    await page.goto('/backend/statistics');
    const card = page.getByTestId('stats-reviews');
    // After the dashboard's own thirteen figures: on a loaded machine that takes a while.
    await expect(card.getByRole('rowheader', { name: 'Gasthaus Zur Linde', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(card).toContainText('Durchschnitt von 1 bis 5 Sternen.');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'backoffice-statistics-reviews', false);
  });

  test("drawer: reject with a preset reason and cancel, each asked in the app's own dialog; the status page shows the reason", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000); // two orders, four actions and the status page in a second tab
    await page.setViewportSize({ width: 1366, height: 900 });
    // A native confirm() would be answered here; the app must ask in its own dialog instead.
    const nativeDialogs: string[] = [];
    page.on('dialog', (native) => {
      nativeDialogs.push(`${native.type()}: ${native.message()}`);
      void native.dismiss();
    });
    await signIn(page, 'admin');
    const rejected = await placeOrderWithLink(page, 'Grund');
    const canceled = await placeOrderWithLink(page, 'Storno');
    await expect(page.locator('.order-card', { hasText: 'Eva Storno' })).toBeVisible();

    let dialog = await openCard(page, 'Grund');
    // The panel's close button is an icon with the name "Schließen"; the time is the customer's wish.
    await expect(dialog.getByRole('button', { name: 'Schließen', exact: true })).toHaveText('×');
    await expect(dialog.locator('.detail-list')).toContainText('Gewünscht');
    const reject = dialog.getByRole('group', { name: 'Ablehnen' });
    await expect(reject.getByRole('radio')).toHaveCount(5); // the four defaults and "Anderer Grund …"
    await expect(reject.getByRole('button', { name: 'Ablehnen …' })).toBeDisabled();
    await reject.getByLabel('Wir haben gerade zu viel los.').check();
    await screenshot(page, testInfo, 'backoffice-order-reject-reasons', false);
    await reject.getByRole('button', { name: 'Ablehnen …' }).click();
    let question = dialog.getByRole('alertdialog');
    await expect(question).toContainText('Der Kunde liest: „Wir haben gerade zu viel los.“');
    await expect(question.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await screenshot(page, testInfo, 'backoffice-order-reject-confirm', false);
    await expectNoSeriousA11yViolations(page);
    await question.getByRole('button', { name: 'Ablehnen', exact: true }).click();
    await expect(dialog.getByTestId('order-status')).toContainText('storniert');
    await expect(dialog.locator('.detail-list')).toContainText('Wir haben gerade zu viel los.');

    // The customer's status page says why.
    const status = await page.context().newPage();
    await status.setViewportSize({ width: 1366, height: 900 });
    await status.goto(`/status/${rejected.uid}/${rejected.hash}`);
    // The storefront is another chunk: on a busy machine its first paint takes a few seconds.
    await expect(status.locator('.status__rejection')).toHaveText('Wir haben gerade zu viel los.', {
      timeout: 20_000,
    });
    await screenshot(status, testInfo, 'status-rejected-with-reason', false);
    await status.close();
    await page.keyboard.press('Escape');

    // Confirmed, then cancelled: "Stornieren" stands apart from "Abschließen" and asks first.
    dialog = await openCard(page, 'Storno');
    await dialog.getByRole('button', { name: /^(Bestätigen|Zum Wunschtermin bestätigen)$/ }).click();
    await expect(dialog.getByTestId('order-status')).toContainText('Bestätigt');
    await expect(dialog.locator('.detail-list')).toContainText('Bestätigt für');
    await screenshot(page, testInfo, 'backoffice-order-detail-confirmed', false);
    await dialog.getByRole('button', { name: 'Stornieren …' }).click();
    question = dialog.getByRole('alertdialog');
    await expect(question).toContainText('wirklich stornieren?');
    await expect(question.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await question.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog.getByRole('alertdialog')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Stornieren …' })).toBeFocused();
    expect(await publicStatus(page, canceled)).toMatchObject({ isCanceled: false });
    await dialog.getByRole('button', { name: 'Stornieren …' }).click();
    await dialog.getByRole('alertdialog').getByRole('button', { name: 'Stornieren', exact: true }).click();
    await expect(dialog.getByTestId('order-status')).toContainText('storniert');
    expect(await publicStatus(page, canceled)).toMatchObject({ isCanceled: true });
    expect(nativeDialogs).toEqual([]);
  });

  test('correct an order: change and add items; the status page shows the new total', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000); // many steps, each a server round trip, and a second page
    await signIn(page, 'admin');
    const order = await placeOrderWithLink(page, 'Korrektur');
    const dialog = await openCard(page, 'Korrektur');
    // 2 × schnitzel → 3 ×, then a drink added through the product search.
    await dialog.getByRole('button', { name: 'Ändern (Wiener Schnitzel vom Kalb)' }).click();
    await dialog.getByLabel('Menge', { exact: true }).fill('3');
    await dialog.getByRole('button', { name: 'Position speichern' }).click();
    await expect(dialog).toContainText('Position wurde geändert.');
    await dialog.getByRole('button', { name: 'Position hinzufügen' }).click();
    await dialog.getByLabel('Produkt suchen').fill('Almdudler');
    await dialog.getByRole('list', { name: 'Gefundene Produkte' }).getByRole('button').first().click();
    await dialog.getByLabel('Menge', { exact: true }).fill('2');
    await page.setViewportSize({ width: 820, height: 1180 });
    await screenshot(page, testInfo, 'tablet-backoffice-order-add-item', false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Hinzufügen' }).click();
    await expect(dialog).toContainText('Position wurde hinzugefügt.');
    const total = (await dialog.locator('.detail-items tfoot tr').last().innerText()).match(/\d+,\d\d/)![0];
    expect(total).toBe('68,90'); // 3 × 19,90 + 2 × 4,60

    // The customer's status page shows the new items and total.
    const status = await page.context().newPage();
    await status.goto(`/status/${order.uid}/${order.hash}`);
    // The storefront is another chunk: on a busy machine its first paint takes a few seconds.
    await expect(status.locator('.totals__row--total')).toContainText('68,90', { timeout: 20_000 });
    await expect(status.locator('.cart-items')).toContainText('Almdudler');
    await status.close();

    // Remove an item after the app's own question.
    await dialog.getByRole('button', { name: /^Entfernen \(Almdudler/ }).click();
    await dialog.getByRole('alertdialog').getByRole('button', { name: 'Position entfernen' }).click();
    await expect(dialog).toContainText('Position wurde entfernt.');
    await expect(dialog.locator('.detail-items tfoot')).toContainText('59,70');
  });

  test("correct an order: contact and address; delete asks first in the app's own dialog", async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000); // many steps, each a server round trip, and a second page
    await signIn(page, 'admin');
    const order = await placeOrderWithLink(page, 'Loeschen');
    const dialog = await openCard(page, 'Loeschen');
    await dialog.getByRole('button', { name: 'Kontakt, Adresse, Termin ändern' }).click();
    await dialog.getByLabel('Telefon').fill('+43 660 1112223');
    await dialog.getByLabel('Straße und Hausnummer').fill('Lindengasse 5');
    await screenshot(page, testInfo, 'backoffice-order-edit-fields', false);
    await page.setViewportSize({ width: 820, height: 1180 });
    await screenshot(page, testInfo, 'tablet-backoffice-order-edit-fields', false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(dialog).toContainText('Bestellung wurde geändert.');
    await expect(dialog).toContainText('+43 660 1112223');
    await expect(dialog).toContainText('Lindengasse 5');

    // Delete: the app asks first, "Abbrechen" has the focus and keeps the order.
    await dialog.getByRole('button', { name: 'Löschen …' }).click();
    const confirm = dialog.getByRole('alertdialog');
    await expect(confirm).toContainText('wirklich löschen?');
    await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await screenshot(page, testInfo, 'backoffice-order-delete-confirm', false);
    await page.setViewportSize({ width: 820, height: 1180 });
    await screenshot(page, testInfo, 'tablet-backoffice-order-delete-confirm', false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await confirm.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog.getByRole('alertdialog')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Löschen …' }).click();
    await dialog.getByRole('alertdialog').getByRole('button', { name: 'Endgültig löschen' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('.order-card', { hasText: 'Eva Loeschen' })).toHaveCount(0);
    expect((await page.request.get(`/api/orders/public/${order.uid}/${order.hash}`)).status()).toBe(404);
  });

  test('order history: search, page and export to CSV', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    await placeOrder(page, 'Historie');
    await page.getByRole('link', { name: 'Bestellhistorie' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellhistorie' })).toBeVisible();
    await expect(page.locator('.history-table tbody tr').first()).toBeVisible();
    await page.getByLabel('Suche').fill('Historie');
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(page.locator('.history-table tbody tr')).toHaveCount(1);
    await expect(page.locator('.history-table')).toContainText('Eva Historie');
    await screenshot(page, testInfo, 'backoffice-history', false);
    await expectNoSeriousA11yViolations(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Als CSV exportieren' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^bestellungen-\d{4}-\d{2}-\d{2}\.csv$/);
    const { readFile } = await import('node:fs/promises');
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv).toContain('Ticket;Eingang;Termin;Filiale;Kunde;Art;Status;Zahlung;Summe');
    expect(csv).toContain('Eva Historie');
    await page.getByLabel('Suche').fill('gibt-es-sicher-nicht');
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(page.getByText('Leider wurden keine Ergebnisse gefunden.')).toBeVisible();
  });

  test('tablet 1024×768: board and navigation fit', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, 'admin');
    await expect(page.locator('.board__column--new .order-card').first()).toBeVisible();
    await screenshot(page, testInfo, 'backoffice-board-tablet', false);
  });

  test('board at 1280×800', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    await page
      .getByRole('button', { name: 'Alarm quittieren' })
      .click()
      .catch(() => undefined);
    await expect(page.locator('.board__column--new .order-card').first()).toBeVisible();
    await screenshot(page, testInfo, 'backoffice-board', false);
  });

  test('mitarbeiter sees only orders, branches and time tracking, and only the Vienna orders', async ({
    page,
  }, testInfo) => {
    await signIn(page, 'mitarbeiter');
    const nav = page.getByRole('navigation', { name: 'Bereiche' });
    await expect(nav.getByRole('link')).toHaveText(['Bestellungen', 'Filialen', 'Personal & Zeiterfassung']);
    await expect(page.locator('.order-card').first()).toBeVisible();
    await expect(page.locator('.board')).not.toContainText('Gruber Estrich');
    await expect(page.locator('.board-toolbar__filter')).toHaveCount(0);
    // The branches area holds only the tables for an employee.
    await nav.getByRole('link', { name: 'Filialen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tische' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Filialen' }).getByRole('link')).toHaveText(['Tische']);
    await page.goto('/backend/settings');
    await expect(page.getByText('Für diesen Bereich fehlt Ihnen die Berechtigung.')).toBeVisible();
    await screenshot(page, testInfo, 'backoffice-employee-area', false);

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/backend\/login$/);
    await page.goto('/backend/orders');
    await expect(page).toHaveURL(/\/backend\/login\?redirect=%2Fbackend%2Forders$/);
  });
});
