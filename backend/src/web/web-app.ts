import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';

/** Paths the web app never answers: the API and the media routes answer those (or 404 as JSON). */
const SERVER_PREFIXES = ['/api', '/image', '/upload'];

const FALLBACK_HTML = `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Bestellplattform</title></head>
<body><main><h1>Die Web-App ist nicht gebaut.</h1><p>Bitte <code>npm start</code> verwenden oder <code>npm run build</code> ausführen.</p></main></body></html>`;

/**
 * Serves the built web app: hashed files under /assets with a year-long immutable cache, other files
 * revalidated, and index.html (never cached) for every other GET so that client-side routes work.
 */
export function webApp(webDist: string) {
  const router = express.Router();
  const indexFile = path.join(webDist, 'index.html');
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
    if (existsSync(indexFile)) return res.send(readFileSync(indexFile, 'utf8'));
    return res.send(FALLBACK_HTML);
  });
  return router;
}
