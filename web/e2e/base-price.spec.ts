import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, getData, put, screenshot, staffApi } from './support';

// The unit price PAngV asks for (docs/decisions/legal.md): a product sold by the piece with a net quantity
// ("Füllmenge") shows "1 l = …" beside its price on the card, in the product dialog, in the cart and on the
// kiosk. The demo's drinks are served at the inn and carry no net quantity; the test gives one a Füllmenge
// through the API and takes it back afterwards.

const WIEN = '/store/gasthaus-linde-wien';
const NAME = 'Apfelsaft gespritzt 0,5 l';
// 3,90 for 0,5 l: 7,80 per litre; the amount as formatMoney prints it ("7,80 EUR" or "7,80 €").
const BASE_PRICE = /^1\sl = 7,80\s(EUR|€)$/;

test.describe('Unit price (Grundpreis)', () => {
  test.slow(); // screenshots, two axe runs and a kiosk page on a loaded machine
  let restore: (() => Promise<void>) | null = null;

  test.afterEach(async () => {
    await restore?.();
    restore = null;
  });

  test('a product with a net quantity shows its unit price on the card, in the dialog, the cart and the kiosk', async ({
    page,
    request,
  }, testInfo) => {
    const staff = await staffApi(request);
    const products = await getData<Array<Record<string, unknown>>>(
      request,
      `/api/products?search=${encodeURIComponent('Apfelsaft gespritzt')}`,
    );
    const juice = products.find((product) => product.name === NAME);
    expect(juice, 'the demo product').toBeTruthy();
    const original = juice as Record<string, unknown> & { id: number };
    await put(staff, `/api/products/${original.id}`, { ...original, netQuantity: 0.5, netQuantityUnit: 'l' });
    restore = async () => {
      await put(staff, `/api/products/${original.id}`, {
        ...original,
        netQuantity: null,
        netQuantityUnit: null,
      });
    };

    await page.goto(WIEN);
    const card = page.locator('.product-card').filter({ hasText: NAME });
    await expect(card.locator('.product-card__base-price')).toHaveText(BASE_PRICE);
    // Only where a unit price applies: the Schnitzel (a portion) has none.
    await expect(
      page.locator('.product-card').filter({ hasText: 'Schnitzel nach Wahl' }).locator('.base-price'),
    ).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'base-price-card', false);
    await expectNoSeriousA11yViolations(page);

    // A drink has no options: one tap puts it into the cart.
    await card.getByRole('button').click();
    await page.getByRole('button', { name: /Warenkorb anzeigen/ }).click();
    const panel = page.getByRole('complementary', { name: /Warenkorb/ });
    const item = panel.locator('.cart-item').filter({ hasText: NAME });
    await expect(item.locator('.cart-item__base-price')).toHaveText(BASE_PRICE);
    await screenshot(page, testInfo, 'base-price-cart', false);
    await expectNoSeriousA11yViolations(page);

    // The product dialog (opened to edit the item) shows it too.
    await item.getByRole('button', { name: `${NAME} bearbeiten` }).click();
    const dialog = page.getByRole('dialog', { name: NAME });
    await expect(dialog.locator('.product-modal__base-price')).toHaveText(BASE_PRICE);
    await dialog.getByRole('button', { name: 'Änderungen speichern' }).click();
    await expect(dialog).toBeHidden();

    // The kiosk shows the same cards.
    await page.goto('/kiosk/gasthaus-linde-wien');
    await page.getByRole('button', { name: /Zum Bestellen tippen/ }).click();
    await page.getByRole('button', { name: /Vor Ort essen/ }).click();
    await expect(
      page.locator('.product-card').filter({ hasText: NAME }).locator('.product-card__base-price'),
    ).toHaveText(BASE_PRICE);
  });
});
