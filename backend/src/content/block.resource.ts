import { blockInput } from '@ordering/common/schemas';
import { resolveMediaRefs } from './media-refs.js';
import { DomainError } from '../core/errors.js';
import { defineResource } from '../crud/resource.js';
import { toFieldErrors } from '../core/validation.js';
import { BLOCK_CONTENT } from './block-content.js';
import { Block } from './block.entity.js';
import { assertMediaRefsExist } from './media-refs.js';
import { Site } from './site.entity.js';

export { blockInput };

/** `/api/blocks`: content sections; the content is checked against its type and its rich text cleaned. */
export const blockResource = defineResource({
  path: 'blocks',
  entity: Block,
  names: { plural: 'Inhalte', singular: 'Inhalt' },
  input: blockInput,
  read: 'content:read',
  write: 'content:write',
  publicRead: true,
  filters: {
    type: { type: 'string' },
    isEnabled: { type: 'boolean' },
    isPublic: { type: 'boolean' },
    identifier: { type: 'string', op: 'in' },
  },
  // Readers without content:read (the storefront) get public, enabled blocks only.
  scope: (ctx, qb, e) => {
    if (!ctx.can('content:read')) qb.andWhere(`${e}.isPublic = true AND ${e}.isEnabled = true`);
  },
  complete: (em, items) =>
    resolveMediaRefs(
      em,
      items.map((i) => i.content),
    ),
  searchable: ['identifier'],
  sortable: ['identifier', 'type', 'position'],
  defaultSort: 'position',
  unique: ['identifier'],
  assign: async (em, block, input) => {
    const parsed = BLOCK_CONTENT[input.type].safeParse(input.content, { reportInput: true });
    if (!parsed.success) {
      throw new DomainError(
        'validation',
        toFieldErrors(parsed.error).map((e) => ({ ...e, field: e.field ? `content.${e.field}` : 'content' })),
      );
    }
    block.content = parsed.data as Record<string, unknown>;
    await assertMediaRefsExist(em, block.content, 'content');
  },
  // A block placed on a site stays until the site no longer shows it.
  beforeDelete: async (em, block) => {
    const site = await em
      .getRepository(Site)
      .createQueryBuilder('s')
      .where(`s.content -> 'body' @> :needle::jsonb`, {
        needle: JSON.stringify([{ block: block.identifier }]),
      })
      .getOne();
    if (site) {
      throw new DomainError('conflict', `Der Inhalt wird noch auf der Seite „/${site.path}“ verwendet.`);
    }
  },
});
