import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot } from './support';

// What a German or Austrian shop needs before it goes live (docs/decisions/legal.md): the order button that
// says ordering means paying, with the summary the law asks for directly above it.
const WIEN = '/store/gasthaus-linde-wien';

async function wienCheckoutWith(page: Page, product: RegExp) {
  await page.goto(WIEN);
  await page.getByRole('button', { name: product }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'In den Warenkorb' }).click();
  await page.getByRole('button', { name: /Warenkorb anzeigen/ }).click();
  await page.getByRole('link', { name: 'Zur Kasse' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();
}

test.describe('Order button and summary (§312j BGB, §8 FAGG)', () => {
  test('storefront: "Zahlungspflichtig bestellen" with items, delivery fee, total inkl. MwSt. and the terms right above it', async ({
    page,
  }, testInfo) => {
    test.slow(); // an axe run and a full checkout: over 30 s on a loaded machine
    await wienCheckoutWith(page, /Römerquelle/); // 3,20 EUR
    const submit = page.getByRole('button', { name: /^Zahlungspflichtig (bestellen|vorbestellen)$/ });
    await expect(submit).toBeVisible();
    await expect(page.getByRole('button', { name: /abschicken/ })).toHaveCount(0);

    const summary = page.getByRole('region', { name: 'Zusammenfassung Ihrer Bestellung' });
    await expect(summary).toContainText(/1\sStk\. Römerquelle prickelnd 0,33 l\s*3,20\sEUR/);
    await expect(summary).toContainText(/Gesamtbetrag inkl\. MwSt\.\s*3,20\sEUR/);
    // The demo's terms are pages of the shop: they open in a new tab, so the checkout stays as it is.
    await expect(summary.getByRole('link', { name: 'AGB' })).toHaveAttribute('href', '/terms-and-conditions');
    await expect(summary.getByRole('link', { name: 'AGB' })).toHaveAttribute('target', '_blank');
    await expect(summary.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    // Directly above the button: nothing else between the summary and the row of buttons.
    const next = await summary.evaluate((element) => element.nextElementSibling?.className ?? '');
    expect(next).toContain('checkout__actions');

    // Delivery: the fee is its own line, and the total includes it.
    await page.getByRole('button', { name: 'Römerquelle prickelnd 0,33 l bearbeiten' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Menge', { exact: true }).fill('7');
    await dialog.getByRole('button', { name: 'Änderungen speichern' }).click();
    await page.getByRole('radio', { name: 'Lieferung' }).check();
    await page.getByLabel('Liefergebiet').selectOption({ label: '1060 Mariahilf' });
    await expect(summary).toContainText(/Liefergebühr\s*2,90\sEUR/);
    await expect(summary).toContainText(/Gesamtbetrag inkl\. MwSt\.\s*25,30\sEUR/);
    await expect(submit).toBeVisible();
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'legal-order-summary', false);
    await expectNoSeriousA11yViolations(page);
  });
});

test('footer: tel: in E.164 and WhatsApp as wa.me/<international number>', async ({ page }) => {
  await page.goto(WIEN);
  const branch = page.locator('.content-footer__branch').filter({ hasText: 'Neubaugasse 42' });
  await expect(branch.getByRole('link', { name: '+43 1 523 88 10' })).toHaveAttribute(
    'href',
    'tel:+4315238810',
  );
  await expect(branch.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    'https://wa.me/4315238810',
  );
});

test.describe('Kiosk order button', () => {
  test.use({
    viewport: { width: 1080, height: 1920 },
    hasTouch: true,
    isMobile: false,
    deviceScaleFactor: 1,
  });
  test.slow(); // a 1080×1920 page with axe on a busy machine

  test('"Zahlungspflichtig bestellen" with the summary above it', async ({ page }, testInfo) => {
    await page.goto('/kiosk/gasthaus-linde-wien');
    await page.getByRole('button', { name: /Zum Bestellen tippen/ }).click();
    await page.getByRole('button', { name: /Abholung/ }).click();
    await page.getByRole('button', { name: /Almdudler/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'In den Warenkorb' }).click();
    await page.getByRole('button', { name: 'Zur Kasse' }).click();
    const submit = page.getByRole('button', { name: /^Zahlungspflichtig (bestellen|vorbestellen)$/ });
    await expect(submit).toBeVisible();
    const summary = page.getByRole('region', { name: 'Zusammenfassung Ihrer Bestellung' });
    await expect(summary).toContainText(/Almdudler/);
    await expect(summary).toContainText(/Gesamtbetrag inkl\. MwSt\./);
    // The kiosk never leaves its face: the terms are named, not linked to a page.
    await expect(summary).toContainText('Es gelten unsere AGB.');
    await expect(summary.getByRole('link')).toHaveCount(0);
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'legal-kiosk-summary', false);
    await expectNoSeriousA11yViolations(page);
  });
});
