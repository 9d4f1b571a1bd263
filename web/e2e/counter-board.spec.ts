import { randomUUID } from 'node:crypto';
import { expect as baseExpect, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  getData,
  placeOrder,
  post,
  put,
  remove,
  screenshot,
  staffTest as test,
  type Staff,
} from './support';

// The front-desk board on a paired terminal (docs/decisions/frontdesk-board.md), against the real backend:
// the request context plays the owner who pairs the terminal and gives Marie her PIN; the page is the
// counter screen, opened with the device key only.

const PIN = '2468';
// Each action checks the PIN with bcrypt (cost 12 in the built product): a few seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });
const PAUSED = /Wir nehmen gerade keine Bestellungen an – wieder (am \w+ )?ab \d\d:\d\d Uhr\./;

/** The owner pairs a front-desk terminal of the branch and gives Marie her PIN. */
async function pairTerminal(staff: Staff, branch: { id: number }) {
  const device = await post(staff, '/api/devices', {
    identifier: `theke-${randomUUID().slice(0, 8)}`,
    name: 'Theke Test',
    type: 'frontdesk',
    branch: { id: branch.id },
  });
  const { apiKey } = (await post(staff, `/api/devices/${String(device.id)}/api-key`)) as { apiKey: string };
  const users = await getData<{ id: number; username: string }[]>(staff.request, '/api/users?q=mitarbeiter');
  const marie = users.find((u) => u.username === 'mitarbeiter')!;
  await put(staff, `/api/time-tracking/pins/${marie.id}`, { pin: PIN });
  return { apiKey, marie };
}

/** The PIN dialog: Marie's tile (picked at once when she is the only one with a PIN), then her PIN. */
async function enterPin(page: Page, pin: string) {
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('heading', { name: /^(Wer sind Sie\?|PIN eingeben – Marie Huber)$/ }),
  ).toBeVisible();
  if (await dialog.getByRole('heading', { name: 'Wer sind Sie?' }).isVisible())
    await dialog.getByRole('button', { name: 'Marie Huber' }).click();
  await expect(dialog.getByRole('heading', { name: 'PIN eingeben – Marie Huber' })).toBeVisible();
  const keypad = dialog.getByRole('group', { name: 'Ziffernblock' });
  for (const digit of pin) await keypad.getByRole('button', { name: digit, exact: true }).click();
  await keypad.getByRole('button', { name: 'OK' }).click();
}

test('opens the board with a device key, sees a new order live and confirms it with a staff PIN', async ({
  page,
  staff,
  branch,
  isMobile,
}, testInfo) => {
  test.skip(isMobile, 'the counter board runs on a terminal or tablet at the counter, not on a phone');
  test.setTimeout(180_000);
  const { apiKey, marie } = await pairTerminal(staff, branch);

  // A 10" tablet in landscape at the counter, no sign-in: only the key in the address's fragment.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/theke/${branch.id}#geraet=${encodeURIComponent(apiKey)}`);
  await expect(page.getByRole('heading', { name: 'Theke', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Neu/ })).toBeVisible();
  // Printing and corrections stay on the staff board, one tap away with the terminal's key.
  await expect(page.getByRole('link', { name: 'Volle Tafel (mit Anmeldung)' })).toHaveAttribute(
    'href',
    `/backend/orders#geraet=${encodeURIComponent(apiKey)}`,
  );

  // A guest orders: the card arrives live.
  const lastName = `Theke-${randomUUID().slice(0, 6)}`;
  const order = await placeOrder(staff, branch.id, lastName);
  const card = page.locator(`[data-order-id="${order.id}"]`);
  await expect(card).toContainText(lastName);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'counter-pin-board-1280x800', false);

  // "Annehmen" asks who: Marie's tile (picked at once when she is the branch's only one with a PIN), then
  // her PIN on the keypad.
  await card.getByRole('button', { name: `#${order.ticketNumber}: Annehmen` }).click();
  const dialog = page.getByRole('dialog');
  await enterPin(page, '1111');
  const keypad = dialog.getByRole('group', { name: 'Ziffernblock' });
  await expect(dialog.getByRole('alert')).toHaveText('Die PIN ist falsch. Bitte erneut eingeben.');
  await screenshot(page, testInfo, 'counter-pin-dialog-1280x800', false);
  await expectNoSeriousA11yViolations(page);
  for (const digit of PIN) await keypad.getByRole('button', { name: digit, exact: true }).click();
  await keypad.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);

  // Confirmed as Marie: the card moved on, the header names her, the audit log too.
  await expect(card.getByRole('button', { name: `#${order.ticketNumber}: Abholbereit` })).toBeVisible();
  await expect(page.getByText('Angemeldet: Marie Huber')).toBeVisible();
  const logs = await getData<{ username: string; userId: number }[]>(
    staff.request,
    `/api/logs?entityType=orders&entityId=${order.id}&action=confirm`,
  );
  expect(logs.map((l) => [l.userId, l.username])).toEqual([[marie.id, 'mitarbeiter']]);
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 1366, height: 768 });
  await screenshot(page, testInfo, 'counter-pin-board-1366x768', false);
  await page.setViewportSize({ width: 800, height: 1280 });
  await screenshot(page, testInfo, 'counter-pin-board-tablet-portrait', false);

  // "Abmelden": the next action asks again.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.getByText('Angemeldet:')).toHaveCount(0);
  await card.getByRole('button', { name: `#${order.ticketNumber}: Abholbereit` }).click();
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: /^(Wer sind Sie\?|PIN eingeben)/ }),
  ).toBeVisible();
});

test.describe('pause at the counter', () => {
  // A pause left behind by a failed test would refuse every later test's orders.
  test.afterEach(async ({ staff, branch }) => {
    await remove(staff, `/api/branches/${branch.id}/pause`, `/api/branches/${branch.id}/busy`);
  });

  test('pauses the branch from the counter board with a PIN; the storefront shows it; resumes', async ({
    page,
    browser,
    staff,
    branch,
    isMobile,
  }, testInfo) => {
    test.skip(isMobile, 'the counter board runs on a terminal or tablet at the counter, not on a phone');
    test.setTimeout(240_000);
    const { apiKey, marie } = await pairTerminal(staff, branch);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/theke/${branch.id}#geraet=${encodeURIComponent(apiKey)}`);
    const bar = page.getByRole('region', { name: 'Bestellannahme' });
    await expect(bar.getByRole('button', { name: '15 Min' })).toBeVisible();
    await screenshot(page, testInfo, 'counter-pause-row-1280x800', false);

    // "15 Min" asks whose tap it is, like a card's button.
    await bar.getByRole('button', { name: '15 Min' }).click();
    await expect(page.getByRole('dialog').getByText('Bestellungen pausieren – 15 Min')).toBeVisible();
    await screenshot(page, testInfo, 'counter-pause-pin-1280x800', false);
    await enterPin(page, PIN);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(bar.getByRole('status')).toContainText(PAUSED);
    await expect(page.getByText('Angemeldet: Marie Huber')).toBeVisible();
    const logs = await getData<{ username: string; userId: number }[]>(
      staff.request,
      `/api/logs?entityType=branches&entityId=${branch.id}&action=pause`,
    );
    expect(logs.map((l) => [l.userId, l.username])).toContainEqual([marie.id, 'mitarbeiter']);
    await screenshot(page, testInfo, 'counter-paused-1280x800', false);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 800, height: 1280 });
    await screenshot(page, testInfo, 'counter-paused-tablet-portrait', false);

    // The branch's storefront says so.
    const customer = await browser.newPage();
    await customer.goto('/store/gasthaus-linde-wien');
    await expect(customer.getByText(PAUSED)).toBeVisible({ timeout: 30_000 });

    // After "Abmelden" resuming asks the PIN again; then the storefront takes orders again.
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await bar.getByRole('button', { name: 'Bestellungen wieder annehmen' }).click();
    await enterPin(page, PIN);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(bar.getByRole('button', { name: '15 Min' })).toBeVisible();
    await customer.reload();
    await expect(customer.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(customer.getByText(PAUSED)).toHaveCount(0);
    await customer.close();
  });
});

test.describe('sold out at the counter', () => {
  // A mark left behind by a failed test would refuse the later tests' orders.
  test.afterEach(async ({ staff, branch }) => {
    const state = await getData<{ entries: { id: string }[] }>(
      staff.request,
      `/api/branches/${branch.id}/sold-out`,
    );
    await remove(staff, ...state.entries.map((e) => `/api/branches/${branch.id}/sold-out/${e.id}`));
  });

  test('marks a product sold out at the counter with a PIN; an open storefront greys it within a second', async ({
    page,
    browser,
    staff,
    branch,
    isMobile,
  }, testInfo) => {
    test.skip(isMobile, 'the counter board runs on a terminal or tablet at the counter, not on a phone');
    test.setTimeout(240_000);
    const { apiKey, marie } = await pairTerminal(staff, branch);
    const customer = await browser.newPage();
    await customer.goto('/store/gasthaus-linde-wien');
    const card = customer.getByRole('button', { name: /Schnitzel nach Wahl/ });
    await expect(card).toBeEnabled();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/theke/${branch.id}#geraet=${encodeURIComponent(apiKey)}`);
    await page.locator('summary', { hasText: 'Ausverkauft' }).click();
    await page.getByLabel('Produkt').selectOption({ label: 'Schnitzel nach Wahl' });
    await page.getByRole('radio', { name: 'bis auf Weiteres' }).check();
    await page.getByRole('button', { name: 'Als ausverkauft markieren' }).click();
    await expect(page.getByRole('dialog').getByText('Ausverkauft: Schnitzel nach Wahl')).toBeVisible();
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/sold-out') && r.status() === 200,
    );
    await enterPin(page, PIN);
    await answered;
    // From the server's answer (the change committed) to the greyed card in the other tab: within a second.
    const marked = Date.now();
    await expect(card).toBeDisabled({ timeout: 1000 });
    expect(Date.now() - marked).toBeLessThan(1000);
    await expect(card).toContainText('Ausverkauft');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The counter lists it with who marked it; the audit log names Marie.
    const row = page.getByRole('row', { name: /Schnitzel nach Wahl/ });
    await expect(row).toContainText('auf Weiteres');
    await expect(row).toContainText('mitarbeiter');
    const logs = await getData<{ username: string; userId: number }[]>(
      staff.request,
      `/api/logs?entityType=branches&entityId=${branch.id}&action=sold-out`,
    );
    expect(logs.map((l) => [l.userId, l.username])).toContainEqual([marie.id, 'mitarbeiter']);
    await screenshot(page, testInfo, 'counter-sold-out-1280x800', false);
    await expectNoSeriousA11yViolations(page);

    // "Wieder verfügbar" with the remembered PIN: the storefront offers it again.
    await row.getByRole('button', { name: 'Schnitzel nach Wahl: wieder verfügbar' }).click();
    await expect(page.getByText('Derzeit ist nichts ausverkauft.')).toBeVisible();
    await expect(card).toBeEnabled({ timeout: 5000 });
    await customer.close();
  });
});
