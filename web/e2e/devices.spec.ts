import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, screenshot } from './support';

// Pairing a terminal in the back office against the real backend: the request context plays the terminal
// (it opens a pairing and collects the key with its secret), the page is the administrator.

test('pairs a terminal from the device form: code from the QR link, Koppeln, online panel, device tests', async ({
  page,
  request,
}, testInfo) => {
  // Pairing, tests, logs and the device list: longer than the default on a busy machine.
  test.setTimeout(90_000);
  const login = await request.post('/api/auth/login', {
    data: { username: 'admin', password: 'Admin-Demo-2026' },
  });
  const csrf = ((await login.json()) as { data: { csrfToken: string } }).data.csrfToken;
  const branches = (await (await request.get('/api/branches')).json()) as {
    data: { id: number; identifier: string }[];
  };
  const vienna = branches.data.find((b) => b.identifier === 'gasthaus-linde-wien')!;
  const identifier = `kassa-${randomUUID().slice(0, 8)}`;
  const created = await request.post('/api/devices', {
    headers: { 'X-CSRF-Token': csrf },
    data: {
      identifier,
      name: 'Kassa Schank',
      type: 'frontdesk',
      branch: { id: vienna.id },
      settings: { printer: { host: '192.168.1.50' } },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const device = ((await created.json()) as { data: { id: number } }).data;

  // The terminal opens a pairing (its own request, no session) and shows the code and the QR.
  const terminal = await request.post('/api/devices/pairing');
  expect(terminal.status()).toBe(201);
  const { code, secret } = ((await terminal.json()) as { data: { code: string; secret: string } }).data;

  // The administrator scans the QR: the back office opens with the code, signs in, opens the device.
  await page.goto(`/backend/devices?pair=${code}`);
  await page.getByLabel('Benutzername').fill('admin');
  await page.getByLabel('Passwort').fill('Admin-Demo-2026');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.goto(`/backend/devices/devices/${device.id}`);

  const panel = page.getByTestId('device-pairing');
  await expect(panel.getByTestId('device-paired')).toHaveText('nicht gekoppelt');
  await expect(panel.getByTestId('device-online')).toHaveText('offline');
  await expect(page.getByLabel('Adresse (IP oder Hostname)')).toHaveValue('192.168.1.50');
  await expect(panel.getByLabel('Kopplungscode vom Terminal')).toHaveValue(code);
  await screenshot(page, testInfo, 'device-form-pairing');
  await expectNoSeriousA11yViolations(page);

  await panel.getByRole('button', { name: 'Koppeln', exact: true }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'Gekoppelt. Das Terminal verbindet sich in wenigen Sekunden.',
  );

  // The terminal collects its key and reports with a heartbeat: the panel shows it online.
  const collected = await request.get(`/api/devices/pairing/${code}`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  const key = ((await collected.json()) as { data: { status: string; deviceKey: string } }).data;
  expect(key.status).toBe('paired');
  const beat = await request.post('/api/devices/me/heartbeat', {
    headers: { authorization: `Bearer ${key.deviceKey}` },
  });
  expect(beat.status()).toBe(200);
  await page.reload();
  await expect(panel.getByTestId('device-paired')).toContainText(
    `gekoppelt (Schlüssel ••••••••${key.deviceKey.slice(-4)})`,
  );
  await expect(panel.getByTestId('device-online')).toHaveText('online');

  await panel.getByRole('button', { name: 'Testbenachrichtigung' }).click();
  await expect(panel.getByRole('status')).toHaveText('Testbenachrichtigung gesendet.');
  await panel.getByRole('button', { name: 'Logs anfordern' }).click();
  await expect(panel).toContainText('warte auf das Terminal');
  await request.post('/api/devices/me/logs', {
    headers: { authorization: `Bearer ${key.deviceKey}` },
    data: { lines: ['{"level":"info","msg":"Terminal läuft"}'] },
  });
  await page.reload();
  await expect(panel.getByTestId('device-logs')).toContainText('Terminal läuft');
  await screenshot(page, testInfo, 'device-form-paired');
  await page.setViewportSize({ width: 360, height: 800 });
  await screenshot(page, testInfo, 'device-form-paired-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The device list: online, when the last heartbeat came, and the printer as last reported (none yet).
  const deviceUrl = page.url();
  await page.goto('/backend/devices');
  await page.getByLabel('Suche', { exact: true }).fill(identifier);
  await page.getByRole('button', { name: 'Suchen' }).click();
  const listed = page.getByRole('row').filter({ hasText: identifier });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('online');
  await expect(listed).toContainText(/\d\d\.\d\d\.\d{4},? \d\d:\d\d/);
  await screenshot(page, testInfo, 'device-list-online', false);
  await page.goto(deviceUrl);

  await panel.getByRole('button', { name: 'Entkoppeln' }).click();
  await expect(panel.getByTestId('device-paired')).toHaveText('nicht gekoppelt');
  const refused = await request.post('/api/devices/me/heartbeat', {
    headers: { authorization: `Bearer ${key.deviceKey}` },
  });
  expect(refused.status()).toBe(401);
});
