import type { Request, Response } from 'express';
import { SESSION_ABSOLUTE_MS } from './session.entity.js';

/** Name of the session cookie. */
export const SESSION_COOKIE = 'sid';

/** The session cookie's token, if the request has one. */
export function sessionTokenOf(req: Request): string | undefined {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

/**
 * Sets the session cookie: HttpOnly (no script reads it), SameSite=Lax (no cross-site writes carry it),
 * Secure when the request came over HTTPS (`req.secure`, which honours TRUST_PROXY). It may live as long
 * as the session's absolute limit; the server ends it earlier when it is idle.
 */
export function setSessionCookie(req: Request, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: req.secure,
    maxAge: SESSION_ABSOLUTE_MS,
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure: req.secure });
}
