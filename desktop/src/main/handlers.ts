import type { IpcHandlers, ScreenCapture, ShellState } from '../shared/ipc.js';
import type { DesktopConfig } from './config.js';

export interface HandlerDeps {
  config: DesktopConfig;
  version: string;
  platform: string;
  openExternal: (url: string) => Promise<void>;
  shellState?: () => ShellState;
  /** Checks the PIN and, when right, leaves the kiosk (the guard counts wrong PINs). */
  exitKiosk?: (pin: unknown) => { ok: true } | { ok: false; message: string };
  /** Photographs the signage window (capture.ts); absent or null where no signage player runs. */
  captureScreen?: () => Promise<ScreenCapture> | null;
}

const EXTERNAL_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** The main-process side of every IPC channel. Arguments come from a page: check them here. */
export function createIpcHandlers({
  config,
  version,
  platform,
  openExternal,
  shellState,
  exitKiosk,
  captureScreen,
}: HandlerDeps): IpcHandlers {
  return {
    'shell:get-state': () =>
      shellState?.() ?? { mode: 'backoffice', pairing: null, device: null, printer: null },
    'kiosk:exit': (pin: unknown) =>
      exitKiosk?.(pin) ?? { ok: false, message: 'Dieses Fenster ist kein Kiosk.' },
    'signage:capture-screen': () =>
      captureScreen?.() ?? { ok: false, message: 'Nur ein Signage-Bildschirm kann sich fotografieren.' },
    'app:get-info': () => ({ version, platform, origin: config.origin, kiosk: config.kiosk }),
    'app:open-external': async (url: unknown) => {
      if (config.kiosk || typeof url !== 'string') return false;
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return false;
      }
      if (!EXTERNAL_SCHEMES.has(parsed.protocol)) return false;
      await openExternal(parsed.href);
      return true;
    },
  };
}
