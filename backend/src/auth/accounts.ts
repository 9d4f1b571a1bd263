import { t } from '@ordering/common';
import type { EntityManager } from 'typeorm';
import { LoginLink } from './login-link.entity.js';
import { AuthSession } from './session.entity.js';
import { DomainError } from '../core/errors.js';
import type { RequestContext } from '../core/request-context.js';
import { API_TOKEN_PREFIX, randomToken, sha256 } from './secrets.js';
import { User } from './user.entity.js';

/**
 * Why this account may not sign in right now (the German text the user reads), or null.
 * Checked at sign-in and again on every request, so disabling an account takes effect at once.
 */
export function accountProblem(
  user: Pick<User, 'isEnabled' | 'isLocked' | 'expiresAt'>,
  now: Date,
): string | null {
  if (!user.isEnabled) return t('auth.accountDisabled');
  if (user.isLocked) return t('auth.accountLocked');
  if (user.expiresAt && user.expiresAt.getTime() <= now.getTime()) return t('auth.accountExpired');
  return null;
}

/** User name or e-mail address as typed, for look-ups and the sign-in throttle. */
export const loginKey = (identifier: string): string => identifier.trim().toLowerCase();

/**
 * The user a sign-in name means: its user name or its e-mail address, both compared case-insensitively.
 * Loads the branches (ids) and, if asked, the password hash.
 */
export async function findUserByLogin(
  em: EntityManager,
  identifier: string,
  withPassword = false,
): Promise<User | null> {
  const key = loginKey(identifier);
  if (!key) return null;
  const qb = em
    .getRepository(User)
    .createQueryBuilder('u')
    .leftJoin('u.branches', 'b')
    .addSelect('b.id')
    .where('LOWER(u.username) = :key OR LOWER(u.email) = :key', { key })
    .orderBy('u.id');
  if (withPassword) qb.addSelect('u.passwordHash');
  // A user name never contains "@", so a name and another user's address cannot both match; the
  // order makes the answer stable anyway.
  return qb.getOne();
}

/** One user with its branches (ids), or null. */
export function findUserById(em: EntityManager, id: number): Promise<User | null> {
  return em
    .getRepository(User)
    .createQueryBuilder('u')
    .leftJoin('u.branches', 'b')
    .addSelect('b.id')
    .where('u.id = :id', { id })
    .getOne();
}

/** Whether another user already has this name (case-insensitive). */
export async function usernameTaken(
  em: EntityManager,
  username: string,
  exceptId?: number,
): Promise<boolean> {
  const qb = em
    .getRepository(User)
    .createQueryBuilder('u')
    .where('LOWER(u.username) = :name', { name: loginKey(username) });
  if (exceptId) qb.andWhere('u.id <> :id', { id: exceptId });
  return qb.getExists();
}

/** A personal API token works for 90 days; then its owner issues a new one (signed in, not with the token). */
export const API_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

// bpt_<expiry in ms, base 36>.<random>: the expiry travels in the token and is covered by the stored
// hash, so changing it makes the token unknown; no column needed.
const API_TOKEN_FORMAT = /^bpt_([0-9a-z]{1,12})\.[A-Za-z0-9_-]{20,100}$/;

/** When this API token stops working, or null for a malformed (or pre-expiry format) token. */
export function apiTokenExpiresAt(token: string): Date | null {
  const match = API_TOKEN_FORMAT.exec(token);
  return match ? new Date(parseInt(match[1]!, 36)) : null;
}

/** Whether this API token may be used at `now` (well-formed and not expired). */
export const apiTokenUsable = (token: string, now: Date): boolean =>
  (apiTokenExpiresAt(token)?.getTime() ?? 0) > now.getTime();

/**
 * Issues a new personal API token valid for {@link API_TOKEN_TTL_MS} from `now` (the previous one stops
 * working) and returns it; only its hash is kept.
 */
export async function issueApiToken(em: EntityManager, userId: number, now = new Date()): Promise<string> {
  const token = `${API_TOKEN_PREFIX}${(now.getTime() + API_TOKEN_TTL_MS).toString(36)}.${randomToken()}`;
  await em.update(User, { id: userId }, { apiTokenHash: sha256(token) });
  return token;
}

/**
 * An API token cannot issue its own successor (a stolen token could otherwise renew itself forever): a
 * user's token is issued from a signed-in browser session, by an administrator or by the operator CLI.
 * @throws DomainError forbidden
 */
export function assertMayIssueApiToken(ctx: Pick<RequestContext, 'method' | 'user'>, userId: number): void {
  if (ctx.method === 'token' && ctx.user?.id === userId)
    throw new DomainError('forbidden', API_TOKEN_CANNOT_RENEW);
}

/** Why a request made with an API token cannot issue one. */
export const API_TOKEN_CANNOT_RENEW =
  'Ein API-Token kann keinen neuen API-Token ausstellen. Bitte melden Sie sich dafür an.';

/** Revokes the user's API token. */
export async function revokeApiToken(em: EntityManager, userId: number): Promise<void> {
  await em.update(User, { id: userId }, { apiTokenHash: null });
}

/** Signs the user out everywhere (every browser session). */
export async function endSessions(em: EntityManager, userId: number): Promise<void> {
  await em.createQueryBuilder().delete().from(AuthSession).where('user_id = :userId', { userId }).execute();
}

/**
 * Ends every credential but the password: browser sessions, the API token and unused sign-in links
 * (after a password change or reset, whoever held one of them must prove the new password).
 */
export async function endCredentials(em: EntityManager, userId: number): Promise<void> {
  await endSessions(em, userId);
  await revokeApiToken(em, userId);
  await em
    .createQueryBuilder()
    .delete()
    .from(LoginLink)
    .where('user_id = :userId AND used_at IS NULL', { userId })
    .execute();
}
