import { expect, test } from '@playwright/test';
import { getData, post, remove, screenshot, staffApi, viennaBranch, type Staff } from './support';

// The catalogue at scale (issue "Scale", item 2): a menu of 2,000 products in 20 categories on the Vienna
// inn, against the real backend. The products come from the menu's own route, the page lays out only
// what is near the screen (content-visibility), and search, the category bar and #category- links work.
const WIEN = '/store/gasthaus-linde-wien';
const PRODUCTS = 2000;
const CATEGORIES = 20;

let staff: Staff;
let menuId: number | undefined;
const categoryIds: number[] = [];
const productIds: number[] = [];

/** Runs `task` over `items`, `width` at a time (the embedded database takes one write at a time anyway). */
async function inParallel<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

test.describe('Store page with 2,000 products', () => {
  // Setting up 2,000 products through the API takes most of the time; the tests themselves are short.
  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    staff = await staffApi(request);
    const branch = await viennaBranch(request);
    const products = await getData<Array<Record<string, unknown>>>(request, '/api/products?limit=100');
    const template = products.find((p) => p.type === 'simple' && p.isEnabled && !p.schedule)!;
    for (let c = 1; c <= CATEGORIES; c++) {
      const category = await post(staff, '/api/categories', {
        name: `Sortiment ${c}`,
        description: null,
        image: null,
        isEnabled: true,
        schedule: [],
        isVisibleWhenUnavailable: false,
        isBundle: false,
      });
      categoryIds.push(category.id as number);
    }
    const numbers = Array.from({ length: PRODUCTS }, (_, i) => i + 1);
    await inParallel(numbers, 6, async (n) => {
      const { id: _id, uid: _uid, createdAt: _c, updatedAt: _u, position: _p, ...rest } = template;
      const product = await post(staff, '/api/products', {
        ...rest,
        name: `Massenartikel ${n}`,
        description: `Aus dem großen Sortiment, Nummer ${n}.`,
        images: [],
        tags: [],
        price: 100 + n,
      });
      productIds[n - 1] = product.id as number;
    });
    const perCategory = PRODUCTS / CATEGORIES;
    const menu = await post(staff, '/api/menus', {
      name: 'Großes Sortiment',
      // Later than the demo's menus and in the past: the active menu of the inn.
      availableFrom: new Date(Date.now() - 60_000).toISOString(),
      branches: [{ id: branch.id }],
      catalog: categoryIds.map((id, c) => ({
        id,
        products: productIds
          .slice(c * perCategory, (c + 1) * perCategory)
          .map((productId) => ({ id: productId, isEnabled: true })),
      })),
    });
    menuId = menu.id as number;
  });

  test.afterAll(async () => {
    if (menuId) await remove(staff, `/api/menus/${menuId}`);
    await inParallel(
      productIds.filter((id) => id),
      6,
      (id) => remove(staff, `/api/products/${id}`),
    );
    for (const id of categoryIds) await remove(staff, `/api/categories/${id}`);
  });

  test('renders the first products at once, scrolls to the last, searches and jumps by category', async ({
    page,
  }, testInfo) => {
    const catalogRequest = page.waitForResponse((r) =>
      /\/api\/branches\/\d+\/menus\/\d+\/catalog$/.test(r.url()),
    );
    await page.goto(WIEN);
    const catalog = await catalogRequest;
    expect(catalog.status()).toBe(200);
    expect(catalog.headers()['content-encoding']).toBe('br');
    const cards = page.locator('.product-card');
    await expect(cards.first()).toContainText('Massenartikel 1');
    await expect(page.locator('.product-group')).toHaveCount(CATEGORIES);
    await expect(cards).toHaveCount(PRODUCTS);
    // Far groups are not laid out until near the screen, yet they are in the page.
    expect(
      await page
        .locator('.product-group')
        .last()
        .evaluate((el) => getComputedStyle(el).contentVisibility),
    ).toBe('auto');
    await screenshot(page, testInfo, 'store-2000-top', false);

    // Scrolling to the end shows the last product.
    const last = cards.last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await expect(last).toContainText(`Massenartikel ${PRODUCTS}`);

    // The category bar jumps to the 15th group, laid out or not.
    await page.evaluate(() => window.scrollTo(0, 0));
    const bar = page.getByRole('navigation', { name: 'Kategorien' });
    await bar.getByRole('link', { name: 'Sortiment 15', exact: true }).click();
    const heading = page.getByRole('heading', { name: 'Sortiment 15', exact: true });
    await expect(heading).toBeInViewport();
    await expect(page).toHaveURL(/#category-\d+$/);
    await screenshot(page, testInfo, 'store-2000-category', false);

    // The search finds one product among 2,000.
    const search = page.getByRole('searchbox', { name: 'Produkte suchen' });
    await search.fill('Massenartikel 1999');
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText('Massenartikel 1999');
    await expect(page.locator('.product-group__title')).toHaveText(['Sortiment 20']);
    await search.fill('');
    await expect(cards).toHaveCount(PRODUCTS);
  });

  test('a #category- address opens at that group', async ({ page }) => {
    await page.goto(`${WIEN}#category-${categoryIds[17]}`);
    await expect(page.getByRole('heading', { name: 'Sortiment 18', exact: true })).toBeInViewport();
  });
});
