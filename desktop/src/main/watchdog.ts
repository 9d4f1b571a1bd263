// Keeps a kiosk, front desk or signage window alive: a crashed renderer is replaced at once, a hung one
// after HANG_GRACE_MS (together within 5 s), a page that failed to load is retried, and after a network
// loss the page is loaded again when the network is back. Pure: Electron's events come in through
// WatchedWindow, the time through the injected timers.

/** How long a renderer may be unresponsive before it is replaced (the restart then takes < 5 s in all). */
export const HANG_GRACE_MS = 3000;
/** How often the network is checked. */
export const NETWORK_CHECK_MS = 2000;

/** The part of a BrowserWindow the watchdog needs; tests pass a fake. */
export interface WatchedWindow {
  on(event: 'unresponsive' | 'responsive', listener: () => void): unknown;
  webContents: {
    on(
      event: 'render-process-gone',
      listener: (event: unknown, details: { reason: string }) => void,
    ): unknown;
    on(
      event: 'did-fail-load',
      listener: (
        event: unknown,
        code: number,
        description: string,
        url: string,
        isMainFrame: boolean,
      ) => void,
    ): unknown;
    reload(): void;
  };
  isDestroyed(): boolean;
}

export interface WatchdogDeps {
  /** Replaces the window with a fresh one (and a fresh renderer). */
  recreate(): void;
  /** `net.isOnline()`. */
  isOnline(): boolean;
  log(message: string): void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  retryMs?: number;
}

/** Watches one window; returns the function that stops watching (call it when the window is replaced). */
export function setupWatchdog(window: WatchedWindow, deps: WatchdogDeps): () => void {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as NodeJS.Timeout));
  const every = deps.setInterval ?? ((fn, ms) => setInterval(fn, ms));
  const stopEvery = deps.clearInterval ?? ((h) => clearInterval(h as NodeJS.Timeout));
  let stopped = false;
  let hang: unknown = null;
  let retry: unknown = null;
  let wasOnline = deps.isOnline();

  const recreate = (why: string) => {
    if (stopped) return;
    stopped = true;
    deps.log(`Fenster wird neu gestartet: ${why}`);
    stop();
    deps.recreate();
  };
  const reload = (why: string) => {
    if (stopped || window.isDestroyed()) return;
    deps.log(`Seite wird neu geladen: ${why}`);
    window.webContents.reload();
  };

  window.webContents.on('render-process-gone', (_e, details) =>
    recreate(`Renderer beendet (${details.reason})`),
  );
  window.on('unresponsive', () => {
    if (hang === null) hang = setTimer(() => recreate('Renderer reagiert nicht'), HANG_GRACE_MS);
  });
  window.on('responsive', () => {
    if (hang !== null) clearTimer(hang);
    hang = null;
  });
  window.webContents.on('did-fail-load', (_e, code, description, _url, isMainFrame) => {
    // -3 is ERR_ABORTED: a navigation replaced by another, not a failure.
    if (!isMainFrame || code === -3 || retry !== null) return;
    retry = setTimer(() => {
      retry = null;
      reload(`Laden fehlgeschlagen (${description})`);
    }, deps.retryMs ?? 5000);
  });
  const network = every(() => {
    const online = deps.isOnline();
    if (online && !wasOnline) reload('Netzwerk wieder da');
    wasOnline = online;
  }, NETWORK_CHECK_MS);

  function stop() {
    stopped = true;
    if (hang !== null) clearTimer(hang);
    if (retry !== null) clearTimer(retry);
    stopEvery(network);
  }
  return stop;
}
