import { z } from 'zod';
import { In, type EntityManager } from 'typeorm';
import { Branch } from '../branches/branch.entity.js';
import { DomainError } from '../core/errors.js';
import { defineResource } from '../crud/resource.js';
import { fields } from '../core/validation.js';
import { Navigation, type NavigationItemJson } from './navigation.entity.js';
import { Site } from './site.entity.js';

/** Deepest level of a navigation tree (top level is 1). */
export const MAX_NAVIGATION_DEPTH = 3;

const externalUrl = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9 ()/-]+)$/i;
/** A site's or branch's identifier (the web app links to `/{target}`); empty for a site means none. */
const PAGE_TARGET = /^([a-z0-9][a-z0-9-]*)?$/i;

function itemSchema(depth: number): z.ZodType<NavigationItemJson> {
  return z
    .object({
      id: z.number().int().positive().max(2_147_483_647).optional(),
      type: z.enum(['home', 'site', 'branch', 'link']),
      target: z
        .string()
        .trim()
        .max(2000)
        .nullish()
        .transform((v) => (v ?? '').replace(/^\/+/, '')),
      label: fields.text(100),
      isEnabled: fields.bool(true),
      children:
        depth < MAX_NAVIGATION_DEPTH
          ? z.lazy(() => z.array(itemSchema(depth + 1)).max(50)).default([])
          : z.array(z.unknown()).max(0).default([]),
    })
    .superRefine((item, ctx) => {
      if (item.type === 'link' && !externalUrl.test(item.target)) {
        ctx.addIssue({ code: 'custom', message: 'Dieser Wert ist keine gültige URL.', path: ['target'] });
      }
      if (item.type === 'branch' && !item.target) {
        ctx.addIssue({ code: 'custom', message: 'Dieser Wert sollte nicht leer sein.', path: ['target'] });
      } else if ((item.type === 'branch' || item.type === 'site') && !PAGE_TARGET.test(item.target)) {
        // The web app links to /{target}: a backslash or a second slash would lead to another host.
        ctx.addIssue({ code: 'custom', message: 'Dieser Wert ist keine gültige URL.', path: ['target'] });
      }
    })
    .transform((item) => ({
      ...item,
      target: item.type === 'home' ? '' : item.type === 'link' ? item.target : item.target.toLowerCase(),
    })) as z.ZodType<NavigationItemJson>;
}

export const navigationInput = z.object({
  identifier: fields.identifier(),
  name: fields.optionalText(200),
  items: z.array(itemSchema(1)).max(50).default([]),
});

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
