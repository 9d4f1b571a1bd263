import zlib from 'node:zlib';
import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../env/config.js';
import { AD_PIXEL_EVENT_HOST, AD_PIXEL_SCRIPT_HOST } from '@ordering/common';
import { MAP_HOSTS } from './map-hosts.js';

/** Payment provider pages the checkout sends customers to (forms posted or pages framed by none). */
const PAYMENT_HOSTS = ['https://*.mollie.com', 'https://*.datatrans.com', 'https://*.sandbox.datatrans.com'];

/**
 * Security headers on every answer (helmet): a Content-Security-Policy that runs only the product's own
 * scripts (no inline script, no eval), lets nobody else frame the kiosk or the back office, and allows
 * only the map tile and payment hosts the product uses; no referrer to other sites, no MIME sniffing,
 * no camera/microphone/geolocation unless the page asks for the location itself; HSTS when the request
 * came over HTTPS (directly or, with TRUST_PROXY, through the proxy).
 *
 * The API documentation under /api/docs (Swagger UI) needs inline script and gets a policy of its own.
 */
export function securityHeaders(): RequestHandler {
  const common = {
    crossOriginEmbedderPolicy: false,
    // Media and API answers may be read by the installed app's other origins only through CORS.
    crossOriginResourcePolicy: { policy: 'same-site' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    // HSTS only over HTTPS: set below per request.
    strictTransportSecurity: false,
  };
  const app = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        // The ad pixel's script, loaded by the storefront only with the marketing consent.
        'script-src': ["'self'", AD_PIXEL_SCRIPT_HOST],
        'script-src-attr': ["'none'"],
        // React sets style attributes; no script can run from a style.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...MAP_HOSTS, AD_PIXEL_EVENT_HOST],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...MAP_HOSTS, AD_PIXEL_EVENT_HOST],
        'media-src': ["'self'", 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        'manifest-src': ["'self'"],
        'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
        'frame-ancestors': ["'self'"],
        'form-action': ["'self'", ...PAYMENT_HOSTS],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
      },
    },
  });
  const docs = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", "'unsafe-inline'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
      },
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader(
      'Permissions-Policy',
      'camera=(), microphone=(), payment=(self), geolocation=(self), interest-cohort=()',
    );
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    (req.path === '/api/docs' || req.path.startsWith('/api/docs/') ? docs : app)(req, res, next);
  };
}

/**
 * Cross-origin calls to /api are refused (403, German) unless the origin is in CORS_ORIGINS; allowed
 * origins get the CORS headers (with credentials) and their preflights are answered. A request from the
 * product's own origin (same host) passes as before.
 */
export function corsPolicy(config: AppConfig): RequestHandler {
  const allowed = new Set(config.serving.corsOrigins);
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (!origin || !req.path.startsWith('/api')) return next();
    const own = `${req.protocol}://${req.headers.host ?? ''}`;
    if (origin === own || origin === config.publicUrl) return next();
    if (!allowed.has(origin)) {
      res.status(403).json({
        errors: [
          {
            message: 'Anfragen von dieser Website sind nicht erlaubt.',
            code: 'origin_not_allowed',
          },
        ],
      });
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.append('Vary', 'Origin');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
      res.setHeader(
        'Access-Control-Allow-Headers',
        'Content-Type, Authorization, X-CSRF-Token, Idempotency-Key, Last-Event-ID',
      );
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, ETag, Retry-After');
    next();
  };
}

/**
 * Brotli or gzip by Accept-Encoding for JSON, HTML, JS, CSS and SVG made at request time (the built web
 * app's files are sent precompressed, see web-app.ts). Event streams are never buffered.
 */
export function responseCompression(): RequestHandler {
  return compression({
    threshold: 1024,
    // Quality 4: most of brotli's gain at a fraction of its top setting's time for answers made per request.
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    filter: (req, res) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      if (type.startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  });
}
