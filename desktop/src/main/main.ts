// Composition root of the main process: the only module that touches Electron's runtime objects.
// Everything it wires is plain TypeScript behind small interfaces and unit-tested without Electron:
// config, modes (which window for which device type), shell (pairing → mode → unpaired), watchdog,
// kiosk exit, the app: protocol and the terminal's print loop.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  net,
  Notification,
  protocol,
  safeStorage,
  session,
  shell,
} from 'electron';
import electronUpdater from 'electron-updater';
import { SIGNAGE_SCREENSHOT_MAX_BYTES, SIGNAGE_SCREENSHOT_MAX_WIDTH } from '@ordering/common';
import QRCode from 'qrcode';
import { APP_CSP, contentTypeOf, resolveAppRequest } from './app-protocol.js';
import { CONFIG_FILE_NAME, ConfigError, loadConfig, type DesktopConfig } from './config.js';
import { captureScreen } from './capture.js';
import { createIpcHandlers } from './handlers.js';
import { setupIpc } from './ipc.js';
import { isBlockedKioskKey, isExitShortcut, KioskExitGuard } from './kiosk-exit.js';
import type { WindowPlan } from './modes.js';
import { setupNavigationGuard } from './navigation.js';
import { isPermissionAllowed, isTrustedSender, OwnWindows } from './security.js';
import { type DeviceMemory, ShellController } from './shell.js';
import { fetchSignageTv } from './signage.js';
import { DeviceClient } from './terminal/device-client.js';
import { pair, type PairedDevice, SafeStorageKeyStore } from './terminal/pairing.js';
import { setupTerminal } from './terminal/setup.js';
import { setupWatchdog } from './watchdog.js';
import { mainWindowOptions, setupMainWindow } from './window.js';

const preloadPath = fileURLToPath(new URL('../preload/preload.cjs', import.meta.url));
const rendererDir = fileURLToPath(new URL('../renderer/', import.meta.url));

// The front desk's order alarm and the signage videos play without a tap first (a terminal has nobody
// to tap it after a restart).
app.commandLine.appendSwitch('autoplay-policy', 'no-user-gesture-required');

// Before `ready`: the shell's own pages are a standard, secure scheme (own origin, fetch, media).
protocol.registerSchemesAsPrivileged([
  { scheme: 'app', privileges: { standard: true, secure: true, stream: true } },
]);

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function setupConfig(): DesktopConfig {
  try {
    return loadConfig({
      env: process.env,
      defaultConfigPath: path.join(app.getPath('userData'), CONFIG_FILE_NAME),
      readFile: readIfExists,
    });
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : String(error);
    dialog.showErrorBox('Konfiguration ungültig', message);
    app.exit(1);
    throw error;
  }
}

function setupPermissions(config: DesktopConfig): void {
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback) => {
    callback(isPermissionAllowed(permission, contents.getURL(), config.origin));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionAllowed(permission, requestingOrigin, config.origin),
  );
}

/** `app://shell/…`: the shell's pages, with a strict CSP. */
function setupAppProtocol(): void {
  protocol.handle('app', async (request) => {
    const file = resolveAppRequest(request.url, { rendererDir });
    if (!file) return new Response('Nicht gefunden', { status: 404 });
    const res = await net.fetch(pathToFileURL(file).href, { headers: request.headers });
    return new Response(res.body, {
      status: res.status,
      headers: {
        'content-type': contentTypeOf(file),
        'content-security-policy': APP_CSP,
        ...(res.headers.get('content-range') ? { 'content-range': res.headers.get('content-range')! } : {}),
      },
    });
  });
}

function jsonMemory(file: string): DeviceMemory {
  return {
    load: () => {
      const text = readIfExists(file);
      return text ? (JSON.parse(text) as PairedDevice) : null;
    },
    save: (device) => {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(device), { mode: 0o600 });
    },
    clear: () => rmSync(file, { force: true }),
  };
}

function setupApp(): void {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const config = setupConfig();
  const userData = app.getPath('userData');
  const ownWindows = new OwnWindows();
  const openExternal = (url: string) => void shell.openExternal(url);
  const log = (message: string) => console.log(`[terminal] ${message}`);
  const exitGuard = new KioskExitGuard(config.adminPinHash);
  // Earlier versions kept a signage device's own playlist and media here; the TV's web player caches itself.
  rmSync(path.join(userData, 'signage'), { recursive: true, force: true });

  // Every WebContents, including any created later, is kept on the shop's origin (and the shell's pages).
  app.on('web-contents-created', (_event, contents) => {
    setupNavigationGuard(contents, { origin: config.origin, kiosk: config.kiosk, openExternal });
  });

  let mainWindow: BrowserWindow | undefined;
  /** The plan of the main window: only a signage window photographs itself. */
  let mainPlan: WindowPlan | undefined;
  let stopWatchdog: (() => void) | undefined;
  let leaving = false;

  const openExitPrompt = (parent: BrowserWindow) => {
    const prompt = new BrowserWindow({
      ...mainWindowOptions({ ...config, kiosk: false }, preloadPath),
      parent,
      modal: true,
      width: 420,
      height: 380,
      minWidth: 320,
      minHeight: 320,
      show: true,
      title: 'Kiosk verlassen',
    });
    ownWindows.add(prompt.webContents.id);
    prompt.on('closed', () => ownWindows.delete(prompt.webContents.id));
    void prompt.loadURL('app://shell/exit.html');
  };

  /** Opens the window of a plan, replacing the current one. */
  const show = (plan: WindowPlan): void => {
    stopWatchdog?.();
    const old = mainWindow;
    if (plan.kiosk) Menu.setApplicationMenu(null);
    const window = setupMainWindow({
      config: { ...config, url: plan.url, kiosk: plan.kiosk },
      preloadPath,
      ownWindows,
      createWindow: (options) => new BrowserWindow({ ...options, fullscreen: plan.fullscreen }),
      openExternal,
    }) as BrowserWindow;
    mainWindow = window;
    mainPlan = plan;
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = undefined;
    });
    if (plan.kiosk) {
      window.setMenuBarVisibility(false);
      window.on('close', (event) => {
        if (!leaving && mainWindow === window) event.preventDefault();
      });
      window.webContents.on('before-input-event', (event, input) => {
        if (isExitShortcut(input)) {
          event.preventDefault();
          openExitPrompt(window);
        } else if (isBlockedKioskKey(input)) event.preventDefault();
      });
    }
    if (plan.watchdog)
      stopWatchdog = setupWatchdog(window, {
        recreate: () => {
          window.destroy();
          show(plan);
        },
        isOnline: () => net.isOnline(),
        log,
      });
    if (old && !old.isDestroyed()) old.destroy();
  };

  const controller = new ShellController({
    origin: config.origin,
    forceKiosk: config.kiosk,
    keys: new SafeStorageKeyStore(safeStorage, path.join(userData, 'device-key.bin')),
    memory: jsonMemory(path.join(userData, 'device.json')),
    heartbeat: (key) => new DeviceClient(config.origin, key).heartbeat(),
    pair: (onCode, signal) => pair({ backend: config.origin, onCode, signal }),
    qrDataUrl: (text) => QRCode.toDataURL(text, { margin: 1, width: 448 }),
    show,
    // A signage device opens its TV's web player (docs/decisions/signage.md); without a TV, the shell's page
    // that says so, until one is chosen in the back office.
    signageTv: (deviceKey) => fetchSignageTv(config.origin, deviceKey),
    startPrinting: (deviceKey, events) =>
      setupTerminal({
        origin: config.origin,
        deviceKey,
        dataDir: userData,
        printer: config.printer ?? undefined,
        onState: (state) => {
          events.onText(state.text);
          if (state.backend === 'unauthorized') events.onUnauthorized();
        },
        onNotification: (n) => new Notification({ title: n.title, body: n.body }).show(),
        log: (level, message, extra) => log(`${level} ${message} ${extra ? JSON.stringify(extra) : ''}`),
      }),
    log,
  });

  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (leaving) return;
    // Finish the receipt in hand before quitting (the journal stays consistent).
    event.preventDefault();
    leaving = true;
    void controller.stop().finally(() => app.quit());
  });

  void app.whenReady().then(() => {
    setupPermissions(config);
    setupAppProtocol();
    setupIpc(
      ipcMain,
      createIpcHandlers({
        config,
        version: app.getVersion(),
        platform: process.platform,
        openExternal: (url) => shell.openExternal(url),
        shellState: () => controller.state,
        exitKiosk: (pin) => {
          const answer = exitGuard.attempt(pin);
          if (answer.ok) app.quit();
          return answer;
        },
        captureScreen: () =>
          mainPlan?.mode === 'signage'
            ? captureScreen(mainWindow?.webContents ?? null, {
                maxWidth: SIGNAGE_SCREENSHOT_MAX_WIDTH,
                maxBytes: SIGNAGE_SCREENSHOT_MAX_BYTES,
              })
            : null,
      }),
      (event) => isTrustedSender(event, ownWindows, config.origin),
    );
    void controller.start().catch((error: unknown) => log(`Start fehlgeschlagen: ${String(error)}`));
    if (config.updateUrl && app.isPackaged) {
      const { autoUpdater } = electronUpdater;
      autoUpdater.setFeedURL({ provider: 'generic', url: config.updateUrl });
      const check = () => void autoUpdater.checkForUpdatesAndNotify().catch((e: unknown) => log(String(e)));
      check();
      setInterval(check, 6 * 60 * 60_000);
    }
  });
}

setupApp();
