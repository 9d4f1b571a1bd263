import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, getData, put, screenshot, staffTest } from './support';

// The self-service kiosk as it stands in a restaurant: a 1080×1920 portrait touch screen at 1:1 (in both
// projects: a kiosk is neither a phone nor a desktop).
test.use({ viewport: { width: 1080, height: 1920 }, hasTouch: true, isMobile: false, deviceScaleFactor: 1 });

const KIOSK = '/kiosk/gasthaus-linde-wien';

async function startOrder(page: Page) {
  await page.getByRole('button', { name: /Zum Bestellen tippen/ }).click();
  await page.getByRole('button', { name: /Vor Ort essen/ }).click();
  await expect(page.getByRole('button', { name: /Almdudler/ })).toBeVisible();
}

async function addAlmdudler(page: Page) {
  await page.getByRole('button', { name: /Almdudler/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByRole('region', { name: 'Warenkorb' })).toContainText('1 Artikel');
}

const storedCart = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(sessionStorage.getItem('asp.gasthaus-linde-wien') ?? '{"items":[]}') as { items: unknown[] },
  );

test.describe('Self-service kiosk', () => {
  // Full-size screenshots and axe runs of a 1080×1920 page take their time on a busy machine.
  test.slow();
  test('starts at the screensaver, without cookie banner, install prompt, header or footer', async ({
    page,
  }, testInfo) => {
    await page.goto(KIOSK);
    const screensaver = page.getByRole('button', { name: /Zum Bestellen tippen/ });
    await expect(screensaver).toBeVisible();
    await expect(screensaver).toContainText('Gruber & Linde');
    await expect(screensaver).toContainText('Gasthaus Zur Linde');
    await expect(page.locator('.site-header, .site-footer, .shell-install')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'kiosk-screensaver', false);

    // Even with consent and a native install offer, the kiosk never prompts.
    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      window.dispatchEvent(event);
      window.dispatchEvent(new Event('cookie-consent-accepted'));
    });
    await page.waitForTimeout(600);
    await expect(page.getByRole('dialog', { name: 'App installieren' })).toHaveCount(0);

    await page.getByRole('button', { name: /Zum Bestellen tippen/ }).click();
    await expect(page.getByRole('heading', { name: 'Wo möchten Sie essen?' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'kiosk-order-type', false);
    await page.getByRole('button', { name: /Vor Ort essen/ }).click();
    await expect(page.getByRole('button', { name: /Almdudler/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Zur Kasse' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'kiosk-menu', false);
  });

  test('an order ends with the number big, then the screensaver and an empty cart', async ({
    page,
  }, testInfo) => {
    await page.goto(KIOSK);
    await startOrder(page);
    // The price statement: once for the menu, in the cart bar that stays in view (a kiosk never delivers,
    // so no word on a fee).
    await expect(page.getByText(/Alle Preise inkl\. MwSt\./)).toHaveCount(1);
    await expect(
      page.getByRole('region', { name: 'Warenkorb' }).getByText('Alle Preise inkl. MwSt.', { exact: true }),
    ).toBeVisible();
    await screenshot(page, testInfo, 'kiosk-menu-price-note', false);
    await addAlmdudler(page);
    await page.getByRole('button', { name: 'Zur Kasse' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellung abschließen' })).toBeVisible();
    // Dine-in and takeaway only, payment on the spot only.
    await expect(page.getByRole('radio', { name: 'Vor Ort essen' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Abholung' })).toBeVisible();
    await expect(page.getByText('Lieferung')).toHaveCount(0);
    await expect(
      page.getByRole('radio', { name: /An der Kassa bezahlen/ } /* the demo is Austrian */),
    ).toBeVisible();
    await expect(page.getByRole('radio', { name: /Am Kartenterminal bezahlen/ })).toBeVisible();
    await expect(page.getByText(/Mollie|Datatrans/)).toHaveCount(0);

    // No legal boxes: a purchase on the premises is no distance contract; the AGB are one tap away.
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    // The table is required for dine-in.
    const submit = page.getByRole('button', { name: /Zahlungspflichtig (bestellen|vorbestellen)/ });
    await submit.click();
    await expect(page.getByRole('radiogroup', { name: 'Tischnummer' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await page.getByRole('radio', { name: '4', exact: true }).check();
    await page.getByRole('radio', { name: /Am Kartenterminal bezahlen/ }).check();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'kiosk-checkout');

    // A closed branch takes pre-orders: then a time is needed (the demo restaurant is closed on Mondays).
    if (await page.getByRole('heading', { name: 'Termin' }).isVisible()) {
      // One tap on the first bookable day takes its first free time.
      await page.getByRole('radiogroup', { name: 'Datum' }).getByRole('radio').first().check();
    }
    await submit.click();

    const number = page.getByTestId('kiosk-order-number');
    await expect(number).toBeVisible({ timeout: 15_000 });
    await expect(number).toHaveText(/^\d+$/);
    await expect(page.getByText('Bitte bezahlen Sie jetzt am Kartenterminal.')).toBeVisible();
    // "Hier essen" at a table promised the table service on the start screen; the end keeps that promise.
    await expect(page.getByText('Wir bringen Ihre Bestellung an Tisch 4.')).toBeVisible();
    await expect(page.getByText(/Wir rufen Ihre Nummer auf/)).toHaveCount(0);
    // A QR code of the order's status page, to follow it on a phone.
    await expect(page.getByRole('img', { name: 'Bestellung am Handy verfolgen' })).toHaveAttribute(
      'src',
      /^data:image\/png;base64,/,
    );
    expect((await storedCart(page)).items).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'kiosk-done', false);

    await page.getByRole('button', { name: 'Fertig' }).click();
    await expect(page.getByRole('button', { name: /Zum Bestellen tippen/ })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${KIOSK}$`));
    expect((await storedCart(page)).items).toEqual([]);
    // The next customer starts from scratch: no table, an empty cart.
    await startOrder(page);
    await expect(page.getByRole('region', { name: 'Warenkorb' })).toContainText('Wählen Sie Ihre Produkte.');
  });

  test('the kiosk in English: start screen to the final screen, the AGB readable, German again after', async ({
    page,
  }, testInfo) => {
    await page.goto(KIOSK);
    // The switch on the start screen (the header's is behind the screensaver).
    await page.locator('.kiosk-screensaver').getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: /Tap to order/ }).click();
    await expect(page.getByRole('heading', { name: 'Where would you like to eat?' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Eat here/ })).toContainText(
      'We bring your order to your table.',
    );
    await screenshot(page, testInfo, 'kiosk-en-order-type', false);
    await page.getByRole('button', { name: /Eat here/ }).click();
    // The storefront's own words in English too: the price statement, the configurator, the cart.
    await expect(page.getByText('All prices incl. VAT.').first()).toBeVisible();
    await page.getByRole('button', { name: /Almdudler/ }).click();
    const configurator = page.getByRole('dialog');
    await expect(configurator.getByRole('button', { name: 'More' })).toBeVisible();
    await configurator.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('region', { name: 'Cart' })).toContainText('1 item');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Complete your order' })).toBeVisible();
    // The cart's lines and totals and the summary above the order button.
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Remove Almdudler 0,5 l' })).toBeVisible();
    await expect(main).toContainText('Total incl. VAT');
    await expect(main).toContainText('Summary of your order');
    await expect(main).not.toContainText(/Gesamt|Zusammenfassung|inkl\. MwSt|Zwischensumme|Bearbeiten|Stk\./);
    await expect(main).toContainText('1\u00a0pc. Almdudler');
    await expect(page.getByRole('checkbox')).toHaveCount(0);

    // The AGB as an overlay without leaving the kiosk.
    await page.getByRole('main').getByRole('button', { name: 'Terms' }).click();
    const terms = page.getByRole('dialog', { name: 'Terms and conditions' });
    await expect(terms).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'kiosk-en-terms', false);
    await terms.getByRole('button', { name: 'Close' }).click();
    await expect(terms).toBeHidden();

    await page
      .getByRole('radiogroup', { name: 'Table number' })
      .getByRole('radio', { name: '4', exact: true })
      .check();
    await page.getByRole('radio', { name: /Pay at the counter/ }).check();
    if (await page.getByRole('heading', { name: 'Time' }).isVisible()) {
      await page.getByRole('radiogroup', { name: 'Date' }).getByRole('radio').first().check();
    }
    await page.getByRole('button', { name: /(Pre-order|Order) with obligation to pay/ }).click();

    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('Please pay at the counter now.')).toBeVisible();
    await expect(page.getByText('We bring your order to table 4.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Follow your order on your phone' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'kiosk-en-done', false);

    // The next guest starts in German.
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('button', { name: /Zum Bestellen tippen/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('an idle customer mid-order is asked "Sind Sie noch da?", then everything resets', async ({
    page,
  }, testInfo) => {
    await page.clock.install();
    await page.goto(KIOSK);
    await startOrder(page);
    await addAlmdudler(page);

    // 59 s without a touch: nothing yet.
    await page.clock.runFor(59_000);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.clock.runFor(2_000);
    const question = page.getByRole('alertdialog', { name: 'Sind Sie noch da?' });
    await expect(question).toBeVisible();
    await expect(question).toContainText(/Ihre Bestellung wird in \d+ Sekunden zurückgesetzt\./);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, testInfo, 'kiosk-still-there', false);

    // A touch keeps the order.
    await question.getByRole('button', { name: 'Ja, weiter bestellen' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByRole('region', { name: 'Warenkorb' })).toContainText('1 Artikel');

    // Idle again, the countdown runs out: screensaver, empty cart.
    await page.clock.runFor(61_000);
    await expect(question).toBeVisible();
    await page.clock.runFor(21_000);
    await expect(question).toBeHidden();
    await expect(page.getByRole('button', { name: /Zum Bestellen tippen/ })).toBeVisible();
    expect((await storedCart(page)).items).toEqual([]);
  });

  test('without an order started, idle time brings the screensaver back', async ({ page }) => {
    await page.clock.install();
    await page.goto(KIOSK);
    await startOrder(page);
    await page.clock.runFor(46_000);
    await expect(page.getByRole('button', { name: /Zum Bestellen tippen/ })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  staffTest(
    'after a main course the kiosk offers the drinks its category names, once, never one already taken',
    async ({ page, staff }, testInfo) => {
      type Named = Record<string, unknown> & { id: number; name: string };
      const categories = await getData<Named[]>(staff.request, '/api/categories?limit=1000');
      const mains = await getData<Named>(
        staff.request,
        `/api/categories/${categories.find((c) => c.name === 'Hauptspeisen')!.id}`,
      );
      const products = await getData<Named[]>(staff.request, '/api/products?limit=1000');
      const id = (name: string) => products.find((p) => p.name === name)!.id;
      await put(staff, `/api/categories/${mains.id}`, {
        ...mains,
        upsellProducts: [{ id: id('Almdudler 0,5 l') }, { id: id('Römerquelle prickelnd 0,33 l') }],
      });
      try {
        await page.goto(KIOSK);
        await startOrder(page);
        const cartBar = page.getByRole('region', { name: 'Warenkorb' });
        await page.getByRole('button', { name: /Wiener Schnitzel vom Kalb/ }).click();
        // Every target of the product's dialog is a finger's size, the amount's − and + too.
        const product = page.getByRole('dialog');
        await product.getByRole('button', { name: 'Menge erhöhen' }).click();
        await expect(product.getByLabel('Menge', { exact: true })).toHaveValue('2');
        for (const name of ['Menge verringern', 'Menge erhöhen', 'In den Warenkorb']) {
          const box = (await product.getByRole('button', { name }).boundingBox())!;
          expect(box.height, name).toBeGreaterThanOrEqual(80);
          expect(box.width, name).toBeGreaterThanOrEqual(80);
        }
        await screenshot(page, testInfo, 'kiosk-product', false);
        await product.getByRole('button', { name: 'Menge verringern' }).click();
        await product.getByRole('button', { name: 'In den Warenkorb' }).click();

        const upsell = page.getByRole('dialog', { name: 'Darf es noch etwas dazu sein?' });
        await expect(upsell).toBeVisible();
        const cards = upsell.locator('.kiosk-upsell__card');
        await expect(cards).toHaveCount(2);
        await expect(cards.nth(0)).toContainText('Almdudler 0,5 l');
        await expect(cards.nth(1)).toContainText('Römerquelle prickelnd 0,33 l');
        for (const target of [cards.nth(0), upsell.getByRole('button', { name: 'Nein, danke' })]) {
          const box = (await target.boundingBox())!;
          expect(box.height).toBeGreaterThanOrEqual(80);
        }
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, testInfo, 'kiosk-upsell', false);

        // A drink without options goes in at once; adding from the step asks nothing further.
        await cards.nth(0).click();
        await expect(cartBar).toContainText('2 Artikel');
        await expect(upsell).toHaveCount(0);

        // The next main: only what is not in the cart yet.
        await page.getByRole('button', { name: /Wiener Schnitzel vom Kalb/ }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'In den Warenkorb' }).click();
        await expect(upsell).toBeVisible();
        await expect(cards).toHaveCount(1);
        await expect(cards.nth(0)).toContainText('Römerquelle prickelnd 0,33 l');
        await upsell.getByRole('button', { name: 'Nein, danke' }).click();
        await expect(upsell).toHaveCount(0);
        await expect(cartBar).toContainText('3 Artikel');

        // A drink (its category offers nothing) brings no step.
        await addAlmdudlerAgain(page);
        await expect(upsell).toHaveCount(0);
      } finally {
        await put(staff, `/api/categories/${mains.id}`, { ...mains, upsellProducts: [] });
      }
    },
  );
});

staffTest.describe('Self-service kiosk, English catalogue', () => {
  staffTest.slow();
  staffTest(
    'names and descriptions in English where the back office gives them, German where it does not',
    async ({ page, staff }, testInfo) => {
      type Named = Record<string, unknown> & { id: number; name: string };
      const categories = await getData<Named[]>(staff.request, '/api/categories?limit=1000');
      const drinks = await getData<Named>(
        staff.request,
        `/api/categories/${categories.find((c) => c.name === 'Getränke')!.id}`,
      );
      const products = await getData<Named[]>(staff.request, '/api/products?limit=1000');
      const almdudler = await getData<Named>(
        staff.request,
        `/api/products/${products.find((p) => p.name === 'Almdudler 0,5 l')!.id}`,
      );
      await put(staff, `/api/categories/${drinks.id}`, { ...drinks, nameEn: 'Drinks' });
      await put(staff, `/api/products/${almdudler.id}`, {
        ...almdudler,
        nameEn: 'Almdudler herbal lemonade 0.5 l',
        descriptionEn: "Austria's herbal lemonade.",
      });
      try {
        await page.goto(KIOSK);
        await page.locator('.kiosk-screensaver').getByRole('button', { name: 'English' }).click();
        await page.getByRole('button', { name: /Tap to order/ }).click();
        await page.getByRole('button', { name: /Eat here/ }).click();
        await expect(page.getByRole('heading', { level: 2, name: 'Drinks' })).toBeVisible();
        // Not translated in the back office: the German name.
        await expect(page.getByRole('heading', { level: 2, name: 'Hauptspeisen' })).toBeVisible();
        const card = page.getByRole('button', { name: /Almdudler herbal lemonade 0\.5 l/ });
        await expect(card).toContainText("Austria's herbal lemonade.");
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, testInfo, 'kiosk-en-catalogue', false);
        await card.click();
        const dialog = page.getByRole('dialog');
        await expect(dialog.getByRole('heading', { name: 'Almdudler herbal lemonade 0.5 l' })).toBeVisible();
        await dialog.getByRole('button', { name: 'Add to cart' }).click();
        await page.getByRole('button', { name: 'Checkout' }).click();
        await expect(page.getByRole('main')).toContainText('Almdudler herbal lemonade 0.5 l');

        // The guest switches to German: the same cart, the German names.
        await page.getByRole('button', { name: 'Deutsch' }).click();
        await expect(page.getByRole('main')).toContainText('Almdudler 0,5 l');
        await expect(page.getByRole('main')).not.toContainText('herbal lemonade');
      } finally {
        await put(staff, `/api/categories/${drinks.id}`, { ...drinks, nameEn: '' });
        await put(staff, `/api/products/${almdudler.id}`, { ...almdudler, nameEn: '', descriptionEn: '' });
      }
    },
  );
});

async function addAlmdudlerAgain(page: Page) {
  await page
    .getByRole('button', { name: /Almdudler/ })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.getByRole('region', { name: 'Warenkorb' })).toContainText('4 Artikel');
}
