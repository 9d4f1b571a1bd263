import { readFile } from 'node:fs/promises';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import {
  euro,
  expectNoSeriousA11yViolations,
  screenshot,
  staffApi,
  takeawayOrder,
  viennaBranch,
  viennaToday as today,
} from './support';

// The statistics dashboard against the real backend: orders placed through the API show up in its
// figures, which must equal the API's own sets (other suites may have placed orders today as well).

async function admin(baseURL: string): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await playwrightRequest.newContext({ baseURL });
  return { api, csrf: (await staffApi(api)).csrf };
}

/** A takeaway order of `amount` schnitzel at the Vienna inn's first bookable time; returns its id. */
async function placeOrder(api: APIRequestContext, amount: number): Promise<number> {
  const branch = await viennaBranch(api);
  const { uid } = await takeawayOrder(api, branch.id, {
    lastName: 'Statistik',
    amount,
    email: 'stefan@example.at',
  });
  const list = (await (await api.get(`/api/orders?q=Statistik&limit=100`)).json()) as {
    data: { id: number; uid: string }[];
  };
  return list.data.find((o) => o.uid === uid)!.id;
}

interface Figures {
  orders: number;
  revenue: number;
  average: number;
  canceled: number;
}

async function apiFigures(api: APIRequestContext, from: string, to: string, branch = ''): Promise<Figures> {
  // One after the other: the busy test machine has reset a burst of parallel reads (ECONNRESET).
  const get = async (set: string) => {
    const response = await api.get(`/api/statistics/${set}?from=${from}&to=${to}${branch}`);
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: Record<string, number> }).data;
  };
  const orders = await get('orders');
  const revenue = await get('revenue');
  const canceled = await get('canceled-orders');
  return {
    orders: orders.total!,
    revenue: revenue.total!,
    average: revenue.averageOrderValue!,
    canceled: canceled.total!,
  };
}

function figure(page: Page, label: string) {
  return page
    .locator('.stats-figure')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.stats-figure__value');
}

async function expectFigures(page: Page, expected: Figures) {
  await expect(figure(page, 'Bestellungen')).toHaveText(String(expected.orders));
  await expect(figure(page, 'Umsatz')).toHaveText(euro(expected.revenue));
  await expect(figure(page, 'Durchschnittlicher Bestellwert')).toHaveText(euro(expected.average));
  await expect(figure(page, 'Stornierungen')).toHaveText(String(expected.canceled));
}

/**
 * The key-figure cards of one row have their labels at one height and their values at one height, whether
 * a label wraps ("Durchschnittlicher Bestellwert") or not; also when one card's note runs to more lines.
 */
async function expectFiguresInLine(page: Page) {
  const rows = () =>
    page.locator('.stats-figure').evaluateAll((cards) => {
      const top = (el: Element | null) => Math.round(el!.getBoundingClientRect().top);
      const byRow = new Map<number, { label: number; value: number }[]>();
      for (const card of cards) {
        const row = byRow.get(top(card)) ?? [];
        row.push({
          label: top(card.querySelector('dt')),
          value: top(card.querySelector('.stats-figure__value')),
        });
        byRow.set(top(card), row);
      }
      return [...byRow.values()].map((row) => ({
        cards: row.length,
        labels: new Set(row.map((c) => c.label)).size,
        values: new Set(row.map((c) => c.value)).size,
      }));
    });
  const inLine = (list: { cards: number; labels: number; values: number }[]) =>
    list.map((row) => ({ ...row, labels: 1, values: 1 }));
  const now = await rows();
  expect(now.some((row) => row.cards > 1)).toBe(true);
  expect(now).toEqual(inLine(now));
  // One card's note three lines long (as a long branch name or a small screen would make it).
  const note = page.locator('.stats-figure__note').first();
  const text = (await note.textContent()) ?? '';
  await note.evaluate((el) => (el.innerHTML = 'eine<br>lange<br>Anmerkung'));
  const longer = await rows();
  await note.evaluate((el, old) => (el.textContent = old), text);
  expect(longer).toEqual(inLine(longer));
}

test.describe('Statistik', () => {
  test.skip(({ isMobile }) => isMobile, 'the back office is for the counter screen and the tablet');

  test.setTimeout(120_000);

  test('today’s orders in the figures, range switch, best sellers and heatmap', async ({
    page,
    baseURL,
  }, testInfo) => {
    const { api, csrf } = await admin(baseURL!);
    const day = today();
    const before = await apiFigures(api, day, day);

    // Two orders (2 and 1 schnitzel at 19,90) and a third one cancelled.
    await placeOrder(api, 2);
    await placeOrder(api, 1);
    const canceled = await placeOrder(api, 3);
    const cancel = await api.post(`/api/orders/${canceled}/status/cancel`, {
      headers: { 'X-CSRF-Token': csrf },
      data: {},
    });
    expect(cancel.status(), await cancel.text()).toBe(200);
    const after = await apiFigures(api, day, day);
    expect(after.orders).toBe(before.orders + 2);
    expect(Math.round(after.revenue * 100)).toBe(Math.round((before.revenue + 59.7) * 100));
    expect(after.canceled).toBe(before.canceled + 1);

    await page.goto('/backend/login');
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill('Admin-Demo-2026');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/backend$/);
    await page.getByRole('navigation', { name: 'Bereiche' }).getByRole('link', { name: 'Statistik' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Statistik' })).toBeVisible();
    await expect(page.getByRole('button', { name: '30 Tage' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('button', { name: 'Heute' }).click();
    const [y, m, d] = day.split('-');
    await expect(page.locator('.stats-head__range')).toHaveText(`${d}.${m}.${y} · Alle Filialen`);
    await expectFigures(page, after);
    // Against yesterday, as the API's previous period says (whole orders: exact in floating point).
    const previous = (
      (await (await api.get(`/api/statistics/orders?from=${day}&to=${day}`)).json()) as {
        data: { total: number; previous: { total: number } };
      }
    ).data.previous.total;
    const change = (after.orders - previous) / previous;
    const percent = Math.round(Math.abs(change) * 1000) / 10;
    await expect(
      page
        .locator('.stats-figure')
        .filter({ hasText: /^Bestellungen/ })
        .locator('.stats-change'),
    ).toHaveText(
      previous === 0
        ? 'Vorperiode: 0'
        : `${change > 0 ? '+' : change < 0 ? '−' : '± '}${String(percent).replace('.', ',')}\u00a0% ggü. Vorperiode`,
    );
    await screenshot(page, testInfo, 'statistics-today', false);
    const popular = page.getByRole('region', { name: 'Beliebte Produkte' });
    await expect(popular.getByRole('row', { name: /Wiener Schnitzel vom Kalb/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Umsatz pro Tag: 1 Tage, Summe/ })).toBeVisible();
    await expect(
      page.getByRole('img', {
        name: /^Bestellungen nach Wochentag und Uhrzeit: Am stärksten: \p{L}+, \d+–\d+ Uhr \(\d+ Bestellung/u,
      }),
    ).toBeVisible();

    // Seven days hold today and the demo's yesterday: at least as much as today.
    await page.getByRole('button', { name: '7 Tage' }).click();
    const week = await apiFigures(
      api,
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(
        new Date(Date.now() - 6 * 86_400_000),
      ),
      day,
    );
    expect(week.orders).toBeGreaterThan(after.orders);
    await expectFigures(page, week);
    await expect(page.locator('.stats-chart rect')).toHaveCount(7);
    await page.getByRole('button', { name: 'Bestellungen', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 2, name: 'Bestellungen pro Tag' })).toBeVisible();
    await page.getByRole('button', { name: 'Umsatz', exact: true }).click();

    await expectNoSeriousA11yViolations(page);
    await expectFiguresInLine(page);
    await screenshot(page, testInfo, 'statistics-1280');

    // A custom range the wrong way round is named at its field and not asked for.
    await page.getByRole('button', { name: 'Benutzerdefiniert' }).click();
    // Dates are typed the German way (TT.MM.JJJJ), whatever the browser's language.
    await page.getByLabel('Von', { exact: true }).fill(`${d}.${m}.${y}`);
    await page.getByLabel('Bis', { exact: true }).fill('01.01.2020');
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Das Enddatum darf nicht vor dem Startdatum liegen.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Bis', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    // The branch filter: the Viennese inn's figures, as the API gives them for that branch.
    await page.getByRole('button', { name: 'Heute' }).click();
    const filter = page.getByRole('combobox', { name: 'Filiale' });
    await filter.selectOption({ label: 'Gasthaus Zur Linde' });
    await expect(page.locator('.stats-head__range')).toHaveText(`${d}.${m}.${y} · Gasthaus Zur Linde`);
    await expectFigures(page, await apiFigures(api, day, day, `&branchId=${await filter.inputValue()}`));
    await expect(figure(page, 'Besucher')).toBeVisible();
    await expect(page.getByText('Besucherzahlen gelten für den ganzen Shop.')).toBeVisible();

    // Range and branch are in the address: a reload (or a shared link) shows the same.
    const branchId = await filter.inputValue();
    await expect(page).toHaveURL(
      new RegExp(`/backend/statistics\\?from=${day}&to=${day}&branch=${branchId}$`),
    );
    await page.reload();
    await expect(page.locator('.stats-head__range')).toHaveText(`${d}.${m}.${y} · Gasthaus Zur Linde`);
    await expect(page.getByRole('button', { name: 'Heute' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('combobox', { name: 'Filiale' })).toHaveValue(branchId);
    // Nonsense in the address: the default range and every branch, and the address corrected.
    await page.goto('/backend/statistics?from=2026-02-30&to=gestern&branch=abc');
    await expect(page.getByRole('button', { name: '30 Tage' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.stats-head__range')).toContainText('Alle Filialen');
    await expect(page).toHaveURL(new RegExp(`\\?from=\\d{4}-\\d{2}-\\d{2}&to=${day}$`));
    await page.goto(`/backend/statistics?from=${day}&to=${day}&branch=${branchId}`);
    await expect(page.locator('.stats-head__range')).toHaveText(`${d}.${m}.${y} · Gasthaus Zur Linde`);

    // CSV for Excel: the file of what is shown, German (BOM, semicolons, decimal comma, TT.MM.JJJJ).
    const linde = await apiFigures(api, day, day, `&branchId=${branchId}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'CSV exportieren' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statistik-${day}-bis-${day}.csv`);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines.slice(0, 4)).toEqual([
      'Statistik',
      `Zeitraum;${d}.${m}.${y};${d}.${m}.${y}`,
      expect.stringMatching(/^Vorperiode;\d\d\.\d\d\.\d{4};\d\d\.\d\d\.\d{4}$/),
      'Filiale;Gasthaus Zur Linde',
    ]);
    const csvMoney = (value: number) => euro(value).replace('\u00a0€', '').replace(/\./g, '');
    // One day: the day's row and the sum carry the branch's orders and revenue, as the API gives them.
    for (const first of [`${d}.${m}.${y}`, 'Summe'])
      expect(lines.find((l) => l.startsWith(`${first};`))).toMatch(
        new RegExp(`^${first.replace(/\./g, '\\.')};${linde.orders};${csvMoney(linde.revenue)};`),
      );
    expect(lines.some((l) => /^Wiener Schnitzel vom Kalb;\d+;Stk\.;\d+;\d+,\d\d$/.test(l))).toBe(true);

    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByRole('combobox', { name: 'Filiale' }).selectOption({ label: 'Alle Filialen' });
    await page.getByRole('button', { name: '30 Tage' }).click();
    await expect(page.locator('.stats-head__range')).toContainText('Alle Filialen');
    await expectFiguresInLine(page);
    await screenshot(page, testInfo, 'statistics-tablet');
    await api.dispose();
  });

  test('a failed load is listed with the German text and retried', async ({ page }) => {
    await page.goto('/backend/login');
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill('Admin-Demo-2026');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/backend$/);
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/statistics/revenue',
      (route) => (failing ? route.fulfill({ status: 503, body: '' }) : route.fallback()),
    );
    await page.goto('/backend/statistics');
    const entry = page.getByRole('alert').filter({ hasText: 'Statistik konnte nicht geladen werden.' });
    await expect(entry).toBeVisible();
    failing = false;
    await entry.getByRole('button', { name: 'Erneut versuchen' }).click();
    await expect(entry).toHaveCount(0);
    await expect(figure(page, 'Umsatz')).toHaveText(/€$/);
  });
});
