import { t } from '@ordering/common';
import type { EntityManager } from 'typeorm';
import { AuthSession } from '../auth/session.entity.js';
import { API_TOKEN_PREFIX, randomToken, sha256 } from '../auth/secrets.js';
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

/** Issues a new personal API token (the previous one stops working) and returns it; only its hash is kept. */
export async function issueApiToken(em: EntityManager, userId: number): Promise<string> {
  const token = API_TOKEN_PREFIX + randomToken();
  await em.update(User, { id: userId }, { apiTokenHash: sha256(token) });
  return token;
}

/** Revokes the user's API token. */
export async function revokeApiToken(em: EntityManager, userId: number): Promise<void> {
  await em.update(User, { id: userId }, { apiTokenHash: null });
}

/** Signs the user out everywhere (every browser session). */
export async function endSessions(em: EntityManager, userId: number): Promise<void> {
  await em.createQueryBuilder().delete().from(AuthSession).where('user_id = :userId', { userId }).execute();
}
