// Composition root of the main process: the only module that touches Electron's runtime objects.
// Everything it wires is plain TypeScript behind small interfaces and unit-tested without Electron.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, session, shell } from 'electron';
import { CONFIG_FILE_NAME, ConfigError, loadConfig, type DesktopConfig } from './config.js';
import { createIpcHandlers } from './handlers.js';
import { setupIpc } from './ipc.js';
import { setupNavigationGuard } from './navigation.js';
import { isPermissionAllowed, isTrustedSender, OwnWindows } from './security.js';
import { setupMainWindow } from './window.js';

const preloadPath = fileURLToPath(new URL('../preload/preload.cjs', import.meta.url));

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

function setupApp(): void {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const config = setupConfig();
  const ownWindows = new OwnWindows();
  const openExternal = (url: string) => void shell.openExternal(url);

  // Every WebContents, including any created later, is kept on the shop's origin.
  app.on('web-contents-created', (_event, contents) => {
    setupNavigationGuard(contents, { origin: config.origin, kiosk: config.kiosk, openExternal });
  });

  let mainWindow: BrowserWindow | undefined;
  const openWindow = () => {
    mainWindow = setupMainWindow({
      config,
      preloadPath,
      ownWindows,
      createWindow: (options) => new BrowserWindow(options),
      openExternal,
    }) as BrowserWindow;
    mainWindow.on('closed', () => (mainWindow = undefined));
  };

  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('window-all-closed', () => app.quit());

  void app.whenReady().then(() => {
    setupPermissions(config);
    setupIpc(
      ipcMain,
      createIpcHandlers({
        config,
        version: app.getVersion(),
        platform: process.platform,
        openExternal: (url) => shell.openExternal(url),
      }),
      (event) => isTrustedSender(event, ownWindows, config.origin),
    );
    openWindow();
  });
}

setupApp();
