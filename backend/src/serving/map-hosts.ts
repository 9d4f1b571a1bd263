/** Hosts the storefront may load map tiles and styles from (the maps plugin), besides its own origin. */
export const MAP_HOSTS = ['https://*.maptiler.com', 'https://api.mapbox.com', 'https://*.tiles.mapbox.com'];

export { DEFAULT_MAP_STYLE_URL } from '@ordering/common/schemas';

/** Whether a configured map style URL is on a host the Content-Security-Policy allows (https only). */
export function isAllowedMapUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.replace('{token}', 'token'));
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  return MAP_HOSTS.some((pattern) => {
    const host = pattern.slice('https://'.length);
    return host.startsWith('*.') ? url.hostname.endsWith(host.slice(1)) : url.hostname === host;
  });
}
