/**
 * A paired device's key handed to a browser page in the address's fragment, `#geraet={key}` (the kiosk's
 * and the front-desk board's way: a fragment never reaches a server log), kept in the tab's session storage
 * for reloads. @returns the key from the fragment, else the one kept earlier, else null.
 */
export function deviceKeyFromFragment(
  win: Pick<Window, 'location' | 'sessionStorage'>,
  storageKey: string,
): string | null {
  const match = /(?:^#|&)geraet=([^&]+)/.exec(win.location.hash);
  try {
    if (match) win.sessionStorage.setItem(storageKey, decodeURIComponent(match[1]!));
    return win.sessionStorage.getItem(storageKey);
  } catch {
    return match ? decodeURIComponent(match[1]!) : null;
  }
}

/** The device heartbeat (`POST /api/devices/me/heartbeat`): reports the device online, answers its settings. */
export function sendDeviceHeartbeat(key: string, fetchFn: typeof fetch = fetch): Promise<Response> {
  return fetchFn('/api/devices/me/heartbeat', {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
  });
}
