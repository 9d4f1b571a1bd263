import type { BrowserWindowConstructorOptions } from 'electron';
import type { DesktopConfig } from './config.js';
import { setupNavigationGuard, type GuardedContents } from './navigation.js';
import type { OwnWindows } from './security.js';

/** The part of Electron's BrowserWindow the window module needs; tests pass a fake. */
export interface WindowLike {
  readonly webContents: GuardedContents & { readonly id: number };
  loadURL(url: string): Promise<void>;
  isDestroyed(): boolean;
  show(): void;
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
}

export interface MainWindowDeps {
  config: DesktopConfig;
  preloadPath: string;
  ownWindows: OwnWindows;
  createWindow: (options: BrowserWindowConstructorOptions) => WindowLike;
  openExternal: (url: string) => void;
  /** Waits between attempts while the backend is not reachable yet (a kiosk may boot before it). */
  retryDelayMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  log?: (message: string) => void;
}

/** Security settings are fixed here, not configurable: isolated, sandboxed, no Node in the page. */
export function mainWindowOptions(
  config: DesktopConfig,
  preloadPath: string,
): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 360,
    minHeight: 480,
    show: false,
    backgroundColor: '#f3f4f6',
    title: 'Bestellplattform',
    autoHideMenuBar: true,
    kiosk: config.kiosk,
    fullscreen: config.kiosk,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  };
}

/** Opens the shop in a window that stays on the configured origin. */
export function setupMainWindow(deps: MainWindowDeps): WindowLike {
  const { config, ownWindows } = deps;
  const retryDelayMs = deps.retryDelayMs ?? 5000;
  const setTimer = deps.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const log = deps.log ?? ((message) => console.warn(message));

  const window = deps.createWindow(mainWindowOptions(config, deps.preloadPath));
  const contentsId = window.webContents.id;
  ownWindows.add(contentsId);
  window.on('closed', () => ownWindows.delete(contentsId));
  window.once('ready-to-show', () => window.show());
  setupNavigationGuard(window.webContents, {
    origin: config.origin,
    kiosk: config.kiosk,
    openExternal: deps.openExternal,
  });

  const load = (): void => {
    window.loadURL(config.url).catch((error: unknown) => {
      if (window.isDestroyed()) return;
      log(`${config.url} nicht erreichbar (${String(error)}); neuer Versuch in ${retryDelayMs / 1000} s.`);
      setTimer(load, retryDelayMs);
    });
  };
  load();
  return window;
}
