// The player's files in the browser's Cache Storage (a cache of its own, apart from the service worker's
// image cache with its expiry), shown as blob URLs so they play without network.
import { SIGNAGE_TEXTS, type MediaCache } from './SignagePlayerStore';

export const SIGNAGE_CACHE = 'signage-media-v1';

const pathOf = (url: string) => new URL(url, window.location.origin).pathname;

/** Cache Storage when the browser has it (secure contexts); otherwise the files straight from the network. */
export function browserMediaCache(fetchFn: typeof fetch = window.fetch.bind(window)): MediaCache {
  if (typeof caches === 'undefined') {
    return {
      list: async () => [],
      download: async (url) => {
        const res = await fetchFn(url, { method: 'HEAD' });
        if (!res.ok) throw new Error(SIGNAGE_TEXTS.fileMissing(`HTTP ${res.status}`));
      },
      open: async (url) => url,
      close: () => undefined,
      remove: async () => undefined,
    };
  }
  const open = () => caches.open(SIGNAGE_CACHE);
  return {
    list: async () => (await (await open()).keys()).map((r) => pathOf(r.url)),
    download: async (url) => {
      let res: Response;
      try {
        res = await fetchFn(url, { cache: 'no-store' });
      } catch {
        throw new Error(SIGNAGE_TEXTS.fileMissing('keine Verbindung'));
      }
      if (!res.ok) throw new Error(SIGNAGE_TEXTS.fileMissing(`HTTP ${res.status}`));
      await (await open()).put(url, res);
    },
    open: async (url) => {
      const res = await (await open()).match(url);
      if (!res) return null;
      return URL.createObjectURL(await res.blob());
    },
    close: (src) => {
      if (src.startsWith('blob:')) URL.revokeObjectURL(src);
    },
    remove: async (url) => {
      await (await open()).delete(url);
    },
  };
}
