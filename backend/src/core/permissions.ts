import { AREAS, ROLE_AREAS, ROLES, type Area, type Role } from '@ordering/common/schemas';

// The roles and their areas are one table in common, read by the back office's navigation as well.
export { AREAS, ROLES, type Area, type Role };

/**
 * A permission a route declares with `@Allow(...)`. `authenticated` means any signed-in user (e.g. /api/users/me).
 */
export type Permission = `${Area}:${'read' | 'write'}` | 'authenticated';

const all = (areas: readonly Area[]): Permission[] =>
  areas.flatMap((a) => [`${a}:read`, `${a}:write`] as Permission[]);

/** What each role may do: read and write in each area of common's ROLE_AREAS. */
export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  ROLE_ADMIN: new Set<Permission>(['authenticated', ...all(ROLE_AREAS.ROLE_ADMIN)]),
  ROLE_MANAGER: new Set<Permission>(['authenticated', ...all(ROLE_AREAS.ROLE_MANAGER)]),
  ROLE_EMPLOYEE: new Set<Permission>(['authenticated', ...all(ROLE_AREAS.ROLE_EMPLOYEE)]),
};

/** Areas whose entities belong to one branch: an employee sees only its own branches' rows there. */
export const BRANCH_SCOPED_ROLES: ReadonlySet<Role> = new Set(['ROLE_EMPLOYEE']);
