import { deviceKeyFromFragment, sendDeviceHeartbeat } from '../../api/deviceKey';
import type { AlarmStore } from './AlarmStore';

const STORAGE_KEY = 'frontdesk-device-key';
/** How often the board reads its terminal's settings again (and reports it online). */
export const COUNTER_HEARTBEAT_MS = 60_000;

/** A front-desk device's settings as the heartbeat answers them (backend device-settings). */
export interface CounterDeviceSettings {
  notificationSound?: boolean;
}

/**
 * The key that tells the board it runs as a front-desk device: `/backend/orders#geraet={key}` (the desktop
 * app opens it so; a browser at the counter is paired by opening the same address), kept for reloads.
 */
export function counterDeviceKey(win: Pick<Window, 'location' | 'sessionStorage'>): string | null {
  return deviceKeyFromFragment(win, STORAGE_KEY);
}

/**
 * Applies the front-desk device's settings to the board (docs/decisions/settings.md): with its key the board
 * sends the device heartbeat (`POST /api/devices/me/heartbeat`) now and every minute and follows
 * `notificationSound`. Refused or not a front desk: the default (sound on); unreachable: what it last knew, or
 * the default, so a glitch never silences a counter nor leaves it waiting. Returns the stop.
 */
export function connectCounterDevice(
  alarm: Pick<AlarmStore, 'applyDeviceSound'>,
  key: string,
  win: Pick<Window, 'setInterval' | 'clearInterval'>,
  fetchFn: typeof fetch = fetch,
): () => void {
  let stopped = false;
  let known = false;
  const beat = async () => {
    let settings: CounterDeviceSettings | null = null;
    try {
      const response = await sendDeviceHeartbeat(key, fetchFn);
      if (response.ok) {
        const body = (await response.json()) as {
          data?: { type?: string; settings?: CounterDeviceSettings };
        };
        // Another device type's key: none of its settings are the board's.
        settings = body.data?.type === 'frontdesk' ? (body.data.settings ?? {}) : {};
      } else if (response.status === 401 || response.status === 403) {
        settings = {}; // a rotated key: the defaults
      }
    } catch {
      // Offline: the settings the board has hold; the next beat tries again.
    }
    if (stopped || (settings === null && known)) return;
    known = settings !== null;
    alarm.applyDeviceSound(settings?.notificationSound !== false);
  };
  void beat();
  const id = win.setInterval(() => void beat(), COUNTER_HEARTBEAT_MS);
  return () => {
    stopped = true;
    win.clearInterval(id);
  };
}
