import { expect, test, type Page } from '@playwright/test';
import { FAR_PRODUCT, startLargeMenuShop, type LargeMenuShop } from './large-menu';
import { expectNoSeriousA11yViolations, screenshot } from './support';

// The store page with 2,000 products on one menu (issue 29): windowed, so only what is on screen and a
// margin is rendered, while scrolling, search, the category bar and the offline menu keep working. Against
// the real backend of its own shop (the products written into its database in one statement).
const PRODUCTS = 2000;
const CATEGORIES = 40;
const WIEN = '/store/gasthaus-linde-wien';

let shop: LargeMenuShop;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  shop = await startLargeMenuShop(PRODUCTS, CATEGORIES);
});

test.afterAll(async () => {
  await shop?.stop();
});

// The first cards after a page load: the page's scripts and 2,000 products on a machine that runs other
// suites beside this one (the catalogue itself is built before the tests, see startLargeMenuShop).
const FIRST_PAINT = { timeout: 20_000 };
const cards = (page: Page) => page.locator('.product-card');
const bar = (page: Page) => page.getByRole('navigation', { name: 'Kategorien' });
const headingTop = (page: Page, id: number) =>
  page.evaluate((categoryId) => {
    const heading = document.getElementById(`category-${categoryId}`);
    return heading ? Math.round(heading.getBoundingClientRect().top) : null;
  }, id);
const barOffset = (page: Page) =>
  page.evaluate(() => (window.innerWidth < 768 ? Math.round(window.innerWidth * 0.36) : 150));

test('the store page renders what is on screen and scrolls to the last product', async ({
  page,
}, testInfo) => {
  test.slow(); // a menu of 2,000 products on a loaded machine
  await page.goto(`${shop.base}${WIEN}`);
  await expect(cards(page).first()).toBeVisible(FIRST_PAINT);
  // The demo's own groups come first, then the 2,000 products.
  const firstName = await cards(page).first().locator('.product-card__name').innerText();
  // Windowed: a few screens of cards, not 2,000; each says where it stands in its group.
  const rendered = await cards(page).count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(200);
  await expect(page.locator('.product-card[aria-posinset="1"][aria-setsize]').first()).toBeAttached();
  await screenshot(page, testInfo, 'large-menu-top', false);
  await expectNoSeriousA11yViolations(page);

  // To the end of the page: the last group and its last product are rendered there, the first are gone.
  const last = page.getByRole('button', { name: new RegExp(`^Gericht ${PRODUCTS}\\b`) });
  // (On a phone the footer is taller than the window: the last product is rendered above it.)
  await expect(async () => {
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    );
    await expect(last).toBeAttached({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await expect(cards(page).filter({ hasText: firstName })).toHaveCount(0);
  expect(await cards(page).count()).toBeLessThan(200);
  await expect(bar(page).locator('[aria-current="true"]')).toHaveText(shop.categories.at(-1)!.name);
  await screenshot(page, testInfo, 'large-menu-end', false);
});

test('search finds a product far down the menu, under its category', async ({ page }, testInfo) => {
  await page.goto(`${shop.base}${WIEN}`);
  const search = page.getByRole('searchbox', { name: 'Produkte suchen' });
  await expect(cards(page).first()).toBeVisible(FIRST_PAINT);
  await search.fill('Quittenstrudel');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText(FAR_PRODUCT);
  await expect(page.locator('.product-group__title')).toHaveText([shop.categories.at(-1)!.name]);
  await expect(page.getByRole('status').filter({ hasText: 'Treffer' })).toHaveText('1 Treffer');
  await page.locator('.catalog-filter').evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await screenshot(page, testInfo, 'large-menu-search', false);
  await search.fill('');
  await expect(cards(page).first()).toBeVisible();
  await expect(cards(page).filter({ hasText: FAR_PRODUCT })).toHaveCount(0);
  expect(await cards(page).count()).toBeGreaterThan(1);
});

test('the category bar jumps to a far category and lands on it; so does its address', async ({
  page,
}, testInfo) => {
  await page.goto(`${shop.base}${WIEN}`);
  await expect(cards(page).first()).toBeVisible(FIRST_PAINT);
  const offset = await barOffset(page);
  const far = shop.categories.at(-3)!;
  const link = bar(page).locator(`[data-category-link="${far.id}"]`);
  await link.click();
  await expect(link).toHaveAttribute('aria-current', 'true');
  await expect.poll(() => headingTop(page, far.id), { timeout: 10_000 }).toBe(offset);
  await expect(page.getByRole('heading', { level: 2, name: far.name })).toBeInViewport();
  await screenshot(page, testInfo, 'large-menu-jump', false);
  // Back up to one near the top, then an address with a far group's anchor.
  const near = shop.categories[1]!;
  await bar(page).locator(`[data-category-link="${near.id}"]`).click();
  await expect.poll(() => headingTop(page, near.id), { timeout: 10_000 }).toBe(offset);
  const other = shop.categories.at(-10)!;
  await page.goto('about:blank');
  await page.goto(`${shop.base}${WIEN}#category-${other.id}`);
  await expect.poll(() => headingTop(page, other.id), { timeout: 10_000 }).toBe(offset);
});

test('the large menu opens offline from the service worker', async ({ page, context }, testInfo) => {
  test.slow();
  await page.goto(`${shop.base}${WIEN}`);
  await expect(cards(page).first()).toBeVisible(FIRST_PAINT);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 20_000,
    })
    .toMatch(/\/sw\.js$/);
  // Through the worker: it keeps /api/init and every part of the menu's catalogue (2,000 products are
  // parts 0 to 2; the later ones come in the background, so the test waits for the last before going
  // offline).
  const lastPart = page.waitForResponse((response) =>
    /\/api\/menus\/\d+\/catalog\?part=2$/.test(response.url()),
  );
  await page.reload();
  await expect(cards(page).first()).toBeVisible(FIRST_PAINT);
  await lastPart;

  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  const menu = page.waitForResponse((response) => /\/api\/menus\/\d+\/catalog$/.test(response.url()));
  await page.reload();
  expect((await menu).fromServiceWorker()).toBe(true);
  await expect(
    page.getByText('Sie sind offline. Bitte überprüfen Sie Ihre Internetverbindung.'),
  ).toBeVisible();
  await expect(cards(page).first()).toBeVisible(FIRST_PAINT);
  await page.getByRole('searchbox', { name: 'Produkte suchen' }).fill('Quittenstrudel');
  await expect(cards(page)).toHaveCount(1);
  await screenshot(page, testInfo, 'large-menu-offline', false);
  await context.unroute('**/*');
  await context.setOffline(false);
});

test.describe('parts', () => {
  // The page's own requests, not the worker's (page routes do not see what a service worker fetches).
  test.use({ serviceWorkers: 'block' });

  test('the menu comes in parts: the first screen from part 0; search and a far jump wait for their part', async ({
    page,
  }, testInfo) => {
    test.slow();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/api\/menus\/\d+\/catalog$/.test(url.pathname)) asked.push(url.search || '(part 0)');
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/menus\/\d+\/catalog\?part=2$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${shop.base}${WIEN}`);
    // (Run alone, this is the shop's first catalogue: built cold.)
    await expect(cards(page).first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => asked).toEqual(['(part 0)', '?part=1', '?part=2']);
    // The far product is in part 2, still held: the search says more is coming instead of "Keine Treffer".
    const search = page.getByRole('searchbox', { name: 'Produkte suchen' });
    await search.fill('Quittenstrudel');
    const more = page.getByText('Weitere Produkte werden geladen …');
    await expect(more).toBeVisible();
    await expect(page.getByText('Keine Treffer')).toHaveCount(0);
    // The screenshot shows the search and its message, not the page's top above them.
    await more.scrollIntoViewIfNeeded();
    await screenshot(page, testInfo, 'large-menu-parts-search', false);
    await search.fill('');
    // The bar offers the last category already; a click waits for its part, then lands on it.
    const far = shop.categories.at(-1)!;
    const link = bar(page).locator(`[data-category-link="${far.id}"]`);
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'true');
    expect(await headingTop(page, far.id)).toBeNull();
    release();
    // Lands on it (within the window: right after the parts arrive the menu switches to its windowed list,
    // whose rows are still being measured; on a phone it was 30 px short of the bar's edge once).
    await expect(page.getByRole('heading', { level: 2, name: far.name })).toBeInViewport({ timeout: 15_000 });
    await expect(link).toHaveAttribute('aria-current', 'true');
    await search.fill('Quittenstrudel');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page)).toContainText(FAR_PRODUCT);
  });
});

test.describe('the kiosk', () => {
  // A 1080×1920 portrait touch screen, as in kiosk.spec.ts.
  test.use({
    viewport: { width: 1080, height: 1920 },
    hasTouch: true,
    isMobile: false,
    deviceScaleFactor: 1,
  });

  test('windows the large menu: a far category lands below the bar, a product there opens', async ({
    page,
  }, testInfo) => {
    test.slow();
    await page.goto(`${shop.base}/kiosk/gasthaus-linde-wien`);
    await page.getByRole('button', { name: /Zum Bestellen tippen/ }).click();
    await page.getByRole('button', { name: /Vor Ort essen/ }).click();
    await expect(cards(page).first()).toBeVisible(FIRST_PAINT);
    expect(await cards(page).count()).toBeLessThan(200);
    const far = shop.categories.at(-2)!;
    const link = bar(page).locator(`[data-category-link="${far.id}"]`);
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'true');
    // The kiosk's header and category bar are taller than the store page's: the heading stands below them.
    const offset = await page.evaluate(
      () => 12 * parseFloat(getComputedStyle(document.documentElement).fontSize),
    );
    await expect.poll(() => headingTop(page, far.id), { timeout: 10_000 }).toBe(offset);
    const barBottom = await bar(page).evaluate((element) => element.getBoundingClientRect().bottom);
    expect(offset).toBeGreaterThan(barBottom);
    const product = page.getByRole('button', { name: /^Gericht 1901\b/ });
    await product.click();
    await expect(page.getByRole('dialog')).toContainText('Gericht 1901');
    await screenshot(page, testInfo, 'large-menu-kiosk', false);
  });
});
