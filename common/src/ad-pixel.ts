/**
 * The ad pixel (spec section 4: "a configured ad-pixel id"; docs/decisions/legal.md, "Ad pixel"): the
 * Meta Pixel, loaded only with the visitor's marketing consent. The addresses are Meta's published ones;
 * the backend's Content-Security-Policy allows exactly these hosts.
 */

/** Meta's pixel script (the base code loads it from here). */
export const AD_PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

/** The host the pixel's script comes from. */
export const AD_PIXEL_SCRIPT_HOST = 'https://connect.facebook.net';

/** The host the pixel sends its events to (`/tr` images and beacons). */
export const AD_PIXEL_EVENT_HOST = 'https://www.facebook.com';

/** A Meta Pixel id: the digits Meta's Events Manager shows (15 or 16 today; 5 to 20 accepted). */
export const AD_PIXEL_ID_PATTERN = /^\d{5,20}$/;

/** The configured pixel id, or `null` when none (or nothing usable) is set. */
export function adPixelIdOf(config: { adPixelId?: string | null } | null | undefined): string | null {
  const id = config?.adPixelId?.trim() ?? '';
  return AD_PIXEL_ID_PATTERN.test(id) ? id : null;
}
