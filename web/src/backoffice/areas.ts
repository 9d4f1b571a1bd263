import { areasOfRoles, ROLE_LABELS as SHARED_ROLE_LABELS } from '@ordering/common/schemas';

/** A permission as the API names it (`catalog:read`). */
export type Permission = `${string}:${'read' | 'write'}`;

/** German names of the roles (common's table, shared with the API). */
export const ROLE_LABELS: Record<string, string> = SHARED_ROLE_LABELS;

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
  { path: 'catalog', label: 'Sortiment', needs: ['catalog'], ready: true },
  { path: 'branches', label: 'Filialen', needs: ['organisation', 'tables'], ready: true },
  { path: 'content', label: 'Inhalte', needs: ['content'], ready: true },
  { path: 'media', label: 'Medien', needs: ['media'], ready: true },
  { path: 'staff', label: 'Personal & Zeiterfassung', needs: ['time-tracking', 'projects'], ready: true },
  { path: 'signage', label: 'Digital Signage', needs: ['signage'], ready: true },
  { path: 'devices', label: 'Geräte', needs: ['devices'], ready: true },
  { path: 'statistics', label: 'Statistik', needs: ['statistics'], ready: true },
  { path: 'settings', label: 'Einstellungen', needs: ['config', 'users', 'logs', 'privacy'], ready: true },
];

/** A hand-written screen shown as a tab of an area, after the area's entity screens. */
export interface AreaScreen {
  area: string;
  /** Path segment under the area (`/backend/{area}/{path}`). */
  path: string;
  label: string;
  /** The permission area the user must read. */
  needs: string;
}

export const AREA_SCREENS: readonly AreaScreen[] = [
  // DSGVO Art. 15 and 17: administrators only, as the API (docs/decisions/privacy.md).
  { area: 'settings', path: 'privacy', label: 'Auskunft und Löschung', needs: 'privacy' },
  // The kitchen display's stages and colours per branch (docs/decisions/kitchen.md).
  { area: 'branches', path: 'kitchen', label: 'Küche', needs: 'organisation' },
];

/** The hand-written screens of an area the roles may use, in tab order. */
export function ownScreensOf(area: string, roles: readonly string[]): AreaScreen[] {
  const readable = readableAreas(roles);
  return AREA_SCREENS.filter((screen) => screen.area === area && readable.has(screen.needs));
}

/** The permission areas the roles may read. */
export function readableAreas(roles: readonly string[]): Set<string> {
  return areasOfRoles(roles);
}

/** The navigation entries the roles may use, in menu order. */
export function visibleAreas(roles: readonly string[]): NavArea[] {
  const readable = readableAreas(roles);
  return NAV_AREAS.filter((area) => area.needs.some((need) => readable.has(need)));
}
