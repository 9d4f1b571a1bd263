import { pointInPolygon, type DeliveryPolygon } from '@ordering/common';
import { expect, test, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  fakeMapService,
  getData,
  openSignedIn,
  post,
  put,
  saveForm,
  screenshot,
  staffTest,
} from './support';

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

// The drawing tool in the branch form: the shop's map (its outside service faked after the documented
// formats: a style JSON and PNG tiles), three clicks around the branch, "Übernehmen", saved; the saved
// polygon encloses the branch and a point just outside the clicks lies outside it.
staffTest.describe('Delivery areas drawn on the map', () => {
  staffTest.skip(({ isMobile }) => isMobile, 'the back office is for the counter screen and the tablet');
  // Playwright's routes do not see what a service worker fetches: the faked map needs the page's requests.
  staffTest.use({ serviceWorkers: 'block' });

  staffTest(
    'three clicks on the map become the area polygon, saved with the branch',
    async ({ page, context, staff, branch }, testInfo) => {
      staffTest.setTimeout(90_000);
      await fakeMapService(context);
      type Area = Record<string, unknown> & { area: string; polygon: unknown };
      const config = await getData<Record<string, unknown>>(staff.request, '/api/config');
      const before = await getData<Record<string, unknown> & { deliveryAreas: Area[] }>(
        staff.request,
        `/api/branches/${branch.id}`,
      );
      await post(staff, '/api/config', { ...config, mapAccessToken: 'e2e-token' });
      try {
        await openSignedIn(page, `/backend/branches/branches/${branch.id}`);
        const areas = page.getByRole('group', { name: 'Liefergebiete' });
        await areas.getByRole('button', { name: 'Liefergebiet 1 auf der Karte zeichnen' }).click({
          timeout: 15_000,
        });
        const map = page.getByTestId('area-drawing-map');
        await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 20_000 });
        const box = (await map.boundingBox())!;
        const at = (dx: number, dy: number) => ({ x: box.width / 2 + dx, y: box.height / 2 + dy });
        const drawer = page.getByRole('group', { name: /auf der Karte zeichnen$/ });
        await expect(drawer.getByRole('button', { name: 'Übernehmen' })).toBeDisabled();
        for (const [dx, dy] of [
          [-120, -90],
          [120, -90],
          [0, 110],
        ] as const)
          await map.click({ position: at(dx, dy) });
        await expect(drawer).toContainText('3 Punkte');
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, testInfo, 'delivery-area-drawing', false);
        await drawer.getByRole('button', { name: 'Übernehmen' }).click();
        await expect(areas.getByRole('textbox', { name: 'Polygon (GeoJSON, optional)' }).first()).toHaveValue(
          /"type":"Polygon"/,
        );
        await saveForm(page);

        const saved = await getData<{ latitude: number; longitude: number; deliveryAreas: Area[] }>(
          staff.request,
          `/api/branches/${branch.id}`,
        );
        const polygon = saved.deliveryAreas[0]!.polygon as { type: string; coordinates: number[][][] };
        expect(polygon.type).toBe('Polygon');
        expect(polygon.coordinates[0]).toHaveLength(4);
        expect(polygon.coordinates[0]![0]).toEqual(polygon.coordinates[0]![3]);
        const point = { latitude: saved.latitude, longitude: saved.longitude };
        expect(pointInPolygon(point, polygon as DeliveryPolygon)).toBe(true);
        const [west, east] = [polygon.coordinates[0]![0]![0]!, polygon.coordinates[0]![1]![0]!];
        expect(west).toBeLessThan(saved.longitude);
        expect(east).toBeGreaterThan(saved.longitude);
        expect(
          pointInPolygon(
            { latitude: saved.latitude, longitude: east + (east - west) },
            polygon as DeliveryPolygon,
          ),
        ).toBe(false);
      } finally {
        await put(staff, `/api/branches/${branch.id}`, before);
        await post(staff, '/api/config', config);
      }
    },
  );
});
