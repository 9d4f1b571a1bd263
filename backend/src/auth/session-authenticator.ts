import { Injectable } from '@nestjs/common';
import { t } from '@ordering/common';
import type { Request } from 'express';
import { Clock } from '../core/clock.js';
import { DomainError } from '../core/errors.js';
import { requestScope } from '../core/logger.js';
import { accountProblem, apiTokenUsable } from './accounts.js';
import { User } from './user.entity.js';
import type { Authenticator } from './auth.guard.js';
import { sessionTokenOf } from './cookies.js';
import { bearerOf } from './device-authenticator.js';
import type { Role } from '../core/permissions.js';
import { type AuthUser, RequestContext } from '../core/request-context.js';
import { secretsEqual, sha256 } from './secrets.js';
import { SessionService } from './session.service.js';
import { TransactionalConnection } from '../core/transaction.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A write made with the session cookie lacked the right `X-CSRF-Token` (403). */
export class CsrfRejected extends DomainError {
  constructor() {
    super('forbidden', t('auth.csrf'));
  }
}

const toAuthUser = (user: User): AuthUser => ({
  id: user.id,
  username: user.username,
  roles: [...user.roles] as Role[],
  branchIds: (user.branches ?? []).map((b) => b.id),
});

/**
 * The real {@link Authenticator}: `Authorization: Bearer <api token>` (no CSRF needed: a browser never
 * sends it by itself), else the `sid` session cookie, whose writes must carry the session's CSRF token.
 * A user whose account is disabled, locked or expired counts as nobody from its next request on, and so
 * does an API token past its expiry.
 */
@Injectable()
export class SessionAuthenticator implements Authenticator {
  constructor(
    private readonly connection: TransactionalConnection,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
  ) {}

  async authenticate(req: Request): Promise<RequestContext> {
    const requestId = requestScope.getStore()?.requestId;
    const bearer = bearerOf(req);
    if (bearer) {
      // An expired (or malformed) token is nobody, without asking the database.
      if (!apiTokenUsable(bearer, this.clock.now())) return RequestContext.anonymous(requestId);
      const user = await this.connection
        .manager()
        .getRepository(User)
        .createQueryBuilder('u')
        .leftJoin('u.branches', 'b')
        .addSelect('b.id')
        .where('u.apiTokenHash = :hash', { hash: sha256(bearer) })
        .getOne();
      if (!user || accountProblem(user, this.clock.now())) return RequestContext.anonymous(requestId);
      return new RequestContext(toAuthUser(user), 'token', requestId);
    }

    const token = sessionTokenOf(req);
    if (!token) return RequestContext.anonymous(requestId);
    const session = await this.sessions.find(token);
    if (!session || accountProblem(session.user, this.clock.now()))
      return RequestContext.anonymous(requestId);
    if (!SAFE_METHODS.has(req.method.toUpperCase())) {
      const sent = req.header('x-csrf-token');
      if (!sent || !secretsEqual(sent, session.csrfToken)) throw new CsrfRejected();
    }
    return new RequestContext(toAuthUser(session.user), 'session', requestId);
  }
}
