import type { Permission, Role } from './permissions.js';
import { BRANCH_SCOPED_ROLES, ROLE_PERMISSIONS } from './permissions.js';
import type { UnitOfWork } from './transaction.js';

/** The signed-in user as the request sees it. */
export interface AuthUser {
  id: number;
  username: string;
  roles: Role[];
  /** Ids of the branches the user works in (employees are limited to these). */
  branchIds: number[];
}

/** How the user proved who it is: the session cookie (writes need the CSRF header) or an API token. */
export type AuthMethod = 'session' | 'token' | 'device' | 'system' | 'none';

/**
 * Who is asking, carried into every service method as its first argument, together with the request's
 * open transaction (see `TransactionalConnection`).
 */
export class RequestContext {
  /** The transaction this request is in, set and cleared by `TransactionalConnection.withTransaction`. */
  unitOfWork: UnitOfWork | null = null;

  constructor(
    readonly user: AuthUser | null,
    readonly method: AuthMethod = user ? 'session' : 'none',
    readonly requestId?: string,
  ) {}

  static anonymous(requestId?: string): RequestContext {
    return new RequestContext(null, 'none', requestId);
  }

  /** Work the system does on its own (seed, jobs, start-up): no user, its own transaction. */
  static system(): RequestContext {
    return new RequestContext(null, 'system');
  }

  /** Whether any of the user's roles grants the permission. */
  can(permission: Permission): boolean {
    return !!this.user && this.user.roles.some((r) => ROLE_PERMISSIONS[r]?.has(permission));
  }

  /** `all`, or the only branch ids whose rows the user may see and change (employees). */
  branchScope(): 'all' | number[] {
    if (!this.user) return [];
    const unrestricted = this.user.roles.some((r) => !BRANCH_SCOPED_ROLES.has(r));
    return unrestricted ? 'all' : this.user.branchIds;
  }

  /** An employee counts as a branch's employee only if its branches include that branch. */
  isEmployeeOf(branchId: number): boolean {
    return !!this.user && this.user.branchIds.includes(branchId);
  }

  /** Whether rows of this branch are within the user's scope. */
  mayAccessBranch(branchId: number | null | undefined): boolean {
    const scope = this.branchScope();
    if (scope === 'all') return true;
    return branchId !== null && branchId !== undefined && scope.includes(branchId);
  }
}
