import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
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

// A stand-in for the backend: one page with a link to another origin.
const page = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Testladen</title></head>
<body><h1>Testladen</h1><a id="extern" href="https://example.com/">Extern</a></body></html>`;

let server: Server;
let origin: string;
let app: ElectronApplication;

test.beforeAll(async () => {
  expect(existsSync(mainFile), `${mainFile} fehlt – zuerst "npm run build" in desktop/`).toBe(true);
  server = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await electron.launch({
    // --no-sandbox: CI containers run as root; the page's own sandbox (webPreferences) stays on.
    args: [mainFile, '--no-sandbox'],
    env: { ...process.env, ORDERING_URL: origin, ORDERING_KIOSK: 'false' } as Record<string, string>,
  });
});

test.afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => server?.close(resolve));
});

test('opens the configured URL with an isolated, sandboxed page', async () => {
  const shop = await app.firstWindow();
  await expect(shop.getByRole('heading', { name: 'Testladen' })).toBeVisible();
  expect(shop.url()).toBe(`${origin}/`);

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
  const shop = await app.firstWindow();
  // Opening the system browser would leave the test machine's browser open: stub it.
  await app.evaluate(({ shell }) => {
    shell.openExternal = async () => undefined;
  });
  await shop.evaluate(() => {
    window.location.href = 'https://example.com/';
  });
  await shop.waitForTimeout(500);
  expect(shop.url()).toBe(`${origin}/`);
});
