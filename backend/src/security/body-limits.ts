import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';

/** Sign-in, sign-out and sign-in links: a name and a password, nothing more. */
export const AUTH_BODY_LIMIT = 16 * 1024;
/** Every other JSON body (a product with its texts, a site with its blocks, an order). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Images and uploads arrive as data-URLs inside JSON (15 MB of file are 20 MB of base64). */
export const MEDIA_BODY_LIMIT = 25 * 1024 * 1024;

const AUTH_PATH = /^\/api\/auth(\/|$)/;

/** Payment webhooks are small: Mollie posts `id=tr_…`, Datatrans a transaction's JSON. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;
const MOLLIE_WEBHOOK_PATH = /^\/api\/payments\/mollie\/webhook\/?$/;
/** The one route that needs the exact bytes: the Datatrans signature is an HMAC over the raw body. */
const DATATRANS_WEBHOOK_PATH = /^\/api\/payments\/datatrans\/webhook\/?$/;

/**
 * Bodies of the payment webhooks: Mollie's form (`application/x-www-form-urlencoded`), and Datatrans' body
 * kept as bytes in `req.rawBody` (whatever its content type; `req.body` stays empty) so that its handler
 * verifies the signature over exactly what was sent before it parses anything.
 */
function webhookBodies(): Array<[RegExp, RequestHandler]> {
  const raw = express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT });
  return [
    [MOLLIE_WEBHOOK_PATH, express.urlencoded({ extended: false, limit: WEBHOOK_BODY_LIMIT })],
    [
      DATATRANS_WEBHOOK_PATH,
      (req, res, next) =>
        raw(req, res, (err?: unknown) => {
          const body: unknown = req.body;
          (req as Request & { rawBody?: Buffer }).rawBody = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
          req.body = {};
          next(err);
        }),
    ],
  ];
}
const MEDIA_PATH = /^\/api\/(images|uploads)(\/|$)/;
/** A TV's screenshot (at most 1 MB of picture, docs/decisions/signage.md) arrives as a data-URL. */
export const SCREENSHOT_BODY_LIMIT = 2 * 1024 * 1024;
const SCREENSHOT_PATH = /^\/api\/signage\/[^/]+\/[^/]+\/screenshot\/?$/;

/** The largest JSON body (in bytes) accepted for this method and path. */
export function bodyLimitFor(method: string, path: string): number {
  if (AUTH_PATH.test(path)) return AUTH_BODY_LIMIT;
  if ((method === 'POST' || method === 'PUT') && MEDIA_PATH.test(path)) return MEDIA_BODY_LIMIT;
  if (method === 'POST' && SCREENSHOT_PATH.test(path)) return SCREENSHOT_BODY_LIMIT;
  return DEFAULT_BODY_LIMIT;
}

/**
 * Parses JSON bodies with a limit per route: small by default, large only where files are sent. A body
 * over its limit is refused with 413 before it is read (by its Content-Length) or as soon as it grows
 * past the limit (chunked), so a big body never reaches the JSON parser or the memory of the process.
 */
export function jsonBodies(): RequestHandler {
  const parsers = new Map<number, RequestHandler>(
    [AUTH_BODY_LIMIT, DEFAULT_BODY_LIMIT, SCREENSHOT_BODY_LIMIT, MEDIA_BODY_LIMIT].map((limit) => [
      limit,
      express.json({ limit }),
    ]),
  );
  const webhooks = webhookBodies();
  return (req: Request, res: Response, next: NextFunction) => {
    const webhook = req.method === 'POST' && webhooks.find(([path]) => path.test(req.path));
    if (webhook) return webhook[1](req, res, next);
    const limit = bodyLimitFor(req.method, req.path);
    const announced = Number(req.headers['content-length']);
    if (Number.isFinite(announced) && announced > limit) {
      // Answer at once and close the connection: body-parser would first read (and discard) every
      // announced byte before answering.
      res.setHeader('Connection', 'close');
      next(Object.assign(new Error('request entity too large'), { type: 'entity.too.large', status: 413 }));
      return;
    }
    parsers.get(limit)!(req, res, next);
  };
}
