/** The permission areas of the API (backend/src/core/permissions.ts), as far as the navigation needs them. */
export type Permission = `${string}:${'read' | 'write'}`;

const ALL_AREAS = [
  'users',
  'config',
  'logs',
  'organisation',
  'catalog',
  'media',
  'content',
  'orders',
  'tables',
  'devices',
  'time-tracking',
  'projects',
  'signage',
  'statistics',
] as const;

/** What each role may read (docs/decisions/roles.md); the server checks every call again. */
const ROLE_AREAS: Record<string, readonly string[]> = {
  ROLE_ADMIN: ALL_AREAS,
  ROLE_MANAGER: ALL_AREAS.filter((a) => a !== 'users' && a !== 'config'),
  ROLE_EMPLOYEE: ['orders', 'tables', 'time-tracking'],
};

/** German names of the roles. */
export const ROLE_LABELS: Record<string, string> = {
  ROLE_ADMIN: 'Administration',
  ROLE_MANAGER: 'Leitung',
  ROLE_EMPLOYEE: 'Mitarbeiter',
};

/** One area of the back-office navigation. */
export interface NavArea {
  /** Path segment under /backend. */
  path: string;
  label: string;
  /** The user needs read access to at least one of these permission areas. */
  needs: readonly string[];
  /** A screen exists; otherwise the area shows "in Vorbereitung". */
  ready: boolean;
}

export const NAV_AREAS: readonly NavArea[] = [
  { path: 'orders', label: 'Bestellungen', needs: ['orders'], ready: true },
  { path: 'catalog', label: 'Sortiment', needs: ['catalog'], ready: false },
  { path: 'branches', label: 'Filialen', needs: ['organisation', 'tables'], ready: false },
  { path: 'content', label: 'Inhalte', needs: ['content'], ready: false },
  { path: 'media', label: 'Medien', needs: ['media'], ready: false },
  { path: 'staff', label: 'Personal & Zeiterfassung', needs: ['time-tracking', 'projects'], ready: false },
  { path: 'signage', label: 'Digital Signage', needs: ['signage'], ready: false },
  { path: 'devices', label: 'Geräte', needs: ['devices'], ready: false },
  { path: 'statistics', label: 'Statistik', needs: ['statistics'], ready: false },
  { path: 'settings', label: 'Einstellungen', needs: ['config', 'users'], ready: false },
];

/** The permission areas the roles may read. */
export function readableAreas(roles: readonly string[]): Set<string> {
  return new Set(roles.flatMap((role) => ROLE_AREAS[role] ?? []));
}

/** The navigation entries the roles may use, in menu order. */
export function visibleAreas(roles: readonly string[]): NavArea[] {
  const readable = readableAreas(roles);
  return NAV_AREAS.filter((area) => area.needs.some((need) => readable.has(need)));
}
