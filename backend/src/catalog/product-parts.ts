import { copyOptionGroupPart, partFields, type ConfigurablePart } from '@ordering/common';
import { In, type EntityManager } from 'typeorm';
import { reasonError } from '../core/errors.js';
import type { EntityChange } from '../core/events.js';
import { OptionGroup } from './option-group.entity.js';
import { Product } from './product.entity.js';

/**
 * Gives every part and option an id unique within the product: ids sent back (PUT with the GET body) are
 * kept, new entries get the next free number. A part's link to a shared option group stays with it.
 */
export function numberParts(parts: readonly ConfigurablePart[]): ConfigurablePart[] {
  const ids = (list: ReadonlyArray<{ id?: number }>) => {
    const used = new Set<number>();
    for (const entry of list) if (entry.id !== undefined && !used.has(entry.id)) used.add(entry.id);
    let next = Math.max(0, ...used) + 1;
    const taken = new Set<number>();
    return list.map((entry) => {
      if (entry.id !== undefined && !taken.has(entry.id)) {
        taken.add(entry.id);
        return entry.id;
      }
      taken.add(next);
      return next++;
    });
  };
  const partIds = ids(parts);
  const optionIds = ids(parts.flatMap((part) => part.options));
  let optionIndex = 0;
  return parts.map((part, index) => ({
    id: partIds[index]!,
    ...partFields(part),
    // The link only where set, so parts without one keep their stored shape.
    ...(part.templateId ? { templateId: part.templateId } : {}),
    options: part.options.map((option) => ({
      id: optionIds[optionIndex++]!,
      name: option.name,
      modifier: option.modifier,
      value: option.value,
    })),
  }));
}

/** The products with a part linked to the option group `uid` (their id and parts only). */
export function linkedProducts(em: EntityManager, uid: string): Promise<Product[]> {
  return em
    .getRepository(Product)
    .createQueryBuilder('p')
    .select(['p.id', 'p.config'])
    .where(`p.config -> 'parts' @> CAST(:link AS jsonb)`, { link: JSON.stringify([{ templateId: uid }]) })
    .orderBy('p.id')
    .getMany();
}

/** How many products link each of the option groups (by uid; groups no product links are missing). */
export async function countLinkedProducts(
  em: EntityManager,
  uids: readonly string[],
): Promise<Map<string, number>> {
  if (uids.length === 0) return new Map();
  const rows = await em
    .createQueryBuilder()
    .select('CAST(g.uid AS text)', 'uid')
    .addSelect('count(p.id)', 'count')
    .from(OptionGroup, 'g')
    .innerJoin(
      Product,
      'p',
      `p.config -> 'parts' @> jsonb_build_array(jsonb_build_object('templateId', CAST(g.uid AS text)))`,
    )
    .where('g.uid IN (:...uids)', { uids })
    .groupBy('g.uid')
    .getRawMany<{ uid: string; count: string | number }>();
  return new Map(rows.map((row) => [row.uid, Number(row.count)]));
}

/**
 * A product's parts as they are saved: a part linked to an option group (`templateId`) becomes the group's
 * current content, whatever the client sent for it; the earlier copy with the same part id and group lends
 * it the product's ids. An unknown group is a 400 at `config.parts.N.templateId`.
 */
export async function linkParts(
  em: EntityManager,
  productId: number | undefined,
  parts: readonly ConfigurablePart[],
): Promise<ConfigurablePart[]> {
  const wanted = [...new Set(parts.flatMap((part) => (part.templateId ? [part.templateId] : [])))];
  if (wanted.length === 0) return [...parts];
  const groups = await em.getRepository(OptionGroup).findBy({ uid: In(wanted) });
  const byUid = new Map(groups.map((group) => [group.uid.toLowerCase(), group]));
  const stored = productId
    ? await em
        .getRepository(Product)
        .findOne({ select: { id: true, config: true }, where: { id: productId } })
    : null;
  const earlier = new Map((stored?.config?.parts ?? []).map((part) => [part.id, part]));
  return parts.map((part, index) => {
    if (!part.templateId) return part;
    const group = byUid.get(part.templateId.toLowerCase());
    if (!group) throw reasonError('validation', 'option_group_unknown', `config.parts.${index}.templateId`);
    const copy = part.id === undefined ? undefined : earlier.get(part.id);
    return copyOptionGroupPart(
      group.uid,
      group.part,
      copy?.templateId === group.uid ? { copy, source: group.part } : undefined,
    );
  });
}

/**
 * Rewrites the copies of an option group in every product that links it, in the caller's transaction:
 * each copy follows the group's new part (`source` is the part the copies were made from, for stable
 * option ids). Each changed product gets its `entity.updated` for `products` (audit entry, collection
 * version, so /api/init, the public caches and the order catalogue see it), as a product save does.
 */
export async function relinkProducts(
  em: EntityManager,
  group: OptionGroup,
  source: ConfigurablePart,
  publish: (change: EntityChange) => Promise<void>,
): Promise<number> {
  let changed = 0;
  for (const product of await linkedProducts(em, group.uid)) {
    const before = product.config?.parts ?? [];
    const after = numberParts(
      before.map((part) =>
        part.templateId === group.uid
          ? copyOptionGroupPart(group.uid, group.part, { copy: part, source })
          : part,
      ),
    );
    if (JSON.stringify(after) === JSON.stringify(before)) continue;
    await em.getRepository(Product).update({ id: product.id }, { config: { parts: after } });
    await publish({
      entityType: 'products',
      entityId: product.id,
      changes: { config: { from: { parts: before }, to: { parts: after } } },
    });
    changed++;
  }
  return changed;
}
