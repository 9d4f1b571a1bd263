import type { BrowserWindowConstructorOptions } from 'electron';
import type { DesktopConfig } from './config.js';
import type { GuardedContents } from './navigation.js';
import { OwnWindows } from './security.js';
import { mainWindowOptions, setupMainWindow, type WindowLike } from './window.js';

const config: DesktopConfig = {
  url: 'http://localhost:3000/',
  origin: 'http://localhost:3000',
  kiosk: false,
  adminPinHash: null,
  updateUrl: null,
  printer: null,
};

class FakeWindow implements WindowLike {
  static nextId = 100;
  readonly loads: string[] = [];
  shown = false;
  destroyed = false;
  private closed?: () => void;
  private readyToShow?: () => void;
  readonly webContents: GuardedContents & { id: number; navigate?: (url: string) => boolean };

  constructor(
    readonly options: BrowserWindowConstructorOptions,
    private readonly results: Array<'ok' | 'fail'>,
  ) {
    const listeners: Record<string, (event: { preventDefault(): void }, url: string) => void> = {};
    this.webContents = {
      id: FakeWindow.nextId++,
      on: (event: string, listener: (event: { preventDefault(): void }, url: string) => void) =>
        (listeners[event] = listener),
      setWindowOpenHandler: () => undefined,
      navigate: (url: string) => {
        let prevented = false;
        listeners['will-navigate']({ preventDefault: () => (prevented = true) }, url);
        return !prevented;
      },
    };
  }

  loadURL(url: string) {
    this.loads.push(url);
    return this.results.shift() === 'fail'
      ? Promise.reject(new Error('ERR_CONNECTION_REFUSED'))
      : Promise.resolve();
  }

  isDestroyed() {
    return this.destroyed;
  }

  show() {
    this.shown = true;
  }

  once(_event: 'ready-to-show', listener: () => void) {
    this.readyToShow = listener;
  }

  on(_event: 'closed', listener: () => void) {
    this.closed = listener;
  }

  emitReady() {
    this.readyToShow?.();
  }

  close() {
    this.destroyed = true;
    this.closed?.();
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe(mainWindowOptions.name, () => {
  it('isolates and sandboxes the page, without Node', () => {
    const options = mainWindowOptions(config, '/app/dist/preload/preload.cjs');
    expect(options.webPreferences).toMatchObject({
      preload: '/app/dist/preload/preload.cjs',
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      sandbox: true,
      webSecurity: true,
      webviewTag: false,
    });
    expect(options.kiosk).toBe(false);
  });

  it('goes full-screen kiosk when configured', () => {
    expect(mainWindowOptions({ ...config, kiosk: true }, 'p')).toMatchObject({
      kiosk: true,
      fullscreen: true,
    });
  });
});

describe(setupMainWindow.name, () => {
  function setup(results: Array<'ok' | 'fail'> = ['ok']) {
    const ownWindows = new OwnWindows();
    const timers: Array<{ callback: () => void; ms: number }> = [];
    const opened: string[] = [];
    const logs: string[] = [];
    let created: FakeWindow | undefined;
    const window = setupMainWindow({
      config,
      preloadPath: '/p/preload.cjs',
      ownWindows,
      createWindow: (options) => (created = new FakeWindow(options, results)),
      openExternal: (url) => opened.push(url),
      setTimer: (callback, ms) => timers.push({ callback, ms }),
      log: (message) => logs.push(message),
    });
    return { window: window as FakeWindow, created: created!, ownWindows, timers, opened, logs };
  }

  it('opens the configured URL in a window it counts as its own', () => {
    const { window, ownWindows } = setup();
    expect(window.loads).toEqual(['http://localhost:3000/']);
    expect(window.options.webPreferences?.preload).toBe('/p/preload.cjs');
    expect(ownWindows.has(window.webContents.id)).toBe(true);
  });

  it('shows the window once it has painted', () => {
    const { window } = setup();
    expect(window.shown).toBe(false);
    window.emitReady();
    expect(window.shown).toBe(true);
  });

  it('forgets the window when it closes', () => {
    const { window, ownWindows } = setup();
    window.close();
    expect(ownWindows.has(window.webContents.id)).toBe(false);
  });

  it('keeps the window on the configured origin', () => {
    const { window, opened } = setup();
    expect(window.webContents.navigate!('http://localhost:3000/store/wien')).toBe(true);
    expect(window.webContents.navigate!('https://example.com/')).toBe(false);
    expect(opened).toEqual(['https://example.com/']);
  });

  it('retries while the backend is not reachable yet', async () => {
    const { window, timers, logs } = setup(['fail', 'ok']);
    await flush();
    expect(timers).toHaveLength(1);
    expect(timers[0].ms).toBe(5000);
    expect(logs[0]).toMatch(/^http:\/\/localhost:3000\/ nicht erreichbar .*neuer Versuch in 5 s\.$/);

    timers[0].callback();
    await flush();
    expect(window.loads).toEqual(['http://localhost:3000/', 'http://localhost:3000/']);
    expect(timers).toHaveLength(1);
  });

  it('stops retrying once the window is gone', async () => {
    const { window, timers } = setup(['fail']);
    window.close();
    await flush();
    expect(timers).toHaveLength(0);
  });
});
