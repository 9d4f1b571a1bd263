import { expect, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import {
  expectNoSeriousA11yViolations,
  getData,
  openSignedIn,
  put,
  remove,
  saveForm,
  screenshot,
  signInOnPage,
  staffTest as test,
} from './support';

// A product in one form (issue 25, item 4), against the real backend and its demo data.

type ProductJson = Record<string, unknown> & {
  id: number;
  name: string;
  images: Array<{ id: number; version: number; extension: string }>;
};

/** Drops a file onto an element as the browser's drag and drop does (a DataTransfer with the file). */
async function dropFile(page: Page, selector: string, name: string, buffer: Buffer, type: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name, type }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { base64: buffer.toString('base64'), name, type },
  );
  await page.locator(selector).dispatchEvent('drop', { dataTransfer });
}

test.describe('product form', () => {
  test('a photo dragged into the form, allergens ticked: both on the store page; no red before typing', async ({
    page,
    staff,
  }, testInfo) => {
    test.setTimeout(120_000);
    const products = await getData<ProductJson[]>(staff.request, '/api/products?limit=1000');
    const product = products.find((p) => p.name === 'Käsespätzle mit Röstzwiebeln')!;
    const original = await getData<ProductJson>(staff.request, `/api/products/${product.id}`);
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openSignedIn(page, `/backend/catalog/products/${product.id}`);
      const pictures = page.locator('fieldset.ed-image-list');
      await expect(pictures.getByTestId('photo-drop')).toBeVisible({ timeout: 20_000 });

      // A new part greets nobody with red: its empty name says nothing until touched or saved.
      const parts = page.locator('fieldset.ed-parts');
      await parts.getByRole('button', { name: 'Teil hinzufügen' }).click();
      await expect(parts.getByRole('alert')).toHaveCount(0);
      await parts.getByRole('button', { name: 'Teil 1 entfernen', exact: true }).click();

      const png = await QRCode.toBuffer('Käsespätzle', { width: 320 });
      await dropFile(page, '[data-testid="photo-drop"]', 'kaesespaetzle.png', png, 'image/png');
      await expect(
        pictures.getByRole('button', { name: /^Bild 1 \(kaesespaetzle\) entfernen$/ }),
      ).toBeVisible({
        timeout: 20_000,
      });

      const allergens = page.locator('fieldset.ed-allergens');
      await allergens.getByRole('checkbox', { name: /Sellerie/ }).check();

      await screenshot(page, testInfo, 'product-form-1280');
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 820, height: 1180 });
      await screenshot(page, testInfo, 'product-form-tablet');
      await saveForm(page);

      const saved = await getData<ProductJson & { allergenCodes: string[] }>(
        staff.request,
        `/api/products/${product.id}`,
      );
      expect(saved.images).toHaveLength(1);
      expect(saved.allergenCodes).toEqual(['A', 'C', 'G', 'L']);

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/store/gasthaus-linde-wien');
      const card = page.locator('.product-card').filter({ hasText: product.name });
      await expect(card).toBeVisible({ timeout: 20_000 });
      const image = saved.images[0]!;
      await expect(card.locator('img')).toHaveAttribute(
        'src',
        `/image/small/${image.id}-${image.version}.${image.extension}`,
      );
      await expect(card).toContainText('Allergene: A, C, G, L');
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'product-form-store', false);
    } finally {
      await put(staff, `/api/products/${product.id}`, original);
    }
  });

  test('a new product placed in a menu category in the form shows there in the store', async ({
    page,
    staff,
  }, testInfo) => {
    test.setTimeout(120_000);
    const name = `Holunder-Spritzer ${Date.now() % 100000}`;
    const menus = await getData<Array<{ id: number; name: string }>>(staff.request, '/api/menus?limit=100');
    const menu = menus.find((m) => m.name === 'Speisekarte Herbst/Winter 2026')!;
    let created: number | null = null;
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openSignedIn(page, '/backend/catalog/products/new');
      const field = page.getByRole('textbox', { name: 'Name', exact: true });
      await expect(field).toBeVisible({ timeout: 20_000 });
      await field.fill(name);
      await page.getByRole('spinbutton', { name: 'Preis' }).fill('4.2');

      const placements = page.locator('fieldset.ed-placements');
      await placements.getByRole('button', { name: 'Speisekarte hinzufügen' }).click();
      const row = placements.locator('[data-placement="0"]');
      await row.getByRole('combobox', { name: 'Speisekarte' }).selectOption({ label: menu.name });
      // The categories are the chosen menu's: the restaurant's, not the screed shop's.
      const category = row.getByRole('combobox', { name: 'Kategorie' });
      await expect(category.locator('option', { hasText: 'Getränke' })).toHaveCount(1);
      await expect(category.locator('option', { hasText: 'Estrich' })).toHaveCount(0);
      await category.selectOption({ label: 'Getränke' });
      await placements.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'product-form-placements', false);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect
        .poll(async () => {
          const list = await getData<ProductJson[]>(staff.request, `/api/products?limit=1000`);
          created = list.find((p) => p.name === name)?.id ?? null;
          return created;
        })
        .not.toBeNull();
      const saved = await getData<ProductJson>(staff.request, `/api/products/${created!}`);
      expect(saved.placements).toEqual([{ menu: { id: menu.id }, category: { id: expect.any(Number) } }]);

      await page.goto('/store/gasthaus-linde-wien');
      const drinks = page.locator('section.product-group').filter({
        has: page.getByRole('heading', { name: 'Getränke', exact: true }),
      });
      await expect(drinks.locator('.product-card').filter({ hasText: name })).toBeVisible({
        timeout: 20_000,
      });
    } finally {
      if (created !== null) {
        const product = await getData<ProductJson>(staff.request, `/api/products/${created}`);
        await put(staff, `/api/products/${created}`, { ...product, placements: [] });
        await remove(staff, `/api/products/${created}`);
      }
    }
  });

  test('an option group inserted into a product: a price changed in the group shows in the store', async ({
    page,
    staff,
  }, testInfo) => {
    test.skip(
      testInfo.project.name !== 'desktop',
      'back-office screens and one store dialog: one screen size is enough',
    );
    test.setTimeout(120_000);
    const products = await getData<ProductJson[]>(staff.request, '/api/products?limit=1000');
    const product = products.find((p) => p.name === 'Schnitzel nach Wahl')!;
    const original = await getData<ProductJson>(staff.request, `/api/products/${product.id}`);
    let groupId: number | null = null;
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInOnPage(page);

      // The group, defined once in the catalogue's "Optionsvorlagen".
      await page.goto('/backend/catalog/option-groups/new');
      const name = page.getByRole('textbox', { name: 'Interner Name' });
      await expect(name).toBeVisible({ timeout: 20_000 });
      await name.fill('Extras');
      const groupPart = page.locator('fieldset.ed-parts');
      await groupPart.getByRole('textbox', { name: 'Name des Teils' }).fill('Extras');
      await groupPart.getByRole('textbox', { name: 'Option', exact: true }).fill('Trüffelöl');
      await groupPart.getByRole('textbox', { name: 'Betrag' }).fill('1,50');
      await screenshot(page, testInfo, 'option-group-form', false);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect
        .poll(async () => {
          const groups = await getData<Array<{ id: number; name: string }>>(
            staff.request,
            '/api/option-groups?q=Extras',
          );
          groupId = groups.find((g) => g.name === 'Extras')?.id ?? null;
          return groupId;
        })
        .not.toBeNull();

      // Inserted into the product: shown with its group, its fields not editable here.
      await page.goto(`/backend/catalog/products/${product.id}`);
      const parts = page.locator('fieldset.ed-parts');
      await expect(parts.getByRole('button', { name: 'Vorlage einfügen' })).toBeVisible({ timeout: 20_000 });
      await parts.getByRole('combobox', { name: 'Optionsvorlage' }).selectOption({ label: 'Extras' });
      await parts.getByRole('button', { name: 'Vorlage einfügen' }).click();
      const linked = parts.locator('.ed-card--linked');
      await expect(linked).toContainText('Verknüpft mit Vorlage „Extras“');
      await expect(linked.getByRole('textbox', { name: 'Option', exact: true })).toHaveAttribute(
        'readonly',
        '',
      );
      await expect(linked.getByRole('button', { name: /^Verknüpfung lösen \(Teil \d+\)$/ })).toBeVisible();
      await linked.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'product-form-linked-part', false);
      await expectNoSeriousA11yViolations(page);
      await saveForm(page);

      // The price changes in the group only.
      await page.goto(`/backend/catalog/option-groups/${groupId}`);
      const amount = page.locator('fieldset.ed-parts').getByRole('textbox', { name: 'Betrag' });
      await expect(amount).toHaveValue('1,50', { timeout: 20_000 });
      await amount.fill('2,40');
      await saveForm(page);

      await page.goto('/store/gasthaus-linde-wien');
      await page.getByRole('button', { name: /Schnitzel nach Wahl/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Schnitzel nach Wahl' });
      await expect(dialog.getByRole('checkbox', { name: 'Trüffelöl (+ 2,40 €)' })).toBeVisible({
        timeout: 20_000,
      });
      await dialog.getByRole('checkbox', { name: 'Trüffelöl (+ 2,40 €)' }).scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'product-form-linked-part-store', false);
    } finally {
      await put(staff, `/api/products/${product.id}`, original);
      if (groupId !== null) await remove(staff, `/api/option-groups/${groupId}`);
    }
  });
});
