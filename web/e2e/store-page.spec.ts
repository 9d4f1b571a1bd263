import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, getData, post, put, remove, screenshot, staffApi } from './support';

// The store page sells (issue 25): search, dietary chips, one tap with undo, +/– in the cart, photos.
// Against the real backend and its demo data (Gasthaus Zur Linde, Wien).
const WIEN = '/store/gasthaus-linde-wien';

const cards = (page: Page) => page.locator('.product-card');
const cartBar = (page: Page) => page.getByRole('button', { name: /Warenkorb anzeigen/ });
const panel = (page: Page) => page.getByRole('complementary', { name: /Warenkorb/ });
const total = (page: Page) => panel(page).locator('.totals__row--total dd');

/** Brings the search and chips to the top of the window (for a screenshot of the results). */
const showFilter = (page: Page) =>
  page.locator('.catalog-filter').evaluate((element) => element.scrollIntoView({ block: 'start' }));

/** Whether two elements' boxes overlap on screen. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) return false;
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

test.describe('Store page', () => {
  test('search finds a product by a word of its description; "Keine Treffer" offers a reset', async ({
    page,
  }, testInfo) => {
    await page.goto(WIEN);
    const search = page.getByRole('searchbox', { name: 'Produkte suchen' });
    await expect(cards(page).first()).toBeVisible();
    // The page renders the first products at once and the rest right after (the progressive groups of a
    // menu rendered whole): count once every group is there.
    await expect(page.locator('.catalog-list')).toHaveAttribute('data-menu-complete', 'true');
    const all = await cards(page).count();
    // "Mit Rösterdäpfeln und Cremespinat." — typed without umlauts and in other case.
    await search.fill('ROESTERDAPFELN');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText('Tafelspitz mit Apfelkren und Schnittlauchsauce');
    // The grouping stays: the hit under its category, and only that category in the bar.
    await expect(page.locator('.product-group__title')).toHaveText(['Hauptspeisen']);
    await expect(page.getByRole('navigation', { name: 'Kategorien' }).locator('a')).toHaveText([
      'Hauptspeisen',
    ]);
    await expect(page.getByRole('status').filter({ hasText: 'Treffer' })).toHaveText('1 Treffer');
    await showFilter(page);
    await screenshot(page, testInfo, 'store-search', false);

    await search.fill('Pizza');
    await expect(page.getByText('Keine Treffer', { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await showFilter(page);
    await screenshot(page, testInfo, 'store-no-hits', false);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Suche und Filter zurücksetzen' }).click();
    await expect(search).toHaveValue('');
    await expect(cards(page)).toHaveCount(all);
  });

  test('the dietary chips filter, combined with the search', async ({ page }, testInfo) => {
    await page.goto(WIEN);
    const chips = page.getByRole('group', { name: 'Nach Ernährungsweise filtern' });
    const vegan = chips.getByRole('button', { name: 'Vegan' });
    await expect(vegan).toHaveAttribute('aria-pressed', 'false');
    await vegan.click();
    await expect(vegan).toHaveAttribute('aria-pressed', 'true');
    // The demo's vegan products, nothing else.
    await expect(cards(page).locator('.product-card__name')).toHaveText([
      'Vogerlsalat mit Erdäpfeln und Kürbiskernöl',
      'Pommes frites',
      'Erdäpfel-Vogerlsalat',
      'Almdudler 0,5 l',
    ]);
    await showFilter(page);
    await screenshot(page, testInfo, 'store-chip-vegan', false);
    // Two chips: both tags needed.
    await chips.getByRole('button', { name: 'Glutenfrei' }).click();
    await expect(cards(page).locator('.product-card__name')).toHaveText([
      'Vogerlsalat mit Erdäpfeln und Kürbiskernöl',
    ]);
    await chips.getByRole('button', { name: 'Glutenfrei' }).click();
    await page.getByRole('searchbox', { name: 'Produkte suchen' }).fill('vogerlsalat');
    await expect(cards(page).locator('.product-card__name')).toHaveText([
      'Vogerlsalat mit Erdäpfeln und Kürbiskernöl',
      'Erdäpfel-Vogerlsalat',
    ]);
    await vegan.click();
    await expect(vegan).toHaveAttribute('aria-pressed', 'false');
  });

  test('a plain product is added in one tap, undo takes it out; the toast leaves the totals free', async ({
    page,
  }, testInfo) => {
    await page.goto(WIEN);
    await page.getByRole('button', { name: /Almdudler/ }).click();
    // No dialog for a product without options.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const toast = page.locator('.toast');
    await expect(toast).toContainText('Hinzugefügt: Almdudler 0,5 l');
    await expect(cartBar(page)).toContainText('4,60 €');
    expect(await overlaps(toast, cartBar(page))).toBe(false);
    await screenshot(page, testInfo, 'store-one-tap-toast', false);
    await toast.getByRole('button', { name: 'Rückgängig' }).click();
    await expect(toast).toHaveCount(0);
    await expect(cartBar(page)).toHaveCount(0);

    // A product with options still opens its dialog.
    await page.getByRole('button', { name: /Schnitzel nach Wahl/ }).click();
    await expect(page.getByRole('dialog', { name: 'Schnitzel nach Wahl' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Tapped twice: one line of two. With the cart open the toast keeps off its totals and its button.
    await page.getByRole('button', { name: /Römerquelle/ }).click();
    await page.getByRole('button', { name: /Römerquelle/ }).click();
    await cartBar(page).click();
    await expect(panel(page).locator('.cart-item')).toHaveCount(1);
    await expect(panel(page).locator('.cart-item__quantity')).toHaveText(/^2\sStk\.$/);
    await expect(toast).toBeVisible();
    expect(await overlaps(toast, panel(page).locator('.totals'))).toBe(false);
    expect(await overlaps(toast, panel(page).getByRole('link', { name: 'Zur Kasse' }))).toBe(false);
    await screenshot(page, testInfo, 'store-cart-toast', false);
  });

  test('+/– in the cart change the amount and the total; at one a bin takes the line out', async ({
    page,
  }, testInfo) => {
    await page.goto(WIEN);
    await page.getByRole('button', { name: /Wiener Schnitzel vom Kalb/ }).click();
    await cartBar(page).click();
    const name = 'Wiener Schnitzel vom Kalb';
    await expect(total(page)).toHaveText(/^19,90\s€$/);
    await panel(page)
      .getByRole('button', { name: `${name}: Menge erhöhen` })
      .click();
    await expect(total(page)).toHaveText(/^39,80\s€$/);
    await expect(panel(page).locator('.cart-item__quantity')).toHaveText(/^2\sStk\.$/);
    await screenshot(page, testInfo, 'store-cart-stepper', false);
    await expectNoSeriousA11yViolations(page);
    await panel(page)
      .getByRole('button', { name: `${name}: Menge verringern` })
      .click();
    await expect(total(page)).toHaveText(/^19,90\s€$/);
    // At the minimum "–" is a bin.
    await expect(panel(page).getByRole('button', { name: `${name}: Menge verringern` })).toHaveCount(0);
    await panel(page)
      .getByRole('button', { name: `${name} aus dem Warenkorb nehmen` })
      .click();
    await expect(panel(page)).toHaveCount(0);
    await expect(cartBar(page)).toHaveCount(0);
  });

  test('a product photo loads lazily in a fixed box: no layout shift', async ({
    page,
    request,
  }, testInfo) => {
    const staff = await staffApi(request);
    // A 600 × 400 picture (SVG is prepared as the other formats are).
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="#c2410c"/><circle cx="300" cy="200" r="120" fill="#fde68a"/></svg>`;
    const image = await post(staff, '/api/images', {
      name: 'Sachertorte Foto',
      alt: 'Sachertorte',
      data: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    });
    const products = await getData<Array<Record<string, unknown> & { id: number; name: string }>>(
      request,
      `/api/products?search=${encodeURIComponent('Sachertorte')}`,
    );
    const original = products.find((product) => product.name === 'Sachertorte mit Schlagobers')!;
    await put(staff, `/api/products/${original.id}`, { ...original, images: [{ id: image.id }] });
    try {
      // Layout shifts of the page's content (the menu below the header), summed as CLS counts them.
      await page.addInitScript(() => {
        const state = window as unknown as { cls: number };
        state.cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            sources: { node?: Node | null }[];
          })[]) {
            const main = document.querySelector('main');
            if (entry.sources.some((source) => source.node && main?.contains(source.node)))
              state.cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(WIEN);
      const photo = cards(page).filter({ hasText: 'Sachertorte' }).locator('img');
      await expect(photo).toHaveAttribute('loading', 'lazy');
      await expect(photo).toHaveAttribute('srcset', /\/image\/small\/.* 320w, \/image\/product\/.* 600w/);
      // The box is there before the picture: the same size loaded or not.
      const before = await photo.boundingBox();
      await photo.scrollIntoViewIfNeeded();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const after = await photo.boundingBox();
      expect([after?.width, after?.height]).toEqual([before?.width, before?.height]);
      // Cards without a photo keep their look: no empty image box.
      await expect(cards(page).filter({ hasText: 'Kaiserschmarrn' }).locator('img')).toHaveCount(0);
      await screenshot(page, testInfo, 'store-photo', false);
      expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBe(0);
    } finally {
      await put(staff, `/api/products/${original.id}`, { ...original });
      await remove(staff, `/api/images/${image.id}`);
    }
  });

  test('the store page with search and chips: full-page screenshot and axe', async ({ page }, testInfo) => {
    await page.goto(WIEN);
    await expect(page.getByRole('searchbox', { name: 'Produkte suchen' })).toBeVisible();
    await screenshot(page, testInfo, 'store-page');
    await expectNoSeriousA11yViolations(page);
  });
});
