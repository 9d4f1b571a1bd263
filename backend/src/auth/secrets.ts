import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random secret (256 bits, URL-safe). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** What is stored instead of a token: its sha256 in hex. */
export const sha256 = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** Whether a key given in a path or header can be one of ours: 1–200 printable ASCII characters, no space. */
export const isKeyShaped = (key: string): boolean => /^[\x21-\x7e]{1,200}$/.test(key);

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Compares two secrets in constant time, over their SHA-256, so that not even their lengths leak. The one
 * comparison of every secret the backend is given (session CSRF tokens, branch and device keys, status page
 * hashes, a withdrawal's e-mail).
 */
export function secretsEqual(given: string, stored: string): boolean {
  return timingSafeEqual(digest(given), digest(stored));
}

/** Prefix of personal API tokens, so that a leaked one is recognisable (e.g. by secret scanners). */
export const API_TOKEN_PREFIX = 'bpt_';
