import type { IpcHandlers } from '../shared/ipc.js';
import type { DesktopConfig } from './config.js';

export interface HandlerDeps {
  config: DesktopConfig;
  version: string;
  platform: string;
  openExternal: (url: string) => Promise<void>;
}

const EXTERNAL_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** The main-process side of every IPC channel. Arguments come from a page: check them here. */
export function createIpcHandlers({ config, version, platform, openExternal }: HandlerDeps): IpcHandlers {
  return {
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
