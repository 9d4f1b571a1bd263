import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express from 'express';

/** Sign-in, sign-out and sign-in links: a name and a password, nothing more. */
export const AUTH_BODY_LIMIT = 16 * 1024;
/** Every other JSON body (a product with its texts, a site with its blocks, an order). */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Images and uploads arrive as data-URLs inside JSON (15 MB of file are 20 MB of base64). */
export const MEDIA_BODY_LIMIT = 25 * 1024 * 1024;

const AUTH_PATH = /^\/api\/auth(\/|$)/;
const MEDIA_PATH = /^\/api\/(images|uploads)(\/|$)/;

/** The largest JSON body (in bytes) accepted for this method and path. */
export function bodyLimitFor(method: string, path: string): number {
  if (AUTH_PATH.test(path)) return AUTH_BODY_LIMIT;
  if ((method === 'POST' || method === 'PUT') && MEDIA_PATH.test(path)) return MEDIA_BODY_LIMIT;
  return DEFAULT_BODY_LIMIT;
}

/**
 * Parses JSON bodies with a limit per route: small by default, large only where files are sent. A body
 * over its limit is refused with 413 before it is read (by its Content-Length) or as soon as it grows
 * past the limit (chunked), so a big body never reaches the JSON parser or the memory of the process.
 */
export function jsonBodies(): RequestHandler {
  const parsers = new Map<number, RequestHandler>(
    [AUTH_BODY_LIMIT, DEFAULT_BODY_LIMIT, MEDIA_BODY_LIMIT].map((limit) => [limit, express.json({ limit })]),
  );
  return (req: Request, res: Response, next: NextFunction) => {
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
