import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { _electron as electron, type ElectronApplication } from 'playwright-core';

const binaryDir = process.env.ELECTRON_OVERRIDE_DIST_PATH;
const skipReason =
  'Electron-Binary fehlt: ELECTRON_OVERRIDE_DIST_PATH ist nicht gesetzt (Ordner mit der electron-Programmdatei).';
const mainFile = fileURLToPath(new URL('../dist/main/main.js', import.meta.url));

if (!binaryDir) console.log(`desktop e2e übersprungen – ${skipReason}`);

test.skip(!binaryDir, skipReason);

// A stand-in for the backend: the pairing and device routes the shell calls (as documented in
// docs/decisions/terminal.md; the real ones are tested over HTTP in backend/ and desktop/test/), and one
// page with a link to another origin for everything else.
const page = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Testladen</title></head>
<body><h1>Testladen</h1><a id="extern" href="https://example.com/">Extern</a></body></html>`;
const device = { id: 1, identifier: 'buero', name: 'Büro', type: 'backoffice', branch: { id: 1 } };
let paired = false;
const json = (res: import('node:http').ServerResponse, status: number, data: unknown) =>
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data }));

let server: Server;
let origin: string;
let app: ElectronApplication;

test.beforeAll(async () => {
  expect(existsSync(mainFile), `${mainFile} fehlt – zuerst "npm run build" in desktop/`).toBe(true);
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (req.method === 'POST' && url === '/api/devices/pairing')
      return json(res, 201, { code: 'ABCD-EF23', secret: 'geheim', expiresAt: '2099-01-01T00:00:00Z' });
    if (url === '/api/devices/pairing/ABCD-EF23')
      return json(
        res,
        200,
        paired ? { status: 'paired', deviceKey: 'k'.repeat(48), device } : { status: 'waiting' },
      );
    if (url === '/api/devices/me/heartbeat')
      return json(res, 200, { ...device, settings: {}, lastSeenAt: null, logsRequested: false });
    if (url === '/api/devices/me/jobs') return json(res, 200, []);
    if (url.startsWith('/api/')) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await electron.launch({
    // --no-sandbox: CI containers run as root; the page's own sandbox (webPreferences) stays on.
    args: [mainFile, '--no-sandbox', `--user-data-dir=${mkdtempSync(path.join(tmpdir(), 'shell-e2e-'))}`],
    env: { ...process.env, ORDERING_URL: origin, ORDERING_KIOSK: 'false' } as Record<string, string>,
  });
});

test.afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => server?.close(resolve));
});

test('shows the pairing code and QR, then opens the paired device’s face in an isolated, sandboxed page', async () => {
  const pairing = await app.firstWindow();
  await expect(pairing.getByRole('heading', { name: 'Terminal koppeln' })).toBeVisible();
  await expect(pairing.getByText('ABCD-EF23')).toBeVisible();
  await expect(pairing.getByAltText('QR-Code zum Koppeln im Backoffice')).toHaveAttribute(
    'src',
    /^data:image\/png/,
  );
  await pairing.screenshot({ path: 'test-results/pairing.png' });
  paired = true; // an administrator entered the code
  const shop = await app.waitForEvent('window');
  await expect(shop.getByRole('heading', { name: 'Testladen' })).toBeVisible();
  expect(shop.url()).toBe(`${origin}/backend`);

  // No Node in the page; only the preload's API.
  expect(await shop.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
  const info = await shop.evaluate(() =>
    (
      globalThis as unknown as { ordering: { getAppInfo(): Promise<{ origin: string; kiosk: boolean }> } }
    ).ordering.getAppInfo(),
  );
  expect(info).toMatchObject({ origin, kiosk: false });

  expect(await shop.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
});

test('keeps the window on its origin', async () => {
  const shop = app.windows().at(-1)!;
  // Opening the system browser would leave the test machine's browser open: stub it.
  await app.evaluate(({ shell }) => {
    shell.openExternal = async () => undefined;
  });
  await shop.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await shop.waitForTimeout(500);
  expect(shop.url()).toBe(`${origin}/backend`);
});
