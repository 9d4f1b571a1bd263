import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot } from './support';

// Issue 25: the address decides delivery. Demo data: Gasthaus Zur Linde in Wien delivers to 1070 Neubau
// (free, minimum 15,00), 1060 Mariahilf (2,90, minimum 20,00, free from 35,00) and 1080 Josefstadt (3,50,
// minimum 25,00, free from 40,00); 1100 Favoriten lies outside every area.
const WIEN = '/store/gasthaus-linde-wien';
const OUTSIDE =
  'An diese Adresse liefern wir leider nicht. Bitte prüfen Sie die Postleitzahl oder wählen Sie Abholung.';

async function checkPostcode(page: Page, postcode: string) {
  await page.getByLabel('Ihre Postleitzahl').fill(postcode);
  await page.getByRole('button', { name: 'Liefergebiet prüfen' }).click();
}

test.describe('Delivery: the address decides', () => {
  test('store page: the postcode comes first; outside every area is refused at the field, inside shows the fee before the menu', async ({
    page,
  }, testInfo) => {
    await page.goto(WIEN);
    await page.getByRole('radio', { name: 'Lieferung' }).check();
    const postcode = page.getByLabel('Ihre Postleitzahl');
    await expect(postcode).toBeVisible();
    await expect(page.getByText('Wohin dürfen wir liefern?')).toBeVisible();

    await checkPostcode(page, '1100');
    await expect(postcode).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#delivery-postcode-error')).toHaveText(OUTSIDE);
    await expect(postcode).toHaveAccessibleDescription(OUTSIDE);
    await screenshot(page, testInfo, 'delivery-postcode-refused', false);
    await expectNoSeriousA11yViolations(page);

    await checkPostcode(page, '1080');
    const facts = page.locator('.store-banner .delivery-facts');
    await expect(facts).toContainText('Wir liefern zu Ihnen: 1080 Josefstadt');
    await expect(facts).toContainText(/Liefergebühr\s*3,50\s€/);
    await expect(facts).toContainText(/Mindestbestellwert\s*25,00\s€/);
    await expect(facts).toContainText(/Kostenlose Lieferung ab\s*40,00\s€/);
    // Before the menu: above the first product group.
    const factsBox = (await facts.boundingBox())!;
    const menuBox = (await page.locator('[id^="category-"]').first().boundingBox())!;
    expect(factsBox.y + factsBox.height).toBeLessThan(menuBox.y);
    await screenshot(page, testInfo, 'delivery-area-found', false);
    await expectNoSeriousA11yViolations(page);
    if (testInfo.project.name === 'mobile') {
      // The narrowest common phone as well (390 px).
      await page.setViewportSize({ width: 390, height: 844 });
      await facts.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'delivery-area-found-390', false);
    }

    // The choice stays with the cart across a reload.
    await page.reload();
    await expect(page.locator('.store-banner .delivery-facts')).toContainText('1080 Josefstadt');
  });

  test('checkout: the checked postcode is filled in, a changed one outside every area is refused at the field', async ({
    page,
  }, testInfo) => {
    await page.goto(WIEN);
    await page.getByRole('radio', { name: 'Lieferung' }).check();
    await checkPostcode(page, '1060');
    await expect(page.locator('.store-banner .delivery-facts')).toContainText('1060 Mariahilf');
    await page.getByRole('button', { name: /Fiakergulasch/ }).click();
    await page.getByRole('button', { name: /Warenkorb anzeigen/ }).click();
    await page.getByRole('link', { name: 'Zur Kasse' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Kasse' })).toBeVisible();

    const zip = page.getByRole('textbox', { name: 'PLZ', exact: true });
    await expect(zip).toHaveValue('1060');
    await expect(page.locator('.checkout__form .delivery-facts')).toContainText(
      'Wir liefern zu Ihnen: 1060 Mariahilf',
    );

    await page.getByLabel('Vorname').fill('Anna');
    await page.getByLabel('Nachname').fill('Gruber');
    await page.getByLabel('Telefon').fill('+43 664 1234567');
    await page.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('Favoritenstraße 10');
    await zip.fill('1100');
    await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Wien');
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#zipCode-error')).toHaveText(OUTSIDE);
    await zip.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'checkout-outside-area', false);
    await expectNoSeriousA11yViolations(page);

    // Inside an area again: the field is fine and the area's fee is the one shown and charged.
    await zip.fill('1080');
    await zip.blur();
    await expect(page.locator('.checkout__form .delivery-facts')).toContainText('1080 Josefstadt');
    await expect(zip).toHaveAttribute('aria-invalid', 'false');
    await expect(page.locator('.cart-summary')).toContainText(/3,50\s€/);
  });
});
