import { siteInput } from '@ordering/common/schemas';
import { resolveMediaRefs } from './media-refs.js';
import { t } from '@ordering/common';
import { z } from 'zod';
import { In } from 'typeorm';
import { DomainError } from '../core/errors.js';
import { defineResource } from '../crud/resource.js';
import { fields } from '../core/validation.js';
import { Block } from './block.entity.js';
import { assertMediaRefsExist } from './media-refs.js';
import { sanitizeRichText } from '../core/rich-text.js';
import { Site } from './site.entity.js';

// Shared with the back office's form (common/src/schemas/content.ts); the API cleans the content's HTML.
export { siteInput };

/** Every string of site content is HTML from the editor: cleaned, wherever it sits. */
function sanitizeDeep(value: unknown, depth = 0): unknown {
  if (depth > 10) throw new DomainError('validation', t('validation.invalid'), 'content');
  if (typeof value === 'string') return sanitizeRichText(value);
  if (Array.isArray(value)) return value.map((v) => sanitizeDeep(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, sanitizeDeep(v, depth + 1)]));
  }
  return value;
}

const customBody = z
  .array(z.object({ block: fields.identifier() }).transform(({ block }) => ({ block })))
  .max(100);

/** `/api/sites`: pages by path; drafts only for the back office. */
export const siteResource = defineResource({
  path: 'sites',
  entity: Site,
  names: { plural: 'Seiten', singular: 'Seite' },
  input: siteInput,
  read: 'content:read',
  write: 'content:write',
  publicRead: true,
  filters: { path: { type: 'string' }, type: { type: 'string' }, isPublic: { type: 'boolean' } },
  // Readers without content:read (the storefront) get public sites only; a draft is a 404 to them.
  scope: (ctx, qb, e) => {
    if (!ctx.can('content:read')) qb.andWhere(`${e}.isPublic = true`);
  },
  // Pictures and videos in their current version.
  complete: (em, items) =>
    resolveMediaRefs(
      em,
      items.map((i) => i.content),
    ),
  searchable: ['path', 'title'],
  sortable: ['path', 'title', 'type'],
  defaultSort: 'path',
  assign: async (em, site, input) => {
    // The home page's path is '', which the generic uniqueness check skips: checked here for every path.
    const qb = em.getRepository(Site).createQueryBuilder('s').where('s.path = :path', { path: site.path });
    if (site.id) qb.andWhere('s.id <> :id', { id: site.id });
    if (await qb.getExists()) throw new DomainError('conflict', t('validation.unique'), 'path');

    const content = sanitizeDeep(input.content) as Record<string, unknown>;
    if (input.type === 'custom_site') {
      const parsed = customBody.safeParse(input.content.body ?? [], { reportInput: true });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new DomainError(
          'validation',
          issue.code === 'too_big' ? t('validation.tooManyItems', { max: 100 }) : t('validation.invalid'),
          ['content', 'body', ...issue.path].join('.'),
        );
      }
      const identifiers = [...new Set(parsed.data.map((b) => b.block))];
      const found = identifiers.length
        ? await em
            .getRepository(Block)
            .find({ where: { identifier: In(identifiers) }, select: { identifier: true } })
        : [];
      const known = new Set(found.map((b) => b.identifier));
      const missing = parsed.data.findIndex((b) => !known.has(b.block));
      if (missing >= 0)
        throw new DomainError(
          'validation',
          'Der ausgewählte Eintrag existiert nicht.',
          `content.body.${missing}.block`,
        );
      content.body = parsed.data;
    }
    await assertMediaRefsExist(em, content, 'content');
    site.content = content;
  },
});
