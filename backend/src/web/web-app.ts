import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { PagePreloads } from './store-preload.js';

/** Paths the web app never answers: the API, the media routes and the app manifest answer those (or 404 as JSON). */
const SERVER_PREFIXES = ['/api', '/image', '/upload', '/font', '/app-icon', '/manifest.webmanifest'];

const FALLBACK_HTML = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Bestellplattform</title></head>
<body><main><h1>Die Web-App ist nicht gebaut.</h1><p>Bitte <code>npm start</code> verwenden oder <code>npm run build</code> ausführen.</p></main></body></html>`;

/** Files the build compressed ahead of time, by content type: sent as they are when the client accepts them. */
const PRECOMPRESSED = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * The `.br` or `.gz` twin the web build wrote beside a file (see web/scripts/precompress.mjs), when the
 * client accepts that encoding: the request is pointed at it and the headers say what it is.
 */
function precompressed(root: string) {
  const known = new Map<string, boolean>();
  const has = (file: string) => {
    let found = known.get(file);
    if (found === undefined) {
      found = existsSync(file);
      known.set(file, found);
    }
    return found;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PRECOMPRESSED.test(req.path)) return next();
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const file = path.join(root, decodeURIComponent(req.path));
    if (!file.startsWith(root + path.sep)) return next();
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!new RegExp(`\\b${encoding}\\b`).test(accepted) || !has(file + suffix)) continue;
      res.setHeader('Content-Encoding', encoding);
      res.setHeader('Vary', 'Accept-Encoding');
      res.type(path.extname(req.path));
      req.url = req.url.replace(/^[^?]*/, (p) => p + suffix);
      return next();
    }
    next();
  };
}

/** Staff screens that never read /api/init: the back office, the ticket screen, the time clock, the counter board. */
const WITHOUT_INIT = ['/backend', '/frontdesk', '/zeiterfassung', '/theke'];

/**
 * The storefront and the kiosk start from `GET /api/init`. Announced in the page's head, its request runs
 * while the browser still loads the script instead of after it (about one round trip less before the menu
 * shows; issue 10). `crossorigin="anonymous"` is the credentials mode of the app's `fetch` (same-origin), so
 * the browser hands the preloaded answer to that call. `more`: further API paths of the page's first screen
 * (a branch page's catalogue, see store-preload.ts), announced the same way; the app's entry asks for each
 * at once (web/src/api/ApiClient.ts, `prefetch`).
 */
export function withInitPreload(html: string, urlPath: string, more: string[] = []): string {
  if (WITHOUT_INIT.some((p) => urlPath === p || urlPath.startsWith(p + '/'))) return html;
  const link = ['/api/init', ...more]
    .map((href) => `<link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin="anonymous">`)
    .join('');
  if (html.includes('</head>')) return html.replace('</head>', `${link}</head>`);
  return html.replace(/<body/i, `<head>${link}</head><body`);
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Serves the built web app: hashed files under /assets with a year-long immutable cache (sent
 * precompressed with brotli or gzip when the client accepts it), other files revalidated, and
 * index.html (never cached) for every other GET so that client-side routes work. Source maps stay on
 * the server: they are for the developers, not for every visitor. `preloads` names the API answers a page's
 * first screen needs beyond /api/init (announced in its head).
 */
export function webApp(webDist: string, preloads: PagePreloads = async () => []) {
  const router = express.Router();
  const indexFile = path.join(webDist, 'index.html');
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path.endsWith('.map')) return next(Object.assign(new Error('not found'), { status: 404 }));
    next();
  });
  // No file of the web app lies under /api: an API request skips the static lookups (a stat per request).
  router.use('/api', (_req: Request, _res: Response, next: NextFunction) => next('router'));
  router.use('/assets', precompressed(path.join(webDist, 'assets')));
  router.use(
    '/assets',
    express.static(path.join(webDist, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  router.use(
    express.static(webDist, {
      index: false,
      maxAge: 0,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (SERVER_PREFIXES.some((p) => req.path === p || req.path.startsWith(p + '/'))) return next();
    res.setHeader('Cache-Control', 'no-cache, no-store, must-revalidate');
    res.type('html');
    if (!existsSync(indexFile)) return res.send(FALLBACK_HTML);
    const html = readFileSync(indexFile, 'utf8');
    preloads(req.path)
      .catch(() => [])
      .then((more) => res.send(withInitPreload(html, req.path, more)), next);
  });
  return router;
}
