import { deviceKeyFromFragment, sendDeviceHeartbeat } from '../api/deviceKey';
import type { KioskDeviceSettings, KioskStore } from './KioskStore';

const STORAGE_KEY = 'kiosk-device-key';
/** How often the kiosk reports itself and reads its settings again. */
export const KIOSK_HEARTBEAT_MS = 60_000;

/** The kiosk's device key: `/kiosk/{branch}#geraet={key}`, kept for reloads of this tab. */
export function kioskDeviceKey(win: Pick<Window, 'location' | 'sessionStorage'>): string | null {
  return deviceKeyFromFragment(win, STORAGE_KEY);
}

/**
 * A kiosk device (docs/decisions/settings.md): with its key the kiosk sends the device heartbeat
 * (`POST /api/devices/me/heartbeat`, so the back office sees it online) and applies the settings it
 * answers with, now and every minute. Without a key the kiosk runs on its defaults. Returns the stop.
 */
export function connectKioskDevice(
  kiosk: KioskStore,
  win: Window,
  fetchFn: typeof fetch = fetch,
): () => void {
  const key = kioskDeviceKey(win);
  if (!key) return () => undefined;
  let stopped = false;
  const beat = async () => {
    try {
      const response = await sendDeviceHeartbeat(key, fetchFn);
      if (!response.ok || stopped) return;
      const body = (await response.json()) as { data?: { type?: string; settings?: KioskDeviceSettings } };
      if (body.data?.type === 'kiosk' && body.data.settings) kiosk.applyDevice(body.data.settings);
    } catch {
      // Offline: the kiosk keeps the settings it has and tries again with the next beat.
    }
  };
  void beat();
  const id = win.setInterval(() => void beat(), KIOSK_HEARTBEAT_MS);
  return () => {
    stopped = true;
    win.clearInterval(id);
  };
}
