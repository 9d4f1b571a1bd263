import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random secret (256 bits, URL-safe). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** What is stored instead of a token: its sha256 in hex. */
export const sha256 = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** Compares two secrets in constant time (different lengths are simply unequal). */
export function secretsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Prefix of personal API tokens, so that a leaked one is recognisable (e.g. by secret scanners). */
export const API_TOKEN_PREFIX = 'bpt_';
