import { MAX_NAVIGATION_DEPTH, navigationInput } from '@ordering/common/schemas';
import { In, type EntityManager } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { DomainError } from '../core/errors.js';
import { defineResource } from '../crud/resource.js';
import { Navigation, type NavigationItemJson } from './navigation.entity.js';
import { Site } from './site.entity.js';

/** Deepest level of a navigation tree (top level is 1). */
export { MAX_NAVIGATION_DEPTH, navigationInput };

/** Every item with its field path. */
function walk(items: NavigationItemJson[], path: string): Array<{ item: NavigationItemJson; field: string }> {
  return items.flatMap((item, i) => [
    { item, field: `${path}.${i}` },
    ...walk(item.children, `${path}.${i}.children`),
  ]);
}

/**
 * Items keep the ids they were sent with (unique within the navigation); an item without one, or with a
 * duplicate, gets the next free id, so an edit never renumbers the items it leaves alone.
 */
export function numberItems(items: NavigationItemJson[]): NavigationItemJson[] {
  const all = walk(items, 'items').map((x) => x.item);
  let next = Math.max(0, ...all.map((item) => item.id ?? 0)) + 1;
  const seen = new Set<number>();
  const number = (list: NavigationItemJson[]): NavigationItemJson[] =>
    list.map((item) => {
      const id = item.id && !seen.has(item.id) ? item.id : next++;
      seen.add(id);
      return { ...item, id, children: number(item.children) };
    });
  return number(items);
}

/** Internal targets must exist: sites by path, branches by identifier. */
async function assertTargetsExist(em: EntityManager, items: NavigationItemJson[]) {
  const all = walk(items, 'items');
  for (const [type, entity, column] of [
    ['site', Site, 'path'],
    ['branch', Branch, 'identifier'],
  ] as const) {
    const wanted = all.filter((x) => x.item.type === type);
    if (!wanted.length) continue;
    const values = [...new Set(wanted.map((x) => x.item.target))];
    const rows = await em
      .getRepository(entity as typeof Site)
      .find({ where: { [column]: In(values) } as never, select: { [column]: true } as never });
    const known = new Set(rows.map((r) => (r as unknown as Record<string, string>)[column]));
    const missing = wanted.find((x) => !known.has(x.item.target));
    if (missing)
      throw new DomainError(
        'validation',
        'Der ausgewählte Eintrag existiert nicht.',
        `${missing.field}.target`,
      );
  }
}

/** `/api/navigations`: header and footer navigations as item trees (at most three levels). */
export const navigationResource = defineResource({
  path: 'navigations',
  entity: Navigation,
  names: { plural: 'Navigationen', singular: 'Navigation' },
  input: navigationInput,
  read: 'content:read',
  write: 'content:write',
  publicRead: true,
  filters: { identifier: { type: 'string' } },
  searchable: ['identifier', 'name'],
  sortable: ['identifier', 'name'],
  defaultSort: 'identifier',
  unique: ['identifier'],
  assign: async (em, navigation, input) => {
    await assertTargetsExist(em, input.items);
    navigation.items = numberItems(input.items);
  },
});
