import { Clock, SystemClock } from './clock.js';

// What every screen-like device shares, whichever feature owns it (terminals in devices/, TVs in
// operations/signage/): the masked key a list shows, and whether it reported lately.

/** The masked form of a key that GET shows: never the key, only its last four characters. */
export const maskedKey = (hint: string | null) => (hint ? `••••••••${hint}` : null);

/** A device whose last heartbeat is younger than this is online (three missed 30 s heartbeats: offline). */
export const DEVICE_ONLINE_MS = 90_000;

/** Whether the device reported within {@link DEVICE_ONLINE_MS} before `now`. */
export const isOnline = (lastSeenAt: Date | null, now: Date) =>
  !!lastSeenAt && now.getTime() - new Date(lastSeenAt).getTime() < DEVICE_ONLINE_MS;

/** The app's clock for the lists' online columns (resources are plain objects; a module binds it at start). */
let clock: Clock = new SystemClock();
export const bindDeviceClock = (c: Clock) => {
  clock = c;
};
/** "Now" of the bound clock, for the online columns of resources (devices, TVs). */
export const deviceNow = () => clock.now();
