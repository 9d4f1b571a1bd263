import type { Request } from 'express';
import type { Authenticator } from '../../src/auth/auth.guard.js';
import type { Role } from '../../src/core/permissions.js';
import { type AuthUser, RequestContext } from '../../src/core/request-context.js';

/**
 * For tests of the guard and of CRUD mechanics only: the user comes from an `x-test-user` header.
 * Never part of the application; the real authenticator is tested in test/auth.
 */
export class HeaderAuthenticator implements Authenticator {
  async authenticate(req: Request): Promise<RequestContext> {
    const raw = req.header('x-test-user');
    if (!raw) return RequestContext.anonymous();
    return new RequestContext(JSON.parse(raw) as AuthUser, 'token');
  }
}

/** Headers that make a request come from a user with these roles (and branches). */
export function asUser(roles: Role[], branchIds: number[] = [], id = 1): Record<string, string> {
  return { 'x-test-user': JSON.stringify({ id, username: `test-${roles.join('-')}`, roles, branchIds }) };
}
