import { Injectable } from '@nestjs/common';
import { t, type CurrentUser } from '@ordering/common';
import { PasswordHasher } from '../auth/passwords.js';
import { DomainError } from '../core/errors.js';
import { EventBus } from '../core/events.js';
import type { RequestContext } from '../core/request-context.js';
import { TransactionalConnection } from '../core/transaction.js';
import { CrudService } from '../crud/crud.service.js';
import type { WriteService } from '../crud/crud.controller.js';
import { assertMayIssueApiToken, findUserById, issueApiToken, revokeApiToken } from '../auth/accounts.js';
import { toCurrentUser } from '../auth/user-json.js';
import type { User } from '../auth/user.entity.js';
import { userWriteResource } from './user.resource.js';

/** User accounts: the writes of `/api/users` (passwords), the current user and personal API tokens. */
@Injectable()
export class UsersService implements WriteService {
  private readonly crud: CrudService<User>;

  constructor(
    private readonly connection: TransactionalConnection,
    private readonly events: EventBus,
    hasher: PasswordHasher,
  ) {
    this.crud = new CrudService(userWriteResource(hasher), connection, events);
  }

  create(ctx: RequestContext, body: unknown): Promise<unknown> {
    return this.crud.create(ctx, body);
  }

  update(ctx: RequestContext, id: number, body: unknown): Promise<unknown> {
    return this.crud.update(ctx, id, body);
  }

  remove(ctx: RequestContext, id: number): Promise<void> {
    return this.crud.remove(ctx, id);
  }

  /** The signed-in user: roles, and the user with its branches. */
  async me(ctx: RequestContext): Promise<CurrentUser> {
    const user = await findUserById(this.connection.manager(ctx), ctx.user!.id);
    if (!user) throw new DomainError('unauthorized', t('http.unauthorized'));
    return toCurrentUser(user);
  }

  /** Issues a new API token for the user (replacing the old one); it is shown this once only. */
  async issueToken(ctx: RequestContext, userId: number): Promise<{ token: string }> {
    assertMayIssueApiToken(ctx, userId);
    return this.connection.withTransaction(ctx, async (em) => {
      if (!(await findUserById(em, userId)))
        throw new DomainError('not_found', 'Benutzer wurde nicht gefunden.');
      const token = await issueApiToken(em, userId);
      await this.events.publish(ctx, 'entity.action', {
        action: 'api-token-issued',
        entityType: 'users',
        entityId: userId,
        changes: {},
      });
      return { token };
    });
  }

  /** Revokes the user's API token. */
  async revokeToken(ctx: RequestContext, userId: number): Promise<void> {
    await this.connection.withTransaction(ctx, async (em) => {
      if (!(await findUserById(em, userId)))
        throw new DomainError('not_found', 'Benutzer wurde nicht gefunden.');
      await revokeApiToken(em, userId);
      await this.events.publish(ctx, 'entity.action', {
        action: 'api-token-revoked',
        entityType: 'users',
        entityId: userId,
        changes: {},
      });
    });
  }
}
