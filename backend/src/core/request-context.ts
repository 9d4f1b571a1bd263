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

/**
 * A paired desktop device (terminal, kiosk, ticket screen, signage TV) that proved itself with its key
 * (`Authorization: Bearer <device key>`); what it may do follows from its type (see `device-scopes.ts`).
 */
export interface AuthDevice {
  id: number;
  type: string;
  branchId: number | null;
  /** It has a receipt printer (a printer box, or a front desk or kiosk with a printer set up). */
  hasPrinter: boolean;
}

/**
 * How the caller proved who it is: the session cookie (writes need the CSRF header), an API token, or a
 * device key (then {@link RequestContext.device} is set and there is no user).
 */
export type AuthMethod = 'session' | 'token' | 'device' | 'system' | 'none';

/**
 * Rows a request read before its transaction, which subscribers inside the transaction take instead of
 * reading them again while it holds its locks (an order's branch and the shop configuration: the order's
 * ticket counter is locked meanwhile). Features declare theirs by declaration merging:
 * `declare module '../core/request-context.js' { interface RequestReads { branch: Branch } }`.
 */
export interface RequestReads {}

/**
 * Who is asking, carried into every service method as its first argument, together with the request's
 * open transaction (see `TransactionalConnection`).
 */
export class RequestContext {
  /** The transaction this request is in, set and cleared by `TransactionalConnection.withTransaction`. */
  unitOfWork: UnitOfWork | null = null;

  private readonly reads = new Map<keyof RequestReads, unknown>();

  constructor(
    readonly user: AuthUser | null,
    readonly method: AuthMethod = user ? 'session' : 'none',
    readonly requestId?: string,
    /** The device that sent the request (method `device`), else null. */
    readonly device: AuthDevice | null = null,
  ) {}

  /** Keeps a row this request read (see {@link RequestReads}); the newest of a kind wins. */
  remember<K extends keyof RequestReads>(kind: K, row: RequestReads[K]): void {
    this.reads.set(kind, row);
  }

  /** A row this request read earlier, if it did (see {@link RequestReads}). */
  recall<K extends keyof RequestReads>(kind: K): RequestReads[K] | undefined {
    return this.reads.get(kind) as RequestReads[K] | undefined;
  }

  static anonymous(requestId?: string): RequestContext {
    return new RequestContext(null, 'none', requestId);
  }

  /** A request of a device, authenticated by its key. */
  static ofDevice(device: AuthDevice, requestId?: string): RequestContext {
    return new RequestContext(null, 'device', requestId, device);
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
