import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot } from './support';

// The storefront against the real backend and its demo data (README "Demo data"): three branches,
// Gasthaus Zur Linde in Wien with a configurable "Schnitzel nach Wahl".
const WIEN = '/store/gasthaus-linde-wien';

test.describe('Storefront', () => {
  test('branch list: search by PLZ / Ort and filter by tag', async ({ page }, testInfo) => {
    await page.goto('/');
    const count = page.getByRole('status').filter({ hasText: /Filialen werden angezeigt|keine Ergebnisse/ });
    await expect(count).toHaveText('3 von 3 Filialen werden angezeigt.');
    const cards = page.locator('.branch-card');
    await expect(cards).toHaveCount(3);
    await expect(page.locator('.branch-card--inactive')).toContainText('Gasthaus Zur Linde Linz');
    await screenshot(page, testInfo, 'branch-list');
    await expectNoSeriousA11yViolations(page);

    const search = page.getByPlaceholder('PLZ / Ort');
    await search.fill('8053');
    await expect(count).toHaveText('1 von 3 Filialen werden angezeigt.');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Gruber Estrich & Boden');

    await search.fill('Salzburg');
    await expect(count).toHaveText('Leider wurden keine Ergebnisse gefunden.');
    await expect(cards).toHaveCount(0);
    await screenshot(page, testInfo, 'branch-list-no-result');

    await search.fill('');
    const tag = page.getByRole('button', { name: 'Wirtshaus' });
    await tag.click();
    await expect(tag).toHaveAttribute('aria-pressed', 'true');
    await expect(count).toHaveText('2 von 3 Filialen werden angezeigt.');
    await tag.click();
    await expect(tag).toHaveAttribute('aria-pressed', 'false');
    await expect(count).toHaveText('3 von 3 Filialen werden angezeigt.');
  });

  test('category bar: every group arrives, a jump lands below the bars and marks its category; a #category address too', async ({
    page,
  }) => {
    await page.goto(WIEN);
    const bar = page.getByRole('navigation', { name: 'Kategorien' });
    const links = bar.locator('[data-category-link]');
    await expect(links.first()).toBeVisible();
    // The menu is windowed (only what is on screen and a margin is rendered): a group far below is
    // rendered when the bar jumps to it.
    const ids = await links.evaluateAll((all) => all.map((a) => a.getAttribute('data-category-link')));
    expect(ids.length).toBeGreaterThan(2);
    // Spec section 2: the group's top comes to rest 36 % of the width below the window's top on a narrow
    // screen, 150 px on a wide one; its link is marked as the one being read.
    const offset = await page.evaluate(() =>
      window.innerWidth < 768 ? Math.round(window.innerWidth * 0.36) : 150,
    );
    const last = ids[ids.length - 1];
    await links.last().click();
    await expect(links.last()).toHaveAttribute('aria-current', 'true');
    const topOf = (id: string | null) =>
      page.evaluate(
        // null until the page (after a new load) has rendered the group
        (el) => {
          const group = document.getElementById(`category-${el}`);
          return group ? Math.round(group.getBoundingClientRect().top) : null;
        },
        id,
      );
    const scrollable = await page.evaluate(
      () => document.documentElement.scrollHeight - window.innerHeight - window.scrollY,
    );
    // The last group may sit higher when the page ends before it could scroll that far.
    if (scrollable > 2) await expect.poll(() => topOf(last)).toBe(offset);
    // An address with a group's anchor opens the page at that group.
    const second = ids[1];
    await page.goto('about:blank');
    await page.goto(`${WIEN}#category-${second}`);
    await expect.poll(() => topOf(second)).toBe(offset);
  });

  test('Wien: configure a product, add it, see the totals, and keep the cart over a reload', async ({
    page,
  }, testInfo) => {
    test.slow(); // four full-page screenshots and two axe runs: over 30 s on a loaded machine
    await page.goto('/');
    await page.getByRole('link', { name: 'Gasthaus Zur Linde', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${WIEN}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Gasthaus Zur Linde' })).toBeVisible();
    // The toolbar names the selected branch and its state.
    await expect(page.locator('.toolbar')).toContainText('Gasthaus Zur Linde');
    await expect(page.getByRole('navigation', { name: 'Kategorien' })).toContainText('Hauptspeisen');
    // The lunch menu is a bundle: listed, but not in the category bar.
    await expect(page.getByRole('navigation', { name: 'Kategorien' })).not.toContainText('Mittagsmenü');
    await expect(page.getByRole('button', { name: /Gebratener Saibling/ })).toBeDisabled();
    // The price statement (PAngV): once for the whole menu, not on every card.
    const priceNote = /^Alle Preise inkl\. MwSt\./;
    await expect(page.getByText(priceNote)).toHaveCount(1);
    await expect(page.locator('.store-banner').getByText(priceNote)).toHaveText('Alle Preise inkl. MwSt.');
    await screenshot(page, testInfo, 'store');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: /Schnitzel nach Wahl/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Schnitzel nach Wahl' });
    await expect(dialog).toBeVisible();
    const save = dialog.getByRole('button', { name: 'In den Warenkorb' });
    await expect(save).toBeDisabled();
    await expect(dialog.getByText('Bitte vervollständigen Sie: Fleisch, Beilagen.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Menge verringern' })).toBeDisabled();

    await dialog.getByRole('radio', { name: 'Kalb (+ 4,50 €)' }).check();
    await dialog.getByRole('checkbox', { name: 'Pommes frites' }).check();
    await dialog.getByRole('checkbox', { name: 'Preiselbeeren (+ 0,80 €)' }).check();
    await expect(dialog.locator('.product-modal__price')).toContainText('19,80 €');
    await dialog.getByRole('button', { name: 'Menge erhöhen' }).click();
    await expect(dialog.getByLabel('Menge', { exact: true })).toHaveValue('2');
    await expect(dialog.locator('.product-modal__price')).toContainText('39,60 €');
    await expect(dialog.getByText(priceNote)).toHaveCount(1);
    await dialog.getByLabel('Anmerkung').fill('Bitte gut durch.');
    await screenshot(page, testInfo, 'product-modal', false);
    await expectNoSeriousA11yViolations(page);
    await save.click();

    await expect(dialog).toBeHidden();
    await expect(page.getByText('Produkt zum Warenkorb hinzugefügt.')).toBeVisible();
    const cartButton = page.getByRole('button', { name: /Warenkorb anzeigen/ });
    await expect(cartButton).toContainText('2');
    await expect(cartButton).toContainText('39,60 €');

    await cartButton.click();
    const panel = page.getByRole('complementary', { name: /Warenkorb/ });
    await expect(panel.getByRole('button', { name: 'Warenkorb ausblenden' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await cartButton.click();
    await expect(panel).toContainText('Schnitzel nach Wahl');
    await expect(panel).toContainText('Kalb · Pommes frites, Preiselbeeren · Bitte gut durch.');
    await expect(panel.locator('.totals__row--total')).toHaveText(/Gesamt\s*39,60\s€/);
    await expect(panel).toContainText('inkl. 10 % MwSt.');
    await expect(panel).toContainText('3,60 €');
    await expect(panel.getByText(priceNote)).toHaveCount(1);
    await screenshot(page, testInfo, 'cart');
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect(page.getByRole('button', { name: /Warenkorb anzeigen/ })).toContainText('39,60 €');
    const stored = await page.evaluate(() => sessionStorage.getItem('asp.gasthaus-linde-wien'));
    expect(JSON.parse(stored ?? '{}').items).toHaveLength(1);

    // Delivery: the statement names the chosen area's fee, and stays one sentence on the menu.
    await page.getByRole('radio', { name: 'Lieferung' }).check();
    await checkPostcode(page, '1080');
    const banner = page.locator('.store-banner');
    await expect(banner.getByText(priceNote)).toHaveText(
      /^Alle Preise inkl\. MwSt\., zzgl\. Liefergebühr von 3,50\s€ \(ab 40,00\s€ Bestellwert kostenlos\)\.$/,
    );
    await page.getByRole('button', { name: /Andere Postleitzahl/ }).click();
    await checkPostcode(page, '1070');
    await expect(banner.getByText(priceNote)).toHaveText('Alle Preise inkl. MwSt., Lieferung kostenlos.');
    await expect(page.getByText(priceNote)).toHaveCount(1);
    await banner.getByText(priceNote).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'store-price-note-delivery', false);
  });

  test('the product modal works by keyboard: Enter opens, Escape closes and focus returns', async ({
    page,
  }) => {
    await page.goto(WIEN);
    // A product with options (one without goes into the cart in one tap).
    const product = page.getByRole('button', { name: /Schnitzel nach Wahl/ });
    await product.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Schnitzel nach Wahl' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(product).toBeFocused();
  });

  test('Wien: a step-by-step product goes forward only when each step is valid', async ({
    page,
  }, testInfo) => {
    await page.goto(WIEN);
    await page.getByRole('button', { name: /Bowl zusammenstellen/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Bowl zusammenstellen' });
    await expect(dialog.getByText('Schritt 1 von 4')).toBeVisible();
    const forward = dialog.getByRole('button', { name: 'Weiter' });
    await expect(forward).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'In den Warenkorb' })).toHaveCount(0);

    await dialog.getByRole('radio', { name: 'Quinoa (+ 1,00 €)' }).check();
    await forward.click();
    await expect(dialog.getByText('Schritt 2 von 4')).toBeVisible();
    await dialog.getByRole('radio', { name: /Falafel/ }).check();
    await forward.click();
    await forward.click(); // toppings are optional
    await expect(dialog.getByText('Schritt 4 von 4')).toBeVisible();
    await dialog.getByRole('button', { name: 'Zurück' }).click();
    await expect(dialog.getByText('Schritt 3 von 4')).toBeVisible();
    await dialog.getByRole('checkbox', { name: /Avocado/ }).check();
    await forward.click();
    await dialog.getByRole('radio', { name: 'Chili-Mango' }).check();
    await expect(dialog.locator('.product-modal__price')).toContainText('16,20 €');
    await screenshot(page, testInfo, 'step-by-step', false);
    await dialog.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByRole('button', { name: /Warenkorb anzeigen/ })).toContainText('16,20 €');
  });

  test('Graz: an alternative unit converts the amount and the total is hidden for approximate prices', async ({
    page,
  }) => {
    await page.goto('/store/estrich-graz');
    await page.getByRole('button', { name: /Fließestrich CAF C25-F5/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Menge', { exact: true })).toHaveValue('20');
    await dialog.getByLabel('Einheit').selectOption('kg');
    await expect(dialog.getByLabel('Menge', { exact: true })).toHaveValue('2000');
    await dialog.getByLabel('Menge', { exact: true }).fill('2345,5');
    await dialog.getByLabel('Menge', { exact: true }).press('Enter');
    await expect(dialog.getByLabel('Menge', { exact: true })).toHaveValue('2300');
    await expect(dialog.locator('.product-modal__price')).toContainText('ca. 437,00 €');
    await dialog.getByRole('button', { name: 'In den Warenkorb' }).click();

    const cartButton = page.getByRole('button', { name: /Warenkorb anzeigen/ });
    await expect(cartButton).not.toContainText('€');
    await cartButton.click();
    const panel = page.getByRole('complementary', { name: /Warenkorb/ });
    await expect(panel).toContainText('2300 kg');
    await expect(panel).toContainText('Die Gesamtsumme erhalten Sie mit unserer Bestätigung.');
    await expect(panel).toContainText('Die Preise sind unverbindlich. Sie erhalten ein Angebot von uns.');
    await expect(panel.locator('.totals__row--total')).toHaveCount(0);
  });
});

// A 360 px phone and a 1080×1920 portrait kiosk: the same screens, for people to look at (named storefront-…, apart
// from the kiosk app's own kiosk-… screenshots in kiosk.spec.ts).
for (const screen of [
  { name: 'phone', viewport: { width: 360, height: 740 } },
  { name: 'kiosk', viewport: { width: 1080, height: 1920 } },
]) {
  test(`screens on the ${screen.name} (${screen.viewport.width}×${screen.viewport.height})`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one run per screen size is enough');
    await page.setViewportSize(screen.viewport);
    await page.goto('/');
    await expect(page.locator('.branch-card')).toHaveCount(3);
    await screenshot(page, testInfo, `storefront-${screen.name}-branch-list`);

    await page.goto(WIEN);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screenshot(page, testInfo, `storefront-${screen.name}-store`, false);

    await page.getByRole('button', { name: /Schnitzel nach Wahl/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /Schwein/ }).check();
    await dialog.getByRole('checkbox', { name: 'Reis', exact: true }).check();
    await screenshot(page, testInfo, `storefront-${screen.name}-product-modal`, false);
    await dialog.getByRole('button', { name: 'In den Warenkorb' }).click();
    await expect(page.getByText('Produkt zum Warenkorb hinzugefügt.')).toBeVisible();
    await screenshot(page, testInfo, `storefront-${screen.name}-added`, false);

    await page.getByRole('button', { name: /Warenkorb anzeigen/ }).click();
    await screenshot(page, testInfo, `storefront-${screen.name}-cart`, false);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Zur Kasse' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
    await screenshot(page, testInfo, `storefront-${screen.name}-checkout`, false);
    await page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)/ }).click();
    await expect(page.getByLabel('Vorname')).toHaveAttribute('aria-invalid', 'true');
    await page.waitForTimeout(600); // the smooth scroll to the first error
    await screenshot(page, testInfo, `storefront-${screen.name}-checkout-errors`, false);
    await page.getByRole('heading', { name: 'Rechtliches' }).scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, `storefront-${screen.name}-checkout-bottom`, false);
  });
}

test.describe('Status page', () => {
  test('an unknown order (or a wrong hash) shows the 404 page', async ({ page }) => {
    await page.goto('/status/00000000-0000-4000-8000-000000000000/falscher-hash');
    await expect(page.getByRole('heading', { level: 1, name: '404 Not Found' })).toBeVisible();
  });
});

test.describe('Checkout', () => {
  test('an empty cart says so and links back to the branch', async ({ page }) => {
    await page.goto(`${WIEN}/checkout`);
    await expect(page.getByText('Keine Produkte im Warenkorb!')).toBeVisible();
    await page.getByRole('link', { name: 'Zurück zur Filiale' }).click();
    await expect(page).toHaveURL(new RegExp(`${WIEN}$`));
  });

  test('shows the German field errors before sending, and back keeps the form', async ({
    page,
  }, testInfo) => {
    // Every field, both overlays and both pickers in one story: near the default 30 s on a loaded machine.
    test.setTimeout(60_000);
    await page.goto(WIEN);
    await page.getByRole('button', { name: /Wiener Schnitzel vom Kalb/ }).click();
    await page.getByRole('button', { name: /Warenkorb anzeigen/ }).click();
    await page.getByRole('link', { name: 'Zur Kasse' }).click();
    await expect(page).toHaveURL(new RegExp(`${WIEN}/checkout$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();

    // Every section of the specification's checkout screen, in order.
    const sections = page.locator('.checkout__section-title');
    await expect(sections).toHaveText([
      'Bestellart',
      'Kontaktdaten',
      'Termin',
      'Anmerkungen',
      'Ihre Bestellung',
      'Spende',
      'Zahlungsart',
      'Rechtliches',
    ]);
    const submit = page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)/ });
    await expect(submit).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await submit.click();
    const firstName = page.getByLabel('Vorname');
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Dieser Wert sollte nicht leer sein.').first()).toBeVisible();
    await expect(page.getByText('Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen.')).toBeVisible();
    await screenshot(page, testInfo, 'checkout-errors');

    await firstName.fill('Anna');
    await expect(firstName).toHaveAttribute('aria-invalid', 'false');
    await expect(firstName).toHaveValue('Anna'); // what was typed stays visible
    const comment = page.getByLabel('Anmerkungen, Wünsche, Allergien');
    await comment.pressSequentially('Ohne Zwiebel');
    await expect(comment).toHaveValue('Ohne Zwiebel');
    const phone = page.getByLabel('Telefon');
    await phone.fill('0043 664 1234567');
    await phone.blur();
    await expect(phone).toHaveValue('+43 664 1234567');

    // Delivery: the address section, the postcode required (it decides the delivery area).
    await page.getByRole('radio', { name: 'Lieferung' }).check();
    await expect(page.getByRole('textbox', { name: 'PLZ', exact: true })).toHaveAttribute(
      'aria-required',
      'true',
    );
    await expect(page.getByLabel('Straße und Hausnummer')).toBeVisible();

    // The donation overlay: search, choose, save; the chosen one deselects on a second click.
    await page.getByRole('button', { name: /Organisation/ }).click();
    const donation = page.getByRole('dialog', { name: 'Organisation wählen' });
    await donation.getByLabel('Organisation suchen').fill('Schachklub');
    await expect(donation.getByText('Keine passende Organisation gefunden.')).toBeVisible();
    await donation.getByLabel('Organisation suchen').fill('Caritas');
    await donation.getByRole('checkbox', { name: /Caritas Wien/ }).check();
    await donation.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByRole('button', { name: /Organisation/ })).toContainText('Caritas Wien');

    // The slots: a day chip, then a time button; one tap each.
    await page.getByRole('radiogroup', { name: 'Datum' }).getByRole('radio').nth(1).check();
    const times = page.getByRole('radiogroup', { name: 'Uhrzeit' });
    const time = times.getByRole('radio', { disabled: false }).nth(1);
    await time.check();
    await expect(time).toBeChecked();
    await screenshot(page, testInfo, 'time-slots', false);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Zurück', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${WIEN}$`));
    await page.goto(`${WIEN}/checkout`);
    await expect(page.getByLabel('Vorname')).toHaveValue('Anna');
    await expect(page.getByRole('radio', { name: 'Lieferung' })).toBeChecked();
    await screenshot(page, testInfo, 'checkout-delivery');
  });
});

/** Delivery on the store page: the postcode, checked by the server; waits for the area's facts. */
async function checkPostcode(page: Page, postcode: string) {
  await page.getByLabel('Ihre Postleitzahl').fill(postcode);
  await page.getByRole('button', { name: 'Liefergebiet prüfen' }).click();
  await expect(page.getByText(/^Wir liefern zu Ihnen:/)).toBeVisible();
}

/** Delivery in the checkout: the postcode of the address, checked on leaving the field. */
async function fillPostcode(page: Page, postcode: string) {
  const field = page.getByRole('textbox', { name: 'PLZ', exact: true });
  await field.fill(postcode);
  await field.blur();
  await expect(page.getByText(/^Wir liefern zu Ihnen:/)).toBeVisible();
}

/** Fills the contact fields and ticks both legal checkboxes of the checkout. */
async function fillContact(page: Page) {
  await page.getByLabel('Vorname').fill('Anna');
  await page.getByLabel('Nachname').fill('Gruber');
  await page.getByLabel('E-Mail').fill('anna.gruber@example.at');
  await page.getByLabel('Telefon').fill('+43 664 1234567');
  await acceptLegal(page);
}

async function fillAddress(page: Page, street: string, zipCode: string, city: string) {
  await page.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill(street);
  await page.getByRole('textbox', { name: 'PLZ', exact: true }).fill(zipCode);
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill(city);
}

async function acceptLegal(page: Page) {
  await page.getByLabel('Ich akzeptiere die Allgemeinen Geschäftsbedingungen.').check();
  await page.getByLabel('Ich habe die Datenschutzerklärung zur Kenntnis genommen.').check();
}

/** Signs in as the demo admin (README); answers the CSRF header for writes. */
async function signIn(page: Page): Promise<Record<string, string>> {
  const login = await page.request.post('/api/auth/login', {
    data: { username: 'admin', password: 'Admin-Demo-2026' },
  });
  const { data: session } = (await login.json()) as { data: { csrfToken: string } };
  return { 'X-CSRF-Token': session.csrfToken };
}

/** Signs in as the demo admin (README) and runs a staff status action on the order of a status page. */
async function staffAction(page: Page, action: string, data: object = {}) {
  const uid = new URL(page.url()).pathname.split('/').at(-2)!;
  const login = await page.request.post('/api/auth/login', {
    data: { username: 'admin', password: 'Admin-Demo-2026' },
  });
  const { data: session } = (await login.json()) as { data: { csrfToken: string } };
  const list = await page.request.get('/api/orders?limit=100');
  const { data: staffOrders } = (await list.json()) as { data: { id: number; uid: string }[] };
  const id = staffOrders.find((order) => order.uid === uid)?.id;
  expect(id).toBeDefined();
  const response = await page.request.post(`/api/orders/${id}/status/${action}`, {
    headers: { 'X-CSRF-Token': session.csrfToken },
    data,
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** Adds a simple product of the Wien menu and opens the checkout. */
async function wienCheckoutWith(page: Page, product: RegExp) {
  await page.goto(WIEN);
  // A product without options goes into the cart in one tap.
  await page.getByRole('button', { name: product }).click();
  await page.goto(`${WIEN}/checkout`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
}

const submitButton = (page: Page) =>
  page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)|Angebotsanfrage abschicken/ });

test.describe('Ordering', () => {
  test('a takeaway order with a configurable product reaches its status page, which follows the staff', async ({
    page,
  }, testInfo) => {
    await page.goto(WIEN);
    await page.getByRole('button', { name: /Schnitzel nach Wahl/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Schnitzel nach Wahl' });
    await dialog.getByRole('radio', { name: 'Huhn' }).check();
    await dialog.getByRole('checkbox', { name: 'Reis', exact: true }).check();
    await dialog.getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByRole('button', { name: /Warenkorb anzeigen/ }).click();
    await page.getByRole('link', { name: 'Zur Kasse' }).click();

    await page.getByLabel('Vorname').fill('Anna');
    await page.getByLabel('Nachname').fill('Gruber');
    await page.getByLabel('E-Mail').fill('anna.gruber@example.at');
    await page.getByLabel('Telefon').fill('+43 664 1234567');
    await page.getByLabel('Ich akzeptiere die Allgemeinen Geschäftsbedingungen.').check();
    await page.getByLabel('Ich habe die Datenschutzerklärung zur Kenntnis genommen.').check();
    const orders: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/orders'))
        orders.push(request.headers()['idempotency-key'] ?? '');
    });
    await page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)/ }).dblclick();

    await expect(page).toHaveURL(/\/status\/[0-9a-f-]{36}\/[^/]+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung!' }),
    ).toBeVisible();
    await expect(page.getByText('Warten auf Bestätigung')).toBeVisible();
    await expect(page.getByText('Ticketnummer')).toBeVisible();
    await expect(page.locator('.status__order')).toContainText('Schnitzel nach Wahl');
    expect(new Set(orders).size).toBe(1); // a double click sends one key
    expect(orders[0]).toMatch(/^[0-9a-f-]{36}$/);
    // The cart was cleared.
    const stored = await page.evaluate(() => sessionStorage.getItem('asp.gasthaus-linde-wien'));
    expect(JSON.parse(stored ?? '{}').items).toEqual([]);
    await screenshot(page, testInfo, 'status-waiting');
    await expectNoSeriousA11yViolations(page);

    // Staff confirm through the API; the page follows by its event stream (or its 10 s poll).
    const uid = page.url().split('/').at(-2)!;
    const login = await page.request.post('/api/auth/login', {
      data: { username: 'admin', password: 'Admin-Demo-2026' },
    });
    const { data: session } = (await login.json()) as { data: { csrfToken: string } };
    const list = await page.request.get('/api/orders?limit=50');
    const { data: staffOrders } = (await list.json()) as { data: { id: number; uid: string }[] };
    const id = staffOrders.find((order) => order.uid === uid)?.id;
    expect(id).toBeDefined();
    const confirm = await page.request.post(`/api/orders/${id}/status/confirm`, {
      headers: { 'X-CSRF-Token': session.csrfToken },
      data: {},
    });
    expect(confirm.status()).toBeLessThan(300);
    await expect(page.getByText('Bestätigt und in Zubereitung')).toBeVisible({ timeout: 15_000 });
    await screenshot(page, testInfo, 'status-confirmed');
  });
});

test.describe('Ordering, more', () => {
  test('a counter-offer accepted, then the completed order is rated', async ({ page }, testInfo) => {
    test.setTimeout(60_000); // checkout, two staff actions, the status page and the four-part rating
    await wienCheckoutWith(page, /Kaiserschmarrn/);
    await fillContact(page);
    await submitButton(page).click();
    await expect(page.getByText('Warten auf Bestätigung')).toBeVisible();

    const proposed = new Date(Date.now() + 3 * 24 * 3600 * 1000);
    proposed.setUTCHours(17, 30, 0, 0);
    await staffAction(page, 'confirm', { counterAppointment: proposed.toISOString() });
    const offer = page.getByRole('region', { name: 'Terminvorschlag' });
    await expect(offer).toContainText('Wir schlagen', { timeout: 15_000 });
    await screenshot(page, testInfo, 'status-counter-offer');
    await offer.getByRole('button', { name: 'Termin annehmen' }).click();
    await expect(page.getByText('Bestätigt und in Zubereitung')).toBeVisible();
    await expect(offer).toBeHidden();

    await staffAction(page, 'completed');
    const review = page.getByRole('form', { name: 'Wie zufrieden waren Sie?' });
    await expect(review).toBeVisible({ timeout: 15_000 });
    const send = review.getByRole('button', { name: 'Bewertung senden' });
    for (const [category, stars] of [
      ['Gesamteindruck', '5 Sterne'],
      ['Essen', '4 Sterne'],
      ['Service', '5 Sterne'],
    ]) {
      await review.getByRole('group', { name: category }).getByLabel(stars).check();
    }
    await expect(send).toBeDisabled();
    await expect(review.getByLabel('Möchten Sie uns noch etwas mitteilen?')).toHaveCount(0);
    await review.getByRole('group', { name: 'Ablauf' }).getByLabel('3 Sterne').check();
    await review.getByLabel('Möchten Sie uns noch etwas mitteilen?').fill('Sehr gut, danke!');
    await screenshot(page, testInfo, 'status-questionnaire');
    await expectNoSeriousA11yViolations(page);
    await send.click();
    await expect(review).toBeHidden();
  });

  test('a counter-offer rejected cancels the order', async ({ page }) => {
    await wienCheckoutWith(page, /Sachertorte/);
    await fillContact(page);
    await submitButton(page).click();
    await expect(page.getByText('Warten auf Bestätigung')).toBeVisible();
    const proposed = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    proposed.setUTCHours(16, 0, 0, 0);
    await staffAction(page, 'confirm', { counterAppointment: proposed.toISOString() });
    await page.getByRole('button', { name: 'Ablehnen und stornieren' }).click({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung storniert' })).toBeVisible();
  });

  test('a pre-order while the branch is closed: banner, a later day and time, the appointment on the status page', async ({
    page,
  }, testInfo) => {
    // Close Wien for today (a one-off closed day, as a holiday is entered), whatever the real clock says.
    const headers = await signIn(page);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(new Date());
    const { data: branches } = (await (await page.request.get('/api/branches?limit=100')).json()) as {
      data: Array<Record<string, unknown> & { id: number; identifier: string; openingHours: unknown[] }>;
    };
    const { id, ...wien } = branches.find((branch) => branch.identifier === 'gasthaus-linde-wien')!;
    const put = (openingHours: unknown[]) =>
      page.request.put(`/api/branches/${id}`, { headers, data: { ...wien, openingHours } });
    const closed = { type: 'once', date: today, from: '00:00', to: '00:00', isClosed: true };
    expect((await put([...wien.openingHours, closed])).status()).toBeLessThan(300);
    try {
      await page.goto(WIEN);
      await expect(page.locator('.toolbar')).toContainText('Geschlossen');
      const banner = page.getByRole('status').filter({ hasText: 'Derzeit haben wir leider geschlossen.' });
      await expect(banner).toContainText('Gerne nehmen wir auch Ihre Vorbestellungen entgegen.');
      await expect(banner).toContainText('Wir bearbeiten diese sobald wir wieder geöffnet haben.');
      await screenshot(page, testInfo, 'store-closed-preorder', false);
      await page.getByRole('button', { name: /Pommes frites/ }).click();
      await page.goto(`${WIEN}/checkout`);
      await fillContact(page);
      // Today is not bookable and nothing "as soon as possible": the first chip is a later day, whose
      // first time a tap on it takes.
      const day = page.getByRole('radiogroup', { name: 'Datum' }).getByRole('radio').first();
      await expect(day).not.toHaveAccessibleName(/^(Heute|So bald wie möglich)/);
      await day.check();
      await expect(
        page.getByRole('radiogroup', { name: 'Uhrzeit' }).getByRole('radio', { checked: true }),
      ).toHaveCount(1);
      const submit = page.getByRole('button', { name: 'Zahlungspflichtig vorbestellen' });
      await expect(submit).toBeVisible();
      await expect(page.getByLabel('Vorname')).toHaveValue('Anna');
      await screenshot(page, testInfo, 'checkout-preorder-closed');
      await submit.click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung!' }),
      ).toBeVisible();
      await expect(page.locator('.status__order')).toContainText(/um \d\d:\d\d Uhr/);
      await screenshot(page, testInfo, 'status-preorder');
    } finally {
      expect((await put(wien.openingHours)).status()).toBeLessThan(300);
    }
  });

  test('dine-in with a table: no contact section, the table is required', async ({ page }, testInfo) => {
    await wienCheckoutWith(page, /Almdudler/);
    await page.getByRole('radio', { name: 'Vor Ort essen' }).check();
    await expect(page.getByText('Die Nummer finden Sie in der Mitte des QR-Codes')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kontaktdaten' })).toHaveCount(0);
    await acceptLegal(page);
    await submitButton(page).click();
    await expect(page.getByLabel('Tischnummer')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Tischnummer').selectOption({ index: 3 });
    await screenshot(page, testInfo, 'checkout-dine-in');
    await submitButton(page).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung!' }),
    ).toBeVisible();
  });

  test('delivery: the submit area says why it cannot order yet; above the minimum the order goes out', async ({
    page,
  }, testInfo) => {
    await wienCheckoutWith(page, /Römerquelle/); // 3,20 €
    await page.getByRole('radio', { name: 'Lieferung' }).check();
    // No address yet: the button stays (disabled) and says what is missing beside it.
    const actions = page.locator('.checkout__actions');
    await expect(submitButton(page)).toBeDisabled();
    await expect(actions.getByRole('status')).toHaveText('Bitte Lieferadresse angeben.');
    await fillPostcode(page, '1060');
    const summary = page.locator('.cart-summary');
    await expect(summary).toContainText(
      'Sie haben den Mindestbestellwert in Höhe von 20,00 € leider noch nicht erreicht.',
    );
    await expect(summary).toContainText('Kostenlose Lieferung ab 35,00 €.');
    // Below the minimum: the missing amount next to the button.
    await expect(submitButton(page)).toBeDisabled();
    await expect(actions.getByRole('status')).toHaveText(
      /^Mindestbestellwert 20,00\s€ – es fehlen noch 16,80\s€\.$/,
    );
    await expect(submitButton(page)).toHaveAccessibleDescription(/es fehlen noch 16,80/);
    await actions.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'checkout-delivery-minimum', false);

    await page.getByRole('button', { name: 'Römerquelle prickelnd 0,33 l bearbeiten' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Menge', { exact: true }).fill('7');
    await dialog.getByLabel('Menge', { exact: true }).press('Enter');
    await dialog.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(summary).not.toContainText('Mindestbestellwert');
    await expect(summary).toContainText('Lieferung');
    await expect(summary).toContainText('2,90 €');
    await expect(actions.getByRole('status')).toHaveCount(0);
    await fillContact(page);
    await fillAddress(page, 'Mariahilfer Straße 1', '1060', 'Wien');
    await submitButton(page).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung!' }),
    ).toBeVisible();
  });

  test('Graz: a quotation request with an uploaded floor plan and a required appointment', async ({
    page,
  }, testInfo) => {
    await page.goto('/store/estrich-graz');
    await page.getByRole('button', { name: /Estrichverlegung nach Maß/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Estrichverlegung nach Maß' });
    await dialog.getByRole('radio', { name: /Fließestrich CAF/ }).check();
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByRole('radio', { name: /6,5 cm/ }).check();
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByLabel(/Grundriss/).setInputFiles({
      name: 'grundriss.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await expect(dialog.getByText('grundriss.pdf')).toBeVisible();
    await screenshot(page, testInfo, 'upload-part', false);
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByRole('button', { name: 'In den Warenkorb' }).click();

    await page.goto('/store/estrich-graz/checkout');
    await fillContact(page);
    await fillAddress(page, 'Annenstraße 10', '8020', 'Graz');
    const days = page.getByRole('radiogroup', { name: 'Datum' });
    await expect(days.getByRole('radio', { checked: true })).toHaveCount(0);
    await submitButton(page).click();
    await expect(page.getByText('Bitte wählen Sie einen Termin aus.')).toBeVisible();

    // The second bookable day: on the first, the earliest time moves on every 5 minutes (lead time from now).
    await days.getByRole('radio').nth(1).check();
    await expect(submitButton(page)).toHaveText('Angebotsanfrage abschicken');
    await submitButton(page).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung!' }),
    ).toBeVisible();
    await expect(page.locator('.status__order')).toContainText('Estrichverlegung nach Maß');
    await screenshot(page, testInfo, 'status-quotation');
  });
});

test('a server validation error is shown at its field', async ({ page }, testInfo) => {
  await wienCheckoutWith(page, /Pommes frites/);
  await fillContact(page);
  // The browser checks no length; the server allows 2000 characters and answers 400 for the field.
  await page.getByLabel('Anmerkungen, Wünsche, Allergien').fill('x'.repeat(2001));
  await submitButton(page).click();
  const comment = page.getByLabel('Anmerkungen, Wünsche, Allergien');
  await expect(comment).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#comment-error')).toContainText('2000');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(comment).toBeInViewport(); // the page scrolled to the first error
  await page.waitForTimeout(700); // let the smooth scroll finish before the picture
  await screenshot(page, testInfo, 'checkout-server-error', false);

  await comment.fill('Bitte ohne Salz.');
  await expect(comment).toHaveAttribute('aria-invalid', 'false');
  await submitButton(page).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Vielen Dank für Ihre Bestellung!' }),
  ).toBeVisible();
});
