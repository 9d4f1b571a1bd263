import type { AlarmStore } from './AlarmStore';

/**
 * The fragment that tells the board it runs as a front-desk device: `/backend/orders#geraet={key}` (the
 * desktop app opens it so; a browser at the counter is paired by opening the same address). A fragment
 * never reaches a server log.
 */
const FRAGMENT = /(?:^#|&)geraet=([^&]+)/;
const STORAGE_KEY = 'frontdesk-device-key';
/** How often the board reads its terminal's settings again (and reports it online). */
export const COUNTER_HEARTBEAT_MS = 60_000;

/** A front-desk device's settings as the heartbeat answers them (backend device-settings). */
export interface CounterDeviceSettings {
  notificationSound?: boolean;
}

/** The device key from the address's fragment (kept for reloads of this tab), else the one kept earlier. */
export function counterDeviceKey(win: Pick<Window, 'location' | 'sessionStorage'>): string | null {
  const match = FRAGMENT.exec(win.location.hash);
  try {
    if (match) win.sessionStorage.setItem(STORAGE_KEY, decodeURIComponent(match[1]!));
    return win.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return match ? decodeURIComponent(match[1]!) : null;
  }
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
      const response = await fetchFn('/api/devices/me/heartbeat', {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
      });
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
