/** The roles a user can have. ROLE_ADMIN may do everything. */
export const ROLES = ['ROLE_ADMIN', 'ROLE_MANAGER', 'ROLE_EMPLOYEE'] as const;
export type Role = (typeof ROLES)[number];

/** German names of the roles. */
export const ROLE_LABELS: Record<Role, string> = {
  ROLE_ADMIN: 'Administration',
  ROLE_MANAGER: 'Leitung',
  ROLE_EMPLOYEE: 'Mitarbeiter',
};

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
  'privacy', // "Auskunft und Löschung" of customers' personal data (DSGVO)
] as const;
export type Area = (typeof AREAS)[number];

/**
 * The areas each role may read and write (docs/decisions/roles.md); the one table the API's guards and the
 * back office's navigation both read.
 * - ROLE_ADMIN: everything.
 * - ROLE_MANAGER: runs the business (catalogue, branches, content, orders, staff time, statistics, devices,
 *   signage), but neither user accounts nor the shop configuration (payment providers, legal texts).
 * - ROLE_EMPLOYEE: the orders and tables of its own branches and its own time tracking.
 */
export const ROLE_AREAS: Record<Role, readonly Area[]> = {
  ROLE_ADMIN: AREAS,
  ROLE_MANAGER: AREAS.filter((a) => a !== 'users' && a !== 'config' && a !== 'privacy'),
  ROLE_EMPLOYEE: ['orders', 'tables', 'time-tracking'],
};

/** The areas the given roles may use (unknown roles give none). */
export function areasOfRoles(roles: readonly string[]): Set<Area> {
  return new Set(roles.flatMap((role) => ROLE_AREAS[role as Role] ?? []));
}
