/// <reference lib="webworker" />
// The service worker of the installable app (docs/decisions/app-shell.md). Built by vite-plugin-pwa
// (injectManifest): `self.__WB_MANIFEST` becomes the list of the built files with their revisions.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

// The shell: scripts, styles and the page of this build. A new build has a new list; the new worker waits
// until the page asks it to take over (the update banner's restart button).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// A first install controls the open page at once, so the menu it shows is readable offline right away.
clientsClaim();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Paths the server answers itself: never the app page, and never from the shell cache. */
const SERVER_PATHS = [
  /^\/api\//,
  /^\/image\//,
  /^\/upload\//,
  /^\/font\//,
  /^\/app-icon\//,
  /\.webmanifest$/,
];

// Every page of the app is the same index.html: from the precache, so the app opens without network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }));

const ok = new CacheableResponsePlugin({ statuses: [200] });

// The storefront data: fresh when the network answers within 4 s, the last copy otherwise (the menu opens
// offline). Only this GET; orders, sign-in and every other call always go to the network, and workbox
// routes never match POST, PUT or DELETE.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname === '/api/init' && request.method === 'GET',
  new NetworkFirst({ cacheName: 'storefront-data', networkTimeoutSeconds: 4, plugins: [ok] }),
);

// A menu's catalogue (its products; no longer part of /api/init) the same way, so the menu opens offline
// too; a large menu's parts (`?part=N`) each under its own address, all of them, since the page loads them
// all. The page asks with the ETag it has: the server's 304 passes through untouched (only 200s are kept),
// offline the last copy answers. A few menus are kept (a menu of 10,000 products is 11 parts), the least
// recently used parts go first.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    /^\/api\/menus\/\d+\/catalog$/.test(url.pathname) &&
    request.method === 'GET',
  new NetworkFirst({
    cacheName: 'storefront-menus',
    networkTimeoutSeconds: 4,
    plugins: [ok, new ExpirationPlugin({ maxEntries: 64 })],
  }),
);

// Images and uploads have the id and version in their name: a stored copy never goes stale.
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/(image|upload)\//.test(url.pathname),
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      ok,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Font stylesheets and files, one entry per family and variant.
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/font\//.test(url.pathname),
  new CacheFirst({
    cacheName: 'fonts',
    plugins: [ok, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 365 * 24 * 3600 })],
  }),
);

// The manifest and its icons follow the shop configuration: shown from the cache, refreshed behind it.
registerRoute(
  ({ url }) =>
    url.origin === self.location.origin && /^\/(manifest\.webmanifest|app-icon\/)/.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'app-manifest', plugins: [ok] }),
);
