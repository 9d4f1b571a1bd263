import type { CurrentUser, User as UserJson } from '@ordering/common';
import type { User } from './user.entity.js';

/** A user as the API shows it: never the password or token hashes. */
export function toUserJson(user: User): UserJson & Record<string, unknown> {
  return {
    id: user.id,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles: [...user.roles],
    branches: (user.branches ?? []).map((b) => ({ id: b.id })).sort((a, b) => a.id - b.id),
    isEnabled: user.isEnabled,
    isLocked: user.isLocked,
    expiresAt: user.expiresAt,
    lastLoginAt: user.lastLoginAt,
  } as unknown as UserJson & Record<string, unknown>;
}

/** `GET /api/users/me`: the roles, and the user with its branches. */
export function toCurrentUser(user: User): CurrentUser {
  return { roles: [...user.roles], user: toUserJson(user) };
}
