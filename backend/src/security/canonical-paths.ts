import { NotFoundException } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** `/api`, `/API`, `/Api/…`: the prefix in any case (the canonical one is checked separately). */
const API_PREFIX_ANY_CASE = /^\/api(\/|$)/i;
const API_PREFIX = /^\/api(\/|$)/;
/**
 * A percent-encoded unreserved character (RFC 3986 section 2.3: letters, digits, `-`, `.`, `_`, `~`):
 * a normaliser would decode it, so its encoded form is a second spelling of the same path. Browsers and
 * `encodeURIComponent` never encode these.
 */
const ENCODED_UNRESERVED = /%(3[0-9]|4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a]|2d|2e|5f|7e)/i;
/** An empty segment (`//`) or a dot segment (`/./`, `/../`, also encoded), which Express does not resolve. */
const EMPTY_OR_DOT_SEGMENT = /\/\/|\/(\.|%2e){1,2}(\/|$)/i;

/**
 * Whether an API path is spelled the one way our clients spell it. Express matched routes without regard
 * to case while the rate limits and body limits compared paths exactly, so `POST /API/ORDERS` reached the
 * order handler past the limit. Routing is case-sensitive now (see app.factory.ts); this refuses, before
 * any limit, parser or handler runs, the spellings that routing alone does not: the prefix in another case,
 * empty and dot segments, and encoded unreserved characters. A trailing slash stays allowed: the router
 * and every limit treat `/api/orders/` as `/api/orders`.
 */
export function isCanonicalApiPath(path: string): boolean {
  if (!API_PREFIX_ANY_CASE.test(path)) return true;
  return API_PREFIX.test(path) && !ENCODED_UNRESERVED.test(path) && !EMPTY_OR_DOT_SEGMENT.test(path);
}

/** Answers an API path in another spelling with the same 404 as an unknown route. */
export function refuseNonCanonicalPaths(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (isCanonicalApiPath(req.path)) return next();
    next(new NotFoundException());
  };
}
