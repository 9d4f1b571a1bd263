import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { t, type CurrentUser } from '@ordering/common';
import type { DataSource } from 'typeorm';
import { PasswordHasher } from '../auth/passwords.js';
import type { RequestContext } from '../auth/request-context.js';
import { DomainError } from '../core/errors.js';
import { CrudService } from '../crud/crud.service.js';
import { AuditService } from '../logs/audit.service.js';
import { findUserById, issueApiToken, revokeApiToken } from './accounts.js';
import { toCurrentUser } from './user-json.js';
import type { User } from './user.entity.js';
import { userResource } from './user.resource.js';

/** User accounts: the CRUD of `/api/users`, the current user and personal API tokens. */
@Injectable()
export class UsersService {
  readonly crud: CrudService<User>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    hasher: PasswordHasher,
  ) {
    this.crud = new CrudService(userResource(hasher), dataSource, audit);
  }

  /** The signed-in user: roles, and the user with its branches. */
  async me(ctx: RequestContext): Promise<CurrentUser> {
    const user = await findUserById(this.dataSource.manager, ctx.user!.id);
    if (!user) throw new DomainError('unauthorized', t('http.unauthorized'));
    return toCurrentUser(user);
  }

  /** Issues a new API token for the user (replacing the old one); it is shown this once only. */
  async issueToken(ctx: RequestContext, userId: number): Promise<{ token: string }> {
    return this.dataSource.transaction(async (em) => {
      if (!(await findUserById(em, userId)))
        throw new DomainError('not_found', 'Benutzer wurde nicht gefunden.');
      const token = await issueApiToken(em, userId);
      await this.audit.record(em, ctx, {
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
    await this.dataSource.transaction(async (em) => {
      if (!(await findUserById(em, userId)))
        throw new DomainError('not_found', 'Benutzer wurde nicht gefunden.');
      await revokeApiToken(em, userId);
      await this.audit.record(em, ctx, {
        action: 'api-token-revoked',
        entityType: 'users',
        entityId: userId,
        changes: {},
      });
    });
  }
}
