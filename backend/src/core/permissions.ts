/** The roles a user can have. ROLE_ADMIN may do everything. */
export const ROLES = ['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_EMPLOYEE'] as const;
export type Role = (typeof ROLES)[number];

/** What a permission is about; each comes as `:read` and `:write`. */
export const AREAS = [
  'users',
  'config',
  'logs',
  'organisation', // divisions, branches, departments
  'catalog', // menus, categories, tags, products
  'media', // images, image templates, uploads, fonts
  'content', // sites, blocks, navigations, donatees
  'orders',
  'tables',
  'devices',
  'time-tracking', // working activities, working schedules, holiday balances
  'projects', // projects, tasks
  'signage', // digital-signage segments, streams, devices
  'statistics',
] as const;
export type Area = (typeof AREAS)[number];

/**
 * A permission a route declares with `@Allow(...)`. `authenticated` means any signed-in user (e.g. /api/users/me).
 */
export type Permission = `${Area}:${'read' | 'write'}` | 'authenticated';

const all = (areas: readonly Area[]): Permission[] =>
  areas.flatMap((a) => [`${a}:read`, `${a}:write`] as Permission[]);

/**
 * What each role may do.
 * - ROLE_ADMIN: everything.
 * - ROLE_MANAGER: runs the business (catalogue, branches, content, orders, staff time, statistics, devices,
 *   signage), but neither user accounts nor the shop configuration (payment providers, legal texts).
 * - ROLE_EMPLOYEE: the orders and tables of its own branches and its own time tracking.
 */
export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  ROLE_ADMIN: new Set<Permission>(['authenticated', ...all(AREAS)]),
  ROLE_MANAGER: new Set<Permission>([
    'authenticated',
    ...all(AREAS.filter((a) => a !== 'users' && a !== 'config')),
  ]),
  ROLE_EMPLOYEE: new Set<Permission>(['authenticated', ...all(['orders', 'tables', 'time-tracking'])]),
};

/** Areas whose entities belong to one branch: an employee sees only its own branches' rows there. */
export const BRANCH_SCOPED_ROLES: ReadonlySet<Role> = new Set(['ROLE_EMPLOYEE']);
