import { readableAreas } from '../areas';
import { ALL_DESCRIPTIONS } from './descriptions';
import type { EntityDescription } from './types';

/** The entity screens of an area the roles may read, in menu order. */
export function screensOf(area: string, roles: readonly string[]): EntityDescription[] {
  const readable = readableAreas(roles);
  return ALL_DESCRIPTIONS.filter((d) => d.area === area && readable.has(d.permission));
}

/** Whether the roles may change rows of this screen (the API checks again). Every role writes what it reads. */
export function mayWrite(description: EntityDescription, roles: readonly string[]): boolean {
  return !description.readOnly && readableAreas(roles).has(description.permission);
}
