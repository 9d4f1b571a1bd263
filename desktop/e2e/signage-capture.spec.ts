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

if (!binaryDir) console.log(`desktop e2e (Bildschirmfoto) übersprungen – ${skipReason}`);

test.skip(!binaryDir, skipReason);

// A signage terminal paired to the TV "schaufenster" (docs/decisions/signage.md): the shell opens the TV's
// web player with its device key, and that page photographs itself through the preload
// (`window.ordering.captureScreen()`, IPC `signage:capture-screen` → `webContents.capturePage()`). The
// stand-in backend answers the routes the shell calls (docs/decisions/terminal.md) and, for the player's
// address, a coloured page in place of the web app's player.
const KEY = 's'.repeat(48);
const device = { id: 7, identifier: 'fenster', name: 'Fenster', type: 'signage', branch: { id: 1 } };
const playerPage = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Player</title></head>
<body style="margin:0;background:#15803d"><h1 style="color:#fff;font:64px sans-serif">Abendkarte</h1></body></html>`;
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
      return json(res, 201, { code: 'SIGN-AGE2', secret: 'geheim', expiresAt: '2099-01-01T00:00:00Z' });
    if (url === '/api/devices/pairing/SIGN-AGE2')
      return json(res, 200, { status: 'paired', deviceKey: KEY, device });
    if (url === '/api/devices/me/heartbeat')
      return json(res, 200, { ...device, settings: { tv: 3 }, lastSeenAt: null, logsRequested: false });
    if (url === '/api/devices/me/signage')
      return json(res, 200, {
        tv: { id: 3, identifier: 'schaufenster', name: 'Schaufenster' },
        stream: null,
        loop: true,
        segments: [],
      });
    if (url === '/api/devices/me/jobs') return json(res, 200, []);
    if (url.startsWith('/api/')) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(playerPage);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = await electron.launch({
    // --no-sandbox: CI containers run as root; the page's own sandbox (webPreferences) stays on.
    args: [mainFile, '--no-sandbox', `--user-data-dir=${mkdtempSync(path.join(tmpdir(), 'shell-sg-'))}`],
    env: { ...process.env, ORDERING_URL: origin, ORDERING_KIOSK: 'false' } as Record<string, string>,
  });
});

test.afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => server?.close(resolve));
});

test('a paired signage terminal opens its TV’s web player, which photographs itself as a JPEG', async () => {
  const isPlayer = (url: string) => url === `${origin}/signage/schaufenster/${KEY}`;
  const player =
    app.windows().find((w) => isPlayer(w.url())) ??
    (await app.waitForEvent('window', { predicate: (w) => isPlayer(w.url()) }));
  await expect(player.getByRole('heading', { name: 'Abendkarte' })).toBeVisible();

  const shot = await player.evaluate(async () => {
    const answer = await (
      globalThis as unknown as {
        ordering: {
          captureScreen(): Promise<
            { ok: true; bytes: Uint8Array; width: number; height: number } | { ok: false; message: string }
          >;
        };
      }
    ).ordering.captureScreen();
    return answer.ok
      ? { ok: true, head: [...answer.bytes.slice(0, 3)], size: answer.bytes.byteLength, width: answer.width }
      : answer;
  });
  expect(shot).toMatchObject({ ok: true, head: [0xff, 0xd8, 0xff] });
  expect((shot as { width: number }).width).toBeLessThanOrEqual(1280);
  expect((shot as { size: number }).size).toBeLessThanOrEqual(1024 * 1024);
});
