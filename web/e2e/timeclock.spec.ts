import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot } from './support';

// The staff time clock on a tablet at the staff entrance, against the real backend: the request context
// plays the manager who sets it up (a front-desk device's key, the employee's PIN), the page is the tablet.

const PIN = '2468';
// Every clock call checks the PIN with bcrypt (cost 12 in the built product): on a busy test machine one
// booking can take a few seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

async function signIn(page: Page) {
  // Tap your name, then the PIN on the keypad.
  await page.getByRole('button', { name: 'Marie Huber', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'PIN für Marie Huber' })).toBeVisible();
  const keypad = page.getByRole('group', { name: 'Ziffernblock' });
  for (const digit of PIN) await keypad.getByRole('button', { name: digit, exact: true }).click();
  await keypad.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { name: 'Hallo Marie' })).toBeVisible();
}

/** Signs the request context in as the administrator and gives a new back-office device of Vienna a key. */
async function tabletKey(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    data: { username: 'admin', password: 'Admin-Demo-2026' },
  });
  const csrf = ((await login.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const headers = { 'X-CSRF-Token': csrf };
  const branches = (await (await request.get('/api/branches')).json()) as {
    data: { id: number; identifier: string }[];
  };
  const vienna = branches.data.find((b) => b.identifier === 'gasthaus-linde-wien')!;
  const device = await request.post('/api/devices', {
    headers,
    data: {
      identifier: `personaleingang-${randomUUID().slice(0, 8)}`,
      name: 'Tablet Personaleingang',
      type: 'backoffice',
      branch: { id: vienna.id },
    },
  });
  expect(device.status(), await device.text()).toBe(201);
  const deviceId = ((await device.json()) as { data: { id: number } }).data.id;
  const issued = await request.post(`/api/devices/${deviceId}/api-key`, { headers });
  const apiKey = ((await issued.json()) as { data: { apiKey: string } }).data.apiKey;
  return { vienna, apiKey };
}

test('clocks in, pauses, resumes and clocks out on the tablet; the back office lists the activity', async ({
  page,
  request,
  isMobile,
}, testInfo) => {
  test.skip(isMobile, 'the time clock is a tablet at the staff entrance, not a phone screen');
  test.setTimeout(180_000);
  const { vienna, apiKey } = await tabletKey(request);
  const users = (await (await request.get('/api/users?q=mitarbeiter')).json()) as {
    data: { id: number; username: string }[];
  };
  const marie = users.data.find((u) => u.username === 'mitarbeiter')!;

  // The manager gives Marie her PIN in the user form.
  await page.goto('/backend/login');
  await page.getByLabel('Benutzername').fill('admin');
  await page.getByLabel('Passwort').fill('Admin-Demo-2026');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.goto(`/backend/settings/users/${marie.id}`);
  const pinPanel = page.getByRole('region', { name: 'PIN für die Zeiterfassung' });
  await pinPanel.getByLabel('Neue PIN').fill('12');
  await pinPanel.getByRole('button', { name: 'PIN setzen' }).click();
  await expect(pinPanel.getByRole('alert')).toHaveText('Die PIN muss aus 4 bis 8 Ziffern bestehen.');
  await pinPanel.getByLabel('Neue PIN').fill(PIN);
  await pinPanel.getByRole('button', { name: 'PIN setzen' }).click();
  await expect(pinPanel.getByRole('status')).toHaveText('PIN gespeichert.');
  await screenshot(page, testInfo, 'timeclock-user-pin', false);

  // A 10" tablet in landscape: the branch's staff with a PIN as tiles.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/zeiterfassung/${vienna.id}/${apiKey}`);
  await expect(page.getByRole('heading', { name: 'Zeiterfassung' })).toBeVisible();
  const tiles = page.getByRole('list', { name: 'Wer sind Sie?' });
  await expect(tiles.getByRole('button', { name: 'Marie Huber', exact: true })).toBeVisible();
  await expect(tiles.getByText('MH', { exact: true })).toBeVisible();
  // Large targets for fingers: every tile and key at least 64 px each way.
  for (const box of await tiles
    .getByRole('button')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => [r.width, r.height])))
    expect(Math.min(...box)).toBeGreaterThanOrEqual(64);
  await screenshot(page, testInfo, 'timeclock-names-tablet', false);
  await expectNoSeriousA11yViolations(page);

  // A wrong PIN: said so, the PIN cleared.
  await page.getByRole('button', { name: 'Marie Huber', exact: true }).click();
  const keypad = page.getByRole('group', { name: 'Ziffernblock' });
  for (const digit of '1111') await keypad.getByRole('button', { name: digit, exact: true }).click();
  await keypad.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('alert')).toHaveText('Die PIN ist falsch. Bitte noch einmal eingeben.');
  for (const box of await keypad
    .getByRole('button')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => [r.width, r.height])))
    expect(Math.min(...box)).toBeGreaterThanOrEqual(64);
  await screenshot(page, testInfo, 'timeclock-pin-tablet', false);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Zurück', exact: true }).click();

  // Someone not on the list types the user name instead.
  await page.getByRole('button', { name: 'Name nicht in der Liste? Benutzername eingeben' }).click();
  await page.getByLabel('Benutzername').fill('mitarbeiter');
  for (const digit of '1111') await keypad.getByRole('button', { name: digit, exact: true }).click();
  await keypad.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('alert')).toHaveText('Benutzername oder PIN ist falsch.');
  await screenshot(page, testInfo, 'timeclock-signin', false);
  await page.getByRole('button', { name: 'Zurück zur Namensliste' }).click();

  // The desktop size, and the clock's usual 1024×768 tablet.
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, testInfo, 'timeclock-names-desktop', false);
  await page.setViewportSize({ width: 1024, height: 768 });

  // Kommen.
  await signIn(page);
  await expect(page.getByText('Nicht eingestempelt')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kommen' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeDisabled();
  await expect(page.getByText(/\d\d:\d\d–\d\d:\d\d|keine Schicht/)).toBeVisible();
  await screenshot(page, testInfo, 'timeclock-employee', false);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Kommen' }).click();
  await expect(page.getByRole('status')).toContainText('Kommen um');
  await expect(page.getByText('Eingestempelt', { exact: true })).toBeVisible();
  await screenshot(page, testInfo, 'timeclock-done', false);
  // Back to the name tiles by itself after a few seconds, with nothing of Marie left.
  await expect(page.getByRole('heading', { name: 'Wer sind Sie?' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Hallo Marie' })).toHaveCount(0);

  // Pause.
  await signIn(page);
  await expect(page.getByText('Eingestempelt', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kommen' })).toBeDisabled();
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('status')).toContainText('Pause um');
  await page.getByRole('button', { name: 'Abmelden' }).click();

  // Weiter, in portrait.
  await page.setViewportSize({ width: 768, height: 1024 });
  await signIn(page);
  await expect(page.getByText('In Pause', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Weiter' })).toBeEnabled();
  await expect(page.getByText(/\d\d:\d\d–\d\d:\d\d|keine Schicht/)).toBeVisible();
  await screenshot(page, testInfo, 'timeclock-paused-portrait', false);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('status')).toContainText('Weiter um');
  await page.getByRole('button', { name: 'Abmelden' }).click();

  // Gehen.
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page);
  await page.getByRole('button', { name: 'Gehen' }).click();
  await expect(page.getByRole('status')).toContainText('Gehen um');
  await expect(page.getByText('Nicht eingestempelt')).toBeVisible();
  await page.getByRole('button', { name: 'Abmelden' }).click();

  // The back office: the activity is listed as ended, with its pause.
  const activities = (await (
    await request.get(`/api/working-activities?user=${marie.id}&status=ended&sort=-startedAt`)
  ).json()) as { data: { id: number; pauses: unknown[]; status: string }[] };
  expect(activities.data[0]).toMatchObject({ status: 'ended' });
  expect(activities.data[0]!.pauses).toHaveLength(1);

  await page.goto('/backend/staff/working-activities');
  const row = page
    .getByRole('row')
    .filter({ hasText: 'Beendet' })
    .filter({ hasText: /Marie|mitarbeiter/ });
  await expect(row.first()).toBeVisible();
  // Above the list: Marie's week (today's minutes are under one, so the row shows her as present this
  // week) and the holiday balances of the year.
  const week = page.getByTestId('working-week');
  await expect(week.getByRole('row', { name: /Marie Huber/ })).toBeVisible();
  await expect(page.getByTestId('holiday-balances').getByRole('row', { name: /Marie Huber/ })).toBeVisible();
  await screenshot(page, testInfo, 'timeclock-backoffice-list', true);
  await expectNoSeriousA11yViolations(page);
});

test('a manager, who has no user administration, sets an employee’s PIN in the list above the activities', async ({
  page,
  isMobile,
  request,
}, testInfo) => {
  test.skip(isMobile, 'the back office is for the counter screen and the tablet, not a phone screen');
  test.setTimeout(120_000);
  const newPin = '135790';
  await page.goto('/backend/login');
  await page.getByLabel('Benutzername').fill('leitung');
  await page.getByLabel('Passwort').fill('Leitung-Demo-2026');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.goto('/backend/staff/working-activities');
  const pins = page.getByRole('region', { name: 'PINs für die Zeiterfassung' });
  const marie = pins.getByRole('row', { name: /Marie Huber/ });
  await expect(marie).toBeVisible();
  // The administrator is not in a manager's list: her PIN is the administration's.
  await expect(pins.getByRole('row', { name: /Anna Gruber/ })).toHaveCount(0);
  await marie.getByRole('button', { name: 'PIN setzen für Marie Huber' }).click();
  const form = page.getByRole('region', { name: 'PIN für Marie Huber', exact: true });
  const input = form.getByLabel('Neue PIN für Marie Huber');
  await input.fill('12');
  await form.getByRole('button', { name: 'PIN speichern' }).click();
  await expect(form.getByRole('alert')).toHaveText('Die PIN muss aus 4 bis 8 Ziffern bestehen.');
  await input.fill(newPin);
  await form.getByRole('button', { name: 'PIN speichern' }).click();
  await expect(form.getByRole('status')).toHaveText('PIN von Marie Huber gespeichert.');
  await expect(marie.getByRole('cell', { name: 'vorhanden' })).toBeVisible();
  await screenshot(page, testInfo, 'timeclock-manager-pins', true);
  await expectNoSeriousA11yViolations(page);

  // The tablet takes Marie's new PIN.
  const { vienna, apiKey } = await tabletKey(request);
  const me = await request.get(`/api/time-tracking/${vienna.id}/${apiKey}/me`, {
    headers: { 'X-Username': 'mitarbeiter', 'X-Access-Token': newPin },
  });
  expect(me.status(), await me.text()).toBe(200);
});

test('a manager changes an employee’s holiday entitlement and carried-over days; the remaining days follow', async ({
  page,
  isMobile,
}, testInfo) => {
  test.skip(isMobile, 'the back office is for the counter screen and the tablet, not a phone screen');
  test.setTimeout(90_000);
  await page.goto('/backend/login');
  await page.getByLabel('Benutzername').fill('leitung');
  await page.getByLabel('Passwort').fill('Leitung-Demo-2026');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.goto('/backend/staff/working-activities');
  const balances = page.getByTestId('holiday-balances');
  const marie = balances.getByRole('row', { name: /Marie Huber/ });
  await expect(marie).toBeVisible();
  const taken = Number((await marie.getByRole('cell').nth(2).innerText()).replace(',', '.'));

  const change = marie.getByRole('button', { name: 'Ändern (Marie Huber)' });
  await change.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: /^Urlaubskonto \d{4} von Marie Huber$/ });
  await expect(form.getByLabel('Anspruch (Tage)')).toBeFocused();
  // Out of range: the server's German message, at the field.
  await form.getByLabel('Anspruch (Tage)').fill('400');
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(form.getByRole('alert')).toHaveText('Dieser Wert sollte kleiner oder gleich 366 sein.');
  await expect(form.getByLabel('Anspruch (Tage)')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Anspruch (Tage)').fill('30');
  await form.getByLabel('Übertrag aus dem Vorjahr (Tage)').fill('2,5');
  await expectNoSeriousA11yViolations(page);
  await form.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'backoffice-holiday-edit', false);
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(form).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Urlaubskonto von Marie Huber gespeichert.' }),
  ).toBeVisible();
  // The server's count: 30 + 2.5 − taken.
  const rest = (30 + 2.5 - taken).toLocaleString('de-AT', { maximumFractionDigits: 1 });
  await expect(marie.getByRole('cell')).toHaveText([
    '30',
    '2,5',
    String(taken).replace('.', ','),
    rest,
    /Ändern/,
  ]);
  await expect(change).toBeFocused();
  await page.setViewportSize({ width: 1024, height: 768 });
  await balances.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'backoffice-holiday-balances-tablet', false);
});
