import { ENTITY_NAMES, t } from '@ordering/common';
import { userInput, usernameSchema } from '@ordering/common/schemas';
import type { PasswordHasher } from '../auth/passwords.js';
import { DomainError } from '../core/errors.js';
import { defineResource } from '../crud/resource.js';
import { endCredentials, endSessions, usernameTaken } from '../auth/accounts.js';
import { toUserJson } from '../auth/user-json.js';
import { User } from '../auth/user.entity.js';

// Shared with the back office's form (common/src/schemas/organisation.ts).
export { userInput, usernameSchema };

/**
 * `/api/users`: administrators only. Never shows password or token hashes. The generated routes read
 * with this description; writes go through {@link UsersService} with {@link userWriteResource}.
 */
export const userResource = defineResource({
  path: 'users',
  entity: User,
  names: ENTITY_NAMES.users,
  input: userInput,
  read: 'users:read',
  write: 'users:write',
  relations: ['branches'],
  searchable: ['username', 'email', 'firstName', 'lastName'],
  sortable: ['username', 'email', 'firstName', 'lastName', 'lastLoginAt'],
  defaultSort: 'username',
  unique: ['email'],
  trackVersion: false,
  filters: {
    role: {
      type: 'string',
      apply: (qb, alias, value) =>
        qb.andWhere(`${alias}.roles @> CAST(:roleFilter AS jsonb)`, {
          roleFilter: JSON.stringify([value]),
        }),
    },
    branch: {
      type: 'number',
      apply: (qb, alias, value) =>
        qb.andWhere(
          `EXISTS (SELECT 1 FROM app_user_branch ub WHERE ub.user_id = ${alias}.id AND ub.branch_id = :branchFilter)`,
          { branchFilter: value },
        ),
    },
    isEnabled: { type: 'boolean' },
  },
  toJson: (user) => toUserJson(user),
});

/**
 * The user description with its write rules: a user cannot lock itself out (remove its own admin role,
 * disable, lock or delete itself); a new password set by somebody else, disabling or locking ends the
 * user's browser sessions.
 */
export function userWriteResource(hasher: PasswordHasher) {
  return defineResource({
    ...userResource,
    async assign(em, user, input, ctx) {
      if (await usernameTaken(em, input.username, user.id))
        throw new DomainError('conflict', t('validation.unique'), 'username');
      const self = !!user.id && ctx.user?.id === user.id;
      if (self && !input.roles.includes('ROLE_ADMIN') && ctx.user!.roles.includes('ROLE_ADMIN')) {
        throw new DomainError(
          'validation',
          'Sie können sich die Administratorrolle nicht selbst entziehen.',
          'roles',
        );
      }
      if (self && (!input.isEnabled || input.isLocked)) {
        throw new DomainError(
          'validation',
          'Sie können Ihr eigenes Benutzerkonto nicht deaktivieren oder sperren.',
          'isEnabled',
        );
      }
      if (input.password) user.passwordHash = await hasher.hash(input.password);
    },
    async afterWrite(em, user, _ctx, input) {
      // A new password ends every session and the API token, also for whoever changed their own (their
      // browser signs in again): whoever held a stolen one must not outlive the change.
      if (input.password) await endCredentials(em, user.id);
      else if (!user.isEnabled || user.isLocked) await endSessions(em, user.id);
    },
    beforeDelete(_em, user, ctx) {
      if (ctx.user?.id === user.id)
        throw new DomainError('conflict', 'Sie können Ihr eigenes Benutzerkonto nicht löschen.');
    },
  });
}
